"""The feed's marathon without its newest day: a game's stage day, the marathon table
without the newest day's games (hand-worked)."""

import datetime as dt

from site_gen.rules.online_marathon.history import without_day
from site_gen.rules.online_marathon.scoring import compute, score_games

from marathon_helpers import data, game, settings

# rating_min_games 1 and L = 10: with n < 10 both averages divide by 10, so score = TP / 10
S1 = settings(rating_min_games=1)


def seats(**scores):
    return list(scores.items())


def test_a_game_part_of_the_marathon_has_its_start_s_day_in_the_stage_zone():
    """01:00 Moscow on 10 February is still 9 February in San Diego; 05:00 Moscow on
    1 February is 31 January there, before the period; a friendly table is never part."""
    results = score_games(data([
        game(1, "2015-02-10 01:00", seats(A=30, B=10, C=0, D=-40)),
        game(2, "2015-02-01 05:00", seats(A=30, B=10, C=0, D=-40)),
        game(3, "2015-02-10 20:00", seats(A=30, B=10, C=0, D=-40), table="Friendly-1"),
        game(4, "2015-04-01 20:00", seats(A=30, B=10, C=0, D=-40)),
    ]), S1)
    assert [(r.part_of_marathon, r.stage, r.day) for r in results] == [
        (True, 1, dt.date(2015, 2, 10)), (False, None, None), (False, None, None), (True, 2, dt.date(2015, 4, 1))]


def test_the_marathon_without_its_newest_day():
    """Day 10: game 1 A 30, B 10, C 0, D -40 (TP 4, 2, 1, 0). Day 11: game 2 E 20, B 10,
    C 0, D -50 (4, 2, 1, 0). Without day 11: A 4/10, B 2/10, C 1/10, D 0, E gone; four
    eligible: NR 1000, 667, 333, 0, which are also their marathon totals (one stage)."""
    g1 = game(1, "2015-02-10 20:00", seats(A=30, B=10, C=0, D=-40))
    g2 = game(2, "2015-02-11 20:00", seats(E=20, B=10, C=0, D=-50))
    d = data([g1, g2])
    table = without_day(dt.date(2015, 2, 11), d, S1, compute(d, S1))
    assert [(m.player, m.rank, m.total_norm_rating) for m in table] == [
        ("A", 1, 1000), ("B", 2, 667), ("C", 3, 333), ("D", 4, 0)]
    assert table == compute(data([g1]), S1).marathon
