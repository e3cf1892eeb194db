"""An organiser's journey with the built wheel, outside this repository: `pip wheel .`, a
fresh venv, `pip install` of the wheel, then from a temporary folder `site-gen init`, `new`
for every rule set, the example's data of each rule set copied in, `check --format github`,
`build`, and the built index.html opened from disk in Chromium (styled, its links lead to
files).

No network: the dependencies' wheels (and the setuptools that builds site-gen) come from
the wheelhouse `make install-test` fills (.venv/wheelhouse). Without it the test skips,
except under CI=true.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import unquote

import pytest
import yaml

from conftest import REPO, TIMEOUT_MS, left_behind, unavailable

from site_gen import __version__
from site_gen.rules.registry import RULESETS

WHEELHOUSE = Path(os.environ.get("SITE_GEN_WHEELHOUSE", REPO / ".venv" / "wheelhouse"))
EXAMPLES = {"online-marathon": "online-marathon-2015", "swiss-cut": "kiev-2006",
            "best-span": "tenhou-best-span", "thematic-marathon": "pbem-marathon"}


def run(*command, cwd: Path, ok: bool = True, timeout: int = 600) -> subprocess.CompletedProcess:
    # the venv's own Python and paths only: nothing of the suite's (PYTHONPATH, its venv) leaks in
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(CI="true", NO_COLOR="1", PIP_NO_INDEX="1", PIP_FIND_LINKS=str(WHEELHOUSE),
               PIP_DISABLE_PIP_VERSION_CHECK="1")
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    if ok:
        assert done.returncode == 0, f"{' '.join(map(str, command))}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The bin/ folder of a fresh venv holding the wheel built from this checkout."""
    if not (WHEELHOUSE / ".complete").is_file():
        unavailable(f"no wheelhouse at {WHEELHOUSE}: run `make install-test`")
    scratch = tmp_path_factory.mktemp("journey")
    began = time.monotonic()
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", scratch / "dist", REPO, cwd=scratch)
    wheel = next((scratch / "dist").glob("site_gen-*.whl"))
    run(sys.executable, "-m", "venv", scratch / "venv", cwd=scratch)
    bin_folder = scratch / "venv" / "bin"
    run(bin_folder / "python", "-m", "pip", "install", "--quiet", wheel, cwd=scratch)
    print(f"\nwheel built and installed into a fresh venv in {time.monotonic() - began:.1f} s")
    return bin_folder


def test_the_installed_package_is_the_wheel_s(installed: Path, tmp_path: Path):
    where = run(installed / "python", "-c", "import site_gen; print(site_gen.__file__)", cwd=tmp_path).stdout
    assert Path(where.strip()).is_relative_to(installed.parent)
    assert run(installed / "site-gen", "--version", cwd=tmp_path).stdout == f"site-gen {__version__}\n"


def test_the_journey_from_init_to_a_site_opened_from_disk(installed: Path, tmp_path: Path, browser):
    began = time.monotonic()
    site_gen = installed / "site-gen"
    run(site_gen, "init", "my-club", cwd=tmp_path)
    site = tmp_path / "my-club"
    workflow = yaml.safe_load((site / ".github" / "workflows" / "site.yml").read_text(encoding="utf-8"))
    assert workflow["env"]["SITE_GEN"].endswith(f"@v{__version__}")
    for rules in RULESETS:
        run(site_gen, "new", rules, f"new-{rules}", cwd=site)
        shutil.copytree(REPO / "data" / EXAMPLES[rules], site / "data" / EXAMPLES[rules])
    checked = run(site_gen, "check", "--format", "github", cwd=site, ok=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert all(line.startswith(("::warning ", "::notice ")) for line in checked.stdout.splitlines())
    run(site_gen, "build", cwd=site / "data")  # from a sub-folder: the site's own _site/
    index = site / "_site" / "index.html"
    assert index.is_file()
    print(f"\ninit, new x4, check and build with the installed wheel in {time.monotonic() - began:.1f} s")

    page = browser.new_page()
    failed: list[str] = []
    # the favicon's own fetch, cancelled by the next navigation, is no failure; its file must exist
    page.on("requestfailed", lambda request: left_behind(request) or failed.append(request.url))
    page.goto(index.as_uri(), timeout=TIMEOUT_MS)
    assert_styled(page)
    links = page.evaluate("[...document.querySelectorAll('main a[href]')].map(a => a.href)")
    internal = [link for link in links if link.startswith("file://")]
    assert len(internal) >= len(RULESETS)  # a link to every competition at least
    for link in internal:
        path = Path(unquote(link.removeprefix("file://").split("#")[0]))
        assert path.is_file(), f"{link} on the home page leads to no file"
    competition = next(link for link in internal if f"/{EXAMPLES['swiss-cut']}/" in link)
    page.goto(competition, timeout=TIMEOUT_MS)
    assert_styled(page)
    assert failed == []
    assert (site / "_site" / "static" / "favicon.svg").is_file()
    page.close()


def assert_styled(page) -> None:
    """The theme's stylesheet applies: the body has its margin (0, not the browser's 8px),
    font and colour variable. (A file:// page may not read a stylesheet's rules.)"""
    style = page.evaluate("""() => { const s = getComputedStyle(document.body);
        return [s.marginTop, s.fontFamily, s.getPropertyValue('--accent').trim()]; }""")
    assert style[0] == "0px" and style[1].startswith("system-ui") and style[2] == "#0b5cad", style
