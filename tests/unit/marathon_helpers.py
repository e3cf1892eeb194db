"""Small builders for online-marathon engine tests (no files involved)."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

from site_gen.rules.online_marathon.model import Game, MarathonData, Sanctions
from site_gen.rules.online_marathon.model import Period, Settings, Stage

MSK = dt.timezone(dt.timedelta(hours=3))
# competition.yaml of a two-stage marathon, for tests that build from a project folder
SMALL_COMPETITION_YAML = """\
name: Small marathon
rules: online-marathon
period: {from: 2015-02-01, to: 2015-11-30}
stages:
  - {from: 2015-02-01, to: 2015-03-31}
  - {from: 2015-04-01, to: 2015-05-31}
rating_min_games: 1
"""


def settings(**overrides) -> Settings:
    values = dict(
        period=Period(dt.date(2015, 2, 1), dt.date(2015, 11, 30)),
        stages=(
            Stage(1, dt.date(2015, 2, 1), dt.date(2015, 3, 31), "Stage 1"),
            Stage(2, dt.date(2015, 4, 1), dt.date(2015, 5, 31), "Stage 2"),
        ),
        timezone=ZoneInfo("America/Los_Angeles"),
        stage_timezone=ZoneInfo("Europe/Moscow"),
        table_pattern=re.compile(r"^RU-Marathon-\d+$"),
    )
    values.update(overrides)
    return Settings(**values)


def game(gid, when, seats, table="RU-Marathon-1", line=0) -> Game:
    """seats: [(player, score)] * 4; when: 'YYYY-MM-DD HH:MM' Moscow time or an aware datetime."""
    started = when if isinstance(when, dt.datetime) else dt.datetime.fromisoformat(when).replace(tzinfo=MSK)
    players = tuple(p for p, _ in seats)
    scores = tuple(s for _, s in seats)
    return Game(str(gid), table, started, players, scores, line)


def data(games, sanctions: Sanctions | None = None) -> MarathonData:
    return MarathonData(tuple(games), sanctions or Sanctions())


def day_series(player_scores: list[list[tuple[str, int]]], start="2015-02-02", first_id=1):
    """One game a day from `start` (20:00 Moscow), ids counting up."""
    base = dt.datetime.fromisoformat(start + " 20:00").replace(tzinfo=MSK)
    return [game(first_id + i, base + dt.timedelta(days=i), seats) for i, seats in enumerate(player_scores)]
