"""What a player page lists under "Sanctions": every sanction that touched the player, in
the order of sanctions.yaml's lists, found in one pass (pages.sanctions_by_player)."""

import datetime as dt

from site_gen.i18n import Text
from site_gen.rules.online_marathon.model import DisqualifiedGame, DisqualifiedPlayer, GamePenalty, Sanctions, StagePenalty
from site_gen.rules.online_marathon.pages import sanctions_by_player

from marathon_helpers import data, game


def _listed(found: dict, player: str) -> list[tuple[str, dict, str]]:
    return [(s["what"].message, s["what"].params, s["reason"]) for s in found.get(player, [])]


def test_each_player_gets_the_sanctions_that_touched_them_in_file_order():
    games = [
        game(1, "2015-02-10 20:00", [("A", 40), ("B", 10), ("C", 0), ("D", -50)]),
        game(2, "2015-02-11 20:00", [("A", 30), ("E", 10), ("F", 0), ("G", -40)]),
        game(3, "2015-02-12 20:00", [("B", 30), ("E", 10), ("F", 0), ("H", -40)]),
    ]
    sanctions = Sanctions(
        disqualified_games=(DisqualifiedGame("3", "left", 2), DisqualifiedGame("1", "collusion", 3)),
        disqualified_players=(DisqualifiedPlayer("C", dt.date(2015, 4, 1), None, "second account", 5),),
        game_penalties=(GamePenalty("A", "2", 10, "late", 7),),
        stage_penalties=(StagePenalty("A", 1, 0, 2, "no-show", 9), StagePenalty("H", 2, 100, 1, "rude", 10)),
    )
    found = sanctions_by_player(data(games, sanctions))
    # A sat at game 1 (disqualified second in the file), was fined in game 2 and in stage 1
    assert _listed(found, "A") == [
        ("Game %(game)s disqualified", {"game": "1"}, "collusion"),
        ("−%(points)s game points in game %(game)s", {"points": 10, "game": "2"}, "late"),
        ("Stage %(stage)s: −%(table_points)s table points", {"stage": 1, "table_points": 2}, "no-show"),
    ]
    # B sat at both disqualified games: game 3 comes first in the file
    assert [params["game"] for _, params, _ in _listed(found, "B")] == ["3", "1"]
    assert _listed(found, "C") == [("Game %(game)s disqualified", {"game": "1"}, "collusion"),
                                   ("Disqualified from %(first)s", {"first": dt.date(2015, 4, 1)}, "second account")]
    assert _listed(found, "H") == [
        ("Game %(game)s disqualified", {"game": "3"}, "left"),
        ("Stage %(stage)s: −%(game_points)s game points, −%(table_points)s table points",
         {"stage": 2, "game_points": 100, "table_points": 1}, "rude"),
    ]
    assert "G" not in found  # game 2 was not disqualified
    assert all(isinstance(s["what"], Text) for listed in found.values() for s in listed)
