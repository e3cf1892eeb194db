"""Indexes made once, so that a page or check per player looks a player up in constant
time instead of scanning every row, seat or game again (pure)."""

from __future__ import annotations

from typing import Callable, Hashable, Iterable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def first_of(pairs: Iterable[tuple[K, V]]) -> dict[K, V]:
    """Each key's first value, in the order the keys first come."""
    found: dict[K, V] = {}
    for key, value in pairs:
        found.setdefault(key, value)
    return found


class MemoDict(dict):
    """function(key), worked out at a key's first lookup and kept (while fewer than `limit`
    are kept): for values that repeat across a million rows, each worked out once and then
    looked up at dict speed (`memo.__getitem__` maps in C)."""

    def __init__(self, function: Callable[[K], V], limit: int | None = None):
        super().__init__()
        self.function, self.limit = function, limit

    def __missing__(self, key: K) -> V:
        value = self.function(key)
        if self.limit is None or len(self) < self.limit:
            self[key] = value
        return value


def grouped(pairs: Iterable[tuple[K, V]]) -> dict[K, list[V]]:
    """Each key's values, in the order they come."""
    found: dict[K, list[V]] = {}
    for key, value in pairs:
        found.setdefault(key, []).append(value)
    return found
