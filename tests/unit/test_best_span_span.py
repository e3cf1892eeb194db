"""The best span over a circle (spec step 3): hand-worked cases for every rule and
tie-break, the regulation's arithmetic, and the O(n) method against the definition."""

from __future__ import annotations

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from site_gen.rules.best_span.span import Span, best_span


def brute_force(points, weights, target):
    """The definition: every run of every length 1..n from every start (no game twice)."""
    n = len(points)
    best = None
    for start in range(n):
        for length in range(1, n + 1):
            idx = [(start + k) % n for k in range(length)]
            got = sum(points[i] for i in idx)
            if got >= target:
                key = (sum(weights[i] for i in idx), length, start)
                if best is None or key < best[0]:
                    best = (key, got)
    if best is None:
        return None
    (weight, length, start), got = best
    return Span(start, length, weight, got, start + length > n)


def test_a_run_inside_the_sequence():
    # points 0 4 4 0, target 8: only games 2-3 (indexes 1-2) reach 8 in 2 games, weight 2.00
    assert best_span([0, 4, 4, 0], [100] * 4, 8) == Span(1, 2, 200, 8, False)


def test_the_run_wraps_from_the_last_game_to_the_first():
    # points 4 0 0 0 4, target 8: the last game and the first give 4 + 4 = 8 in 2 games;
    # without wrapping it takes all 5 games
    assert best_span([4, 0, 0, 0, 4], [100] * 5, 8) == Span(4, 2, 200, 8, True)


def test_lighter_beats_fewer_games():
    # two red wins (4 points, 1.05 each) reach 8 in 2 games weighing 2.10; four direct-event
    # 2nd places (2 points, weight 0) reach 8 in 4 games weighing 0.00: the lighter wins
    points = [4, 4, 2, 2, 2, 2]
    weights = [105, 105, 0, 0, 0, 0]
    assert best_span(points, weights, 8) == Span(2, 4, 0, 8, False)


def test_equal_weight_the_fewest_games_win():
    # p = 4 0 4 4, w = 1 0 1 1 (the 0-point game is a direct-event 4th place, weight 0)
    # games 1-3: 4+0+4 = 8 weighing 2.00 in 3 games; games 3-4: 4+4 = 8 weighing 2.00 in 2
    # games; games 4,1 (wrapping): 8 weighing 2.00 in 2 games. 2 games win; of the two
    # runs of 2, the one starting at game 3 comes first.
    assert best_span([4, 0, 4, 4], [100, 0, 100, 100], 8) == Span(2, 2, 200, 8, False)


def test_equal_weight_and_games_the_earliest_first_game_wins_and_a_wrap_starts_late():
    # p = 4 0 0 4 4, target 8: games 4-5 (start index 3) and games 5,1 (start index 4,
    # wrapping) both weigh 2.00 in 2 games; the wrapping run starts late
    assert best_span([4, 0, 0, 4, 4], [100] * 5, 8) == Span(3, 2, 200, 8, False)


def test_below_the_target_there_is_no_span():
    # 4 + 2 + 1 + 0 = 7 < 8
    assert best_span([4, 2, 1, 0], [100] * 4, 8) is None
    assert best_span([], [], 500) is None


def test_the_whole_circle_when_only_it_reaches_the_target():
    # 1 + 1 + 1 = 3 needs all three games: from the first, no wrap (other starts wrap)
    assert best_span([1, 1, 1], [100] * 3, 3) == Span(0, 3, 300, 3, False)


def test_only_direct_games_weigh_nothing():
    # three direct-event wins, weight 0 each: two of them reach 8, the first two
    assert best_span([4, 4, 4], [0, 0, 0], 8) == Span(0, 2, 0, 8, False)


def test_a_span_may_overshoot_the_target():
    # 4 + 4 = 8 >= 6 in 2 games; no single game reaches 6
    assert best_span([4, 4], [100, 100], 6) == Span(0, 2, 200, 8, False)


@pytest.mark.parametrize("weight, expected", [(100, 28500), (105, 29925)])
def test_regulation_places_1_2_3_4_repeated_100_times(weight, expected):
    # 4+2+1+0 = 7 points every 4 games (1.75 a game). 71 cycles = 284 games = 497 points,
    # and any 284 consecutive games are exactly 71 cycles: 285 games are needed, starting on
    # a 1st place (497 + 4 = 501). 285 x 1.00 = 285.00; all red: 285 x 1.05 = 299.25.
    span = best_span([4, 2, 1, 0] * 100, [weight] * 400, 500)
    assert (span.length, span.weight, span.points, span.start, span.wraps) == (285, expected, 501, 0, False)


@pytest.mark.parametrize("weight, expected", [(100, 20600), (105, 21630)])
def test_regulation_places_1111_222_33_4_repeated_40_times(weight, expected):
    # a cycle of 10 places 1,1,1,1,2,2,2,3,3,4 gives 4*4 + 3*2 + 2*1 + 0 = 24 (2.4 a game);
    # 20 cycles = 200 games = 480 points; 20 more in the fewest games: the best 5 in a row
    # (4,4,4,4,2) give 18 < 20, the best 6 (4,4,4,4,2,2) give 20. So 206 games from a
    # cycle's first game: 206 x 1.00 = 206.00; all red: 206 x 1.05 = 216.30.
    span = best_span([4, 4, 4, 4, 2, 2, 2, 1, 1, 0] * 40, [weight] * 400, 500)
    assert (span.length, span.weight, span.points, span.start, span.wraps) == (206, expected, 500, 0, False)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError):
        best_span([1, 2], [100], 1)
    with pytest.raises(ValueError):
        best_span([1, 2], [100, 100], 0)


@hsettings(max_examples=3000, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([0, 0, 1, 2, 4]), st.sampled_from([0, 100, 105, 100])), max_size=30),
       st.integers(1, 40))
def test_the_two_pointer_method_agrees_with_the_definition(games, target):
    points = [p for p, _ in games]
    weights = [w for _, w in games]
    assert best_span(points, weights, target) == brute_force(points, weights, target)


@hsettings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 250)), min_size=1, max_size=60), st.integers(1, 200))
def test_any_non_negative_numbers_agree_too(games, target):
    points = [p for p, _ in games]
    weights = [w for _, w in games]
    assert best_span(points, weights, target) == brute_force(points, weights, target)
