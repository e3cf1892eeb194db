"""The helpers of the online marathon's scoring, against hand-worked values."""

import datetime as dt
from fractions import Fraction as F

from site_gen.rules.online_marathon.model import DisqualifiedPlayer
from site_gen.rules.online_marathon.scoring import _stage_day, score_games, seat_points

from marathon_helpers import data, game, settings


def test_table_points_in_twelfths():
    """Places 1-3 shared: (4 + 2 + 1) / 3 = 7/3 = 28/12 each; 1-2 shared: 3 = 36/12; all
    four: 7/4 = 21/12."""
    seats = [("A", 40), ("B", 20), ("C", 10), ("D", 0)]
    shared = [("A", 10), ("B", 10), ("C", 10), ("D", -30)]
    results = score_games(data([game(1, "2015-02-02 20:00", seats), game(2, "2015-02-03 20:00", shared)]), settings())
    assert results[1].table_points == (F(7, 3), F(7, 3), F(7, 3), F(0))
    assert [r.twelfths for r in results] == [(48, 24, 12, 0), (28, 28, 28, 0)]
    assert seat_points((5, 5, -3, -7), (4, 2, 1, 0)).twelfths == (36, 36, 12, 0)
    assert seat_points((1, 1, 1, 1), (4, 2, 1, 0)) == ((F(7, 4),) * 4, (21,) * 4, ((1, 4),) * 4)


def test_stage_day_gives_the_stage_number_and_who_is_banned_that_day():
    s = settings()  # stage 1: 1 February to 31 March, stage 2: 1 April to 31 May
    banned = (DisqualifiedPlayer("A", dt.date(2015, 3, 1), dt.date(2015, 3, 10), "", 0),
              DisqualifiedPlayer("B", dt.date(2015, 3, 5), None, "", 0))
    assert _stage_day(dt.date(2015, 2, 28), s, banned) == (1, frozenset())
    assert _stage_day(dt.date(2015, 3, 5), s, banned) == (1, frozenset({"A", "B"}))
    assert _stage_day(dt.date(2015, 4, 1), s, banned) == (2, frozenset({"B"}))
    assert _stage_day(dt.date(2015, 6, 1), s, ()) == (None, frozenset())
