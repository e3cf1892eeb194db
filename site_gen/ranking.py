"""Standard competition ranking (1, 2, 2, 4) over descending sort keys.

Pure: rows are ordered by their keys (higher is better), rows equal on every key share a
rank and are listed by name in Unicode code-point order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Sequence, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Ranked(Generic[T]):
    rank: int
    item: T


def rank_desc(
    items: Sequence[T], keys: Callable[[T], tuple], name: Callable[[T], str]
) -> list[Ranked[T]]:
    """Items sorted by `keys` descending (then `name` ascending), with shared ranks."""
    ordered = sorted(items, key=name)
    ordered.sort(key=keys, reverse=True)  # stable: equal keys keep name order
    result: list[Ranked[T]] = []
    for position, item in enumerate(ordered, start=1):
        if result and keys(result[-1].item) == keys(item):
            result.append(Ranked(result[-1].rank, item))
        else:
            result.append(Ranked(position, item))
    return result


def separating_key(a: tuple, b: tuple) -> int | None:
    """Index of the first key on which two rows differ (None when all are equal)."""
    for index, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return index
    return None
