"""Spec step 1 (table points, all seven split-tie cases) and step 2 (per-game penalty)."""

from fractions import Fraction as F
from itertools import permutations

import pytest
from hypothesis import given, strategies as st

from site_gen.rules.online_marathon.model import GamePenalty, Sanctions
from site_gen.rules.online_marathon.scoring import compute, table_points

from marathon_helpers import data, game, settings

POINTS = (4, 2, 1, 0)


@pytest.mark.parametrize(
    "scores, expected",
    [
        ((40, 10, -10, -40), (4, 2, 1, 0)),  # no tie
        ((30, 30, -20, -40), (3, 3, 1, 0)),  # 1-2 shared: (4+2)/2
        ((30, 5, 5, -40), (4, F(3, 2), F(3, 2), 0)),  # 2-3: (2+1)/2
        ((30, 5, -20, -20), (4, 2, F(1, 2), F(1, 2))),  # 3-4: (1+0)/2
        ((10, 10, 10, -30), (F(7, 3), F(7, 3), F(7, 3), 0)),  # 1-3: (4+2+1)/3
        ((30, -10, -10, -10), (4, 1, 1, 1)),  # 2-4: (2+1+0)/3
        ((0, 0, 0, 0), (F(7, 4),) * 4),  # all four: 7/4
        ((20, 20, -20, -20), (3, 3, F(1, 2), F(1, 2))),  # 1-2 and 3-4 at once
    ],
)
def test_split_ties(scores, expected):
    tps, _ = table_points(scores, POINTS)
    assert tps == tuple(F(e) for e in expected)


def test_shared_places_are_reported_as_ranges():
    _, places = table_points((10, 10, 10, -30), POINTS)
    assert places == ((1, 3), (1, 3), (1, 3), (4, 4))
    _, places = table_points((30, 5, 5, -40), POINTS)
    assert places == ((1, 1), (2, 3), (2, 3), (4, 4))


def test_three_sevenths_sum_exactly():
    # 7/3 three times is exactly 7: no float residue
    tps, _ = table_points((1, 1, 1, 0), POINTS)
    assert sum(tps[:3]) == 7


scores4 = st.tuples(*[st.integers(-300, 300)] * 4)


@given(scores4)
def test_table_points_sum_to_seven(scores):
    tps, _ = table_points(scores, POINTS)
    assert sum(tps) == 7


@given(scores4, st.permutations(range(4)))
def test_seat_order_does_not_matter(scores, order):
    tps, places = table_points(scores, POINTS)
    shuffled = tuple(scores[i] for i in order)
    tps2, places2 = table_points(shuffled, POINTS)
    assert tps2 == tuple(tps[i] for i in order)
    assert places2 == tuple(places[i] for i in order)


@given(scores4)
def test_higher_score_never_earns_fewer_points(scores):
    tps, _ = table_points(scores, POINTS)
    for i, j in permutations(range(4), 2):
        if scores[i] > scores[j]:
            assert tps[i] > tps[j]


def _tp(result, gid):
    g = next(r for r in result.games if r.game.id == gid)
    return dict(zip(g.game.players, g.table_points))


def test_game_penalty_changes_places_at_the_table():
    # A 20, B 15: A first. A penalty of 10 game points makes A 10 < B 15: B first.
    g = game(1, "2015-02-10 20:00", [("A", 20), ("B", 15), ("C", 0), ("D", -35)])
    pen = Sanctions(game_penalties=(GamePenalty("A", "1", 10, "slow play", 1),))
    result = compute(data([g], pen), settings())
    assert _tp(result, "1") == {"A": 2, "B": 4, "C": 1, "D": 0}
    assert result.games[0].game_points == (10, 15, 0, -35)


def test_game_penalty_can_create_a_shared_place():
    g = game(1, "2015-02-10 20:00", [("A", 20), ("B", 15), ("C", 0), ("D", -35)])
    pen = Sanctions(game_penalties=(GamePenalty("A", "1", 5, "", 1),))
    result = compute(data([g], pen), settings())
    assert _tp(result, "1") == {"A": 3, "B": 3, "C": 1, "D": 0}


def test_two_penalties_in_one_game_add_up():
    g = game(1, "2015-02-10 20:00", [("A", 20), ("B", 15), ("C", 0), ("D", -35)])
    pen = Sanctions(game_penalties=(GamePenalty("A", "1", 10, "", 1), GamePenalty("A", "1", 20, "", 2)))
    result = compute(data([g], pen), settings())
    # A: 20 - 30 = -10, now third
    assert _tp(result, "1") == {"A": 1, "B": 4, "C": 2, "D": 0}
