"""Places at a table from the scores, shared places averaged. Pure, used by every rule set
that awards points per place (table points, MI)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from site_gen.lookups import MemoDict

Places = tuple[int, int]  # (first, last) place occupied; equal when not shared


def shared_place_points(scores: tuple[int, ...], points: tuple[int, ...]) -> tuple[tuple[Fraction, ...], tuple[Places, ...]]:
    """Each seat's points and places: highest score first; equal scores share the places
    they occupy and each gets the average of those places' points (exactly)."""
    return _by_pattern(_firsts(scores), points)


def shared_place_points_of(tables: Sequence[tuple[int, ...]],
                           points: tuple[int, ...]) -> list[tuple[tuple[Fraction, ...], tuple[Places, ...]]]:
    """shared_place_points of each table's scores, the same objects, without two calls and
    an lru_cache key per table: a large marathon has 100,000 tables."""
    answer = MemoDict(lambda firsts: _by_pattern(firsts, points)).__getitem__  # hashes only the pattern
    return list(map(answer, map(_firsts, tables)))


def _firsts(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's first place, 0-based: the number of higher scores. A table has few such
    patterns, so each pattern's answer is made once (_by_pattern)."""
    return tuple(map(sorted(scores, reverse=True).index, scores))


@lru_cache(maxsize=4096)
def _by_pattern(firsts: tuple[int, ...], points: tuple[int, ...]) -> tuple[tuple[Fraction, ...], tuple[Places, ...]]:
    """The answer for seats whose first places (0-based) are `firsts`: equal firsts are
    equal scores, sharing as many places as there are of them."""
    lasts = [first + firsts.count(first) - 1 for first in firsts]
    return (tuple(_share(points, first, last) for first, last in zip(firsts, lasts)),
            tuple((first + 1, last + 1) for first, last in zip(firsts, lasts)))


@lru_cache(maxsize=1024)
def _share(points: tuple[int, ...], start: int, end: int) -> Fraction:
    """The average points of places start..end (0-based): a handful of values, made once."""
    # a table larger than the list of points gives 0 for the places beyond it
    occupied = [points[k] if k < len(points) else 0 for k in range(start, end + 1)]
    return Fraction(sum(occupied), end - start + 1)


def unbalanced(scores: Sequence[int]) -> str:
    """What is wrong with a table's scores that do not add up to 0 (each seat wins what
    the others lose, so a typo in one score shows), else ''. Shared by the rule sets whose
    scores are such game points (swiss-cut's wists, online-marathon's game points)."""
    total = sum(scores)
    return f"the scores add up to {total}, not 0 (a typo in a score?)" if total else ""
