"""What the newest data changed: games per day and the marathon's rank movements. Pure."""

from __future__ import annotations

import datetime as dt
from site_gen.model import DataUpdate
from site_gen.rules.online_marathon.model import MarathonData, Settings
from site_gen.rules.online_marathon.scoring import MarathonResult, MarathonRow, score_marathon
from site_gen.rules.online_marathon.rescoring import rescore_stage
from site_gen.rules.online_marathon.stage import stage_inputs

MAX_MOVEMENTS = 5


def recent_updates(data: MarathonData, settings: Settings, result: MarathonResult, days: int = 5) -> tuple[DataUpdate, ...]:
    """The last `days` days with counted games, newest first. The newest also names the
    biggest rank movements, from the marathon scored again without that day's games."""
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
    before = _without_day(newest, day_of, data, settings, result)
    return (DataUpdate(newest, per_day[newest], movements(before, result)),) + tuple(
        DataUpdate(day, per_day[day]) for day in recent[1:]
    )


def _without_day(day: dt.date, day_of: dict[str, dt.date], data: MarathonData, settings: Settings,
                 result: MarathonResult) -> tuple[MarathonRow, ...]:
    """The marathon as it stood without that day's games. A day lies in one stage and each
    game's result depends on that game alone, so only that stage is scored again, and in
    it only the rows of the players the day's games count for."""
    number = next(g.stage for g in result.games if day_of.get(g.game.id) == day)
    games, players = [], set()
    for g in result.games:
        if g.stage == number:
            if day_of.get(g.game.id) == day:
                players |= g.counts_for
            else:
                games.append(g)
    stages = tuple(
        rescore_stage(s, stage_inputs(s.stage, games, data.sanctions.stage_penalties, settings, None), players)
        if s.stage.number == number else s
        for s in result.stages
    )
    return score_marathon(stages, settings)


def movements(before: tuple[MarathonRow, ...], after: MarathonResult) -> tuple[tuple[str, int | None, int], ...]:
    """Players whose marathon rank changed (or who are new), biggest moves first."""
    old = {m.player: m.rank for m in before}
    moved = [(m.player, old.get(m.player), m.rank) for m in after.marathon if old.get(m.player) != m.rank]
    moved.sort(key=lambda t: (-(abs(t[1] - t[2]) if t[1] is not None else len(old) + 1), t[2], t[0]))
    return tuple(moved[:MAX_MOVEMENTS])
