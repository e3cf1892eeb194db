"""The helpers that make loading and scoring a large online marathon cheaper, against
hand-worked values."""

import datetime as dt
from fractions import Fraction as F

from site_gen.lookups import MemoDict
from site_gen.rules.online_marathon.model import DisqualifiedPlayer
from site_gen.rules.online_marathon.scoring import GameResult, _game_result, _stage_day, score_games
from site_gen.rules.online_marathon.stage import PlayedGame, _opponent_getters, _played_game, _table_points_in_units
from site_gen.values import parse_int

from marathon_helpers import data, game, settings


def test_parsed_once_parses_each_distinct_text_once():
    seen = []
    parsed = MemoDict(lambda text: seen.append(text) or parse_int(text))
    assert [parsed[t] for t in ["48", "-20", "48", "4.8", "48", "-20"]] == [48, -20, 48, None, 48, -20]
    assert seen == ["48", "-20", "4.8"]


def test_opponent_getters_give_each_seat_the_others_in_seat_order():
    players = ("A", "B", "C", "D")
    assert [get(players) for get in _opponent_getters(4)] == [("B", "C", "D"), ("A", "C", "D"), ("A", "B", "D"),
                                                              ("A", "B", "C")]
    assert [get(("A", "B")) for get in _opponent_getters(2)] == [("B",), ("A",)]
    assert [get(("A",)) for get in _opponent_getters(1)] == [()]


def test_table_points_in_units_of_the_common_denominator():
    seats = [("A", 40), ("B", 20), ("C", 10), ("D", 0)]
    shared = [("A", 10), ("B", 10), ("C", 10), ("D", -30)]  # 1-3 shared: (4 + 2 + 1) / 3 each
    results = score_games(data([game(1, "2015-02-02 20:00", seats), game(2, "2015-02-03 20:00", shared),
                                game(3, "2015-02-04 20:00", seats)]), settings())
    assert results[1].table_points == (F(7, 3), F(7, 3), F(7, 3), F(0))
    unit, units = _table_points_in_units(results)
    assert unit == 3
    assert [units[id(r.table_points)] for r in results] == [(12, 6, 3, 0), (7, 7, 7, 0), (12, 6, 3, 0)]


def test_stage_day_gives_the_stage_number_and_who_is_banned_that_day():
    s = settings()  # stage 1: 1 February to 31 March, stage 2: 1 April to 31 May
    banned = (DisqualifiedPlayer("A", dt.date(2015, 3, 1), dt.date(2015, 3, 10), "", 0),
              DisqualifiedPlayer("B", dt.date(2015, 3, 5), None, "", 0))
    assert _stage_day(dt.date(2015, 2, 28), s, banned) == (1, frozenset())
    assert _stage_day(dt.date(2015, 3, 5), s, banned) == (1, frozenset({"A", "B"}))
    assert _stage_day(dt.date(2015, 4, 1), s, banned) == (2, frozenset({"B"}))
    assert _stage_day(dt.date(2015, 6, 1), s, ()) == (None, frozenset())


def test_a_game_result_made_from_its_field_tuple_is_the_named_tuple():
    g = game(7, "2015-02-02 20:00", [("A", 40), ("B", 30), ("C", 0), ("D", -70)])
    fields = (g, True, 1, False, (40, 30, 0, -70), (F(4), F(2), F(1), F(0)), ((1, 1), (2, 2), (3, 3), (4, 4)),
              frozenset("ABCD"), dt.date(2015, 2, 2))
    result = _game_result(fields)
    assert type(result) is GameResult and result == GameResult(*fields)
    assert result.counted and result.stage == 1 and result.table_points == (F(4), F(2), F(1), F(0))
    assert result.day == dt.date(2015, 2, 2)


def test_a_played_game_made_from_its_field_tuple_is_the_named_tuple():
    moment = dt.datetime(2015, 2, 2, 20, 0, tzinfo=dt.timezone.utc)
    played = _played_game(("7", moment, 30, 10, F(2), (2, 2), ("B", "C", "D")))
    assert type(played) is PlayedGame and played == PlayedGame("7", moment, 30, 10, F(2), (2, 2), ("B", "C", "D"))
    assert (played.game_points, played.penalty, played.opponents) == (30, 10, ("B", "C", "D"))
