"""The best-span settings and loaded data (pure: no parser is imported here).

Exact values throughout: points and the target are Fractions, weights are whole
hundredths of a game (1.05 -> 105), scores are tenths of a point (+48.9 -> 489).
"""

from __future__ import annotations

import datetime as dt
from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat
from operator import attrgetter
from typing import Any, Iterable, NamedTuple
from zoneinfo import ZoneInfo

from site_gen.model import Period

JST = ZoneInfo("Asia/Tokyo")
KINDS = ("direct", "plain", "red")
NO_NAME = "NoName"
ORDER = ("day", "hour", "minute", "file", "line")  # the fields that order games
game_order = attrgetter(*ORDER)  # a game's sort key (Game.order), cheaper than the property in a sort


@dataclass(frozen=True)
class Window:
    """An open window: both ends included, to the minute, aware datetimes."""

    first: dt.datetime
    last: dt.datetime
    line: int = 0

    def contains(self, moment: dt.datetime) -> bool:
        return self.first <= moment <= self.last


@dataclass(frozen=True)
class Weights:
    direct: int = 0  # hundredths of a game
    plain: int = 100
    red: int = 105

    def of(self, kind: str) -> int:
        return getattr(self, kind)


@dataclass(frozen=True)
class Settings:
    period: Period
    target: Fraction = Fraction(500)
    place_points: tuple[Fraction, ...] = (Fraction(4), Fraction(2), Fraction(1), Fraction(0))
    weights: Weights = Weights()
    tables: tuple[str, ...] = ("特", "鳳")
    direct_lobbies: tuple[str, ...] = ()
    open_windows: tuple[Window, ...] = ()
    ignore_red_if_better: bool = True

    def in_open_window(self, moment: dt.datetime) -> bool:
        return any(w.contains(moment) for w in self.open_windows)


class Game(NamedTuple):
    """One game line, from a log file or from corrections.yaml (`added` > 0: its line).

    A named tuple, so equal to a tuple of the same fields: a year's million games are made
    from the columns of their files by one C call each (load._games), where setting the
    slots of a dataclass took three times as long."""

    day: dt.date  # the file's day, Japan time
    hour: int
    minute: int
    file: str  # the file's name without folders and .gz: part of the order
    line: int
    family: str  # sca, scb or scc
    lobby: str  # sca only
    rule: str
    players: tuple[str, ...]  # in place order
    scores: tuple[int, ...]  # tenths of a point
    log: str = ""  # scc: Tenhou's log id
    source: str = ""  # where it was read, for messages
    added: int = 0

    @property
    def order(self) -> tuple:
        return game_order(self)

    @property
    def moment(self) -> dt.datetime:
        return dt.datetime(self.day.year, self.day.month, self.day.day, self.hour, self.minute, tzinfo=JST)

    @property
    def time(self) -> str:
        return f"{self.hour:02d}:{self.minute:02d}"


@dataclass(frozen=True)
class Participant:
    player: str  # the Tenhou ID exactly as Tenhou writes it
    name: str = ""
    joined: dt.date | None = None
    line: int = 0


@dataclass(frozen=True)
class Removal:
    """A `remove` or `void` entry: every game of that minute at which all `players` sat."""

    kind: str  # "remove" or "void"
    day: dt.date
    hour: int
    minute: int
    players: tuple[str, ...]
    reason: str = ""
    line: int = 0

    def matches(self, game: Game) -> bool:
        return (game.day, game.hour, game.minute) == (self.day, self.hour, self.minute) and all(
            p in game.players for p in self.players)


@dataclass(frozen=True)
class Exclusion:
    player: str
    reason: str = ""
    line: int = 0


@dataclass(frozen=True)
class BestSpanData:
    participants: tuple[Participant, ...]
    games: tuple[Game, ...]  # every game that could count for a participant, added ones too, in load order
    removals: tuple[Removal, ...] = ()
    excluded: tuple[Exclusion, ...] = ()
    # players of lines that could count, a tuple per log file: hints need their union, made
    # only when a participant has no game (millions of names in a year's logs)
    names_seen: tuple[tuple[str, ...], ...] = ()
    corrections_path: str = "corrections.yaml"
    participants_path: str = "participants.csv"
    additions: tuple[Game, ...] = ()  # the games corrections.yaml adds (among `games` too)


def filled(cls: type, count: int, columns: Iterable[tuple[str, Iterable[Any]]]) -> list:
    """`count` objects of the frozen slotted dataclass `cls`, each slot set from its column
    of values (name, values), a column at a time: that runs in C, where cls(...) would set
    every slot through object.__setattr__ in Python (a year's million game outcomes, the
    seats a page shows). Every slot must be given a column."""
    made = list(map(object.__new__, repeat(cls, count)))
    for name, values in columns:
        deque(map(getattr(cls, name).__set__, made, values), 0)
    return made
