"""bench/lighthouse_run.py, which the Lighthouse site test and bench/lighthouse share: what it
reads from Lighthouse's JSON result and which targets a set of runs missed. Hand-made
results in Lighthouse's shape (categories with weighted audit references, audits with a
score and a display mode)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from lighthouse_run import Report, chosen_pages, missed_targets, read  # noqa: E402


def _result(audits: dict[str, tuple[float | None, str, int]], scores: dict[str, float | None], error: str = "") -> dict:
    """audits: id -> (score, scoreDisplayMode, weight); every audit counts in every category."""
    result = {
        "categories": {name: {"score": score, "auditRefs": [{"id": a, "weight": w} for a, (_, _, w) in audits.items()]}
                       for name, score in scores.items()},
        "audits": {a: {"score": s, "scoreDisplayMode": mode, "title": a.title(), "errorMessage": "boom"}
                   for a, (s, mode, _) in audits.items()},
    }
    if error:
        result["runtimeError"] = {"code": "NO_FCP", "message": error}
    return result


def test_only_weighted_audits_below_one_cost_points():
    report = read(_result({"meta-description": (0, "binary", 1), "structured-data": (0, "binary", 0),
                           "link-text": (1, "binary", 1), "canonical": (None, "notApplicable", 0)},
                          {"seo": 0.9}), "http://127.0.0.1/")
    assert report.scores == {"seo": 0.9}
    assert report.failed_audits == {"meta-description"}
    assert report.problems["seo"] == ["meta-description 0.00: Meta-Description"]
    assert report.unjudged["seo"] == []


def test_an_audit_that_broke_or_a_page_that_never_loaded_is_unjudged():
    report = read(_result({"errors-in-console": (None, "error", 0)}, {"best-practices": 1.0},
                          error="The page did not paint any content."), "http://127.0.0.1/")
    assert report.unjudged["best-practices"] == [
        "Lighthouse could not load the page: The page did not paint any content.",
        "errors-in-console: the audit failed to run: boom"]
    assert report.failed_audits == set()


def _run(performance, others=1.0, unjudged=()):
    return Report("u", scores={"performance": performance, "accessibility": others, "best-practices": others,
                               "seo": others}, unjudged={"seo": list(unjudged)})


def test_performance_counts_by_its_median_the_rest_in_every_run():
    pages = {"home": "", "heaviest": "x/"}
    # medians: home 0.92 (0.73 in one run is noise), heaviest 0.89 (missed)
    reports = {"home": [_run(0.73), _run(0.92), _run(0.99)], "heaviest": [_run(0.89), _run(0.95), _run(0.88)]}
    assert missed_targets(pages, reports) == ["heaviest (x/): performance median 89 < 90"]
    reports["home"][2] = _run(0.99, others=0.96)
    reports["heaviest"] = [_run(0.95, unjudged=["link-text: the audit failed to run: boom"])]
    assert missed_targets(pages, reports) == [
        "home (): accessibility 96 in a run", "home (): best-practices 96 in a run", "home (): seo 96 in a run",
        "heaviest (x/): seo 100 in a run; link-text: the audit failed to run: boom"]


def test_the_pages_are_home_the_longest_overview_a_player_of_it_and_the_largest_file(tmp_path):
    def page(rel: str, size: int) -> None:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x" * size, encoding="utf-8")

    page("index.html", 10)
    page("about/index.html", 900)                     # not a competition: no players/
    page("short/index.html", 100)
    page("short/players/a/index.html", 5)
    page("long/index.html", 200)
    page("long/players/b/index.html", 50)
    page("long/players/a/index.html", 40)
    page("long/stages/1/index.html", 1000)            # the largest
    assert chosen_pages(tmp_path) == {"home": "", "standings": "long/", "player": "long/players/a/",
                                      "heaviest": "long/stages/1/"}
