"""The integer paths of the online marathon's computation (the best run found on table
points first, norm ratings without a Fraction, table points in twelfths), places of many
tables at once and the kept rows of a csv read again; each case worked out by hand."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F

from site_gen.places import shared_place_points, shared_place_points_of
from site_gen.rules.online_marathon.model import DisqualifiedGame, DisqualifiedPlayer, GamePenalty, Sanctions
from site_gen.rules.online_marathon.scoring import compute, score_games
from site_gen.rules.online_marathon.stage import _best_run, norm_ratings
from site_gen.values import round_half_up_ratio

from marathon_helpers import data, game, settings


# --- the best run -----------------------------------------------------------------------


def test_best_run_highest_table_points_first():
    # runs of 2: TP 1, 3, 2 -> the second, whatever the game points
    assert _best_run([0, 1, 2, 0], [90, -5, -5, 90], 2) == (1, 3)


def test_best_run_tied_table_points_go_to_the_higher_game_points():
    # runs of 2: TP 2, 1, 2; the first and the last tie, GP 0 and 10: the last
    assert _best_run([1, 1, 0, 2], [5, -5, 10, 0], 2) == (2, 4)


def test_best_run_tied_on_both_is_the_earliest():
    # runs of 2: TP 2, 2, 2; GP 1, 0, 1: the first and the last tie again: the first
    assert _best_run([1, 1, 1, 1], [1, 0, 0, 1], 2) == (0, 2)


def test_best_run_of_fewer_games_than_a_series_is_all_of_them():
    assert _best_run([3, 1], [0, 0], 3) == (0, 2)


# --- norm ratings ---------------------------------------------------------------------


def test_round_half_up_ratio_in_lowest_terms_or_not():
    assert round_half_up_ratio(1000, 16) == 63  # 62.5, a half: up
    assert round_half_up_ratio(2000, 32) == 63
    assert round_half_up_ratio(2000, 3) == 667 and round_half_up_ratio(1000, 3) == 333
    assert round_half_up_ratio(0, 5) == 0


class Row_:
    def __init__(self, player, n, keys):
        self.player, self.n, self.keys = player, n, keys


def test_norm_ratings_of_seventeen_players_rounds_the_halves_up():
    # 17 eligible in 17 places: NR = 1000 * (17 - place) / 16; place 16 gives 62.5 -> 63
    rows = [Row_(f"P{place:02}", 5, (F(-place),)) for place in range(1, 18)]
    ratings = norm_ratings(rows, 4)
    assert ratings["P01"] == 1000 and ratings["P16"] == 63 and ratings["P17"] == 0
    assert ratings["P09"] == 500 and ratings["P02"] == 938  # 937.5 -> 938


def test_norm_ratings_share_a_place_and_skip_the_ineligible():
    rows = [Row_("A", 5, (F(3),)), Row_("x", 1, (F(2),)), Row_("B", 5, (F(1),)), Row_("C", 4, (F(1),)),
            Row_("D", 6, (F(0),))]
    # eligible A, B, C, D; B and C share place 2: 1000 * 2 / 3 = 666.7 -> 667
    assert norm_ratings(rows, 4) == {"A": 1000, "B": 667, "C": 667, "D": 0}


# --- places of many tables ----------------------------------------------------------------


def test_shared_place_points_of_many_tables():
    tables = [(40, 10, 0, -50), (5, 5, -3, -7), (1, 1, 1, 1), (40, 10, 0, -50)]
    answers = shared_place_points_of(tables, (4, 2, 1, 0))
    assert answers[0] == ((F(4), F(2), F(1), F(0)), ((1, 1), (2, 2), (3, 3), (4, 4)))
    assert answers[1] == ((F(3), F(3), F(1), F(0)), ((1, 2), (1, 2), (3, 3), (4, 4)))  # (4 + 2) / 2 each
    assert answers[2] == ((F(7, 4),) * 4, ((1, 4),) * 4)  # (4 + 2 + 1 + 0) / 4 each
    # the very tuples shared_place_points gives (pages work out each one's texts once)
    assert answers[3][0] is answers[0][0] is shared_place_points(tables[0], (4, 2, 1, 0))[0]
    assert shared_place_points_of([], (4, 2, 1, 0)) == []


# --- games scored ---------------------------------------------------------


def test_scored_games_field_by_field():
    seats = [("A", 40), ("B", 10), ("C", 0), ("D", -50)]
    games = [
        game(1, "2015-02-10 20:00", seats),  # stage 1, B banned that day
        game(2, "2015-02-10 21:00", seats, table="Lobby-7"),  # not a marathon table
        game(3, "2015-01-20 20:00", seats),  # before the period
        game(4, "2015-04-02 20:00", seats),  # stage 2, disqualified
        game(5, "2015-04-03 20:00", seats),  # stage 2, A fined 60: -20, second to B
        game(6, "2015-07-01 20:00", seats),  # in the period, in no stage
    ]
    sanctions = Sanctions(
        disqualified_games=(DisqualifiedGame("4", "", 0),),
        disqualified_players=(DisqualifiedPlayer("B", dt.date(2015, 2, 10), dt.date(2015, 2, 10), "", 0),),
        game_penalties=(GamePenalty("A", "5", 60, "", 0),),
    )
    results = score_games(data(games, sanctions), settings())
    updated = compute(data(games, sanctions), settings()).updated
    fields = [(r.part_of_marathon, r.stage, r.disqualified, r.counts_for, r.day) for r in results]
    assert fields == [
        (True, 1, False, frozenset("ACD"), dt.date(2015, 2, 10)),
        (False, None, False, frozenset(), None),
        (False, None, False, frozenset(), None),
        (True, 2, True, frozenset(), dt.date(2015, 4, 2)),
        (True, 2, False, frozenset("ABCD"), dt.date(2015, 4, 3)),
        (True, None, False, frozenset(), dt.date(2015, 7, 1)),
    ]
    assert results[4].game_points == (-20, 10, 0, -50)
    assert results[4].table_points == (F(1), F(4), F(2), F(0)) and results[4].places == ((3, 3), (1, 1), (2, 2), (4, 4))
    assert results[0].table_points == (F(4), F(2), F(1), F(0)) and results[0].game == games[0]
    assert results[4].twelfths == (12, 48, 24, 0)  # table points in twelfths
    assert updated == dt.date(2015, 7, 1)
    assert score_games(data([], sanctions), settings()) == ()
