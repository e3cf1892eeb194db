"""Standard competition ranking (1, 2, 2, 4) over descending sort keys.

Pure: rows are ordered by their keys (higher is better), rows equal on every key share a
rank and are listed by name in Unicode code-point order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Sequence, TypeVar

from site_gen.model import RankReason

T = TypeVar("T")


@dataclass(frozen=True)
class Ranked(Generic[T]):
    rank: int
    item: T


def rank_desc(
    items: Sequence[T], keys: Callable[[T], tuple], name: Callable[[T], str]
) -> list[Ranked[T]]:
    """Items sorted by `keys` descending (then `name` ascending), with shared ranks."""
    by_name = sorted(items, key=name)
    row_keys = [keys(item) for item in by_name]  # each row's keys made once
    order = sorted(range(len(by_name)), key=row_keys.__getitem__, reverse=True)  # stable: ties keep name order
    result: list[Ranked[T]] = []
    rank, previous = 0, None
    for position, index in enumerate(order, start=1):
        if position == 1 or row_keys[index] != previous:
            rank, previous = position, row_keys[index]
        result.append(Ranked(rank, by_name[index]))
    return result


def separating_key(a: tuple, b: tuple) -> int | None:
    """Index of the first key on which two rows differ (None when all are equal)."""
    for index, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return index
    return None


def rank_reasons(
    ordered: Sequence[T],
    keys: Callable[[T], tuple],
    key_names: Sequence[str],
    name: Callable[[T], str],
    decimals: Sequence[int] | None = None,
    shown: Sequence[Callable[[object], object] | None] | None = None,
) -> dict[int, RankReason]:
    """Why each row of a ranked table stands above the next: the separating key (named by
    `key_names`, messages marked with N_()) and both values, or a shared place.

    `ordered` is the table's order (as rank_desc gives it); the last row gets no reason.
    `shown[i]`, where given, turns key i's value into the value a reader sees (a key kept
    negative so that higher is better, a position, or a Text such as "no span yet")."""
    reasons: dict[int, RankReason] = {}
    for index in range(len(ordered) - 1):
        a, b = keys(ordered[index]), keys(ordered[index + 1])
        which = separating_key(a, b)
        following = name(ordered[index + 1])
        if which is None:
            reasons[index] = RankReason(None, next_player=following)
        else:
            show = shown[which] if shown and shown[which] else (lambda value: value)
            reasons[index] = RankReason(key_names[which], show(a[which]), show(b[which]), following,
                                        decimals[which] if decimals else 3)
    return reasons
