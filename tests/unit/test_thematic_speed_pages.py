"""The tournament page's crosstables and standings.json as publish gives them, and the
crosstables' cells by hand: each side of a game, the games a player moved first in listed first
whatever their order in games.csv, and the points of the pair's games."""

from pathlib import Path

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import load_competition
from site_gen.rules.thematic_marathon.crosstable import crosstable
from site_gen.rules.thematic_marathon.document import document
from site_gen.rules.thematic_marathon.model import Game
from site_gen.rules.thematic_marathon.tournament import group_table

from thematic_helpers import PHASE1, rated, settings

CASE = Path(__file__).resolve().parents[1] / "rules" / "thematic_marathon" / "cases" / "two-groups"
S = settings({"g": ["t1"]})  # 3 a win, 1 a draw, 0 a loss
SEEDING = rated("a", "b", "c")


def seed(userid: str) -> tuple:
    return (list(SEEDING).index(userid),)


def table():
    # in the file: b-a before a-b, a's forfeit against c, c-a not played yet
    played = [
        Game("b", "a", "1-0", board="7"),
        Game("a", "b", "draw", board="8"),
        Game("a", "c", "0-1 forfeit", board="9"),
        Game("c", "a", None),
    ]
    return group_table(PHASE1, 1, ["a", "b", "c"], played, S, seed)


def cells_of(player: str) -> dict[str, dict]:
    ct = crosstable(table(), "Group 1", S.game_points, {})
    row = next(r for r in ct["rows"] if r["player"] == player)
    return {other["player"]: cell for other, cell in zip(ct["rows"], row["cells"]) if cell is not None}


def shown(cell: dict) -> list[tuple[str, bool, str]]:
    return [(g["symbol"], g["first"], g["title"].text()) for g in cell["games"]]


def test_the_game_a_player_moved_first_in_comes_first_whatever_the_file_order():
    a = cells_of("a")
    # a moved first in board 8 (a draw, listed second in the file), second in board 7 (lost)
    assert shown(a["b"]) == [("½", True, "drew against b, first move (board 8)"), ("0", False, "lost against b (board 7)")]
    assert a["b"]["points"] == 1 + 0
    b = cells_of("b")
    assert shown(b["a"]) == [("1", True, "won against a, first move (board 7)"), ("½", False, "drew against a (board 8)")]
    assert b["a"]["points"] == 3 + 1


def test_forfeits_and_unplayed_games_from_both_sides():
    a, c = cells_of("a"), cells_of("c")
    assert shown(a["c"]) == [("−", True, "lost by forfeit against c, first move (board 9)"),
                             ("·", False, "not yet played against c")]
    assert a["c"]["points"] == 0
    assert shown(c["a"]) == [("·", True, "not yet played against a, first move"),
                             ("+", False, "won by forfeit against a (board 9)")]
    assert c["a"]["points"] == 3
    assert cells_of("b")["c"] == {"games": [], "points": 0}  # b and c have no game listed


def test_the_tie_break_reasons_are_one_text_each():
    # a 1 + 0 = 1, b 3 + 1 = 4, c 3 (forfeit win) + 0 = 3: b, c, a on points
    ct = crosstable(table(), "Group 1", S.game_points, {})
    assert [r["player"] for r in ct["rows"]] == ["b", "c", "a"]
    assert ct["why"] == {0: "ahead of c on points: 4 to 3", 1: "ahead of a on points: 3 to 1"}
    assert ct["reasons"] == []  # points alone


def test_the_tournament_page_holds_its_crosstables():
    diags = Diagnostics(root=CASE)
    c = load_competition(CASE, SiteConfig(), diags)
    site = c.ruleset.publish(c.info, c.settings, c.data, c.result)
    page = next(p for p in site.pages if p.url == "two-groups/tournaments/hex/")
    assert page.later is None
    context = page.context
    assert [r["player"] for r in context["phase1"][0]["rows"]] == ["d", "a", "e"]
    assert set(context) >= {"phase1", "semis", "final", "bracket", "ranking", "csv", "t", "status"}


def test_the_standings_document_is_published_with_the_pages():
    diags = Diagnostics(root=CASE)
    c = load_competition(CASE, SiteConfig(), diags)
    site = c.ruleset.publish(c.info, c.settings, c.data, c.result)
    assert site.document == document(c.settings, c.result)
