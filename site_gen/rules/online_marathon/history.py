"""What the newest data changed: games per day and the marathon's rank movements. Pure."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from site_gen.model import DataUpdate
from site_gen.rules.online_marathon.model import MarathonData, Settings
from site_gen.rules.online_marathon.scoring import MarathonResult, MarathonRow, score_marathon
from site_gen.rules.online_marathon.stage import score_stage

MAX_MOVEMENTS = 5


def recent_updates(data: MarathonData, settings: Settings, result: MarathonResult,
                   days: int = 5) -> tuple[DataUpdate, ...]:
    """The last `days` days with counted games, newest first. The newest also names the
    biggest rank movements, from the marathon scored again without that day's games."""
    # only games that count can move anyone; a game's day is its start's in the stage zone
    per_day = Counter(r.day for r in result.games if r.counts_for)
    recent = sorted(per_day, reverse=True)[:days]
    if not recent:
        return ()
    newest = recent[0]
    before = without_day(newest, data, settings, result)
    return (DataUpdate(newest, per_day[newest], movements(before, result)),) + tuple(
        DataUpdate(day, per_day[day]) for day in recent[1:]
    )


def without_day(day: dt.date, data: MarathonData, settings: Settings, result: MarathonResult) -> tuple[MarathonRow, ...]:
    """The marathon table as it stood without the games of `day`. A day lies in one stage
    and each game's result depends on that game alone, so only that stage is scored again."""
    stages = tuple(
        score_stage(s.stage, [r for r in result.games if r.stage == s.stage.number and r.day != day],
                    data.sanctions.stage_penalties, settings, None)
        if s.stage.contains(day) else s
        for s in result.stages
    )
    return score_marathon(stages, settings)


def movements(before: tuple[MarathonRow, ...], after: MarathonResult) -> tuple[tuple[str, int | None, int], ...]:
    """Players whose marathon rank changed (or who are new), biggest moves first."""
    old = {m.player: m.rank for m in before}
    moved = [(m.player, old.get(m.player), m.rank) for m in after.marathon if old.get(m.player) != m.rank]
    moved.sort(key=lambda t: (-(abs(t[1] - t[2]) if t[1] is not None else len(old) + 1), t[2], t[0]))
    return tuple(moved[:MAX_MOVEMENTS])
