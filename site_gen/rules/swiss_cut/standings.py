"""Standings after a round, spec step 2. Pure.

Keys, all descending: MI, score, mahjongs summed over rounds 1..R, then the judge's order.
Players still equal share the rank (listed by name); cuts and seatings need a strict order,
which puts such players in registration order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from typing import Iterable

from site_gen.lookups import first_of
from site_gen.ranking import rank_desc
from site_gen.rules.swiss_cut.mi import SeatResult


@dataclass(frozen=True)
class StandingRow:
    player: str
    rank: int
    points: Fraction  # MI
    score: int
    mahjongs: int
    judge: int  # the judge's order as a descending key: 0 for players the judge did not list
    rounds: int  # rounds played up to this one

    @property
    def keys(self) -> tuple:
        return (self.points, self.score, self.mahjongs, self.judge)


@dataclass(frozen=True)
class Standings:
    after: int  # the round number
    rows: tuple[StandingRow, ...]  # published order: rank, then name in code-point order
    order: tuple[str, ...]  # strict order for cuts and seatings: rank, then registration

    def row(self, player: str) -> StandingRow | None:
        return self._rows.get(player)

    def position(self, player: str) -> int | None:
        """0-based place in the strict order."""
        return self._positions.get(player)

    # indexes made once: pages and checks look up every player after every round
    @cached_property
    def _rows(self) -> dict[str, StandingRow]:
        return first_of((r.player, r) for r in self.rows)

    @cached_property
    def _positions(self) -> dict[str, int]:
        return first_of((p, i) for i, p in enumerate(self.order))

    def tie_groups(self) -> list[tuple[int, tuple[str, ...]]]:
        """(first 0-based position, players) of every group equal on every key, in the
        strict order (these players are ordered by registration alone)."""
        rows = {r.player: r for r in self.rows}
        groups: list[tuple[int, tuple[str, ...]]] = []
        start = 0
        while start < len(self.order):
            end = start + 1
            while end < len(self.order) and rows[self.order[end]].keys == rows[self.order[start]].keys:
                end += 1
            if end - start > 1:
                groups.append((start, self.order[start:end]))
            start = end
        return groups

    def undecided_at(self, line: int) -> tuple[str, ...]:
        """The tie group that a cut after `line` players would split, or ()."""
        for start, players in self.tie_groups():
            if start < line < start + len(players):
                return players
        return ()


def judge_keys(order: Iterable[str]) -> dict[str, int]:
    listed = list(order)
    return {player: len(listed) - index for index, player in enumerate(listed)}


def standings_after(
    round_number: int,
    players: Iterable[str],
    scored: Iterable[SeatResult],
    judge_order: tuple[str, ...],
    registration: dict[str, int],
) -> Standings:
    """The standings of `players` (those of round R) from every scored seat of rounds 1..R."""
    totals: dict[str, list] = {p: [Fraction(0), 0, 0, 0] for p in dict.fromkeys(players)}
    for seat in scored:
        if seat.player in totals and seat.points is not None:
            total = totals[seat.player]
            total[0] += seat.points
            total[1] += seat.seat.score
            total[2] += seat.seat.mahjongs
            total[3] += 1
    judge = judge_keys(judge_order)
    rows = [
        StandingRow(p, 0, t[0], t[1], t[2], judge.get(p, 0), t[3]) for p, t in totals.items()
    ]
    ranked = rank_desc(rows, keys=lambda r: r.keys, name=lambda r: r.player)
    published = tuple(
        StandingRow(r.item.player, r.rank, r.item.points, r.item.score, r.item.mahjongs, r.item.judge, r.item.rounds)
        for r in ranked
    )
    unknown = len(registration)  # a name not registered (check reports it) goes last
    strict = sorted(rows, key=lambda r: (registration.get(r.player, unknown), r.player))
    strict.sort(key=lambda r: r.keys, reverse=True)  # stable: equal keys keep registration order
    return Standings(round_number, published, tuple(r.player for r in strict))
