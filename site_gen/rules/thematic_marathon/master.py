"""The Master tournament's table from master.csv (spec step 12). Pure.

Rounds a, b, c make one ranking; its best half (8 of 16) play rounds d and e and add
those points. The spec fixes no tie-break here: equal points go to the Master
qualification order (the order of step 10), then seeding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from site_gen.rules.thematic_marathon.model import Game, Settings

FIRST_ROUNDS = ("a", "b", "c")


@dataclass(frozen=True)
class MasterRow:
    rank: int
    player: str
    first_points: int  # rounds a-c
    second_points: int  # rounds d-e
    played: int
    second_phase: bool  # among the best half after round c

    @property
    def points(self) -> int:
        return self.first_points + self.second_points


@dataclass(frozen=True)
class MasterTable:
    rows: tuple[MasterRow, ...]
    games: tuple[Game, ...]
    second_phase_size: int


def master_table(games: Sequence[Game], qualifiers: Sequence, settings: Settings, seed: Callable[[str], tuple]) -> MasterTable:
    order = {q.player: i for i, q in enumerate(qualifiers)}
    players = list(dict.fromkeys([q.player for q in qualifiers] + [p for g in games for p in g.players]))
    first = {p: 0 for p in players}
    second = {p: 0 for p in players}
    played = {p: 0 for p in players}
    for g in games:
        if g.result is None:
            continue
        target = first if g.round in FIRST_ROUNDS else second
        for p, value in zip(g.players, g.points(settings.game_points)):
            target[p] += value
            played[p] += 1

    def tie(p: str) -> tuple:
        return (order.get(p, len(order)), seed(p))

    after_c = sorted(players, key=lambda p: (-first[p], *tie(p)))
    half = settings.master_size // 2
    best, rest = after_c[:half], after_c[half:]
    place = {p: i for i, p in enumerate(after_c)}
    best.sort(key=lambda p: (-(first[p] + second[p]), place[p]))
    rows = tuple(
        MasterRow(i + 1, p, first[p], second[p], played[p], i < len(best))
        for i, p in enumerate(best + rest)
    )
    return MasterTable(rows, tuple(games), half)
