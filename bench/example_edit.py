"""The bench's Markdown case: the example site, one of its Markdown pages edited.

example_project(REPO, WORK) copies the repository's example site (site.yaml, data/,
content/) to WORK and writes WORK.orig/ and WORK.change/ with a news page as it is and with
a sentence added, as the other scenarios' generators do for their one changed result
(bench/serve_browser.py saves the two in turns). Returns the project and the page's URL.
"""

from __future__ import annotations

import shutil
from pathlib import Path

PAGE = Path("content") / "online-marathon-2015" / "news-2015-12-01.md"
URL = "online-marathon-2015/news-2015-12-01/"


def example_project(repo: Path, work: Path) -> tuple[Path, str]:
    for folder in (work, work.with_name(work.name + ".orig"), work.with_name(work.name + ".change")):
        shutil.rmtree(folder, ignore_errors=True)
    work.mkdir(parents=True)
    shutil.copyfile(repo / "site.yaml", work / "site.yaml")
    for name in ("data", "content"):
        shutil.copytree(repo / name, work / name)
    text = (work / PAGE).read_text(encoding="utf-8")
    for suffix, body in ((".orig", text), (".change", text + "\nOne more sentence, saved while serve runs.\n")):
        target = work.with_name(work.name + suffix) / PAGE
        target.parent.mkdir(parents=True)
        target.write_text(body, encoding="utf-8")
    return work, URL
