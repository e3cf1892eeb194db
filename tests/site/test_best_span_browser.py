"""The best-span example competition in a real browser: from the standings to a player's
page, whose build-time chart shows the best span (two bands when it wraps), the span's
games, a direct event's page, and Japanese names exactly as written."""

from __future__ import annotations

import json

import pytest

from navigation import follow

pytestmark = pytest.mark.browser

COMPETITION = "tenhou-best-span"


def _expect():
    from playwright.sync_api import expect as playwright_expect
    return playwright_expect


@pytest.fixture(scope="module")
def document(site) -> dict:
    path = site.files / COMPETITION / "standings.json"
    if not path.is_file():
        pytest.fail(f"the example site has no {COMPETITION}/standings.json", pytrace=False)
    return json.loads(path.read_text(encoding="utf-8"))


def _row(document: dict, wraps: bool) -> dict:
    rows = [r for r in document["standings"] if r["span"] and r["span"]["wraps"] == wraps]
    assert rows, f"the example has no player whose span {'wraps' if wraps else 'does not wrap'}"
    return rows[0]


def _open_player(site, page, name: str) -> None:
    page.goto(site.url(f"{COMPETITION}/"))
    row = page.locator("#standings tbody tr", has=page.locator("th", has_text=name)).first
    follow(row.locator("a").first)
    _expect()(page.locator("h1")).to_have_text(name)


def test_a_wrapping_span_is_shaded_at_both_ends_of_the_chart(site, open_page, document):
    expect = _expect()
    page = open_page().page
    row = _row(document, wraps=True)
    _open_player(site, page, row["player"])
    chart = page.locator("svg.span-chart")
    expect(chart).to_be_visible()
    bands = chart.locator("rect.span")
    expect(bands).to_have_count(2)  # the end of the sequence and its start
    first, second = (bands.nth(i) for i in range(2))
    assert second.get_attribute("data-first-game") == "1"
    games = row["span"]["games"]
    covered = (int(first.get_attribute("data-last-game")) - int(first.get_attribute("data-first-game")) + 1
               + int(second.get_attribute("data-last-game")))
    assert covered == games
    expect(chart.locator("desc")).to_contain_text(f"{games} games, wrapping around")
    expect(page.locator(".span-summary")).to_contain_text("wraps around")
    table = page.locator("#span-games tbody tr")
    expect(table).to_have_count(games)
    expect(page.locator("#span-games")).to_contain_text("wraps around: back to game 1")


def test_a_span_inside_the_sequence_is_one_band(site, open_page, document):
    expect = _expect()
    page = open_page().page
    row = _row(document, wraps=False)
    _open_player(site, page, row["player"])
    bands = page.locator("svg.span-chart rect.span")
    expect(bands).to_have_count(1)
    width = int(bands.first.get_attribute("data-last-game")) - int(bands.first.get_attribute("data-first-game")) + 1
    assert width == row["span"]["games"]
    expect(page.locator("#span-games tbody tr")).to_have_count(row["span"]["games"])


def test_the_chart_needs_no_javascript(site, open_page, document):
    expect = _expect()
    page = open_page(java_script_enabled=False).page
    _open_player(site, page, _row(document, wraps=True)["player"])
    expect(page.locator("svg.span-chart polyline.cumulative")).to_be_visible()
    expect(page.locator("svg.span-chart rect.span")).to_have_count(2)


def test_names_that_look_like_markup_are_shown_as_written(site, open_page, document):
    expect = _expect()
    page = open_page().page
    page.goto(site.url(f"{COMPETITION}/players/"))
    for name in ("<br>", "|||||", "(∩・ω・)∩", "ＡＳＡＰＩＮ"):
        if any(p["player"] == name for p in document["players"]):
            expect(page.locator("#players tbody th", has_text=name).first).to_have_text(name)
    rows = page.locator("#players tbody tr")
    expect(rows).to_have_count(len(document["players"]))


def test_a_direct_event_page_lists_its_results_and_games(site, open_page):
    expect = _expect()
    page = open_page().page
    page.goto(site.url(f"{COMPETITION}/"))
    follow(page.locator(".competition-nav a", has_text="Lobby L1234").first)
    expect(page.locator("h1")).to_have_text("Lobby L1234")
    assert page.locator("#results tbody tr").count() > 0
    assert page.locator("#games tbody tr").count() > 0
