"""The thematic marathon of the example site (data/pbem-marathon) in a real browser:
crosstables with the first move marked, tie-break reasons, the phase-2 bracket, the group
and Master pages, sorting, phones and no JavaScript. Uses the fixtures of conftest.py."""

from __future__ import annotations

import json
import re

import pytest

from navigation import follow, link_to

pytestmark = pytest.mark.browser

SLUG = "pbem-marathon"


def _expect():
    from playwright.sync_api import expect as playwright_expect
    return playwright_expect


def document(site) -> dict:
    return json.loads((site.files / SLUG / "standings.json").read_text(encoding="utf-8"))


def with_semifinals(site) -> dict:
    """The largest tournament that played semifinals."""
    candidates = [t for t in document(site)["tournaments"] if t["semifinals"]]
    assert candidates, "the example should hold a tournament with semifinals"
    return max(candidates, key=lambda t: t["entrants"])


def test_crosstables_show_both_games_with_the_first_move_marked(site, open_page):
    expect = _expect()
    t = with_semifinals(site)
    page = open_page().page
    page.goto(site.url(f"{SLUG}/"))
    follow(link_to(page, site.url(f"{SLUG}/tournaments/{t['slug']}/index.html")))
    expect(page.locator("h1")).to_have_text(t["game"])
    for number, group in enumerate(t["phase1"], start=1):
        table = page.locator(f"table#phase1-{number}")
        expect(table).to_be_visible()
        rows = table.locator("tbody tr")
        expect(rows).to_have_count(len(group))
        # the rows in the published order, with the published points
        shown = [(r.locator("th").inner_text().strip(), r.locator("td").last.inner_text().strip()) for r in rows.all()]
        assert shown == [(row["player"], str(row["played"])) for row in group]
        # each player of a complete group moved first once against each opponent
        n = len(group)
        first_moves = table.locator("span.g.fm").count()
        played = sum(row["played"] for row in group) // 2
        assert first_moves == n * (n - 1) and played <= first_moves
        assert table.locator("span.g.fm .visually-hidden").first.text_content().strip() == "(first move)"


def test_tie_breaks_are_explained_under_the_tables(site, open_page):
    expect = _expect()
    doc = document(site)
    # a phase-1 group where two neighbours are equal on points
    found = None
    for t in doc["tournaments"]:
        for number, group in enumerate(t["phase1"], start=1):
            for a, b in zip(group, group[1:]):
                if a["points"] == b["points"]:
                    found = (t, number, a, b)
                    break
            if found:
                break
        if found:
            break
    assert found, "the example should hold a tie in some phase-1 group"
    t, number, a, b = found
    page = open_page().page
    page.goto(site.url(f"{SLUG}/tournaments/{t['slug']}/"))
    notes = page.locator(f"table#phase1-{number}").locator("xpath=ancestor::figure").locator(".tiebreaks li")
    texts = [x.strip() for x in notes.all_inner_texts()]
    assert any(x.startswith(f"{a['player']} ahead of {b['player']} ") for x in texts), texts
    expect(page.locator(".tiebreaks").first).to_be_visible()


def test_the_bracket_flows_from_semifinals_to_the_final(site, open_page):
    expect = _expect()
    t = with_semifinals(site)
    page = open_page().page
    page.goto(site.url(f"{SLUG}/tournaments/{t['slug']}/"))
    bracket = page.locator(".bracket")
    expect(bracket).to_be_visible()
    semis = bracket.locator("table.bracket-group[id^=semifinal-]")
    expect(semis).to_have_count(len(t["semifinals"]))
    final = [r["player"] for r in t["final"]]
    assert bracket.locator("#final-group tbody th").all_inner_texts() == final
    # the players marked "→ final" in the semifinals are exactly the finalists
    advancing = [x.replace("→ final", "").strip() for x in bracket.locator("tr.advances th").all_inner_texts()]
    assert sorted(advancing) == sorted(final)
    semis_box = bracket.locator(".bracket-round").first.bounding_box()
    final_box = bracket.locator(".bracket-round").last.bounding_box()
    assert final_box["x"] > semis_box["x"] + semis_box["width"] - 1, "on a wide screen the final stands right of the semifinals"


def test_the_bracket_stacks_on_a_phone_without_sideways_scrolling(site, open_page):
    t = with_semifinals(site)
    page = open_page(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True).page
    for rel in (f"{SLUG}/", f"{SLUG}/tournaments/{t['slug']}/", f"{SLUG}/groups/{t['group']}/", f"{SLUG}/tournaments/master/"):
        page.goto(site.url(rel))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{rel} scrolls sideways on a phone: {width}"
    page.goto(site.url(f"{SLUG}/tournaments/{t['slug']}/"))
    rounds = page.locator(".bracket .bracket-round")
    first, last = rounds.first.bounding_box(), rounds.last.bounding_box()
    assert last["y"] >= first["y"] + first["height"] - 1, "on a phone the final comes below the semifinals"


def test_the_ranking_splits_points_and_sorts(site, open_page):
    expect = _expect()
    t = with_semifinals(site)
    page = open_page().page
    page.goto(site.url(f"{SLUG}/tournaments/{t['slug']}/"))
    table = page.locator("table#ranking")
    labels = [x.strip() for x in table.locator("thead th").all_inner_texts()]
    assert labels[:7] == ["Rank", "Player", "Reached", "Points", "Phase 1", "Bonus", "Participation"]
    first = table.locator("tbody tr").first.locator("td").all_inner_texts()
    row = t["ranking"][0]
    assert [x.strip() for x in first[-4:]] == [str(row["points"]), str(row["phase1_points"]), str(row["bonus"]),
                                               str(row["participation"])]
    points = table.locator("thead th").nth(3)
    points.locator("button").click()
    expect(points).to_have_attribute("aria-sort", "descending")
    values = [int(x) for x in table.locator("tbody tr td:nth-child(4)").all_inner_texts()]
    assert values == sorted(values, reverse=True)


def test_group_page_has_a_column_per_tournament_and_the_group_final(site, open_page):
    expect = _expect()
    doc = document(site)
    group = next(g for g in doc["groups"] if g["final"])
    games = [t["game"] for t in doc["tournaments"] if t["group"] == group["slug"]]
    page = open_page().page
    page.goto(site.url(f"{SLUG}/groups/{group['slug']}/"))
    labels = [x.strip() for x in page.locator("table#group-standings thead th").all_inner_texts()]
    assert labels == ["Rank", "Player", "Points", "Won", "Finals", *games]
    expect(page.locator("table#group-standings tbody tr")).to_have_count(len(group["standings"]))
    final = page.locator("table#group-final tbody th").all_inner_texts()
    assert [x.strip() for x in final] == [r["player"] for r in group["final"]]


def test_master_lists_each_qualifier_with_why(site, open_page):
    expect = _expect()
    doc = document(site)
    page = open_page().page
    page.goto(site.url(f"{SLUG}/tournaments/master/"))
    rows = page.locator("table#master tbody tr")
    expect(rows).to_have_count(len(doc["master"]))
    labels = {"standings": "Standings", "group_final": "Group final", "tournament_winner": "Tournament winner", "fill": "Fill"}
    for row, q in zip(rows.all(), doc["master"]):
        cells = [x.strip() for x in row.locator("td, th").all_inner_texts()]
        assert cells[1] == q["player"] and cells[2] == labels[q["via"]] and cells[3]
    # a qualifier's link leads to their page, which names how they got in
    follow(rows.first.locator("a"))
    expect(page.locator("h1")).to_have_text(doc["master"][0]["player"])
    expect(page.locator("main")).to_contain_text("Master: qualified via standings")


def test_crosstables_are_complete_without_javascript(site, open_page):
    expect = _expect()
    t = with_semifinals(site)
    page = open_page(java_script_enabled=False).page
    page.goto(site.url(f"{SLUG}/tournaments/{t['slug']}/"))
    assert page.locator("table.crosstable thead th button").count() == 0
    for number, group in enumerate(t["phase1"], start=1):
        expect(page.locator(f"table#phase1-{number} tbody tr")).to_have_count(len(group))
    expect(page.locator("table#ranking tbody tr")).to_have_count(t["entrants"])


def test_players_page_lists_active_and_inactive(site, open_page):
    expect = _expect()
    page = open_page().page
    page.goto(site.url(f"{SLUG}/players/"))
    expect(page.get_by_role("heading", name=re.compile(r"^Active players"))).to_be_visible()
    inactive = page.get_by_role("heading", name=re.compile(r"^Inactive players")).locator("xpath=following-sibling::ul[1]/li")
    texts = inactive.all_inner_texts()
    assert any("forfeited every game" in x for x in texts), texts
    assert any("marked inactive in players.csv" in x for x in texts), texts
