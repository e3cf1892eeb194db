"""The swiss-cut example (data/kiev-2006) in headless Chromium: the bracket's four columns
and a player's path through them, the seating players look up on their phones, the cut
line, and no sideways scrolling at 360 px. Fixtures come from tests/site/conftest.py."""

from __future__ import annotations

import pytest

from navigation import follow

pytestmark = pytest.mark.browser

COMPETITION = "kiev-2006"
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def _expect():
    from playwright.sync_api import expect as playwright_expect
    return playwright_expect


def column_players(page, key: str) -> list[str]:
    return page.eval_on_selector_all(f"#column-{key} .sc-entry", "es => es.map(e => e.getAttribute('data-player'))")


def test_the_bracket_shows_four_columns_side_by_side(site, open_page):
    expect = _expect()
    page = open_page(viewport={"width": 1280, "height": 900}).page
    page.goto(site.url(f"{COMPETITION}/rounds/"))
    columns = page.locator(".sc-bracket > section.sc-column")
    expect(columns).to_have_count(4)
    assert [t.strip() for t in page.locator(".sc-column h2").all_inner_texts()] == ["Rounds 1–4", "Round 5", "Round 6", "Final"]
    boxes = [columns.nth(i).bounding_box() for i in range(4)]
    assert len({round(b["y"]) for b in boxes}) == 1, f"the columns are not side by side: {boxes}"
    assert [b["x"] for b in boxes] == sorted(b["x"] for b in boxes)
    # 32 players, then the best 16, 8 and 4; the marks say who went through
    assert [len(column_players(page, k)) for k in ("1-4", "5", "6", "final")] == [32, 16, 8, 4]
    assert page.locator("#column-1-4 .sc-entry.through").count() == 16
    assert page.locator("#column-5 .sc-entry.through").count() == 8
    assert page.locator("#column-6 .sc-entry.through").count() == 4


def test_a_players_path_through_the_columns(site, open_page):
    expect = _expect()
    page = open_page(viewport={"width": 1280, "height": 900}).page
    page.goto(site.url(f"{COMPETITION}/rounds/"))
    winner = column_players(page, "final")[0]
    for key in ("1-4", "5", "6", "final"):
        assert winner in column_players(page, key), f"{winner} is missing from column {key}"
    # hovering the name outlines it in every column (site JS)
    page.locator(f"#column-1-4 .sc-entry[data-player='{winner}'] a").hover()
    expect(page.locator(".sc-entry.on-path")).to_have_count(4)
    assert sorted(page.eval_on_selector_all(".sc-entry.on-path", "es => es.map(e => e.closest('section').id)")) == [
        "column-1-4", "column-5", "column-6", "column-final"]
    # a player cut after round 4 appears only in the first column, without a mark
    out = column_players(page, "1-4")[-1]
    assert all(out not in column_players(page, k) for k in ("5", "6", "final"))
    expect(page.locator(f"#column-1-4 .sc-entry[data-player='{out}']")).not_to_have_class("sc-entry through")
    # the winner's own page tells the same path
    follow(page.locator(f"#column-final .sc-entry[data-player='{winner}'] a"))
    expect(page.locator("h1")).to_have_text(winner)
    path = page.locator(".sc-path li")
    expect(path).to_have_count(4)
    assert page.locator(".sc-path li.reached").count() == 4
    expect(path.nth(3)).to_contain_text("place 1")
    expect(page.locator("main")).to_contain_text("Tournament rank 1")


def test_a_player_finds_their_table_on_a_phone(site, open_page):
    expect = _expect()
    page = open_page(**PHONE).page
    page.goto(site.url(f"{COMPETITION}/rounds/next/"))
    expect(page.locator("h1")).to_be_visible()
    # the example is finished: the next-round page says so and shows the final
    expect(page.locator("h1")).to_have_text("The tournament is over")
    page.goto(site.url(f"{COMPETITION}/rounds/6/"))
    first = page.locator("#table-1 tbody th").first.inner_text().strip()
    expect(page.locator("#table-1 tbody tr")).to_have_count(4)
    assert page.locator("#table-1 tbody tr").first.locator("td").first.inner_text().strip() == "East"
    assert first


def test_the_cut_line_in_the_standings(site, open_page):
    page = open_page().page
    page.goto(site.url(f"{COMPETITION}/rounds/4/standings/"))
    rows = page.locator("#standings tbody tr")
    assert rows.count() == 32
    cut = page.eval_on_selector_all("#standings tbody tr", "rs => rs.findIndex(r => r.classList.contains('sc-cut'))")
    assert cut == 15, "the line is drawn under the 16th row: the best 16 play round 5"
    width = page.eval_on_selector("#standings tbody tr.sc-cut th", "c => getComputedStyle(c).borderBottomWidth")
    assert width == "3px"
    statuses = page.eval_on_selector_all("#standings tbody tr td:last-child", "cs => cs.map(c => c.textContent.trim())")
    assert statuses[:16] == ["through to round 5"] * 16 and set(statuses[16:]) == {"out"}


@pytest.mark.parametrize("rel", ["rounds/", "rounds/1/", "rounds/4/standings/", "rounds/next/", "rounds/final/", ""])
def test_no_sideways_scrolling_on_a_phone(site, open_page, rel):
    page = open_page(**PHONE).page
    page.goto(site.url(f"{COMPETITION}/{rel}"))
    page.wait_for_load_state("load")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{page.url} scrolls sideways at 360 px: scrollWidth {width}"
    if rel == "rounds/":
        # the columns stack on a phone, each as wide as the screen allows
        boxes = [b for b in page.eval_on_selector_all(".sc-column", "cs => cs.map(c => c.getBoundingClientRect().right)")]
        assert len(boxes) == 4 and max(boxes) <= 360
