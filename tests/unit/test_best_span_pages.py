"""The best-span pages: the span chart (SVG drawn at build time) and what `publish` lays out
for the golden month (tests/rules/best_span/cases/golden-month, worked out in its NOTES)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from hypothesis import given, strategies as st

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import load_competition
from site_gen.render.span_chart import MAX_VERTICES, _running_totals, span_chart

GOLDEN = Path(__file__).resolve().parents[1] / "rules" / "best_span" / "cases" / "golden-month"


def _bands(svg: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in re.findall(r'class="span" data-first-game="(\d+)" data-last-game="(\d+)"', svg)]


def test_a_span_inside_the_sequence_is_one_band():
    svg = str(span_chart([4, 0, 4, 4, 0], start=2, length=2, title="t"))
    assert _bands(svg) == [(3, 4)]  # games 3-4
    assert "Best span: games 3 to 4, 2 games." in svg and "wraps to game 1" not in svg


def test_a_wrapping_span_is_two_bands():
    # 5 games, the span starts at game 4 (index 3) and takes 4 games: 4, 5, 1, 2
    svg = str(span_chart([1, 1, 1, 1, 1], start=3, length=4, title="t"))
    assert _bands(svg) == [(4, 5), (1, 2)]
    assert "games 4 to 2, 4 games, wrapping around" in svg
    # the label is an SVG text element, not its markup shown as text
    assert re.search(r'<text class="wrap-label" [^>]*>wraps to game 1 →</text>', svg)
    assert "&lt;" not in svg


def test_no_span_no_band_and_markup_in_titles_is_escaped():
    svg = str(span_chart([Fraction(1, 2)] * 3, title="<br>'s games"))
    assert _bands(svg) == [] and "&lt;br&gt;" in svg and "<br>" not in svg
    assert "3 games, 1.5 points in all." in svg


def test_long_sequences_are_thinned():
    svg = str(span_chart([1] * 100_000, start=10, length=500, title="t"))
    vertices = re.search(r'points="([^"]*)"', svg).group(1).split()
    assert len(vertices) <= MAX_VERTICES + 1
    # first and last always kept: (left, baseline 200 - 30 = 170) and (360 - 12, top 14)
    assert vertices[0] == "44.0,170.0" and vertices[-1] == "348.0,14.0"


def test_publish_lays_out_every_page_and_table():
    diags = Diagnostics(root=GOLDEN)
    competition = load_competition(GOLDEN, SiteConfig(), diags)
    site = competition.ruleset.publish(competition.info, competition.settings, competition.data, competition.result)
    urls = {page.url for page in site.pages}
    slug = GOLDEN.name
    assert {f"{slug}/", f"{slug}/players/", f"{slug}/events/", f"{slug}/events/l1234/"} <= urls
    # one page per participant, excluded and idle ones too: 7
    assert len([u for u in urls if u.startswith(f"{slug}/players/") and u != f"{slug}/players/"]) == 7
    assert [t.slug for t in site.tables] == ["standings", "players", "event-l1234"]
    standings = site.tables[0]
    asapin = next(r for r in standings.rows if r["player"] == "ASAPIN")
    assert (asapin["weight"], asapin["first"], asapin["last"], asapin["wraps"], asapin["red_ignored"]) == (
        # NOTES.md: the span s11 takes sequence positions 11, 12, 0 of 13: games 12, 13, 1
        Fraction(205, 100), "2009-03-31 22:50", "2009-03-01 12:05", "from game 12 of 13 round to game 1", "")
    # the L1234 event: G5, G6, G14 direct and G15 (open window) plain. 花子 4+0+4+1 = 9 points,
    # scores 45-35+40-20 = 30; ASAPIN 2+1+2+4 = 9, scores 5-10+10+40 = 45: ASAPIN first on the
    # score total; タロウ 1+2+1+2 = 6; Ghost 0+4+0+0 = 4
    results = site.tables[2]
    assert [(r["player"], r["points"], r["score"], r["rank"]) for r in results.rows] == [
        ("ASAPIN", 9, 45, 1), ("花子", 9, 30, 2), ("タロウ", 6, -15 + 7 - 20 + 10, 3), ("Ghost", 4, -35 + 38 - 30 - 30, 4)]
    assert site.status == "finished" and str(site.updated) == "2009-03-31"


@given(st.lists(st.one_of(st.integers(-60, 60), st.fractions(-60, 60, max_denominator=12)), max_size=40))
def test_the_charts_running_totals_are_the_exact_sums(points):
    """The chart adds points in integer units of their common denominator; each running
    total must be the exact sum of the points before it."""
    totals, unit = _running_totals(points)
    assert [Fraction(t, unit) for t in totals] == [sum(points[:i], Fraction(0)) for i in range(len(points) + 1)]


def test_a_rebuild_keeps_the_page_of_an_unchanged_player_only():
    """From a plain compute of each version (nothing of the last build reused): a player's
    page context (what the page is digested by) is the same when the
    player's games are, and differs for the players the changed game seats. The last game
    was C 1st, B 2nd and becomes B 1st, C 2nd; A's games are as they were."""
    from site_gen.model import CompetitionInfo
    from site_gen.rules.best_span.pages import publish
    from site_gen.rules.best_span.scoring import compute

    from best_span_helpers import data, game, settings

    eight = settings(target=Fraction(8))
    info = CompetitionInfo("cup", "Cup", "best-span", "en", "", Path("data/cup"))

    def keys(last: str) -> dict:
        d = data([game(list(players), time=f"00:{minute:02d}", line=minute + 1)
                  for minute, players in enumerate(["ABxy", "ACxy", "BCxy", last])], players="ABC")
        pages = publish(info, eight, d, compute(d, eight)).pages
        return {page.url: page.later.get() for page in pages if "/players/" in page.url and page.later}

    before, after = keys("CBxy"), keys("BCxy")
    assert {url: before[url] == after[url] for url in before} == {
        "cup/players/a/": True, "cup/players/b/": False, "cup/players/c/": False}


def test_a_wrapping_span_is_worded_by_game_numbers():
    from types import SimpleNamespace

    from site_gen.rules.best_span.pages import wrap_text

    # 177 games, the span takes game 177 (index 176) then games 1-29: 30 games
    span = SimpleNamespace(sequence=[None] * 177, start=176, length=30)
    assert str(wrap_text(span)) == "from game 177 of 177 round to game 29"
    # 10 games, 9 of them from game 6: 6-10 (five), then 1-4
    assert str(wrap_text(SimpleNamespace(sequence=[None] * 10, start=5, length=9))) == "from game 6 of 10 round to game 4"
