"""What a thematic marathon publishes, on the hand-worked golden case: pages, tables,
crosstable cells with the first move marked and the tie-break reasons in words."""

from pathlib import Path

import pytest

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import load_competition

CASE = Path(__file__).resolve().parents[1] / "rules" / "thematic_marathon" / "cases" / "two-groups"


@pytest.fixture(scope="module")
def published():
    diags = Diagnostics(root=CASE)
    c = load_competition(CASE, SiteConfig(), diags)
    assert not diags.has_errors, diags.format()
    return c.ruleset.publish(c.info, c.settings, c.data, c.result)


def page(published, url):
    return next(p for p in published.pages if p.url == url)


def test_every_page_and_table_has_its_own_address(published):
    urls = [p.url for p in published.pages]
    assert len(urls) == len(set(urls))
    slug = "two-groups/"
    for rel in ("", "tournaments/", "groups/", "tournaments/master/", "players/", "tournaments/hex/",
                "tournaments/trax/", "groups/alpha/", "groups/beta/", "players/a/", "players/h/"):
        assert slug + rel in urls, rel
    slugs = [t.slug for t in published.tables]
    assert len(slugs) == len(set(slugs))
    assert {"marathon", "tournaments", "master", "master-candidates", "tournament-hex", "tournament-hex-phase1-1",
            "tournament-hex-phase1-2", "tournament-hex-final", "group-alpha", "group-alpha-final", "group-beta"} <= set(slugs)
    assert "group-beta-final" not in slugs  # no group-final file: no table


def test_crosstable_cells_hold_both_games_first_move_first(published):
    group1 = page(published, "two-groups/tournaments/hex/").context["phase1"][0]
    assert [r["player"] for r in group1["rows"]] == ["d", "a", "e"]
    a = group1["rows"][1]
    # a against d: a moved first in board 1001 and lost (0); d moved first in 1002, a draw (½)
    against_d = a["cells"][0]
    assert [(g["symbol"], g["first"]) for g in against_d["games"]] == [("0", True), ("½", False)]
    assert against_d["points"] == 1
    assert against_d["games"][0]["title"].text() == "lost against d, first move (board 1001)"
    assert a["cells"][1] is None  # the player's own cell


def test_forfeits_and_unplayed_games_have_their_own_symbols(published):
    final = page(published, "two-groups/tournaments/twixt/").context["final"]
    h = next(r for r in final["rows"] if r["player"] == "h")
    assert {g["symbol"] for c in h["cells"] if c for g in c["games"]} == {"−"}
    go = page(published, "two-groups/tournaments/go/").context["final"]
    b = next(r for r in go["rows"] if r["player"] == "b")
    against_c = b["cells"][[r["player"] for r in go["rows"]].index("c")]
    assert [g["symbol"] for g in against_c["games"]] == ["·", "0"]  # b-c not played yet; c-b lost


def test_tie_break_reasons_are_printed_in_words(published):
    hex_page = page(published, "two-groups/tournaments/hex/").context
    assert hex_page["phase1"][0]["reasons"] == [{"ahead": "d", "text": "ahead of a on head-to-head: 4 to 1"}]
    assert hex_page["phase1"][1]["reasons"] == [
        {"ahead": "b", "text": "ahead of c on seeding order: equal in the mini-league of b, c and f (4 each)"},
        {"ahead": "c", "text": "ahead of f on seeding order: equal in the mini-league of b, c and f (4 each)"},
    ]
    assert hex_page["phase1"][1]["leagues"][0]["rows"] == [
        {"player": "b", "points": "4", "played": 4}, {"player": "c", "points": "4", "played": 4},
        {"player": "f", "points": "4", "played": 4}]
    # the player page lists the tie-breaks that involve the player
    a_page = page(published, "two-groups/players/a/").context
    assert [(e["where"], e["text"]) for entry in a_page["entries"] for e in entry["tiebreaks"]] == [
        ("phase-1 group 1", "ahead of a on head-to-head: 4 to 1")]


def test_ranking_table_splits_the_points(published):
    ranking = next(t for t in published.tables if t.slug == "tournament-twixt")
    assert [c.key for c in ranking.columns] == ["rank", "player", "reached", "phase1_points", "bonus", "participation",
                                                "points"]
    assert ranking.rows[-1]["player"] == "h" and ranking.rows[-1]["participation"] == 0
    assert ranking.highlighted == {3}  # forfeited every game


def test_master_reasons(published):
    # NOTES.md: go is not finished (b-c has no result), so b is no tournament winner (rule 11)
    master = next(t for t in published.tables if t.slug == "master")
    assert [(r["player"], r["via"], r["reason"]) for r in master.rows] == [
        ("a", "Standings", "rank 1 of the marathon standings"),
        ("e", "Group final", "won the Alpha group final"),
        ("d", "Fill", "a place was left: rank 3 of the marathon standings"),
        ("c", "Fill", "a place was left: rank 4 of the marathon standings"),
        ("f", "Fill", "a place was left: rank 5 of the marathon standings"),
        ("b", "Fill", "a place was left: rank 6 of the marathon standings"),
    ]


def test_players_page_separates_the_inactive(published):
    context = page(published, "two-groups/players/").context
    assert [name for name, _, _ in context["inactive"]] == ["h"]
    assert "h" not in [name for name, _ in context["active"]]


def test_pages_say_what_is_unfinished(published):
    # NOTES.md (rule 11): hex and twixt finished, go in phase 2 (b-c has no result), trax not started
    overview = next(t for t in published.tables if t.slug == "tournaments")
    assert [(r["game"], r["status"], r["winner"]) for r in overview.rows] == [
        ("Hex", "finished", "a"), ("Twixt", "finished", "e"), ("Go", "in progress: phase 2", ""),
        ("Trax", "not started", "")]
    captions = {t.slug: t.caption for t in published.tables}
    assert captions["tournament-hex"] == "Hex: ranking" and captions["tournament-go"] == "Go: ranking (provisional)"
    assert captions["tournament-go-final"] == "Go: final (provisional)" and captions["tournament-hex-final"] == "Hex: final"
    # the Alpha tournaments are finished and its group final complete; Beta's go is not
    assert captions["group-alpha"] == "Alpha: standings" and captions["group-alpha-final"] == "Alpha: group final"
    assert captions["group-beta"] == "Beta: standings (provisional)"
    assert captions["marathon"] == "Marathon standings (provisional)"
    assert captions["master"] == "Master qualifiers (provisional)"
    # the label is translated on the page: a Text made of the caption
    assert captions["marathon"].message == "%(table)s (provisional)"
    go = page(published, "two-groups/tournaments/go/").context
    assert (go["t"]["state"], go["t"]["winner"], go["status"]) == ("phase2", None, "in progress: phase 2")
    assert go["bracket"]["final"][0]["bonus"] == "" and not go["bracket"]["final"][0]["winner"]
    hex_page = page(published, "two-groups/tournaments/hex/").context
    assert [(r["player"], r["bonus"], r["winner"]) for r in hex_page["bracket"]["final"]] == [
        ("a", 7, True), ("d", 5, False), ("c", 3, False), ("b", 2, False)]
    assert page(published, "two-groups/").context["provisional"] is True
    assert published.status == "in progress: 2 of 4 tournaments finished"
    b = page(published, "two-groups/players/b/").context
    assert [e["winner"] for e in b["entries"]] == [False, False]  # 4th in hex; first in go's final, not finished
