"""One stage's table (spec steps 4-8): each player's games in order, their best series,
score and norm rating. Pure: the stage's game results and settings in, its rows out. A
row holds the player's game results and seats; the games as the player played them
(PlayedGame, one per seat) are made when their page asks.

Table points are summed and compared as whole numbers of twelfths (every shared-place
average is one: scoring.py); the values a table shows are exact Fractions made from those
sums once per row."""

from __future__ import annotations

import datetime as dt
import functools
import math
from functools import cached_property
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate
from operator import attrgetter, sub
from typing import TYPE_CHECKING, NamedTuple

from site_gen.places import Places
from site_gen.ranking import rank_desc
from site_gen.rules.online_marathon.model import Settings, Stage, StagePenalty
from site_gen.values import round_half_up_ratio

if TYPE_CHECKING:  # annotations only: scoring.py, which makes GameResults, imports this module
    from site_gen.rules.online_marathon.scoring import GameResult

TWELFTHS = 12  # table points are whole numbers of twelfths (scoring.py)


class PlayedGame(NamedTuple):
    """A game as one of its players played it (a named tuple: one for each seat)."""

    game_id: str
    started_at: dt.datetime  # in the stage zone (the same moment as the game's start)
    game_points: int  # after a per-game penalty
    penalty: int  # game points taken by a per-game penalty
    table_points: Fraction
    places: Places
    opponents: tuple[str, ...]


def played_game(result: GameResult, seat: int) -> PlayedGame:
    """The game of `result` as the player at `seat` played it."""
    seated, points = result.game.players, result.game_points[seat]
    return PlayedGame(result.game.id, result.started, points, result.game.scores[seat] - points,
                      result.table_points[seat], result.places[seat], seated[:seat] + seated[seat + 1:])


@dataclass(frozen=True)
class StageRow:
    player: str
    rank: int
    results: tuple[GameResult, ...]  # the player's games, in order
    seats: tuple[int, ...]  # the player's seat in each
    series_start: int  # index into the games; the series is games[start:end]
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
        return len(self.results)

    @cached_property
    def games(self) -> tuple[PlayedGame, ...]:
        """The player's games as they played them, made when first asked (their page)."""
        return tuple(map(played_game, self.results, self.seats))

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


def stage_keys(score: Fraction, series_game_points: int, n: int) -> tuple:
    return (score, series_game_points, n)


# --- step 4: the games in order ------------------------------------------------------------


def _game_id_cmp(a: str, b: str) -> int:
    if a.isdigit() and b.isdigit():
        x, y = int(a), int(b)
    else:
        x, y = a, b
    return (x > y) - (x < y)


_game_id_key = functools.cmp_to_key(_game_id_cmp)


def _game_order(games: Sequence[GameResult]):
    """Sort key of games: start time, then id (numerically when both ids are numbers).
    When every id is a number that is simply (time, int(id))."""
    if all(r.game.id.isdigit() for r in games):
        return lambda r: (r.game.started_at, int(r.game.id))
    return lambda r: (r.game.started_at, _game_id_key(r.game.id))


def _in_game_order(games: Sequence[GameResult]) -> list[GameResult]:
    return sorted(games, key=_game_order(games))


# --- steps 5-6: a player's row -------------------------------------------------------------


def best_series(games: Sequence[PlayedGame], length: int) -> tuple[int, int]:
    """[start, end) of the best run of `length` games (all games when fewer): highest
    TP sum, then highest game-point sum, then the earliest."""
    unit = math.lcm(*{g.table_points.denominator for g in games})
    tp = [g.table_points.numerator * (unit // g.table_points.denominator) for g in games]
    return _best_run(tp, [g.game_points for g in games], length)


def _best_run(tp: list[int], gp: list[int], length: int) -> tuple[int, int]:
    """best_series over table points in whole units and game points."""
    n = len(tp)
    if n < length:
        return 0, n
    tp_runs, gp_runs = _run_sums(tp, length), _run_sums(gp, length)
    best = max(zip(tp_runs, gp_runs))
    start = list(zip(tp_runs, gp_runs)).index(best)  # the earliest of the best
    return start, start + length


def _run_sums(values: list[int], length: int) -> list[int]:
    """The sums of each run of `length` values: [i] is that of values[i:i + length]."""
    totals = list(accumulate(values, initial=0))
    return list(map(sub, totals[length:], totals))


def _row_fields(player: str, results: tuple[GameResult, ...], seats: tuple[int, ...], tp: list[int], gp: list[int],
                penalties: Sequence[StagePenalty], settings: Settings) -> dict:
    """The fields of a player's row but its rank and NR, from the player's games and seats,
    whose table points are `tp` twelfths and whose game points are `gp`."""
    length = settings.series_length
    n = len(results)
    start, end = _best_run(tp, gp, length)
    tp_sum, series_tp, series_gp = sum(tp), sum(tp[start:end]), sum(gp[start:end])
    pen_tp = sum(p.table_points for p in penalties)
    pen_gp = sum(p.game_points for p in penalties)
    divisor = max(n, length)
    stage_tp = tp_sum - pen_tp * TWELFTHS
    return dict(
        player=player,
        results=results,
        seats=seats,
        series_start=start,
        series_end=end,
        table_points=Fraction(tp_sum, TWELFTHS),
        series_table_points=Fraction(series_tp, TWELFTHS),
        series_raw_game_points=series_gp,
        penalty_table_points=pen_tp,
        penalty_game_points=pen_gp,
        best_average=Fraction(series_tp, TWELFTHS * length),
        stage_average=Fraction(stage_tp, TWELFTHS * divisor),
        # (best_average + stage_average) / 2 over one denominator
        score=Fraction(series_tp * divisor + stage_tp * length, 2 * TWELFTHS * length * divisor),
        series_game_points=series_gp - pen_gp,
        eligible=n >= settings.rating_min_games,
    )


# --- steps 7-8: the table --------------------------------------------------------------------


def norm_ratings(rows: Sequence[StageRow], min_games: int) -> dict[str, int]:
    """NR of each eligible player from the rows in table order (step 8)."""
    eligible = [r for r in rows if r.n >= min_games]
    number = len(eligible)
    ratings: dict[str, int] = {}
    position, previous = 0, None
    for index, row in enumerate(eligible, start=1):
        keys = row.keys
        if keys != previous:
            position, previous = index, keys
        # round_half_up of 1000 * (number - position) / (number - 1)
        ratings[row.player] = 1000 if number == 1 else round_half_up_ratio(1000 * (number - position), number - 1)
    return ratings


def score_stage(stage: Stage, games: Sequence[GameResult], penalties: Sequence[StagePenalty], settings: Settings,
                updated: dt.date | None) -> StageResult:
    """The stage table from the stage's games (in data order) and the stage penalties
    (other stages' are left out here); `updated`, the newest day of the marathon, decides
    whether the table is provisional."""
    # step 4: one sort of the stage's games puts every player's own games in order; each
    # player's games, their seats in them, and their table points (twelfths) and game points
    played: dict[str, tuple[list[GameResult], list[int], list[int], list[int]]] = {}
    for result in _in_game_order(games):
        counts_for = result.counts_for
        if not counts_for:
            continue
        for seat, (player, points, twelfths) in enumerate(zip(result.game.players, result.game_points, result.twelfths)):
            if player in counts_for:
                own = played.get(player)
                if own is None:
                    own = played[player] = ([], [], [], [])
                own[0].append(result)
                own[1].append(seat)
                own[2].append(twelfths)
                own[3].append(points)
    fines: dict[str, list[StagePenalty]] = {}
    for p in penalties:
        if p.stage == stage.number:
            fines.setdefault(p.player, []).append(p)
    rows = [_row_fields(player, tuple(results), tuple(seats), tp, gp, fines.get(player, ()), settings)
            for player, (results, seats, tp, gp) in played.items()]
    return _ranked(stage, rows, settings, updated)


class _Unranked(NamedTuple):
    """A row before its rank and NR are known."""

    player: str
    n: int
    keys: tuple  # stage_keys, the score over the table's common denominator
    fields: dict


def _ranked(stage: Stage, rows: list[dict], settings: Settings, updated: dt.date | None) -> StageResult:
    """The stage table (steps 7-8) of every player's row fields."""
    # the scores over one denominator: integers sort as the Fractions do, and faster
    unit = math.lcm(*{f["score"].denominator for f in rows})
    unranked = [_Unranked(f["player"], len(f["results"]),
                          stage_keys(f["score"].numerator * (unit // f["score"].denominator), f["series_game_points"],
                                     len(f["results"])), f)
                for f in rows]
    ranked = rank_desc(unranked, keys=attrgetter("keys"), name=attrgetter("player"))
    ratings = norm_ratings([r.item for r in ranked], settings.rating_min_games)
    ordered = tuple(StageRow(**r.item.fields, rank=r.rank, norm_rating=ratings.get(r.item.player, 0)) for r in ranked)
    provisional = updated is not None and updated < stage.last
    return StageResult(stage, ordered, sum(1 for r in ordered if r.eligible), provisional,
                       {r.player: r for r in ordered})
