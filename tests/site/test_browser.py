"""The example site in a real browser (headless Debian Chromium through Playwright):
navigation, sortable and filterable tables, the player search, no script errors, phones,
no JavaScript, and a site published under a sub-path."""

from __future__ import annotations

import csv
from urllib.parse import unquote, urlsplit

import pytest

from navigation import assert_all_found, check_links_stay_under, follow, link_to, page_links

pytestmark = pytest.mark.browser


def _expect():
    from playwright.sync_api import expect as playwright_expect
    return playwright_expect


# --- helpers --------------------------------------------------------------------------------

def rows(page) -> list[list[str]]:
    """The stage table's body, cell texts in the order shown."""
    return page.eval_on_selector_all(
        "#stage tbody tr", "rs => rs.map(r => Array.from(r.cells).map(c => c.textContent.trim()))")


def column(page, label: str) -> int:
    labels = [t.strip() for t in page.locator("#stage thead th").all_inner_texts()]
    assert label in labels, f"no column {label!r} in the stage table: {labels}"
    return labels.index(label)


def sort_keys(page, index: int) -> list[float]:
    """The numbers a numeric column sorts by (data-sort, else the text)."""
    return page.eval_on_selector_all(
        "#stage tbody tr",
        "(rs, i) => rs.map(r => { const c = r.cells[i]; const v = c.getAttribute('data-sort'); return parseFloat(v === null ? c.textContent : v); })",
        index)


def aria_sorts(page) -> list[str | None]:
    return page.eval_on_selector_all("#stage thead th", "ths => ths.map(th => th.getAttribute('aria-sort'))")


def is_sorted_text(page, values: list[str], descending: bool = False) -> bool:
    """Sorted as a reader expects in the page's language (the browser's collation)."""
    return page.evaluate(
        "([v, d]) => v.every((x, i) => i === 0 || (d ? -1 : 1) * v[i - 1].toLocaleLowerCase().localeCompare(x.toLocaleLowerCase()) <= 0)",
        [values, descending])


def players_in_table(page) -> list[str]:
    return [r[column(page, "Player")] for r in rows(page)]


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport == 360, f"{page.url} scrolls sideways at 360 px: scrollWidth {width}"


def search_part(name: str) -> str:
    """A piece from inside a name: what a reader types who half remembers it."""
    if len(name) <= 3:
        return name
    start = len(name) // 4
    return name[start:start + max(3, len(name) // 2)].strip() or name


# --- tests ------------------------------------------------------------------------------------

def test_follow_links_from_home_to_a_stage(site, open_page):
    expect = _expect()
    page = open_page().page
    page.goto(site.url())
    expect(page.locator("h1")).to_be_visible()
    # links lead to a page's file (index.html), relative to the page that holds them
    follow(link_to(page, site.url(f"{site.competition}/index.html")))
    expect(page).to_have_url(site.url(f"{site.competition}/index.html"))
    follow(link_to(page, site.url(f"{site.stage_page}index.html")))
    expect(page).to_have_url(site.url(f"{site.stage_page}index.html"))
    expect(page.locator("table#stage")).to_be_visible()
    assert len(rows(page)) == site.stage_rows


def test_click_a_header_sorts_and_click_again_reverses(site, open_page):
    expect = _expect()
    page = open_page().page
    page.goto(site.url(site.stage_page))
    rank = column(page, "Rank")
    header = page.locator("#stage thead th").nth(rank)
    expect(header.locator("button")).to_be_visible()
    before = rows(page)
    ranks = sort_keys(page, rank)
    assert ranks == sorted(ranks) and ranks[0] < ranks[-1], "the table should start in rank order"
    assert aria_sorts(page) == [None] * len(aria_sorts(page))

    header.locator("button").click()
    expect(header).to_have_attribute("aria-sort", "descending")
    after = rows(page)
    assert after != before, "clicking the header did not change the row order"
    assert sort_keys(page, rank) == sorted(ranks, reverse=True)
    assert sorted(map(tuple, after)) == sorted(map(tuple, before)), "sorting lost or changed rows"
    assert [s for s in aria_sorts(page) if s] == ["descending"], "only the sorted column carries aria-sort"

    header.locator("button").click()
    expect(header).to_have_attribute("aria-sort", "ascending")
    assert sort_keys(page, rank) == sorted(ranks)
    assert rows(page) == before, "sorting back by rank should give the published order"

    # Another column takes over aria-sort.
    games = column(page, "Games")
    page.locator("#stage thead th").nth(games).locator("button").click()
    expect(page.locator("#stage thead th").nth(games)).to_have_attribute("aria-sort", "descending")
    assert [s for s in aria_sorts(page) if s] == ["descending"]
    values = sort_keys(page, games)
    assert values == sorted(values, reverse=True)


def test_keyboard_sorts_a_column(site, open_page):
    expect = _expect()
    page = open_page().page
    page.goto(site.url(site.stage_page))
    player = column(page, "Player")
    header = page.locator("#stage thead th").nth(player)
    before = players_in_table(page)

    # From the table's scroll region, Tab moves through the header buttons.
    page.locator("#stage").locator("xpath=ancestor::div[contains(@class,'table-scroll')]").focus()
    for _ in range(len(rows(page)[0]) + 1):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => { const b = document.activeElement; const th = b && b.closest('#stage thead th');"
            " return b && b.tagName === 'BUTTON' && th ? th.cellIndex : -1; }")
        if focused == player:
            break
    else:
        pytest.fail("Tab never reached the Player header's button")
    outline = page.evaluate("() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]; }")
    assert outline[0] != "none" and outline[1] != "0px", f"the focused header button shows no focus ring: {outline}"

    page.keyboard.press("Enter")
    expect(header).to_have_attribute("aria-sort", "ascending")
    first = players_in_table(page)
    assert sorted(first) == sorted(before)
    assert is_sorted_text(page, first), f"not in A-Z order: {first}"

    page.keyboard.press("Enter")
    expect(header).to_have_attribute("aria-sort", "descending")
    second = players_in_table(page)
    assert is_sorted_text(page, second, descending=True), f"not in Z-A order: {second}"
    assert second != first and (first != before or second != before), "Enter did not change the order"
    # The live region tells screen-reader users what happened.
    expect(page.locator("#sort-status")).to_contain_text("descending")


def test_search_finds_a_player_and_opens_their_page(site, open_page):
    page = open_page().page
    page.goto(site.url(site.stage_page))
    name = site.player_name
    assert name in players_in_table(page)
    _search_and_open(page, site, search_part(name).lower(), name, site.player_page)  # the search ignores case


@pytest.mark.parametrize("typed, name, url", [
    ("Ivanov", "Иванов Алексей", "kiev-2006/players/иванов-алексей/"),  # Cyrillic
    ("keron", "ケロンパス", "tenhou-best-span/players/ケロンパス/"),  # katakana: ke-ro-n-pa-su
], ids=["cyrillic", "katakana"])
def test_search_finds_a_name_in_another_script_typed_in_latin_letters(site, open_page, typed, name, url):
    page = open_page().page
    page.goto(site.url())
    _search_and_open(page, site, typed, name, url)


def _search_and_open(page, site, typed: str, name: str, url: str) -> None:
    """Type into the header's search box as a reader does, follow the hit named `name` and
    land on the page `url` (site-relative)."""
    expect = _expect()
    box = page.locator("header input[type=search]#search-box")
    box.click()
    box.press_sequentially(typed, delay=20)
    hit = page.locator("#search-results a", has_text=name).first
    expect(hit).to_be_visible()
    follow(hit)
    expect(page.locator("h1")).to_have_text(name)
    assert unquote(urlsplit(page.url).path) == unquote(urlsplit(site.url(f"{url}index.html")).path)


def test_filter_box_hides_rows_that_do_not_match(site, open_page):
    expect = _expect()
    page = open_page().page
    page.goto(site.url(site.stage_page))
    assert site.stage_rows > 8, "the example's largest stage should have more than 8 rows to show a filter"
    box = page.locator("input.table-filter")
    expect(box).to_be_visible()
    visible = page.locator("#stage tbody tr:visible")
    expect(visible).to_have_count(site.stage_rows)

    name = players_in_table(page)[-1]
    query = search_part(name)
    box.press_sequentially(query, delay=10)
    shown = [t.casefold() for t in visible.all_inner_texts()]
    assert name.casefold() in "\n".join(shown), f"{name} is hidden by the filter {query!r}"
    assert 0 < len(shown) < site.stage_rows, f"the filter {query!r} hid nothing"
    assert all(query.casefold() in t for t in shown), "a row that does not match is still shown"

    box.fill("")
    expect(visible).to_have_count(site.stage_rows)
    box.fill("no player is called this \u2603")
    expect(visible).to_have_count(0)


def test_no_errors_on_any_page(site, open_page):
    """Console errors, uncaught exceptions, failed and off-machine requests, HTTP errors."""
    expect = _expect()
    tab = open_page()
    page = tab.page
    pages = ["", site.stage_page, site.player_page, *site.extra_pages]
    for rel in pages:
        page.goto(site.url(rel))
        page.wait_for_load_state("load")
        # Use the scripts, so that an error inside them has a chance to show.
        for button in page.locator("table.sortable thead th button").all()[:2]:
            button.click()
        if rel.endswith("/projector/"):  # a screen for the room, without the site's header: it turns its screens
            page.keyboard.press("ArrowRight")
            continue
        page.locator("#search-box").fill(search_part(site.player_name))
        expect(page.locator("#search-results")).to_be_visible()
        filters = page.locator("input.table-filter")
        if filters.count():
            filters.first.fill("1")
    assert tab.errors == [], "\n".join(tab.errors)
    assert len(tab.visited) >= len(pages)


@pytest.mark.parametrize("which", ["home", "competition", "stage", "player"])
def test_no_sideways_scrolling_on_a_phone(site, open_page, which):
    page = open_page(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True).page
    rel = {"home": "", "competition": f"{site.competition}/", "stage": site.stage_page, "player": site.player_page}[which]
    page.goto(site.url(rel))
    page.wait_for_load_state("load")
    no_sideways_scroll(page)
    if which != "player":
        # Opened search results must not widen the page either.
        page.locator("#search-box").fill("a")
        _expect()(page.locator("#search-results")).to_be_visible()
        no_sideways_scroll(page)


def test_stage_table_is_complete_without_javascript(site, open_page):
    expect = _expect()
    page = open_page(java_script_enabled=False).page
    page.goto(site.url(site.stage_page))
    table = page.locator("table#stage")
    expect(table).to_be_visible()
    assert page.locator("#stage thead th button").count() == 0, "JavaScript ran although disabled"
    with open(site.files / site.stage_csv, encoding="utf-8", newline="") as f:
        records = list(csv.reader(f))
    assert len(records) > 1
    expect(page.locator("#stage tbody tr:visible")).to_have_count(len(records) - 1)
    player = records[0].index("player") if "player" in records[0] else None
    if player is not None:
        shown = "\n".join(page.locator("#stage tbody").all_inner_texts())
        missing = [r[player] for r in records[1:] if r[player] not in shown]
        assert not missing, f"players in the CSV but not in the page: {missing}"
    # The player links work without JavaScript too.
    follow(page.locator("#stage tbody a").first)
    expect(page.locator("h1")).to_be_visible()
    assert f"/{site.competition}/players/" in urlsplit(page.url).path


def test_links_resolve_under_a_sub_path(club_site, open_page):
    site = club_site
    page = open_page().page
    checked: dict[str, int] = {}
    for rel in ["", f"{site.competition}/", site.stage_page, site.player_page]:
        page.goto(site.url(rel))
        assert page.locator("h1").count() == 1, f"{page.url} did not load"
        links = page_links(page)
        if rel == site.stage_page:
            # The search results link under the sub-path too.
            page.locator("#search-box").fill(search_part(site.player_name))
            page.locator("#search-results a").first.wait_for()
            hits = page.eval_on_selector_all("#search-results a", "els => els.map(e => e.href)")
            player = site.url(f"{site.player_page}index.html")  # the page's file, as every link of the site
            assert player in [unquote(h) for h in hits] + hits, f"the search did not offer {site.player_page}: {hits}"
            links += hits
        check_links_stay_under(page, site, links, checked)
    assert_all_found(site, checked, 5)
