"""What the newest data changed: games per day and the marathon's rank movements. Pure."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from site_gen.model import DataUpdate
from site_gen.rules.online_marathon.model import MarathonData, Settings
from site_gen.rules.online_marathon.scoring import MarathonResult, MarathonRow, score_marathon
from site_gen.rules.online_marathon.rescoring import without_last_games
from site_gen.rules.online_marathon.stage import StageResult, stage_inputs

MAX_MOVEMENTS = 5

# serve (keep_between_builds): [stage result, day, that stage scored without the day's
# games, the stages and marathon table without them] of the last build. A change in another
# stage (a corrected older result) leaves the newest day's stage the very same result
# (recompute), and so this one too, and most players' rows of the table. None: the command
# line, which keeps nothing.
_last_trimmed: list | None = None


def keep_between_builds() -> None:
    """Keep the newest day's stage scored without that day for the next build of this process."""
    global _last_trimmed
    if _last_trimmed is None:
        _last_trimmed = []


def recent_updates(data: MarathonData, settings: Settings, result: MarathonResult, days: int = 5) -> tuple[DataUpdate, ...]:
    """The last `days` days with counted games, newest first. The newest also names the
    biggest rank movements, from the marathon scored again without that day's games."""
    # only games that count can move anyone; a game's day is its start's in the stage zone
    per_day = Counter(g.day for g in result.games if g.counts_for)
    recent = sorted(per_day, reverse=True)[:days]
    if not recent:
        return ()
    newest = recent[0]
    before = _without_day(newest, data, settings, result)
    return (DataUpdate(newest, per_day[newest], movements(before, result)),) + tuple(
        DataUpdate(day, per_day[day]) for day in recent[1:]
    )


def _without_day(day: dt.date, data: MarathonData, settings: Settings,
                 result: MarathonResult) -> tuple[MarathonRow, ...]:
    """The marathon as it stood without the games of `day`, the newest day with counted
    games. A day lies in one stage and each game's result depends on that game alone, so
    only that stage is scored again. Its games of the day start after all its others
    (unless the stage zone's clocks went back over midnight), so they are the last games
    of the players they count for, whose rows keep their first games."""
    stage = next(s for s in result.stages if s.stage.contains(day))
    last = _last_trimmed
    trimmed = last[2] if last and last[0] is stage and last[1] == day else _trimmed(stage, day, data, settings)
    stages = tuple(trimmed if s is stage else s for s in result.stages)
    before = score_marathon(stages, settings, (last[3], last[4]) if last else None)
    if last is not None:
        last[:] = [stage, day, trimmed, stages, before]
    return before


def _trimmed(stage: StageResult, day: dt.date, data: MarathonData, settings: Settings) -> StageResult:
    """The stage scored without the games of `day`. (The very same stage result holds the
    same games, this stage's penalties and the settings: recompute keeps it only when its
    inputs are equal; so serve's last build's trimmed stage stands while it does.)"""
    games = stage.inputs.games
    removed = [g for g in games if g.day == day]
    without = stage_inputs(stage.stage, [g for g in games if g.day != day], data.sanctions.stage_penalties, settings,
                           None)
    return without_last_games(stage, without, removed)


def movements(before: tuple[MarathonRow, ...], after: MarathonResult) -> tuple[tuple[str, int | None, int], ...]:
    """Players whose marathon rank changed (or who are new), biggest moves first."""
    old = {m.player: m.rank for m in before}
    moved = [(m.player, old.get(m.player), m.rank) for m in after.marathon if old.get(m.player) != m.rank]
    moved.sort(key=lambda t: (-(abs(t[1] - t[2]) if t[1] is not None else len(old) + 1), t[2], t[0]))
    return tuple(moved[:MAX_MOVEMENTS])
