"""Building best-span games, data and settings in tests without files."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from site_gen.rules.best_span.model import BestSpanData, Exclusion, Game, Participant, Period, Removal, Settings

PERIOD = Period(dt.date(2009, 3, 1), dt.date(2009, 8, 31))
FILLERS = ("f1", "f2", "f3", "f4")


def settings(**overrides) -> Settings:
    return Settings(period=overrides.pop("period", PERIOD), **overrides)


def game(players, day=dt.date(2009, 3, 1), time="12:00", rule="四特南喰－－", family="scb", lobby="", line=1,
         file=None, scores=None, added=0) -> Game:
    players = tuple(players)
    hour, minute = int(time[:2]), int(time[3:])
    if file is None:
        file = {"sca": f"sca{day:%Y%m%d}.log", "scb": f"scb{day:%Y%m%d}{hour:02d}.log",
                "scc": f"scc{day:%Y%m%d}{hour:02d}.html"}[family]
    if scores is None:
        scores = (400, 100, -100, -400)[: len(players)]
    return Game(day, hour, minute, file, line, family, lobby, rule, players, tuple(scores), added=added)


def seated(player: str, place: int, index: int, rule="四特南喰－－") -> Game:
    """Game number `index` (one a minute from 2009-03-01 00:00) with `player` in `place`."""
    others = [f for f in FILLERS if f != player][:3]
    players = others[: place - 1] + [player] + others[place - 1:]
    moment = dt.datetime(2009, 3, 1) + dt.timedelta(minutes=index)
    return game(players, day=moment.date(), time=f"{moment:%H:%M}", rule=rule, line=index + 1)


def data(games, players=("A", "B", "C", "D"), removals=(), excluded=()) -> BestSpanData:
    return BestSpanData(
        participants=tuple(Participant(p, line=i + 2) for i, p in enumerate(players)),
        games=tuple(games),
        removals=tuple(removals),
        excluded=tuple(Exclusion(p) for p in excluded),
    )


def removal(day, time, players, kind="remove") -> Removal:
    return Removal(kind, day, int(time[:2]), int(time[3:]), tuple(players))


F = Fraction
