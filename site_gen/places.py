"""Places at a table from the scores, shared places averaged. Pure, used by every rule set
that awards points per place (table points, MI)."""

from __future__ import annotations

from fractions import Fraction

Places = tuple[int, int]  # (first, last) place occupied; equal when not shared


def shared_place_points(scores: tuple[int, ...], points: tuple[int, ...]) -> tuple[tuple[Fraction, ...], tuple[Places, ...]]:
    """Each seat's points and places: highest score first; equal scores share the places
    they occupy and each gets the average of those places' points (exactly)."""
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    shares: list[Fraction] = [Fraction(0)] * len(scores)
    places: list[Places] = [(0, 0)] * len(scores)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and scores[order[end + 1]] == scores[order[start]]:
            end += 1
        # a table larger than the list of points gives 0 for the places beyond it
        occupied = [points[k] if k < len(points) else 0 for k in range(start, end + 1)]
        share = Fraction(sum(occupied), end - start + 1)
        for position in range(start, end + 1):
            shares[order[position]] = share
            places[order[position]] = (start + 1, end + 1)
        start = end + 1
    return tuple(shares), tuple(places)
