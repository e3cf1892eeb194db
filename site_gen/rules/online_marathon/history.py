"""What the newest data changed: games per day and the marathon's rank movements. Pure."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from itertools import compress
from operator import itemgetter
from typing import NamedTuple

from site_gen.model import DataUpdate
from site_gen.rules.online_marathon.model import MarathonData, Settings
from site_gen.rules.online_marathon.scoring import GameResult, MarathonResult, MarathonRow, score_marathon
from site_gen.rules.online_marathon.rescoring import without_last_games
from site_gen.rules.online_marathon.stage import StageResult, stage_inputs

MAX_MOVEMENTS = 5
_DAY, _COUNTS_FOR = (itemgetter(GameResult._fields.index(name)) for name in ("day", "counts_for"))


class _WithoutDay(NamedTuple):
    """What the feed's last build scored without the newest day (serve keeps it)."""

    stage: StageResult  # the newest day's stage, as the marathon's result held it
    day: dt.date
    trimmed: StageResult  # that stage scored without the day's games
    stages: tuple[StageResult, ...]  # every stage, that one trimmed
    table: tuple[MarathonRow, ...]  # the marathon table of those stages


# serve (keep_between_builds): each competition's _WithoutDay of the last build. A change
# in another stage (a corrected older result) leaves the newest day's stage the very same
# result (recompute), so its trimmed stage stands, and most players' rows of the table.
# None: the command line, which keeps nothing.
_last: dict[str, _WithoutDay] | None = None


def keep_between_builds() -> None:
    """Keep what the feed scored without the newest day for the next build of this process."""
    global _last
    if _last is None:
        _last = {}


def recent_updates(data: MarathonData, settings: Settings, result: MarathonResult, competition: str = "",
                   days: int = 5) -> tuple[DataUpdate, ...]:
    """The last `days` days with counted games, newest first. The newest also names the
    biggest rank movements, from the marathon scored again without that day's games
    (`competition`: its slug, under which serve keeps what that took)."""
    # only games that count can move anyone; a game's day is its start's in the stage zone
    per_day = Counter(compress(map(_DAY, result.games), map(_COUNTS_FOR, result.games)))  # C calls, for 100,000 games
    recent = sorted(per_day, reverse=True)[:days]
    if not recent:
        return ()
    newest = recent[0]
    before = _without_day(newest, data, settings, result, competition)
    return (DataUpdate(newest, per_day[newest], movements(before, result)),) + tuple(
        DataUpdate(day, per_day[day]) for day in recent[1:]
    )


def _without_day(day: dt.date, data: MarathonData, settings: Settings, result: MarathonResult,
                 competition: str = "") -> tuple[MarathonRow, ...]:
    """The marathon as it stood without the games of `day`, the newest day with counted
    games. A day lies in one stage and each game's result depends on that game alone, so
    only that stage is scored again. Its games of the day start after all its others
    (unless the stage zone's clocks went back over midnight), so they are the last games
    of the players they count for, whose rows keep their first games."""
    stage = next(s for s in result.stages if s.stage.contains(day))
    last = _last.get(competition) if _last is not None else None
    trimmed = last.trimmed if last and last.stage is stage and last.day == day else _trimmed(stage, day, data, settings)
    stages = tuple(trimmed if s is stage else s for s in result.stages)
    table = score_marathon(stages, settings, (last.stages, last.table) if last else None)
    if _last is not None:
        _last[competition] = _WithoutDay(stage, day, trimmed, stages, table)
    return table


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
