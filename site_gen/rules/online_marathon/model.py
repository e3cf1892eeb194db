"""The online marathon's settings and loaded data: games as written and the sanctions."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

from site_gen.model import Period


@dataclass(frozen=True)
class Stage:
    number: int
    first: dt.date
    last: dt.date
    name: str

    def contains(self, day: dt.date) -> bool:
        return self.first <= day <= self.last


@dataclass(frozen=True)
class Settings:
    period: Period
    stages: tuple[Stage, ...]
    timezone: ZoneInfo = ZoneInfo("America/Los_Angeles")
    stage_timezone: ZoneInfo = ZoneInfo("Europe/Moscow")
    games_timezone: ZoneInfo | None = None
    table_pattern: re.Pattern = re.compile(r"^RU-Marathon-\d+$")
    place_points: tuple[int, ...] = (4, 2, 1, 0)
    series_length: int = 10
    rating_min_games: int = 4
    counted_stages: int = 4

    def stage_of(self, day: dt.date) -> Stage | None:
        return next((s for s in self.stages if s.contains(day)), None)


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
    players: dict[str, dict[str, str]] = field(default_factory=dict)  # players.csv details by name
