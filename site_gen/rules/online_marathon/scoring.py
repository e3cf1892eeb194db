"""The online-marathon scoring engine (spec steps 1-9). Pure: data and settings in,
results out; exact arithmetic with Fraction throughout."""

from __future__ import annotations

import datetime as dt
import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate, repeat
from operator import add, attrgetter, itemgetter, mul, sub
from typing import NamedTuple

from site_gen.places import Places, shared_place_points
from site_gen.ranking import rank_desc
from site_gen.rules.online_marathon.model import (
    DisqualifiedPlayer,
    Game,
    MarathonData,
    Settings,
    Stage,
    StagePenalty,
)
from site_gen.values import exact_sum, round_half_up


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

    @property
    def counted(self) -> bool:
        return bool(self.counts_for)


class PlayedGame(NamedTuple):
    """A game as one of its players played it: a named tuple, as the stages of a large
    marathon make one for each seat of 100,000 games."""

    game_id: str
    started_at: dt.datetime
    game_points: int  # after a per-game penalty
    penalty: int  # game points taken by a per-game penalty
    table_points: Fraction
    places: Places
    opponents: tuple[str, ...]


@dataclass(frozen=True)
class StageRow:
    player: str
    rank: int
    games: tuple[PlayedGame, ...]
    series_start: int  # index into games; the series is games[start:end]
    series_end: int
    table_points: Fraction  # TP sum before stage penalties
    series_table_points: Fraction
    series_raw_game_points: int
    penalty_table_points: int
    penalty_game_points: int
    best_average: Fraction
    stage_average: Fraction
    score: Fraction
    series_game_points: int
    eligible: bool
    norm_rating: int

    @property
    def n(self) -> int:
        return len(self.games)

    @property
    def keys(self) -> tuple:
        return stage_keys(self.score, self.series_game_points, self.n)


@dataclass(frozen=True)
class StageInputs:
    """Everything score_stage reads for one stage: equal inputs give an equal StageResult.
    The cheap fields come first, as == stops at the first difference."""
    stage: Stage
    settings: Settings
    updated: dt.date | None  # decides `provisional`
    penalties: tuple[StagePenalty, ...]  # the stage penalties of this stage
    games: tuple[GameResult, ...]  # the stage's games, in data order


@dataclass(frozen=True)
class StageResult:
    stage: Stage
    rows: tuple[StageRow, ...]
    eligible: int
    provisional: bool
    by_player: dict[str, StageRow] = field(default_factory=dict, compare=False, repr=False)
    # what it was scored from: recompute reuses it for equal inputs
    inputs: StageInputs | None = field(default=None, compare=False, repr=False)

    def row(self, player: str) -> StageRow | None:
        return self.by_player.get(player)


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


def stage_keys(score: Fraction, series_game_points: int, n: int) -> tuple:
    return (score, series_game_points, n)


# --- step 1: table points ------------------------------------------------------------


def table_points(scores: tuple[int, ...], place_points: tuple[int, ...]) -> tuple[tuple[Fraction, ...], tuple[Places, ...]]:
    """Each seat's table points and places; equal scores share the average of their places."""
    return shared_place_points(scores, place_points)


# --- steps 2-3: games ----------------------------------------------------------------


# GameResult(...) and PlayedGame(...) from a tuple of the fields, in one C call without the
# named tuple's Python-level __new__: a large marathon makes 100,000 and 400,000 of them
_game_result = functools.partial(tuple.__new__, GameResult)
_played_game = functools.partial(tuple.__new__, PlayedGame)


def score_games(data: MarathonData, settings: Settings) -> tuple[GameResult, ...]:
    return _score_games(data, settings)[0]


def _score_games(data: MarathonData, settings: Settings) -> tuple[tuple[GameResult, ...], dt.date | None]:
    """The games' results and the newest day (stage zone) of a game that is part of the marathon."""
    disqualified = {d.game for d in data.sanctions.disqualified_games}
    penalties: dict[tuple[str, str], int] = {}
    for p in data.sanctions.game_penalties:
        penalties[(p.game, p.player)] = penalties.get((p.game, p.player), 0) + p.game_points
    penalised = {game for game, _ in penalties}
    banned = data.sanctions.disqualified_players
    # a few tables hold thousands of games, and a few hundred days hold them all
    marathon_table: dict[str, bool] = {}
    stage_days: dict[dt.date, tuple[int | None, frozenset[str]]] = {}
    zone, stage_zone, in_period = settings.timezone, settings.stage_timezone, settings.period.contains
    results = []
    updated = None
    for game in data.games:
        started = game.started_at
        part = marathon_table.get(game.table)
        if part is None:
            part = marathon_table[game.table] = bool(settings.table_pattern.search(game.table))
        part = part and in_period(started.astimezone(zone).date())
        stage = None
        if part:  # only these need their stage day
            stage_day = started.astimezone(stage_zone).date()
            if updated is None or stage_day > updated:
                updated = stage_day
            day = stage_days.get(stage_day)
            if day is None:
                day = stage_days[stage_day] = _stage_day(stage_day, settings, banned)
            stage, banned_that_day = day
        points = tuple(game.scores)
        if game.id in penalised:
            points = tuple(s - penalties.get((game.id, p), 0) for p, s in zip(game.players, game.scores))
        tps, places = table_points(points, settings.place_points)
        is_out = game.id in disqualified
        counts_for: frozenset[str] = frozenset()
        if stage is not None and not is_out:
            counts_for = frozenset(game.players)
            if banned_that_day:
                counts_for -= banned_that_day
        results.append(_game_result((game, part, stage, is_out, points, tps, places, counts_for)))
    return tuple(results), updated


def _stage_day(day: dt.date, settings: Settings,
               banned: Sequence[DisqualifiedPlayer]) -> tuple[int | None, frozenset[str]]:
    """The number of the stage a day (stage zone) lies in, and the players disqualified on it."""
    stage = settings.stage_of(day)
    return (None if stage is None else stage.number), frozenset(d.player for d in banned if d.covers(day))


def _game_id_cmp(a: str, b: str) -> int:
    if a.isdigit() and b.isdigit():
        x, y = int(a), int(b)
    else:
        x, y = a, b
    return (x > y) - (x < y)


_game_id_key = functools.cmp_to_key(_game_id_cmp)
_started_at = attrgetter("game.started_at")


def _game_order(games: Sequence[GameResult]):
    """Sort key of games: start time, then id (numerically when both ids are numbers).
    When every id is a number that is simply (time, int(id)), which is much cheaper."""
    if all(r.game.id.isdigit() for r in games):
        return lambda r: (r.game.started_at, int(r.game.id))
    return lambda r: (r.game.started_at, _game_id_key(r.game.id))


def _in_game_order(games: Sequence[GameResult]) -> list[GameResult]:
    """The games sorted by _game_order."""
    starts = list(map(_started_at, games))
    if len(set(starts)) == len(starts):  # no two start at once: the ids are never compared
        return sorted(games, key=_started_at)
    return sorted(games, key=_game_order(games))


# --- steps 4-8: a stage --------------------------------------------------------------


def _in_units(values: list[Fraction]) -> tuple[int, list[int]]:
    """The values' common denominator and the values in whole units of it: exact integer
    sums and comparisons instead of Fraction arithmetic."""
    unit = math.lcm(*{v.denominator for v in values})
    return unit, [v.numerator * (unit // v.denominator) for v in values]


@functools.cache
def _opponent_getters(size: int) -> tuple[Callable[[tuple[str, ...]], tuple[str, ...]], ...]:
    """For each seat of a table of `size`, what takes the table's players to that seat's
    opponents: one call where two slices and a join were."""
    return tuple(_items_getter(tuple(other for other in range(size) if other != seat)) for seat in range(size))


def _items_getter(indexes: tuple[int, ...]) -> Callable[[tuple[str, ...]], tuple[str, ...]]:
    """itemgetter(*indexes), but a tuple for fewer than two indexes as well."""
    if len(indexes) >= 2:
        return itemgetter(*indexes)
    return lambda values: tuple(values[i] for i in indexes)


def _table_points_in_units(games: Sequence[GameResult]) -> tuple[int, dict[int, tuple[int, ...]]]:
    """The common denominator of the games' table points, and each game's table points in
    whole units of it, by the id() of the game's table_points: games whose places fall
    alike share one such tuple (shared_place_points makes each once), so a handful serve
    thousands of games, and an id is hashed at once where a tuple of Fractions is not.
    The ids stay valid while `games` holds the tuples."""
    distinct = {id(r.table_points): r.table_points for r in games}
    unit = math.lcm(*{v.denominator for tps in distinct.values() for v in tps})
    return unit, {key: tuple(v.numerator * (unit // v.denominator) for v in tps) for key, tps in distinct.items()}


def best_series(games: tuple[PlayedGame, ...], length: int) -> tuple[int, int]:
    """[start, end) of the best run of `length` games (all games when fewer): highest
    TP sum, then highest game-point sum, then the earliest."""
    _, tp = _in_units([g.table_points for g in games])
    return _best_run(tp, [g.game_points for g in games], length)


def _best_run(tp: list[int], gp: list[int], length: int) -> tuple[int, int]:
    """best_series over table points in whole units and game points."""
    n = len(tp)
    if n < length:
        return 0, n
    # one integer per game, TP above GP: no run's |GP sum| reaches half the scale, so
    # these run sums order as (TP sum, GP sum) do
    scale = 2 * sum(map(abs, gp)) + 1
    totals = list(accumulate(map(add, map(mul, tp, repeat(scale)), gp), initial=0))  # t * scale + g
    runs = list(map(sub, totals[length:], totals))  # runs[i]: games i .. i+length-1
    start = runs.index(max(runs))  # the earliest best
    return start, start + length


def _stage_row(player: str, games: tuple[PlayedGame, ...], tp: list[int], gp: list[int], unit: int,
               penalties: list[StagePenalty], settings: Settings) -> StageRow:
    """The row of a player's games, whose table points are `tp` whole units of 1/`unit`
    and whose game points are `gp`."""
    length = settings.series_length
    n = len(games)
    start, end = _best_run(tp, gp, length)
    tp_sum, series_tp, series_gp = sum(tp), sum(tp[start:end]), sum(gp[start:end])
    pen_tp = sum(p.table_points for p in penalties)
    pen_gp = sum(p.game_points for p in penalties)
    # the averages over whole units, and their mean, as one Fraction each
    divisor = max(n, length)
    stage_tp = tp_sum - pen_tp * unit
    return StageRow(
        player=player,
        rank=0,
        games=games,
        series_start=start,
        series_end=end,
        table_points=Fraction(tp_sum, unit),
        series_table_points=Fraction(series_tp, unit),
        series_raw_game_points=series_gp,
        penalty_table_points=pen_tp,
        penalty_game_points=pen_gp,
        best_average=Fraction(series_tp, unit * length),
        stage_average=Fraction(stage_tp, unit * divisor),
        score=Fraction(series_tp * divisor + stage_tp * length, 2 * unit * length * divisor),
        series_game_points=series_gp - pen_gp,
        eligible=n >= settings.rating_min_games,
        norm_rating=0,
    )


def norm_ratings(rows: list[StageRow], min_games: int) -> dict[str, int]:
    """NR of each eligible player from the rows in table order (step 8)."""
    eligible = [r for r in rows if r.n >= min_games]
    count = len(eligible)
    ratings: dict[str, int] = {}
    position = 0
    for index, row in enumerate(eligible):
        if index == 0 or row.keys != eligible[index - 1].keys:
            position = index + 1
        ratings[row.player] = 1000 if count == 1 else round_half_up(Fraction(1000 * (count - position), count - 1))
    return ratings


def stage_inputs(stage: Stage, games: list[GameResult], stage_penalties, settings: Settings, updated) -> StageInputs:
    """The inputs of one stage's scoring; `stage_penalties` may hold other stages' too."""
    penalties = tuple(p for p in stage_penalties if p.stage == stage.number)
    return StageInputs(stage, settings, updated, penalties, tuple(games))


def score_stage(stage: Stage, games: list[GameResult], stage_penalties, settings: Settings, updated) -> StageResult:
    """The stage table from the stage's games (in any order)."""
    return _score_stage(stage_inputs(stage, games, stage_penalties, settings, updated))


def _score_stage(inputs: StageInputs) -> StageResult:
    """The stage table from the stage's inputs."""
    stage, settings = inputs.stage, inputs.settings
    unit, tp_units = _table_points_in_units(inputs.games)
    # each player's games, and their table points (in units) and game points gathered while at hand
    played: dict[str, tuple[list[PlayedGame], list[int], list[int]]] = {}
    # one sort of the stage's games puts every player's own games in order (step 4)
    for result in _in_game_order(inputs.games):
        if result.disqualified:
            continue
        g = result.game
        players, counts_for = g.players, result.counts_for
        seats = zip(players, result.game_points, g.scores, result.table_points, tp_units[id(result.table_points)],
                    result.places, _opponent_getters(len(players)))
        for player, points, scored, tp, units, places, opponents in seats:
            if player in counts_for:
                own = played.get(player)
                if own is None:
                    own = played[player] = ([], [], [])
                games, tps, gps = own
                penalty = scored - points
                games.append(_played_game((g.id, g.started_at, points, penalty, tp, places, opponents(players))))
                tps.append(units)
                gps.append(points)
    penalties: dict[str, list[StagePenalty]] = {}
    for p in inputs.penalties:
        penalties.setdefault(p.player, []).append(p)
    rows = [_stage_row(player, tuple(games), tp, gp, unit, penalties.get(player, []), settings)
            for player, (games, tp, gp) in played.items()]
    # scores in whole units sort as the Fractions do, without Python-level comparisons
    _, scores = _in_units([r.score for r in rows])
    ranked = rank_desc(list(zip(scores, rows)), keys=lambda sr: stage_keys(sr[0], sr[1].series_game_points, sr[1].n),
                       name=lambda sr: sr[1].player)
    ratings = norm_ratings([r.item[1] for r in ranked], settings.rating_min_games)
    ordered = [_copy(r.item[1], rank=r.rank, norm_rating=ratings.get(r.item[1].player, 0)) for r in ranked]
    provisional = inputs.updated is not None and inputs.updated < stage.last
    return StageResult(stage, tuple(ordered), sum(1 for r in ordered if r.eligible), provisional,
                       {r.player: r for r in ordered}, inputs)


def _copy(row, **changes):
    """dataclasses.replace without its per-call look at the fields (thousands of rows)."""
    return type(row)(**{**vars(row), **changes})


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
    by_player: dict[str, dict[int, StageRow]] = {}
    for stage in stages:
        for row in stage.rows:
            by_player.setdefault(row.player, {})[stage.stage.number] = row
    rows = []
    for player, played in by_player.items():
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
    return tuple(_copy(r.item, rank=r.rank) for r in ranked)


def compute(data: MarathonData, settings: Settings) -> MarathonResult:
    return _compute(data, settings, previous=None)


def recompute(data: MarathonData, settings: Settings, previous: MarathonResult) -> MarathonResult:
    """Exactly compute(data, settings), reusing each stage result of `previous` whose inputs
    equal this computation's: after a change to one stage the others are not scored again.
    Settings are among a stage's inputs, so nothing of `previous` is used when they differ."""
    return _compute(data, settings, previous)


def _compute(data: MarathonData, settings: Settings, previous: MarathonResult | None) -> MarathonResult:
    # updated: the newest result of the marathon itself (games at other tables or dates don't date it)
    games, updated = _score_games(data, settings)
    by_stage: dict[int, list[GameResult]] = {s.number: [] for s in settings.stages}
    for g in games:
        if g.stage is not None:
            by_stage[g.stage].append(g)
    earlier = {s.stage.number: s for s in previous.stages} if previous is not None else {}
    stages = tuple(
        _stage_result(stage_inputs(stage, by_stage[stage.number], data.sanctions.stage_penalties, settings, updated),
                      earlier.get(stage.number))
        for stage in settings.stages
    )
    return MarathonResult(games, stages, score_marathon(stages, settings), updated)


def _stage_result(inputs: StageInputs, earlier: StageResult | None) -> StageResult:
    """The stage scored from `inputs`, or `earlier` itself when it was scored from equal ones
    (comparing a stage's games costs a fraction of scoring them)."""
    if earlier is not None and earlier.inputs == inputs:
        return earlier
    return _score_stage(inputs)
