"""Memos that forked render workers hand back to the building process.

What a worker works out for serve's next build (a table's rendered rows, the digest of a
player's games) would end with it. Each memo registered here gives its new entries with
every chunk of pages a worker renders (`made_here`), and the building process keeps them
(`take`). The workers are forks: the list, and so the order of its memos, is the same in
every process.
"""

from __future__ import annotations

import os
from typing import Any, TypeVar


class HandedBack:
    """A memo whose entries made in a forked worker go back to the building process: the
    memo notes each with `_made`, and says how to keep one in `take`."""

    def __init__(self) -> None:
        self.owner = os.getpid()  # the process that builds
        self.made: list[Any] = []  # entries made in a forked worker since made_here() last ran

    def _made(self, entry: Any) -> None:
        if os.getpid() != self.owner:
            self.made.append(entry)

    def made_here(self) -> list:
        """The entries this forked worker made since the last call ([] in the building process)."""
        made, self.made = self.made, []
        return made

    def take(self, made: list) -> None:
        """Keep the entries a worker made (its made_here())."""
        raise NotImplementedError


_MEMOS: list[HandedBack] = []

M = TypeVar("M", bound=HandedBack)


def register(memo: M) -> M:
    _MEMOS.append(memo)
    return memo


def made_here() -> list[list]:
    return [memo.made_here() for memo in _MEMOS]


def take(made: list[list]) -> None:
    for memo, entries in zip(_MEMOS, made):
        memo.take(entries)
