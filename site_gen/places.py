"""Places at a table from the scores, shared places averaged. Pure, used by every rule set
that awards points per place (table points, MI)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

Places = tuple[int, int]  # (first, last) place occupied; equal when not shared


def shared_place_points(scores: tuple[int, ...], points: tuple[int, ...]) -> tuple[tuple[Fraction, ...], tuple[Places, ...]]:
    """Each seat's points and places: highest score first; equal scores share the places
    they occupy and each gets the average of those places' points (exactly)."""
    order = sorted(range(len(scores)), key=scores.__getitem__, reverse=True)
    shares: list[Fraction] = [Fraction(0)] * len(scores)
    places: list[Places] = [(0, 0)] * len(scores)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and scores[order[end + 1]] == scores[order[start]]:
            end += 1
        share = _share(points, start, end)
        for position in range(start, end + 1):
            shares[order[position]] = share
            places[order[position]] = (start + 1, end + 1)
        start = end + 1
    return tuple(shares), tuple(places)


@lru_cache(maxsize=1024)
def _share(points: tuple[int, ...], start: int, end: int) -> Fraction:
    """The average points of places start..end (0-based): a handful of values, made once."""
    # a table larger than the list of points gives 0 for the places beyond it
    occupied = [points[k] if k < len(points) else 0 for k in range(start, end + 1)]
    return Fraction(sum(occupied), end - start + 1)

