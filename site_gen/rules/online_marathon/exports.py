"""The online marathon's two big exports, games.csv and standings.json's games, written
row by row as text: 100,000 row dicts made for one export cost as much as the file."""

from __future__ import annotations

import json
from collections.abc import Sequence
from json.encoder import encode_basestring
from typing import Any, Iterator

from site_gen.csv_export import csv_file
from site_gen.json_document import Encoded, json_rows
from site_gen.formatting import csv_value
from site_gen.rules.online_marathon.document import game_rows, stage_rows, written_document
from site_gen.rules.online_marathon.scoring import GameResult, MarathonResult
from site_gen.values import json_number


GAMES_HEADER = ["game", "table", "started_at", "stage", "counted",
                *(f"{key}{seat}" for seat in range(1, 5) for key in ("player", "score", "tp"))]


def games_csv(result: MarathonResult) -> bytes:
    """games.csv: every game of the file with its stage, whether it counts, and each seat's
    player, game points and table points (empty for a disqualified game)."""
    return csv_file(GAMES_HEADER, lambda: _game_cells(result.games))


def standings_document(result: MarathonResult) -> dict[str, Any]:
    """document() as standings.json has it, its stages' and games' rows already written
    (json_document.Encoded)."""
    return written_document(result, [json_rows(stage_rows(s)) for s in result.stages], _games_json_rows(result.games))


def _game_cells(games: Sequence[GameResult]) -> Iterator[tuple]:
    """Each game's cells of games.csv; a table's table points fall in a few patterns, whose
    texts are each worked out once."""
    texts: dict[tuple[int, ...], tuple[str, ...]] = {}
    no_points = ("",) * 4
    for g in games:
        game = g.game
        (p1, p2, p3, p4), (s1, s2, s3, s4) = game.players, g.game_points
        if g.disqualified:
            t1, t2, t3, t4 = no_points
        else:
            points = texts.get(g.twelfths)
            if points is None:
                points = texts[g.twelfths] = tuple(map(csv_value, g.table_points))
            t1, t2, t3, t4 = points
        yield (game.id, game.table, game.started_at.isoformat(), "" if g.stage is None else g.stage,
               "yes" if g.counts_for else "no", p1, s1, t1, p2, s2, t2, p3, s3, t3, p4, s4, t4)


def _games_json_rows(games: Sequence[GameResult]) -> Encoded:
    """json_rows(game_rows(games)), each row written here from a few texts: the game's id,
    its players' names and its table points' pattern, each worked out once. The rows of a
    game without four different players (no loaded game has one) come from the encoder."""
    names: dict[str, str] = {}
    numbers: dict[tuple[int, ...], tuple[str, ...]] = {}
    rows = []
    for g in games:
        game = g.game
        players = game.players
        if len(players) != 4 or len(set(players)) != 4:
            rows += json_rows(game_rows([g]))
            continue
        if g.disqualified:
            points = "{}"
        else:
            texts = numbers.get(g.twelfths)
            if texts is None:
                texts = numbers[g.twelfths] = tuple(json.dumps(json_number(v)) for v in g.table_points)
            pairs = []
            for player, text in zip(players, texts):
                name = names.get(player)
                if name is None:
                    name = names[player] = encode_basestring(player)
                pairs.append(f"{name}: {text}")
            points = "{" + ", ".join(pairs) + "}"
        stage = "null" if g.stage is None else str(g.stage)
        rows.append(f'{{"game": {encode_basestring(game.id)}, "stage": {stage}, '
                    f'"counted": {"true" if g.counts_for else "false"}, "table_points": {points}}}')
    return Encoded(rows)
