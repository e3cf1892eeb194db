"""One stage's table (spec steps 4-8): each player's games in order, their best series,
score and norm rating (rescoring.py scores a stage again after a small change). Pure: the
stage's game results and settings in, its rows out; exact arithmetic with Fraction
throughout (sums and comparisons in whole units of it)."""

from __future__ import annotations

import datetime as dt
import functools
import math
from collections.abc import Callable, Sequence, Set as AbstractSet
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate, compress, count, repeat
from operator import attrgetter, eq, itemgetter, sub
from typing import TYPE_CHECKING, NamedTuple

from site_gen.lookups import grouped
from site_gen.places import Places
from site_gen.ranking import rank_desc
from site_gen.rules.online_marathon.model import Settings, Stage, StagePenalty
from site_gen.values import round_half_up_ratio

if TYPE_CHECKING:  # annotations only: scoring.py, which makes GameResults, imports this module
    from site_gen.rules.online_marathon.scoring import GameResult


class PlayedGame(NamedTuple):
    """A game as one of its players played it: a named tuple, as the stages of a large
    marathon make one for each seat of 100,000 games."""

    game_id: str
    started_at: dt.datetime  # in the stage zone (the same moment as the game's start)
    game_points: int  # after a per-game penalty
    penalty: int  # game points taken by a per-game penalty
    table_points: Fraction
    places: Places
    opponents: tuple[str, ...]


# PlayedGame(...) from a tuple of the fields, in one C call without the named tuple's
# Python-level __new__: a large marathon makes 400,000 of them
_played_game = functools.partial(tuple.__new__, PlayedGame)


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
    # what it was scored from: recompute reuses it for equal inputs, rescore_stage compares it
    inputs: StageInputs | None = field(default=None, compare=False, repr=False)

    def row(self, player: str) -> StageRow | None:
        return self.by_player.get(player)


def stage_keys(score: Fraction, series_game_points: int, n: int) -> tuple:
    return (score, series_game_points, n)


# --- steps 4-8: a stage --------------------------------------------------------------


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
    runs = _run_sums(tp, length)
    best = max(runs)
    start = runs.index(best)  # the earliest run of the highest TP sum
    if runs.count(best) > 1:  # tied: of those, the earliest of the highest GP sum (a third of the rows)
        start = max(compress(count(), map(eq, runs, repeat(best))), key=_run_sums(gp, length).__getitem__)
    return start, start + length


def _run_sums(values: list[int], length: int) -> list[int]:
    """The sums of each run of `length` values: [i] is that of values[i:i + length]."""
    totals = list(accumulate(values, initial=0))
    return list(map(sub, totals[length:], totals))


def _stage_row(player: str, games: tuple[PlayedGame, ...], tp: list[int], gp: list[int], unit: int,
               penalties: list[StagePenalty], settings: Settings) -> StageRow:
    """The row of a player's games, whose table points are `tp` whole units of 1/`unit`
    and whose game points are `gp`."""
    length = settings.series_length
    n = len(games)
    start, end = _best_run(tp, gp, length)
    tp_sum, series_tp, series_gp = sum(tp), sum(tp[start:end]), sum(gp[start:end])
    pen_tp = pen_gp = 0
    if penalties:  # a few players have any
        pen_tp, pen_gp = sum(p.table_points for p in penalties), sum(p.game_points for p in penalties)
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
    number = len(eligible)
    ratings: dict[str, int] = {}
    position, previous = 0, None
    for index, row in enumerate(eligible, start=1):
        keys = row.keys
        if keys != previous:
            position, previous = index, keys
        # round_half_up of 1000 * (number - position) / (number - 1), without making the Fraction
        ratings[row.player] = 1000 if number == 1 else round_half_up_ratio(1000 * (number - position), number - 1)
    return ratings


def stage_inputs(stage: Stage, games: list[GameResult], stage_penalties, settings: Settings, updated) -> StageInputs:
    """The inputs of one stage's scoring; `stage_penalties` may hold other stages' too."""
    penalties = tuple(p for p in stage_penalties if p.stage == stage.number)
    return StageInputs(stage, settings, updated, penalties, tuple(games))


def score_stage_inputs(inputs: StageInputs) -> StageResult:
    """The stage table from the stage's inputs."""
    return ranked_stage(inputs, stage_rows(inputs))


def stage_rows(inputs: StageInputs, players: AbstractSet[str] | None = None) -> list[StageRow]:
    """The unranked rows (rank and NR 0) of `players` (of everyone when None) that have a
    game in the stage: a row depends only on its player's games, in order, their stage
    penalties and the settings. Only the games of `players` are sorted, which gives them
    the order they have among all the stage's games when that is a total one
    (_in_a_total_order)."""
    games = inputs.games
    if players is not None:
        games = [r for r in games if not players.isdisjoint(r.counts_for)]
    # one sort of the games puts every player's own games in order (step 4)
    ordered = _in_game_order(games)
    unit, tp_units = _table_points_in_units(ordered)
    penalties = penalties_by_player(inputs.penalties)
    settings = inputs.settings
    return [_stage_row(player, tuple(own), tp, gp, unit, penalties.get(player, []), settings)
            for player, (own, tp, gp) in _played_games(ordered, tp_units, players, settings.stage_timezone).items()]


def row_of_games(player: str, games: tuple[PlayedGame, ...], penalties: list[StagePenalty],
                 settings: Settings) -> StageRow:
    """The unranked row of a player's games, given in game order: a row's first games make
    the row it had before its newest ones."""
    unit, tp = _in_units([g.table_points for g in games])
    return _stage_row(player, games, tp, [g.game_points for g in games], unit, penalties, settings)


def _played_games(ordered: list[GameResult], tp_units: dict[int, tuple[int, ...]], players: AbstractSet[str] | None,
                  zone: dt.tzinfo | None = None) -> dict[str, tuple[list[PlayedGame], list[int], list[int]]]:
    """Each player's games (only those of `players`, unless None) from `ordered`, games in
    game order, with their table points (in units, by _table_points_in_units) and game
    points, gathered while at hand. The games' starts are in `zone` (the stage zone, in
    which the player's page shows them: converted once here for the four seats), else as
    written."""
    played: dict[str, tuple[list[PlayedGame], list[int], list[int]]] = {}
    for result in ordered:
        if result.disqualified:
            continue
        g = result.game
        seated = g.players
        started = g.started_at if zone is None else g.started_at.astimezone(zone)
        counts_for = result.counts_for if players is None else result.counts_for & players
        seats = zip(seated, result.game_points, g.scores, result.table_points,
                    tp_units[id(result.table_points)], result.places, _opponent_getters(len(seated)))
        for player, points, scored, tp, units, places, opponents in seats:
            if player in counts_for:
                own = played.get(player)
                if own is None:
                    own = played[player] = ([], [], [])
                games, tps, gps = own
                penalty = scored - points
                games.append(_played_game((g.id, started, points, penalty, tp, places, opponents(seated))))
                tps.append(units)
                gps.append(points)
    return played


def ranked_stage(inputs: StageInputs, rows: list[StageRow]) -> StageResult:
    """The stage table (steps 7-8) of every player's row. A row's own rank and NR are not
    read: an earlier result's row may be given as it is, and is kept, the very object,
    when its rank and NR come out the same."""
    # scores in whole units sort as the Fractions do, without Python-level comparisons
    _, scores = _in_units([r.score for r in rows])
    ranked = rank_desc(list(zip(scores, rows)), keys=lambda sr: stage_keys(sr[0], sr[1].series_game_points, sr[1].n),
                       name=lambda sr: sr[1].player)
    ratings = norm_ratings([r.item[1] for r in ranked], inputs.settings.rating_min_games)
    ordered = [_placed(r.item[1], r.rank, ratings.get(r.item[1].player, 0)) for r in ranked]
    provisional = inputs.updated is not None and inputs.updated < inputs.stage.last
    return StageResult(inputs.stage, tuple(ordered), sum(1 for r in ordered if r.eligible), provisional,
                       {r.player: r for r in ordered}, inputs)


def _placed(row: StageRow, rank: int, norm_rating: int) -> StageRow:
    """The row with this rank and NR: itself when it has them already."""
    if row.rank == rank and row.norm_rating == norm_rating:
        return row
    return copy_row(row, rank=rank, norm_rating=norm_rating)


def penalties_by_player(penalties: tuple[StagePenalty, ...]) -> dict[str, list[StagePenalty]]:
    """Each player's stage penalties, in order."""
    return grouped((p.player, p) for p in penalties)


def copy_row(row, **changes):
    """dataclasses.replace of a row (a frozen dataclass without __post_init__) without its
    per-call look at the fields nor the frozen __init__'s setattr per field (thousands of
    rows): the same fields in the same order, `changes` among them."""
    fields = vars(row)
    if not changes.keys() <= fields.keys():
        raise TypeError(f"{type(row).__name__} has no field {', '.join(changes.keys() - fields.keys())}")
    copied = object.__new__(type(row))
    object.__setattr__(copied, "__dict__", {**fields, **changes})
    return copied
