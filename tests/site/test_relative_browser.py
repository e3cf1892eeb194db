"""The built site works wherever it is put, in a real browser (headless Debian Chromium
through Playwright): opened from disk (file://), styled, its links followed from the home
page to a competition and a player, its search box finding a player; and the same files copied under a sub-path they were
not built for (/sub/dir/), served by a local http.server. No request may fail
(open_page's checks: failed requests, HTTP errors, console and page errors)."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

import pytest

from navigation import assert_all_found, check_links_stay_under, follow, link_to, page_links

pytestmark = pytest.mark.browser


def _expect():
    from playwright.sync_api import expect as playwright_expect
    return playwright_expect


def styled(page) -> bool:
    """site.css is applied: the body's margin is 0 (a browser's own is 8px) and the
    header's row is a flex box."""
    return page.evaluate(
        "() => getComputedStyle(document.body).marginTop === '0px'"
        " && getComputedStyle(document.querySelector('.header-row')).display === 'flex'")


def scripted(page) -> bool:
    """site.js ran (deferred): sortable tables' headers hold buttons, when there is a table."""
    return page.evaluate(
        "() => !document.querySelector('table.sortable') || !!document.querySelector('table.sortable thead th button')")


def _player_link(page):
    """The first link of the page's tables to a player page."""
    links = page.locator("main table a[href*='players/']")
    assert links.count(), f"no player link in the tables of {page.url}"
    return links.first


def test_opened_from_disk_it_is_styled_and_its_links_work(public_site, open_page):
    expect = _expect()
    site = public_site
    tab = open_page()
    page = tab.page
    home = (site.files / "index.html").as_uri()
    page.goto(home)
    page.wait_for_load_state("load")
    expect(page.locator("h1")).to_be_visible()
    assert styled(page), f"{page.url}: site.css is not applied"

    # home -> the competition's overview -> a player, by the links the pages hold
    competition = (site.files / site.competition / "index.html").as_uri()
    follow(link_to(page, competition))
    expect(page).to_have_url(competition)
    assert styled(page) and scripted(page), f"{page.url}: site.css or site.js missing"
    follow(_player_link(page))
    assert f"/{site.competition}/players/" in page.url and page.url.endswith("/index.html"), page.url
    expect(page.locator("h1")).to_be_visible()
    assert styled(page) and scripted(page), f"{page.url}: site.css or site.js missing"

    # the stage table's player links too, and the header's way home
    page.goto((site.files / site.stage_page / "index.html").as_uri())
    assert styled(page) and scripted(page)
    follow(_player_link(page))
    expect(page.locator("h1")).to_be_visible()
    follow(page.locator("header a.brand"))
    expect(page).to_have_url(home)

    # the search box, from a page two folders down: its index comes as search.js there
    page.goto((site.files / site.stage_page / "index.html").as_uri())
    page.locator("#search-box").fill(site.player_name)
    hit = page.locator("#search-results a", has_text=site.player_name).first
    expect(hit).to_be_visible()
    follow(hit)
    expect(page.locator("h1")).to_have_text(site.player_name)
    assert page.url == (site.files / site.player_page / "index.html").as_uri(), page.url
    assert tab.errors == [], "\n".join(tab.errors)
    assert all(url.startswith("file://") for url in tab.visited), tab.visited


def test_copied_under_another_sub_path_every_link_works(moved_site, open_page):
    expect = _expect()
    site = moved_site
    tab = open_page()
    page = tab.page
    checked: dict[str, int] = {}
    for rel in ["", f"{site.competition}/", site.stage_page, site.player_page]:
        page.goto(site.url(rel))
        page.wait_for_load_state("load")
        expect(page.locator("h1")).to_have_count(1)
        assert styled(page) and scripted(page), f"{page.url}: site.css or site.js missing"
        check_links_stay_under(page, site, page_links(page), checked)
    assert_all_found(site, checked, 20)

    # the search builds its links from the page too
    page.goto(site.url(site.stage_page))
    page.locator("#search-box").fill(site.player_name)
    hit = page.locator("#search-results a", has_text=site.player_name).first
    expect(hit).to_be_visible()
    follow(hit)
    expect(page.locator("h1")).to_have_text(site.player_name)
    assert unquote(urlsplit(page.url).path) == unquote(urlsplit(site.url(f"{site.player_page}index.html")).path)
    assert tab.errors == [], "\n".join(tab.errors)
