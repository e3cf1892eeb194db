"""What online-marathon's publish hands over besides its tables: each player's sanctions
(in the order of sanctions.yaml's lists, found in one pass) and the games.csv export."""

import datetime as dt

from site_gen.i18n import Text
from site_gen.rules.online_marathon.model import DisqualifiedGame, DisqualifiedPlayer, GamePenalty, Sanctions, StagePenalty
from site_gen.rules.online_marathon.player_page import sanctions_by_player

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


def test_games_csv_lists_every_game_with_stage_counted_points_and_table_points():
    """games.csv, hand-worked. Game 1: A fined 10 game points, 40 -> 30, still first: TP 4, 2,
    1, 0. Game 2: A and B tie for places 1-2 and share (4 + 2) / 2 = 3; C 1, D 0. Game 3:
    three share places 1-3, (4 + 2 + 1) / 3 = 7/3 = 2.333333 (six decimals). Game 4 is
    disqualified: no table points. Game 5 was played at another table: not part of the
    marathon (no stage), not counted, its table points still listed."""
    from site_gen.rules.online_marathon.exports import games_csv
    from site_gen.rules.online_marathon.scoring import compute
    from marathon_helpers import settings

    games = [
        game(1, "2015-02-10 20:00", [("A", 40), ("B", 10), ("C", 0), ("D", -50)]),
        game(2, "2015-04-11 20:00", [("A", 20), ("B", 20), ("C", 0), ("D", -40)]),
        game(3, "2015-02-12 20:00", [("A", 10), ("B", 10), ("C", 10), ("D", -30)]),
        game(4, "2015-02-13 20:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)]),
        game(5, "2015-02-14 20:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)], table="Friendly-1"),
    ]
    sanctions = Sanctions(disqualified_games=(DisqualifiedGame("4", "left", 2),),
                          game_penalties=(GamePenalty("A", "1", 10, "late", 3),))
    text = games_csv(compute(data(games, sanctions), settings())).decode("utf-8-sig")  # after the byte order mark
    assert text.splitlines() == [
        "game,table,started_at,stage,counted,player1,score1,tp1,player2,score2,tp2,player3,score3,tp3,player4,score4,tp4",
        "1,RU-Marathon-1,2015-02-10T20:00:00+03:00,1,yes,A,30,4,B,10,2,C,0,1,D,-50,0",
        "2,RU-Marathon-1,2015-04-11T20:00:00+03:00,2,yes,A,20,3,B,20,3,C,0,1,D,-40,0",
        "3,RU-Marathon-1,2015-02-12T20:00:00+03:00,1,yes,A,10,2.333333,B,10,2.333333,C,10,2.333333,D,-30,0",
        "4,RU-Marathon-1,2015-02-13T20:00:00+03:00,1,no,A,30,,B,10,,C,0,,D,-40,",
        "5,Friendly-1,2015-02-14T20:00:00+03:00,,no,A,30,4,B,10,2,C,0,1,D,-40,0",
    ]
