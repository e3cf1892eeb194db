"""What the newest data changed: games per day and the marathon's rank movements. Pure."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from site_gen.model import DataUpdate
from site_gen.rules.online_marathon.model import MarathonData, Settings
from site_gen.rules.online_marathon.scoring import MarathonResult, compute

MAX_MOVEMENTS = 5


def recent_updates(data: MarathonData, settings: Settings, result: MarathonResult, days: int = 5) -> tuple[DataUpdate, ...]:
    """The last `days` days with counted games, newest first. The newest also names the
    biggest rank movements, from one extra computation without that day's games."""
    per_day: dict[dt.date, int] = {}
    day_of = {}
    for g in result.games:
        if g.counted:  # only games that count can move anyone
            day = g.game.started_at.astimezone(settings.stage_timezone).date()
            per_day[day] = per_day.get(day, 0) + 1
            day_of[g.game.id] = day
    recent = sorted(per_day, reverse=True)[:days]
    if not recent:
        return ()
    newest = recent[0]
    before = compute(replace(data, games=tuple(g for g in data.games if day_of.get(g.id) != newest)), settings)
    return (DataUpdate(newest, per_day[newest], movements(before, result)),) + tuple(
        DataUpdate(day, per_day[day]) for day in recent[1:]
    )


def movements(before: MarathonResult, after: MarathonResult) -> tuple[tuple[str, int | None, int], ...]:
    """Players whose marathon rank changed (or who are new), biggest moves first."""
    old = {m.player: m.rank for m in before.marathon}
    moved = [(m.player, old.get(m.player), m.rank) for m in after.marathon if old.get(m.player) != m.rank]
    moved.sort(key=lambda t: (-(abs(t[1] - t[2]) if t[1] is not None else len(old) + 1), t[2], t[0]))
    return tuple(moved[:MAX_MOVEMENTS])
