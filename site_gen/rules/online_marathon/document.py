"""The `online-marathon` JSON document, exactly as the spec lays it out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from site_gen.json_document import Encoded
from site_gen.rules.online_marathon.scoring import GameResult, MarathonResult
from site_gen.rules.online_marathon.model import Settings
from site_gen.rules.online_marathon.stage import StageResult, StageRow
from site_gen.values import json_number


def _series(row: StageRow) -> dict[str, Any]:
    return {
        "first_game": row.results[row.series_start].game.id,
        "last_game": row.results[row.series_end - 1].game.id,
        "table_points": json_number(row.series_table_points),
        "game_points": row.series_raw_game_points,
    }


def _stage_row(row: StageRow) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "player": row.player,
        "games": row.n,
        "table_points": json_number(row.table_points),
        "series": _series(row),
        "best_average": json_number(row.best_average),
        "stage_average": json_number(row.stage_average),
        "score": json_number(row.score),
        "series_game_points": row.series_game_points,
        "norm_rating": row.norm_rating,
    }


def document(settings: Settings, result: MarathonResult) -> dict[str, Any]:
    return written_document(result, [stage_rows(s) for s in result.stages], game_rows(result.games))


def written_document(result: MarathonResult, stages_rows: Sequence[list | Encoded],
                     games: list | Encoded) -> dict[str, Any]:
    """The document with each stage's rows and the games' rows as given: made here (stage_rows,
    game_rows) or, for standings.json, already written (json_document.Encoded)."""
    return {
        "rules": "online-marathon",
        "stages": [
            {
                "stage": s.stage.number,
                "from": s.stage.first.isoformat(),
                "to": s.stage.last.isoformat(),
                "eligible": s.eligible,
                "rows": rows,
            }
            for s, rows in zip(result.stages, stages_rows)
        ],
        "marathon": [
            {
                "rank": m.rank,
                "player": m.player,
                "total_norm_rating": m.total_norm_rating,
                "norm_ratings": {str(k): v for k, v in m.norm_ratings.items()},
                "dropped_stages": list(m.dropped),
                "score_sum": json_number(m.score_sum),
                "games": m.games,
            }
            for m in result.marathon
        ],
        "games": games,
    }


def stage_rows(stage: StageResult) -> list[dict[str, Any]]:
    return [_stage_row(r) for r in stage.rows]


def game_rows(games: Sequence[GameResult]) -> list[dict[str, Any]]:
    """One row per game (100,000 in a large marathon): a table's table points fall in a few
    patterns, whose JSON numbers are each worked out once."""
    numbers: dict[tuple[int, ...], tuple] = {}
    rows = []
    for g in games:
        points = numbers.get(g.twelfths)
        if points is None:
            points = numbers[g.twelfths] = tuple(map(json_number, g.table_points))
        rows.append({"game": g.game.id, "stage": g.stage, "counted": g.counted,
                     "table_points": {} if g.disqualified else dict(zip(g.game.players, points))})
    return rows
