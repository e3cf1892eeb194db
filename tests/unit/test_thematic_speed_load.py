"""Reading games, with the shortcuts the large files take: a result written as the regulation
writes it, and the words for a pair's second game with the same first move made only when
that game is there; and a group table's count of decided games (a tournament's status)."""

from site_gen.diagnostics import Diagnostics
from site_gen.rules.thematic_marathon.load_games import parse_result, read_group_final, read_master, read_tournament_games
from site_gen.rules.thematic_marathon.model import Game
from site_gen.rules.thematic_marathon.tournament import group_table

from thematic_helpers import PHASE1, settings


def test_results_are_canonical_however_written():
    assert [parse_result(t) for t in ("1-0", "0-1", "draw", "1-0 forfeit", "0-1 forfeit")] == [
        "1-0", "0-1", "draw", "1-0 forfeit", "0-1 forfeit"]
    assert parse_result("1-0  Forfeit") == "1-0 forfeit"
    assert parse_result(" DRAW") == "draw"
    assert parse_result("1:0") is None


def errors(tmp_path, name: str, text: str, read) -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    diags = Diagnostics(root=tmp_path)
    read(path, diags)
    return [d.split(": error: ", 1)[1] for d in diags.format()]


def test_a_second_game_with_the_same_first_move_says_where(tmp_path):
    text = ("phase,group,board,first,second,result\n"
            "1,2,1,ann,bob,1-0\n"
            "1,2,2,ann,bob,draw\n"  # line 3: ann again first against bob in phase-1 group 2
            "1,3,3,ann,bob,draw\n"  # another group: counts
            "semi,1,4,bob,ann,\n"
            "semi,1,5,bob,ann,0-1\n")  # line 6
    assert errors(tmp_path, "games.csv", text, lambda p, d: read_tournament_games(p, d, lambda name: None)) == [
        "ann already has the first move against bob in phase 1 group 2 (line 2); each pair plays one game "
        "with each player moving first",
        "bob already has the first move against ann in phase semi group 1 (line 5); each pair plays one game "
        "with each player moving first",
    ]


def test_group_finals_and_the_master_say_where_too(tmp_path):
    names = {"hex": "hex", "Hex": "hex"}
    final = "game,board,first,second,result\nhex,1,ann,bob,1-0\nHex,2,ann,bob,draw\n"
    assert errors(tmp_path, "final.csv", final, lambda p, d: read_group_final(p, d, lambda n: None, names)) == [
        "ann already has the first move against bob in hex (line 2); each pair plays one game with each player "
        "moving first"]
    master = "round,group,game,first,second,result\na,1,hex,ann,bob,1-0\na,1,hex,ann,bob,\n"
    assert errors(tmp_path, "master.csv", master, lambda p, d: read_master(p, d, lambda n: None, names)) == [
        "ann already has the first move against bob in round a group 1 (line 2); each pair plays one game with "
        "each player moving first"]


def test_a_group_table_counts_its_decided_games():
    s = settings({"g": ["t"]})
    games = [Game("a", "b", "1-0"), Game("b", "a", None), Game("a", "c", "0-1 forfeit"), Game("c", "b", "draw"),
             Game("a", "x", "1-0")]  # x is not in the group: not its game
    table = group_table(PHASE1, 1, ["a", "b", "c"], games, s, lambda p: (p,))
    assert table.decided == 3
