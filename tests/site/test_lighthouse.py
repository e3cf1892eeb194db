"""Lighthouse, as a phone sees the example site: accessibility, best practices and SEO score
100 on the home page, a standings page, a player page and the heaviest page. Lighthouse is
shown to be live on a page with three known faults first.

The performance score (at least 90 wanted) moves by ten points with the load of a shared
2-core machine, so it is measured by bench/lighthouse, not asserted here. Lighthouse comes
from tests/tools (`make node-tools`); without node, it or Chromium the tests skip, except
under CI=true."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import CHROMIUM, served, unavailable

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import lighthouse_run  # noqa: E402 - bench/ holds the runner bench/lighthouse shares

pytestmark = pytest.mark.browser
CATEGORIES = ("accessibility", "best-practices", "seo")


@pytest.fixture(scope="module")
def lighthouse():
    reason = lighthouse_run.unavailable(CHROMIUM)
    if reason:
        unavailable(reason)
    return lambda url: lighthouse_run.run(url, CATEGORIES, CHROMIUM)


def test_the_pages_are_the_four_the_issue_names(built_site):
    pages = lighthouse_run.chosen_pages(built_site.files)
    assert list(pages) == ["home", "standings", "player", "heaviest"]
    competition, rest = pages["standings"].split("/", 1)
    assert rest == "" and "<h2>Standings" in (built_site.files / competition / "index.html").read_text(encoding="utf-8")
    assert pages["player"].startswith(f"{competition}/players/")
    sizes = {p.relative_to(built_site.files).as_posix(): p.stat().st_size for p in built_site.files.rglob("*.html")}
    heaviest = pages["heaviest"] + "index.html" if pages["heaviest"].endswith("/") else pages["heaviest"]
    assert sizes[heaviest] == max(sizes.values())


def test_lighthouse_marks_down_a_page_with_known_faults(lighthouse, tmp_path):
    """No lang (accessibility), an error in the console (best practices), no description
    (SEO): each category loses points, for that audit."""
    (tmp_path / "index.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>Faults</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
        '<body><main><h1>Faults</h1><p>A page with three known faults.</p></main>'
        '<script>console.error("a known fault")</script></body></html>', encoding="utf-8")
    with served(tmp_path) as address:
        report = lighthouse(address)
    assert {"html-has-lang", "errors-in-console", "meta-description"} <= report.failed_audits, report.problems
    assert all(report.scores[c] is not None and report.scores[c] < 1 for c in CATEGORIES), report.scores


def test_accessibility_best_practices_and_seo_score_100(site, lighthouse):
    pages = lighthouse_run.chosen_pages(site.files)
    below = []
    for kind, rel in pages.items():
        report = lighthouse(site.url(quote(rel)))
        for category in CATEGORIES:
            score, problems = report.scores.get(category), report.problems.get(category, [])
            if score != 1 or problems:
                below.append(f"{kind} ({rel}): {category} {score}\n    " + "\n    ".join(problems))
    assert not below, f"Lighthouse scores below 100 on {len(below)} page categories:\n" + "\n".join(below)
