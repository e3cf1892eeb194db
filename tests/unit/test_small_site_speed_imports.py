"""A build loads Python-Markdown only for a site with Markdown pages, and Babel only when a
page needs a catalog, a locale's symbols or a date: a small site's build is mostly its start.
Each case builds in a fresh process, the only place to see what a build imported."""

import shutil
import subprocess
import sys
from pathlib import Path

CASE = Path(__file__).resolve().parents[1] / "rules" / "swiss_cut" / "cases" / "hand-worked-eight"

BUILD = """
import sys
from pathlib import Path
from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics
root = Path(sys.argv[1])
assert build(root, root / "_site", Diagnostics(root=root), incremental=False) is not None
print(" ".join(name for name in ("markdown", "babel") if name in sys.modules))
"""


def imported_by_build(tmp_path: Path, site_yaml: str, pages: dict[str, str] | None = None) -> str:
    root = tmp_path / "site"
    shutil.copytree(CASE, root / "data" / "eight", ignore=shutil.ignore_patterns("expected.json", "NOTES.md"))
    (root / "site.yaml").write_text(site_yaml, encoding="utf-8")
    for name, text in (pages or {}).items():
        (root / "content").mkdir(exist_ok=True)
        (root / "content" / name).write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", BUILD, str(root)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_an_english_site_without_pages_or_dates_loads_neither(tmp_path):
    assert imported_by_build(tmp_path, "title: Club\n") == ""


def test_a_markdown_page_loads_markdown(tmp_path):
    assert imported_by_build(tmp_path, "title: Club\n", {"about.md": "# About\n\nThe club.\n"}) == "markdown"


def test_a_site_in_another_language_loads_babel(tmp_path):
    assert imported_by_build(tmp_path, "title: Club\nlanguage: ru\n") == "babel"
