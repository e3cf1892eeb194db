"""A long sequence kept in runs: a year's million game outcomes, in game order.

`serve` takes out and puts in a few outcomes after every change; with one tuple, each
rebuild copied the million (touching every outcome, scattered in memory, to count a new
reference to it). With runs, only the runs that an edit falls in are copied.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Sequence
from itertools import chain, groupby
from typing import Any, Iterable

from site_gen.rules.best_span.model import SameAsItsItems

RUN = 4096  # items of a run as made; an edited run longer than twice this is cut again


class Runs(SameAsItsItems):
    """Items in order, as tuples (runs) of neighbours; never changed once made. Equal to
    any sequence of the same items in the same order."""

    __slots__ = ("runs", "_starts", "_length")

    def __init__(self, runs: Iterable[tuple]):
        self.runs = tuple(run for run in runs if run)
        self._starts = array("q")  # the position of each run's first item
        length = 0
        for run in self.runs:
            self._starts.append(length)
            length += len(run)
        self._length = length

    @classmethod
    def of(cls, items: Sequence) -> Runs:
        """The items in runs: themselves when they are Runs."""
        if isinstance(items, Runs):
            return items
        return cls(tuple(items[i:i + RUN]) for i in range(0, len(items), RUN))

    def __len__(self) -> int:
        return self._length

    def __iter__(self):
        return chain.from_iterable(self.runs)

    def __reversed__(self):
        return chain.from_iterable(map(reversed, reversed(self.runs)))

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self)[index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("Runs index out of range")
        run = bisect_right(self._starts, index) - 1
        return self.runs[run][index - self._starts[run]]

    def edited(self, edits: Iterable[tuple[int, bool, Any]]) -> Runs:
        """These items with edits (position, take out, item) made, each at its position in
        these items: taken out, or put in before the item there (at the end when the
        position is the length). Edits at one position are made in the order given, those
        putting in before the one taking out, so they stand in that order."""
        runs = list(self.runs) or [()]
        edits = sorted(edits, key=lambda edit: edit[0])
        for run, its in groupby(edits, key=lambda edit: self._run_of(edit[0])):
            start = self._starts[run] if self.runs else 0
            items = list(runs[run])
            for position, take_out, item in reversed(list(its)):  # from the last: each place stays its place
                if take_out:
                    del items[position - start]
                else:
                    items.insert(position - start, item)
            runs[run] = _cut(items)
        return Runs(chain.from_iterable(run if isinstance(run, list) else (run,) for run in runs))

    def _run_of(self, position: int) -> int:
        """The run an edit at `position` falls in: the last one for the end."""
        return bisect_right(self._starts, position) - 1 if self.runs else 0

    def __repr__(self) -> str:
        return f"Runs({len(self.runs)} runs, {self._length} items)"

    def __reduce__(self):
        return Runs, (self.runs,)


def _cut(items: list) -> tuple | list[tuple]:
    """An edited run, or runs of RUN items when it grew past twice that (a new day's games
    all go at the end)."""
    if len(items) <= 2 * RUN:
        return tuple(items)
    return [tuple(items[i:i + RUN]) for i in range(0, len(items), RUN)]
