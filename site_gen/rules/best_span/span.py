"""The best span over a circle of games, in O(n) (spec step 3). Pure.

Points and weights are never negative, so for each start the shortest run that reaches
the target is also its lightest, and that shortest run's end never moves backwards as the
start moves on: two pointers over the sequence written twice visit each game at most
three times.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class Span:
    start: int  # index of the first game
    length: int  # games in the run; start + length > n when it wraps
    weight: int  # total weight, in the caller's units (hundredths of a game)
    points: object  # total points (int or Fraction, as given)
    wraps: bool

    def indexes(self, n: int) -> list[int]:
        return [(self.start + k) % n for k in range(self.length)]


def best_span(points: Sequence, weights: Sequence[int], target) -> Span | None:
    """The run of consecutive games (wrapping from the last to the first, no game twice)
    whose points reach `target` with the smallest total weight; then the fewest games;
    then the earliest first game. None when all the games together stay below `target`."""
    n = len(points)
    if n != len(weights):
        raise ValueError("points and weights differ in length")
    if target <= 0:
        raise ValueError("the target must be positive")
    if n == 0 or sum(points) < target:
        return None
    twice_points, twice_weights = [*points, *points], [*weights, *weights]  # the circle, unrolled
    best: tuple | None = None
    end = 0  # exclusive, on the doubled sequence
    got_points, got_weight = 0, 0
    for start in range(n):
        while got_points < target:  # never passes start + n: the whole circle reaches it
            got_points += twice_points[end]
            got_weight += twice_weights[end]
            end += 1
        # starts only grow, so (weight, length) decides: on a tie the earlier start stays
        if best is None or got_weight < best[0] or (got_weight == best[0] and end - start < best[1]):
            best = (got_weight, end - start, start, got_points)
        got_points -= points[start]
        got_weight -= weights[start]
    weight, length, start, total = best
    return Span(start, length, weight, total, start + length > n)
