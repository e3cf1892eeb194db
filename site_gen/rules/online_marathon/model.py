"""The loaded data of an online marathon: games as written and the sanctions file."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    id: str
    table: str
    started_at: dt.datetime  # time-zone aware
    players: tuple[str, str, str, str]
    scores: tuple[int, int, int, int]
    line: int


@dataclass(frozen=True)
class DisqualifiedGame:
    game: str
    reason: str
    line: int


@dataclass(frozen=True)
class DisqualifiedPlayer:
    player: str
    first: dt.date
    last: dt.date | None  # open when missing
    reason: str
    line: int

    def covers(self, day: dt.date) -> bool:
        return self.first <= day and (self.last is None or day <= self.last)


@dataclass(frozen=True)
class GamePenalty:
    player: str
    game: str
    game_points: int
    reason: str
    line: int


@dataclass(frozen=True)
class StagePenalty:
    player: str
    stage: int
    game_points: int
    table_points: int
    reason: str
    line: int


@dataclass(frozen=True)
class Sanctions:
    disqualified_games: tuple[DisqualifiedGame, ...] = ()
    disqualified_players: tuple[DisqualifiedPlayer, ...] = ()
    game_penalties: tuple[GamePenalty, ...] = ()
    stage_penalties: tuple[StagePenalty, ...] = ()


@dataclass(frozen=True)
class MarathonData:
    games: tuple[Game, ...]
    sanctions: Sanctions
    games_path: str = "games.csv"
    sanctions_path: str = "sanctions.yaml"
