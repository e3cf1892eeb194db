"""The online-marathon scoring engine (spec steps 1-9). Pure: data and settings in,
results out; exact arithmetic with Fraction throughout."""

from __future__ import annotations

import datetime as dt
import functools
import math
from dataclasses import dataclass, field, replace
from fractions import Fraction

from site_gen.places import Places, shared_place_points
from site_gen.ranking import rank_desc
from site_gen.rules.online_marathon.model import Game, MarathonData, Settings, Stage, StagePenalty
from site_gen.values import exact_sum, round_half_up



@dataclass(frozen=True)
class GameResult:
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


@dataclass(frozen=True)
class PlayedGame:
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
class StageResult:
    stage: Stage
    rows: tuple[StageRow, ...]
    eligible: int
    provisional: bool
    by_player: dict[str, StageRow] = field(default_factory=dict, compare=False, repr=False)

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


def _local_day(moment: dt.datetime, zone) -> dt.date:
    return moment.astimezone(zone).date()


def score_games(data: MarathonData, settings: Settings) -> tuple[GameResult, ...]:
    disqualified = {d.game for d in data.sanctions.disqualified_games}
    penalties: dict[tuple[str, str], int] = {}
    for p in data.sanctions.game_penalties:
        penalties[(p.game, p.player)] = penalties.get((p.game, p.player), 0) + p.game_points
    results = []
    marathon_table: dict[str, bool] = {}  # a few tables hold thousands of games
    for game in data.games:
        if game.table not in marathon_table:
            marathon_table[game.table] = bool(settings.table_pattern.search(game.table))
        part = marathon_table[game.table] and settings.period.contains(_local_day(game.started_at, settings.timezone))
        stage_day = _local_day(game.started_at, settings.stage_timezone)
        stage = settings.stage_of(stage_day) if part else None
        points = tuple(s - penalties.get((game.id, p), 0) for p, s in zip(game.players, game.scores))
        tps, places = table_points(points, settings.place_points)
        is_out = game.id in disqualified
        counts_for: frozenset[str] = frozenset()
        if stage is not None and not is_out and not data.sanctions.disqualified_players:
            counts_for = frozenset(game.players)
        elif stage is not None and not is_out:
            counts_for = frozenset(
                p
                for p in game.players
                if not any(d.player == p and d.covers(stage_day) for d in data.sanctions.disqualified_players)
            )
        results.append(
            GameResult(game, part, stage.number if stage else None, is_out, points, tps, places, counts_for)
        )
    return tuple(results)


def _game_id_cmp(a: str, b: str) -> int:
    if a.isdigit() and b.isdigit():
        x, y = int(a), int(b)
    else:
        x, y = a, b
    return (x > y) - (x < y)


_game_id_key = functools.cmp_to_key(_game_id_cmp)


def _game_order(games: list[GameResult]):
    """Sort key of games: start time, then id (numerically when both ids are numbers).
    When every id is a number that is simply (time, int(id)), which is much cheaper."""
    if all(r.game.id.isdigit() for r in games):
        return lambda r: (r.game.started_at, int(r.game.id))
    return lambda r: (r.game.started_at, _game_id_key(r.game.id))


# --- steps 4-8: a stage --------------------------------------------------------------


def best_series(games: tuple[PlayedGame, ...], length: int) -> tuple[int, int]:
    """[start, end) of the best run of `length` games (all games when fewer): highest
    TP sum, then highest game-point sum, then the earliest."""
    n = len(games)
    if n < length:
        return 0, n
    # table points in whole units of their common denominator: integer running sums
    unit = math.lcm(*{g.table_points.denominator for g in games})
    tp = [g.table_points.numerator * (unit // g.table_points.denominator) for g in games]
    gp = [g.game_points for g in games]
    tp_run, gp_run = sum(tp[:length]), sum(gp[:length])
    best = (tp_run, gp_run)
    best_start = 0
    for start in range(1, n - length + 1):
        tp_run += tp[start + length - 1] - tp[start - 1]
        gp_run += gp[start + length - 1] - gp[start - 1]
        if (tp_run, gp_run) > best:
            best, best_start = (tp_run, gp_run), start
    return best_start, best_start + length


def _stage_row(player: str, games: tuple[PlayedGame, ...], penalties: list[StagePenalty], settings: Settings) -> StageRow:
    length = settings.series_length
    start, end = best_series(games, length)
    series = games[start:end]
    n = len(games)
    tp_sum = exact_sum(g.table_points for g in games)
    series_tp = exact_sum(g.table_points for g in series)
    series_gp = sum(g.game_points for g in series)
    pen_tp = sum(p.table_points for p in penalties)
    pen_gp = sum(p.game_points for p in penalties)
    best_average = series_tp / length
    stage_average = (tp_sum - pen_tp) / max(n, length)
    return StageRow(
        player=player,
        rank=0,
        games=games,
        series_start=start,
        series_end=end,
        table_points=tp_sum,
        series_table_points=series_tp,
        series_raw_game_points=series_gp,
        penalty_table_points=pen_tp,
        penalty_game_points=pen_gp,
        best_average=best_average,
        stage_average=stage_average,
        score=(best_average + stage_average) / 2,
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


def score_stage(stage: Stage, games: list[GameResult], stage_penalties, settings: Settings, updated) -> StageResult:
    """The stage table from the stage's games (in any order)."""
    played: dict[str, list[PlayedGame]] = {}
    # one sort of the stage's games puts every player's own games in order (step 4)
    for result in sorted(games, key=_game_order(games)):
        if result.disqualified:
            continue
        g = result.game
        for seat, player in enumerate(g.players):
            if player not in result.counts_for:
                continue
            played.setdefault(player, []).append(PlayedGame(
                game_id=g.id,
                started_at=g.started_at,
                game_points=result.game_points[seat],
                penalty=g.scores[seat] - result.game_points[seat],
                table_points=result.table_points[seat],
                places=result.places[seat],
                opponents=g.players[:seat] + g.players[seat + 1:],
            ))
    penalties: dict[str, list[StagePenalty]] = {}
    for p in stage_penalties:
        if p.stage == stage.number:
            penalties.setdefault(p.player, []).append(p)
    rows = [_stage_row(player, tuple(own), penalties.get(player, []), settings) for player, own in played.items()]
    ranked = rank_desc(rows, keys=lambda r: r.keys, name=lambda r: r.player)
    ordered = [replace(r.item, rank=r.rank) for r in ranked]
    ratings = norm_ratings(ordered, settings.rating_min_games)
    ordered = [replace(r, norm_rating=ratings.get(r.player, 0)) for r in ordered]
    provisional = updated is not None and updated < stage.last
    return StageResult(stage, tuple(ordered), sum(1 for r in ordered if r.eligible), provisional,
                       {r.player: r for r in ordered})


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
                score_sum=sum((v.score for v in counted.values()), Fraction(0)),
                games=sum(v.n for v in played.values()),
            )
        )
    ranked = rank_desc(rows, keys=lambda r: r.keys, name=lambda r: r.player)
    return tuple(replace(r.item, rank=r.rank) for r in ranked)


def compute(data: MarathonData, settings: Settings) -> MarathonResult:
    games = score_games(data, settings)
    # the newest result of the marathon itself (games at other tables or dates don't date it)
    updated = max((_local_day(g.game.started_at, settings.stage_timezone) for g in games if g.part_of_marathon),
                  default=None)
    by_stage: dict[int, list[GameResult]] = {s.number: [] for s in settings.stages}
    for g in games:
        if g.stage is not None:
            by_stage[g.stage].append(g)
    stages = tuple(
        score_stage(stage, by_stage[stage.number], data.sanctions.stage_penalties, settings, updated)
        for stage in settings.stages
    )
    return MarathonResult(games, stages, score_marathon(stages, settings), updated)
