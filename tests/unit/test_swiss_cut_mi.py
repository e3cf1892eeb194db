"""swiss-cut spec step 1: a round's MI = place MI + limit hands + scale MI - penalty.

Every expected value is worked out by hand from the regulation's defaults:
place MI (3, 2, 1, 0); 2 MI per limit hand; scale |score| <= 256 -> 1, <= 512 -> 2,
<= 1024 -> 3, <= 2000 -> 4, above -> 5, signed like the score, 0 for 0.
"""

from fractions import Fraction as F
from itertools import permutations

import pytest
from hypothesis import given, strategies as st

from site_gen.rules.swiss_cut.mi import place_points, scale_points, score_table
from site_gen.rules.swiss_cut.model import DEFAULT_SCALE, Seat

from swiss_cut_helpers import seats, settings

PLACES = (3, 2, 1, 0)


@pytest.mark.parametrize(
    "score, mi",
    [
        (0, 0),  # spec: 0 gives 0 (the regulation's "0-256 = 1" reads otherwise; the spec wins)
        (1, 1), (-1, -1),
        (256, 1), (-256, -1),  # the first bound itself still gives 1
        (257, 2), (-257, -2),  # one past it: the next step
        (512, 2), (-512, -2),
        (513, 3), (-513, -3),
        (1024, 3), (-1024, -3),
        (1025, 4), (-1025, -4),
        (2000, 4), (-2000, -4),  # 2000 is the limit hand's value: still 4
        (2001, 5), (-2001, -5),  # null bound: everything above 2000
        (100000, 5), (-100000, -5),
        (-300, -2),  # the spec's own example
    ],
)
def test_scale_bounds(score, mi):
    assert scale_points(score, DEFAULT_SCALE) == mi


def test_a_custom_scale():
    scale = ((100, 1), (None, 2))
    assert [scale_points(s, scale) for s in (100, 101, -101, 0)] == [1, 2, -2, 0]


@pytest.mark.parametrize(
    "scores, expected",
    [
        ((300, 100, -150, -250), (3, 2, 1, 0)),  # no tie
        ((500, 500, -400, -600), (F(5, 2), F(5, 2), 1, 0)),  # 1-2 shared: (3+2)/2 (spec: "two sharing 1-2 get 2.5")
        ((700, -100, -100, -500), (3, F(3, 2), F(3, 2), 0)),  # 2-3: (2+1)/2
        ((600, 200, -400, -400), (3, 2, F(1, 2), F(1, 2))),  # 3-4: (1+0)/2
        ((100, 100, 100, -300), (2, 2, 2, 0)),  # 3-way 1-3: (3+2+1)/3 = 2
        ((900, -300, -300, -300), (3, 1, 1, 1)),  # 3-way 2-4: (2+1+0)/3 = 1
        ((0, 0, 0, 0), (F(3, 2),) * 4),  # 4-way: (3+2+1+0)/4 = 3/2
        ((-300, 300, -300, 300), (F(1, 2), F(5, 2), F(1, 2), F(5, 2))),  # 1-2 and 3-4 at once, any seats
    ],
)
def test_shared_places_average_their_mi(scores, expected):
    shares, _ = place_points(scores, PLACES)
    assert shares == tuple(F(e) for e in expected)


def test_shared_places_are_ranges():
    _, places = place_points((100, 100, 100, -300), PLACES)
    assert places == ((1, 3), (1, 3), (1, 3), (4, 4))
    _, places = place_points((700, -100, -100, -500), PLACES)
    assert places == ((1, 1), (2, 3), (2, 3), (4, 4))


def test_the_four_parts_with_a_limit_hand_and_a_penalty():
    # E 300 with one limit hand: place 3 + limit 2x1 + scale 2 (257..512) = 7
    # S 100: 2 + 0 + 1 = 3
    # W -150: 1 + 0 - 1 = 0
    # N -250, penalty 5 for ignoring "last hand": 0 + 0 - 1 - 5 = -6
    table = score_table(1, tuple(seats(1, ("E", 300, 2, 1), ("S", 100, 1), ("W", -150), ("N", -250, 0, 0, 5))), settings())
    parts = [(s.place_points, s.limit_points, s.scale_points, s.seat.penalty, s.points) for s in table.seats]
    assert parts == [(3, 2, 2, 0, 7), (2, 0, 1, 0, 3), (1, 0, -1, 0, 0), (0, 0, -1, 5, -6)]
    assert [s.wind for s in table.seats] == [0, 1, 2, 3]


def test_two_limit_hands_and_a_changed_limit_setting():
    # two limit hands at the default 2 MI each: 4; at limit_hand_points 3: 6.
    # place 1st (3) + scale for 2400 (> 2000: 5) = 8, plus the limit MI
    rows = seats(1, ("A", 2400, 2, 2), ("B", -800), ("C", -800), ("D", -800))
    default = score_table(1, tuple(rows), settings())
    assert default.seats[0].limit_points == 4 and default.seats[0].points == 12
    custom = score_table(1, tuple(rows), settings(limit_hand_points=3))
    assert custom.seats[0].limit_points == 6 and custom.seats[0].points == 14
    # B, C, D share 2-4: (2+1+0)/3 = 1 each, scale -800 -> -3: 1 - 3 = -2
    assert [s.points for s in default.seats[1:]] == [-2, -2, -2]


def test_a_shared_place_with_its_scale_and_the_total():
    # 500/500 share 1-2: 5/2 + 2 = 9/2 each; -400: 1 - 2 = -1; -600: 0 - 3 = -3
    table = score_table(3, tuple(seats(3, ("A", 500), ("B", 500), ("C", -400), ("D", -600))), settings())
    assert [s.points for s in table.seats] == [F(9, 2), F(9, 2), -1, -3]


def test_a_table_without_every_score_has_no_mi_yet():
    rows = seats(2, ("A", 300), ("B", None), ("C", -100), ("D", -200))
    table = score_table(2, tuple(rows), settings())
    assert not table.complete and table.score_sum is None
    assert all(s.points is None and s.place_points is None for s in table.seats)


def test_changed_place_points():
    # place_points [4, 2, 1, 0]: sharing 1-2 gives (4+2)/2 = 3
    shares, _ = place_points((10, 10, -5, -15), (4, 2, 1, 0))
    assert shares == (3, 3, 1, 0)


# --- properties ---------------------------------------------------------------------------

scores4 = st.tuples(*[st.integers(-3000, 3000)] * 4)


@given(scores4)
def test_place_mi_always_sums_to_six(scores):
    shares, _ = place_points(scores, PLACES)
    assert sum(shares) == 6


@given(scores4, st.permutations(range(4)))
def test_seat_order_does_not_change_anyones_place_mi(scores, order):
    shares, places = place_points(scores, PLACES)
    moved_shares, moved_places = place_points(tuple(scores[i] for i in order), PLACES)
    assert tuple(moved_shares) == tuple(shares[i] for i in order)
    assert tuple(moved_places) == tuple(places[i] for i in order)


@given(st.integers(-10**6, 10**6))
def test_scale_is_odd_and_monotone(score):
    mi = scale_points(score, DEFAULT_SCALE)
    assert mi == -scale_points(-score, DEFAULT_SCALE)
    assert abs(mi) <= abs(scale_points(score + (1 if score >= 0 else -1), DEFAULT_SCALE))
    assert (mi > 0) == (score > 0) and (mi == 0) == (score == 0)


@given(scores4)
def test_a_higher_score_never_gets_less_place_mi(scores):
    shares, _ = place_points(scores, PLACES)
    for a, b in permutations(range(4), 2):
        if scores[a] > scores[b]:
            assert shares[a] > shares[b]
        elif scores[a] == scores[b]:
            assert shares[a] == shares[b]


def test_seat_defaults():
    assert Seat(1, "A", 0) == Seat(1, "A", 0, 0, 0, 0, 0)
