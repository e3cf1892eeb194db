"""The online-marathon scoring engine (spec steps 1-3 and 9; one stage's table, steps 4-8,
is stage.py). Pure: data and settings in, results out; exact arithmetic with Fraction
throughout."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import compress, count, groupby
from operator import attrgetter, itemgetter
from typing import NamedTuple

from site_gen.lookups import MemoDict, changed_places
from site_gen.places import Places, shared_place_points, shared_place_points_of
from site_gen.ranking import rank_desc
from site_gen.rules.online_marathon.model import (
    DisqualifiedPlayer,
    Game,
    MarathonData,
    Sanctions,
    Settings,
)
from site_gen.rules.online_marathon.rescoring import rescore_stage
from site_gen.rules.online_marathon.stage import (
    StageInputs,
    StageResult,
    StageRow,
    copy_row,
    score_stage_inputs,
    stage_inputs,
)
from site_gen.values import exact_sum


class GameResult(NamedTuple):
    """A game's outcome. A named tuple, not a frozen dataclass: a large marathon makes one
    for each of 100,000 games, and a tuple is made several times faster."""

    game: Game
    part_of_marathon: bool  # right table and inside the period
    stage: int | None  # set only for a game that is part of the marathon and in a stage
    disqualified: bool
    game_points: tuple[int, ...]  # after per-game penalties
    table_points: tuple[Fraction, ...]
    places: tuple[Places, ...]
    counts_for: frozenset[str]
    day: dt.date | None  # the start's date in the stage zone, set for a game that is part of the marathon

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
    # what the games were scored under (_game_inputs): recompute keeps the result of a game
    # that is the very same object when these are equal
    game_inputs: tuple = field(compare=False, repr=False)
    # stage number -> its games, in data order: those of `stages` (a stage result kept by
    # recompute holds equal games, maybe not these), for the exports not to group them again
    stage_games: dict[int, list[GameResult]] = field(compare=False, repr=False)


# --- step 1: table points ------------------------------------------------------------


def table_points(scores: tuple[int, ...], place_points: tuple[int, ...]) -> tuple[tuple[Fraction, ...], tuple[Places, ...]]:
    """Each seat's table points and places; equal scores share the average of their places."""
    return shared_place_points(scores, place_points)


# --- steps 2-3: games ----------------------------------------------------------------


# GameResult(...) from a tuple of the fields, in one C call without the named tuple's
# Python-level __new__: a large marathon makes 100,000 of them
_game_result = functools.partial(tuple.__new__, GameResult)
_GAME, _STAGE, _DAY = (itemgetter(GameResult._fields.index(name)) for name in ("game", "stage", "day"))


def score_games(data: MarathonData, settings: Settings) -> tuple[GameResult, ...]:
    return _score_games(data, settings)[0]


def _game_inputs(data: MarathonData, settings: Settings) -> tuple:
    """All that a game's result depends on besides the game itself."""
    sanctions = data.sanctions
    return settings, sanctions.disqualified_games, sanctions.disqualified_players, sanctions.game_penalties


def _score_games(data: MarathonData, settings: Settings,
                 earlier: Sequence[GameResult] = ()) -> tuple[tuple[GameResult, ...], dt.date | None]:
    """The games' results and the newest day (stage zone) of a game that is part of the
    marathon. `earlier`: results scored under the same _game_inputs, of which those of
    the very same Game objects at the same places are kept (serve: the unchanged rows of
    games.csv)."""
    if not earlier:
        return _scored(data.games, data.sanctions, settings)
    # place by place, in C calls (100,000 games): the load makes a game again for a row
    # that moved (read_games), so an unchanged game is where it was
    new = changed_places(data.games, map(_GAME, earlier))
    fresh, _ = _scored([data.games[at] for at in new], data.sanctions, settings)
    kept = list(earlier[:len(data.games)]) + [None] * (len(data.games) - len(earlier))
    for at, result in zip(new, fresh):
        kept[at] = result
    days = set(map(_DAY, kept))  # a game part of the marathon has a day, others None
    days.discard(None)
    return tuple(kept), max(days, default=None)


def _scored(games: Sequence[Game], sanctions: Sanctions,
            settings: Settings) -> tuple[tuple[GameResult, ...], dt.date | None]:
    """_score_games of these games, all scored: a column of each field at a time, most in C
    calls (a loop over 100,000 games took ~4 us a game)."""
    if not games:
        return (), None
    disqualified = {d.game for d in sanctions.disqualified_games}
    banned = sanctions.disqualified_players
    # a few tables hold thousands of games, and a few hundred days hold them all: each worked out once
    marathon_table = MemoDict(lambda table: bool(settings.table_pattern.search(table))).__getitem__
    stage_days = MemoDict(lambda day: (None, _NO_ONE) if day is None else _stage_day(day, settings, banned))
    zone, stage_zone, period = settings.timezone, settings.stage_timezone, settings.period
    starts = list(map(_STARTED, games))
    # part of the marathon: at a marathon table and inside the period (Period.contains, inline)
    part = [at and period.first <= started.astimezone(zone).date() <= period.last
            for at, started in zip(map(marathon_table, map(_TABLE, games)), starts)]
    days = [started.astimezone(stage_zone).date() if is_part else None for is_part, started in zip(part, starts)]
    stages, banned_on = zip(*map(stage_days.__getitem__, days))
    points = _points(games, sanctions)
    tps, places = zip(*shared_place_points_of(points, settings.place_points))  # step 1 (table_points) of each
    out = list(map(disqualified.__contains__, map(_ID, games)))
    counts_for = [_NO_ONE if stage is None or is_out else frozenset(players) - ban if ban else frozenset(players)
                  for stage, is_out, players, ban in zip(stages, out, map(_PLAYERS, games), banned_on)]
    results = tuple(map(_game_result, zip(games, part, stages, out, points, tps, places, counts_for, days)))
    return results, max(filter(None, days), default=None)  # the newest day of a game part of the marathon


_NO_ONE: frozenset[str] = frozenset()
_ID, _TABLE, _STARTED, _PLAYERS, _SCORES = map(attrgetter, ("id", "table", "started_at", "players", "scores"))


def _points(games: Sequence[Game], sanctions: Sanctions) -> list[tuple[int, ...]]:
    """Each game's points after its per-game penalties."""
    penalties: dict[tuple[str, str], int] = {}
    for p in sanctions.game_penalties:
        penalties[(p.game, p.player)] = penalties.get((p.game, p.player), 0) + p.game_points
    penalised = {game for game, _ in penalties}
    points = list(map(tuple, map(_SCORES, games)))
    for at in compress(count(), map(penalised.__contains__, map(_ID, games))):
        game = games[at]
        points[at] = tuple(s - penalties.get((game.id, p), 0) for p, s in zip(game.players, game.scores))
    return points


def _stage_day(day: dt.date, settings: Settings,
               banned: Sequence[DisqualifiedPlayer]) -> tuple[int | None, frozenset[str]]:
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


def score_marathon(stages: tuple[StageResult, ...], settings: Settings,
                   earlier: tuple[tuple[StageResult, ...], tuple[MarathonRow, ...]] | None = None) -> tuple[MarathonRow, ...]:
    """The marathon table (step 9). `earlier`: the stages and table of an earlier call; a
    player whose stage rows are the very rows they had in those stages, in the same stages,
    keeps their row of that table. A row depends on the player's stage rows and the
    settings alone, and a stage row outlives a computation only under equal settings (a
    stage is scored afresh under others: rescoring, recompute)."""
    by_player: dict[str, dict[int, StageRow]] = {}
    for stage in stages:
        for row in stage.rows:
            by_player.setdefault(row.player, {})[stage.stage.number] = row
    last_stages = {s.stage.number: s for s in earlier[0]} if earlier is not None else {}
    last_rows = {r.player: r for r in earlier[1]} if earlier is not None else {}
    rows = []
    for player, played in by_player.items():
        last = last_rows.get(player)
        if last is not None and last.norm_ratings.keys() == played.keys() and all(
                n in last_stages and last_stages[n].row(player) is row for n, row in played.items()):
            rows.append(last)
            continue
        dropped = dropped_stages(played, len(settings.stages), settings.counted_stages)
        counted = {k: v for k, v in played.items() if k not in dropped}
        rows.append(
            MarathonRow(
                player=player,
                rank=0,
                norm_ratings={k: v.norm_rating for k, v in sorted(played.items())},
                scores={k: v.score for k, v in sorted(played.items())},
                dropped=dropped,
                total_norm_rating=sum(v.norm_rating for v in counted.values()),
                score_sum=exact_sum(v.score for v in counted.values()),
                games=sum(v.n for v in played.values()),
            )
        )
    ranked = rank_desc(rows, keys=lambda r: r.keys, name=lambda r: r.player)
    return tuple(r.item if r.item.rank == r.rank else copy_row(r.item, rank=r.rank) for r in ranked)


def compute(data: MarathonData, settings: Settings) -> MarathonResult:
    return _compute(data, settings, previous=None)


def recompute(data: MarathonData, settings: Settings, previous: MarathonResult) -> MarathonResult:
    """Exactly compute(data, settings), reusing each stage result of `previous` whose inputs
    equal this computation's: after a change to one stage the others are not scored again,
    and in that stage only the rows of the players whose games or penalties changed are.
    Settings are among a stage's inputs, so nothing of `previous` is used when they differ.
    A game that is the very object `previous` scored keeps its result when the settings and
    the game sanctions are equal: the stages' inputs then hold the same results, compared
    at once by identity."""
    return _compute(data, settings, previous)


def _compute(data: MarathonData, settings: Settings, previous: MarathonResult | None) -> MarathonResult:
    game_inputs = _game_inputs(data, settings)
    earlier_games = previous.games if previous is not None and previous.game_inputs == game_inputs else ()
    # updated: the newest result of the marathon itself (games at other tables or dates don't date it)
    games, updated = _score_games(data, settings, earlier_games)
    by_stage: dict[int, list[GameResult]] = {s.number: [] for s in settings.stages}
    for number, run in groupby(games, _STAGE):  # runs of a stage's games: a few C calls, not one per game
        if number is not None:
            by_stage[number] += run
    earlier = {s.stage.number: s for s in previous.stages} if previous is not None else {}
    stages = tuple(
        _stage_result(stage_inputs(stage, by_stage[stage.number], data.sanctions.stage_penalties, settings, updated),
                      earlier.get(stage.number))
        for stage in settings.stages
    )
    marathon = score_marathon(stages, settings, (previous.stages, previous.marathon) if previous is not None else None)
    return MarathonResult(games, stages, marathon, updated, game_inputs, by_stage)


def _stage_result(inputs: StageInputs, earlier: StageResult | None) -> StageResult:
    """The stage scored from `inputs`: `earlier` itself when it was scored from equal ones
    (comparing a stage's games costs a fraction of scoring them), else only the rows of
    the players whose games or penalties changed made again."""
    if earlier is None:
        return score_stage_inputs(inputs)
    if earlier.inputs == inputs:
        return earlier
    return rescore_stage(earlier, inputs)
