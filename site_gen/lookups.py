"""Indexes made once, so that a page or check per player looks a player up in constant
time instead of scanning every row, seat or game again (pure)."""

from __future__ import annotations

from typing import Hashable, Iterable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def first_of(pairs: Iterable[tuple[K, V]]) -> dict[K, V]:
    """Each key's first value, in the order the keys first come."""
    found: dict[K, V] = {}
    for key, value in pairs:
        found.setdefault(key, value)
    return found


def grouped(pairs: Iterable[tuple[K, V]]) -> dict[K, list[V]]:
    """Each key's values, in the order they come."""
    found: dict[K, list[V]] = {}
    for key, value in pairs:
        found.setdefault(key, []).append(value)
    return found
