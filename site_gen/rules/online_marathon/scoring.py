"""The online-marathon scoring engine (spec steps 1-3 and 9; one stage's table, steps 4-8,
is stage.py). Pure: data and settings in, results out.

Exact arithmetic: a game's table points are the average of the place points its players
share, a whole number of place points divided by 1, 2, 3 or 4, so each is a whole number
of twelfths; sums are taken in twelfths and Fractions made of them where a value is shown."""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from site_gen.places import Places
from site_gen.ranking import rank_desc
from site_gen.rules.online_marathon.model import Game, MarathonData, Settings
from site_gen.rules.online_marathon.stage import TWELFTHS, StageResult, StageRow, score_stage
from site_gen.values import exact_sum


class GameResult(NamedTuple):
    """A game's outcome (a named tuple: one for each of a large marathon's 100,000 games)."""

    game: Game
    part_of_marathon: bool  # right table and inside the period
    stage: int | None  # set only for a game that is part of the marathon and in a stage
    disqualified: bool
    game_points: tuple[int, ...]  # after per-game penalties
    table_points: tuple[Fraction, ...]
    places: tuple[Places, ...]
    counts_for: frozenset[str]
    day: dt.date | None  # the start's date in the stage zone, set for a game that is part of the marathon
    twelfths: tuple[int, ...]  # table_points in twelfths
    started: dt.datetime | None  # the start in the stage zone, set for a game that is part of the marathon

    @property
    def counted(self) -> bool:
        return bool(self.counts_for)


@dataclass(frozen=True)
class MarathonRow:
    player: str
    rank: int
    norm_ratings: dict[int, int]  # stage number -> NR, for stages played
    scores: dict[int, Fraction]
    dropped: tuple[int, ...]
    total_norm_rating: int
    score_sum: Fraction
    games: int

    @property
    def keys(self) -> tuple:
        return (self.total_norm_rating, self.score_sum, self.games)


@dataclass(frozen=True)
class MarathonResult:
    games: tuple[GameResult, ...]
    stages: tuple[StageResult, ...]
    marathon: tuple[MarathonRow, ...]
    updated: dt.date | None  # day (stage zone) of the newest game that is part of the marathon


# GameResult(...) of a tuple of its fields, in one C call: a named tuple's own __new__ is
# Python code, and a large marathon has 100,000 games
_game_result = functools.partial(tuple.__new__, GameResult)


# --- step 1: table points ------------------------------------------------------------


class TablePoints(NamedTuple):
    """Each seat's table points (exact, and in twelfths) and places."""

    points: tuple[Fraction, ...]
    twelfths: tuple[int, ...]
    places: tuple[Places, ...]


def table_points(scores: tuple[int, ...], place_points: tuple[int, ...]) -> tuple[tuple[Fraction, ...], tuple[Places, ...]]:
    """Each seat's table points and places."""
    points, _, places = seat_points(scores, place_points)
    return points, places


def seat_points(scores: tuple[int, ...], place_points: tuple[int, ...]) -> TablePoints:
    """Each seat's table points and places: highest score first; equal scores share the
    places they occupy and each gets the average of those places' points, a whole number
    of twelfths (shared by 1 to 4 players: a game has four)."""
    ordered = sorted(scores, reverse=True)
    twelfths, places = [], []
    for score in scores:
        first = ordered.index(score)
        last = first + ordered.count(score) - 1
        # a table larger than the list of points gives 0 for the places beyond it
        shared = sum(place_points[k] for k in range(first, min(last + 1, len(place_points))))
        twelfths.append(shared * TWELFTHS // (last - first + 1))
        places.append((first + 1, last + 1))
    return TablePoints(tuple(Fraction(t, TWELFTHS) for t in twelfths), tuple(twelfths), tuple(places))


# --- steps 2-3: games ----------------------------------------------------------------


_NO_ONE: frozenset[str] = frozenset()


def score_games(data: MarathonData, settings: Settings) -> tuple[GameResult, ...]:
    """Each game's result, in data order."""
    sanctions = data.sanctions
    disqualified = {d.game for d in sanctions.disqualified_games}
    penalties: dict[str, dict[str, int]] = {}  # game -> player -> game points taken
    for p in sanctions.game_penalties:
        fines = penalties.setdefault(p.game, {})
        fines[p.player] = fines.get(p.player, 0) + p.game_points
    zone, stage_zone, period, pattern = settings.timezone, settings.stage_timezone, settings.period, settings.table_pattern
    place_points = settings.place_points
    # worked out once each: a few tables hold thousands of games, a few hundred days hold
    # them all, and the places of a table's scores fall in a few patterns
    marathon_tables: dict[str, bool] = {}
    stage_days: dict[dt.date, tuple[int | None, frozenset[str]]] = {}
    by_pattern: dict[tuple[int, ...], TablePoints] = {}
    results = []
    for game in data.games:
        started = game.started_at
        at_table = marathon_tables.get(game.table)
        if at_table is None:
            at_table = marathon_tables[game.table] = bool(pattern.search(game.table))
        part = at_table and period.first <= started.astimezone(zone).date() <= period.last
        local = started.astimezone(stage_zone) if part else None
        day = local.date() if part else None
        stage, banned = None, _NO_ONE
        if day is not None:
            known = stage_days.get(day)
            if known is None:
                known = stage_days[day] = _stage_day(day, settings, sanctions.disqualified_players)
            stage, banned = known
        points = game.scores
        fines = penalties.get(game.id)
        if fines:
            points = tuple(s - fines.get(p, 0) for p, s in zip(game.players, points))
        ordered = sorted(points, reverse=True)
        firsts = tuple(map(ordered.index, points))  # the places' pattern
        tp = by_pattern.get(firsts)
        if tp is None:
            tp = by_pattern[firsts] = seat_points(points, place_points)
        out = game.id in disqualified
        if stage is None or out:
            counts_for = _NO_ONE
        else:
            counts_for = frozenset(game.players) - banned if banned else frozenset(game.players)
        results.append(_game_result((game, part, stage, out, points, tp.points, tp.places, counts_for, day, tp.twelfths,
                                     local)))
    return tuple(results)


def _stage_day(day: dt.date, settings: Settings, banned) -> tuple[int | None, frozenset[str]]:
    """The number of the stage a day (stage zone) lies in, and the players disqualified on it."""
    stage = settings.stage_of(day)
    return (None if stage is None else stage.number), frozenset(d.player for d in banned if d.covers(day))


# --- step 9: the marathon ------------------------------------------------------------


def dropped_stages(stage_rows: dict[int, StageRow], stage_count: int, counted: int) -> tuple[int, ...]:
    """Stages dropped for a player who played in every stage (step 9)."""
    if len(stage_rows) < stage_count:
        return ()
    remaining = dict(stage_rows)
    dropped = []
    while len(remaining) > counted:
        worst = min(remaining.items(), key=lambda kv: (kv[1].norm_rating, kv[1].score, kv[1].n, -kv[0]))
        dropped.append(worst[0])
        del remaining[worst[0]]
    return tuple(sorted(dropped))


def score_marathon(stages: tuple[StageResult, ...], settings: Settings) -> tuple[MarathonRow, ...]:
    """The marathon table (step 9)."""
    by_player: dict[str, dict[int, StageRow]] = {}
    for stage in stages:
        for row in stage.rows:
            by_player.setdefault(row.player, {})[stage.stage.number] = row
    rows = []
    for player, played in by_player.items():
        dropped = dropped_stages(played, len(settings.stages), settings.counted_stages)
        counted = [row for number, row in played.items() if number not in dropped]
        rows.append((player, played, dropped, sum(r.norm_rating for r in counted),
                     exact_sum(r.score for r in counted), sum(r.n for r in played.values())))
    ranked = rank_desc(rows, keys=lambda r: (r[3], r[4], r[5]), name=lambda r: r[0])
    return tuple(
        MarathonRow(player=player, rank=r.rank, norm_ratings={k: v.norm_rating for k, v in sorted(played.items())},
                    scores={k: v.score for k, v in sorted(played.items())}, dropped=dropped,
                    total_norm_rating=total, score_sum=score_sum, games=games)
        for r in ranked
        for player, played, dropped, total, score_sum, games in (r.item,)
    )


def compute(data: MarathonData, settings: Settings) -> MarathonResult:
    games = score_games(data, settings)
    # updated: the newest result of the marathon itself (games at other tables or dates don't date it)
    updated = max((r.day for r in games if r.day is not None), default=None)
    by_stage: dict[int, list[GameResult]] = {s.number: [] for s in settings.stages}
    for r in games:
        if r.stage is not None:
            by_stage[r.stage].append(r)
    penalties = data.sanctions.stage_penalties
    stages = tuple(score_stage(stage, by_stage[stage.number], penalties, settings, updated) for stage in settings.stages)
    return MarathonResult(games, stages, score_marathon(stages, settings), updated)
