"""A stage scored again after a small change (one game edited in `serve`, the feed's stage
without its newest day): only the rows of the players the change touched are made again,
the others are the earlier result's; exactly what scoring the stage from scratch gives.
Pure, as stage.py."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain, compress, count
from operator import attrgetter, ne
from typing import TYPE_CHECKING

from site_gen.rules.online_marathon.stage import (
    StageInputs,
    StageResult,
    StageRow,
    copy_row,
    penalties_by_player,
    ranked_stage,
    row_of_games,
    score_stage_inputs,
    stage_rows,
)
from site_gen.strict_equality import same

if TYPE_CHECKING:  # annotations only: scoring.py, which makes GameResults, imports this module
    from site_gen.rules.online_marathon.scoring import GameResult


def rescore_stage(earlier: StageResult, inputs: StageInputs) -> StageResult:
    """Exactly score_stage_inputs(inputs), making again only the rows of the players whose
    games or stage penalties may differ between `inputs` and the ones `earlier` was scored
    from. The others keep their earlier rows, and a row that comes out the same as before
    is the earlier object itself (`serve` compares a player page's inputs by identity
    first). From scratch when the stage or the settings differ, or the game order is not a
    total one."""
    before = earlier.inputs
    if not (_same_stage_and_settings(before, inputs) and _in_a_total_order(before.games)
            and _in_a_total_order(inputs.games)):
        return score_stage_inputs(inputs)
    players = changed_players(before, inputs)
    kept = [r for r in earlier.rows if r.player not in players]
    made = [_as_before(r, earlier.row(r.player)) for r in stage_rows(inputs, players)]
    return ranked_stage(inputs, kept + made)


def without_last_games(earlier: StageResult, inputs: StageInputs, removed: Sequence[GameResult]) -> StageResult:
    """Exactly score_stage_inputs(inputs), where `inputs` are those `earlier` was scored
    from without the games `removed`. When these are the last games of each row they are
    in (the feed's newest day's games are, in a total game order), such a row is made
    again from its first games: no game is sorted or made again. From scratch otherwise,
    or when the stage or the settings differ."""
    before = earlier.inputs
    if not (_same_stage_and_settings(before, inputs) and _in_a_total_order(before.games)):
        return score_stage_inputs(inputs)
    cut = Counter(chain.from_iterable(r.counts_for for r in removed))  # a disqualified game counts for no one
    ids = {r.game.id for r in removed}
    penalties = penalties_by_player(inputs.penalties)
    rows = []
    for row in earlier.rows:
        kept = row.n - cut[row.player]
        if kept == row.n:
            rows.append(row)
            continue
        if not all(g.game_id in ids for g in row.games[kept:]):  # a removed game is not among the last
            return score_stage_inputs(inputs)
        if kept:  # a player left without games has no row
            rows.append(row_of_games(row.player, row.games[:kept], penalties.get(row.player, []), inputs.settings))
    return ranked_stage(inputs, rows)


def _same_stage_and_settings(before: StageInputs | None, inputs: StageInputs) -> bool:
    """Whether an earlier result's inputs (None: unknown) are of the same stage, under the
    same settings: else none of its rows can be reused."""
    return before is not None and before.stage == inputs.stage and before.settings == inputs.settings


def _in_a_total_order(games: Sequence[GameResult]) -> bool:
    """Whether the game order (step 4) of `games` is a total one: no two start at once, or
    every id is a number. Else ids compare as numbers when both are digits and as text
    otherwise, which can go round in a circle (9 < 10 < 10a < 9): the order of a player's
    games then depends on the other games sorted with them."""
    return all(r.game.id.isdigit() for r in games) or len(set(map(attrgetter("game.started_at"), games))) == len(games)


def changed_players(earlier: StageInputs, inputs: StageInputs) -> set[str]:
    """The players whose rows may differ between two inputs of the same stage and settings:
    those a game counts for that is not in both, and those whose stage penalties differ.
    A few more do no harm: their rows come out the same, and the earlier ones are kept."""
    players: set[str] = set()
    for result in _changed_games(earlier.games, inputs.games):
        if not result.disqualified:  # a disqualified game is in no one's row
            players |= result.counts_for
    old, new = penalties_by_player(earlier.penalties), penalties_by_player(inputs.penalties)
    players.update(p for p in old.keys() | new.keys() if old.get(p) != new.get(p))
    return players


def _changed_games(old: Sequence[GameResult], new: Sequence[GameResult]) -> list[GameResult]:
    """Games of `old` and of `new` (each in data order), among them every game that is not
    in both: at the positions that differ when there are as many games (games changed in
    place), else between the two's longest common head and tail (games added or removed).
    Pairs are compared, in C, never hashed: a GameResult's hash (its Fractions') is Python
    code, for tens of thousands of games."""
    if len(old) == len(new):
        differs = list(map(ne, old, new))
        return [*compress(old, differs), *compress(new, differs)]
    head = _common_head(old, new)
    tail = _common_head(old[head:][::-1], new[head:][::-1])
    return [*old[head:len(old) - tail], *new[head:len(new) - tail]]


def _common_head(a: Sequence, b: Sequence) -> int:
    """How many leading items the two have in common."""
    return next(compress(count(), map(ne, a, b)), min(len(a), len(b)))


def _as_before(row: StageRow, earlier: StageRow | None) -> StageRow:
    """`earlier` itself when `row` (unranked) is the same apart from its rank and NR, so that
    ranked_stage keeps it when those come out the same too. The same as strict_equality
    has it (types, time zones): a page made from one is made, byte for byte, from the other."""
    if earlier is None or row.keys != earlier.keys:  # most changed rows differ here already
        return row
    return earlier if same(copy_row(row, rank=earlier.rank, norm_rating=earlier.norm_rating), earlier) else row
