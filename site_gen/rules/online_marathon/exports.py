"""The online marathon's two big exports, games.csv and standings.json, written whole on the
command line, and in serve joined from parts per stage kept between builds: after one result
changed, only its stage's part is made again.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from itertools import chain, groupby
from json.encoder import encode_basestring
from operator import attrgetter, is_
from typing import Any, Iterator, NamedTuple

from site_gen.csv_export import csv_file, csv_lines
from site_gen.json_document import Encoded, EncodedParts, json_rows
from site_gen.lookups import MemoDict
from site_gen.render.formatting import csv_value
from site_gen.rules.online_marathon.document import game_rows, stage_rows, written_document
from site_gen.rules.online_marathon.scoring import GameResult, MarathonResult
from site_gen.rules.online_marathon.stage import StageResult
from site_gen.values import json_number


GAMES_HEADER = ["game", "table", "started_at", "stage", "counted",
                *(f"{key}{seat}" for seat in range(1, 5) for key in ("player", "score", "tp"))]


class StageExports(NamedTuple):
    """A stage's part of games.csv and standings.json. In serve it is made when the stage is
    published and kept for the next build, where a stage result that recompute hands back
    (the very object: its games are equal to the last build's) keeps its part, and a stage
    scored again keeps the lines of its games that are the very results of the last build."""

    result: StageResult  # what it was made from (kept alive, so that no other object gets its id)
    zones: tuple[dt.tzinfo | None, ...]  # its games' start zones: == overlooks them, started_at shows them
    games: tuple[GameResult, ...]  # its games, in data order (held, as `result`: their ids stay theirs)
    games_csv: list[str]  # its games' lines of games.csv, in data order
    games_json: Encoded  # its games' rows of standings.json, in data order
    rows_json: Encoded  # its table's rows of standings.json
    csv_text: str  # games_csv joined: a stage's games are most often one run in the file (_in_runs)


# competition slug -> its stages' StageExports by stage number, as its last publish
# made or kept them, once keep_between_builds() was called (serve). None: one build per
# process (the command line), which would only hold them to its end: its workers make the
# exports whole, beside the pages.
_last_exports: dict[str, dict[int, StageExports]] | None = None

_stage_of = attrgetter("stage")
_start_zone = attrgetter("game.started_at.tzinfo")


def keep_between_builds() -> None:
    """Keep each stage's part of the big exports for the next build of this process."""
    global _last_exports
    if _last_exports is None:
        _last_exports = {}


def games_csv(result: MarathonResult, stages: Sequence[StageExports] | None = None) -> bytes:
    """games.csv: every game of the file with its stage, whether it counts, and each seat's
    player, game points and table points (empty for a disqualified game). Written row by
    row, not as a Table: 100,000 row dicts made for one export cost as much as the file.
    With `stages` (serve), the lines of a stage's games are its part's."""
    if stages is None:
        return csv_file(GAMES_HEADER, lambda: _game_cells(result.games))
    parts = {s.result.stage.number: s for s in stages}
    texts = (parts[number].csv_text if lines is None else "".join(lines)
             for number, lines in _in_runs(result.games, {n: p.games_csv for n, p in parts.items()}, _games_csv_lines))
    return "".join(chain(csv_lines(len(GAMES_HEADER), lambda: [GAMES_HEADER]), texts)).encode("utf-8")


def standings_document(result: MarathonResult, stages: Sequence[StageExports] | None = None) -> dict[str, Any]:
    """document() as standings.json has it, its stages' and games' rows already written
    (json_document.Encoded): with `stages` (serve), those of a stage are its part's."""
    if stages is None:
        return written_document(result, [json_rows(stage_rows(s)) for s in result.stages],
                                _games_json_rows(result.games))
    kept = {s.result.stage.number: s.games_json for s in stages}
    games = EncodedParts(kept[number] if rows is None else Encoded(rows)
                         for number, rows in _in_runs(result.games, kept, _games_json_rows))
    return written_document(result, [s.rows_json for s in stages], games)


def _game_cells(games: Sequence[GameResult]) -> Iterator[tuple]:
    """Each game's cells of games.csv. A table's few points patterns are shared tuples
    (places.shared_place_points), so each tuple's texts are worked out once, by identity,
    as the document's games rows do."""
    patterns = {id(g.table_points): g.table_points for g in games}
    texts = {key: tuple(map(csv_value, points)) for key, points in patterns.items()}
    no_points = ("",) * 4
    for g in games:
        game = g.game
        (p1, p2, p3, p4), (s1, s2, s3, s4) = game.players, g.game_points
        t1, t2, t3, t4 = no_points if g.disqualified else texts[id(g.table_points)]
        yield (game.id, game.table, game.started_at.isoformat(), "" if g.stage is None else g.stage,
               "yes" if g.counted else "no", p1, s1, t1, p2, s2, t2, p3, s3, t3, p4, s4, t4)


def _games_csv_lines(games: Sequence[GameResult]) -> list[str]:
    return csv_lines(len(GAMES_HEADER), lambda: _game_cells(games))


def _games_json_rows(games: Sequence[GameResult]) -> Encoded:
    """json_rows(game_rows(games)), each row written here: its texts are the game's id, a few
    names and a points pattern of the table's few (places.shared_place_points), each
    pattern's JSON numbers made once, where the encoder wrote 400,000 floats one by one
    (a third of standings.json's cost). The rows of a game without four different players
    (no loaded game) come from the encoder."""
    name = MemoDict(encode_basestring).__getitem__  # a player's name, on many rows
    stage_text = MemoDict(json.dumps).__getitem__  # a stage number or None, on many rows
    patterns = {id(g.table_points): g.table_points for g in games}
    numbers = {key: tuple(json.dumps(json_number(v)) for v in points) for key, points in patterns.items()}
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
            (p1, p2, p3, p4), (n1, n2, n3, n4) = players, numbers[id(g.table_points)]
            points = f"{{{name(p1)}: {n1}, {name(p2)}: {n2}, {name(p3)}: {n3}, {name(p4)}: {n4}}}"
        rows.append(f'{{"game": {encode_basestring(game.id)}, "stage": {stage_text(g.stage)}, '
                    f'"counted": {"true" if g.counts_for else "false"}, "table_points": {points}}}')
    return Encoded(rows)


def stage_exports(slug: str, result: MarathonResult) -> tuple[StageExports, ...] | None:
    """In serve, each stage's part of the big exports: the last build's when recompute handed
    its stage result back, else made now. None on the command line (nothing is kept)."""
    if _last_exports is None:
        return None
    last = _last_exports.get(slug, {})
    games = result.stage_games
    made = tuple(_kept_or_made(last.get(s.stage.number), s, games.get(s.stage.number, [])) for s in result.stages)
    _last_exports[slug] = {e.result.stage.number: e for e in made}
    return made


def _kept_or_made(kept: StageExports | None, stage: StageResult, games: list[GameResult]) -> StageExports:
    """`kept` (the last build's part of the stage) when it was made from `stage` and from games
    written the same as `games`: equal ones (recompute hands a stage result back for equal
    games only) whose starts are in the same zones. Else a new part, with kept's texts of
    the games that are its very results (recompute keeps those of unchanged games)."""
    if kept is not None and kept.result is stage and len(kept.games) == len(games) and all(map(is_, games, kept.games)):
        return kept  # its very games (recompute keeps the result of an unchanged game): their zones too
    zones = tuple(map(_start_zone, games))
    if kept is not None and kept.result is stage and kept.zones == zones:
        return kept
    games_csv, games_json = _game_texts(kept, games)
    return StageExports(stage, zones, tuple(games), games_csv, games_json, json_rows(stage_rows(stage)),
                        "".join(games_csv))


def _game_texts(kept: StageExports | None, games: list[GameResult]) -> tuple[list[str], Encoded]:
    """Each game's line of games.csv and row of standings.json: kept's own for a game that is
    one of kept's very results (a GameResult decides both texts), the others' made now."""
    if kept is None:
        return _games_csv_lines(games), _games_json_rows(games)
    # an id found is kept's game itself: kept holds its games, so no other live object has its id
    index = dict(zip(map(id, kept.games), range(len(kept.games))))
    found = list(map(index.get, map(id, games)))
    fresh = [g for g, at in zip(games, found) if at is None]
    fresh_csv, fresh_json = iter(_games_csv_lines(fresh)), iter(_games_json_rows(fresh))
    return ([next(fresh_csv) if at is None else kept.games_csv[at] for at in found],
            Encoded([next(fresh_json) if at is None else kept.games_json[at] for at in found]))


def _in_runs(games: Sequence[GameResult], kept: dict[int, Sequence[str]],
            make: Callable[[Sequence[GameResult]], Sequence[str]]) -> Iterator[tuple[int | None, Sequence[str] | None]]:
    """The texts of the games in data order, run by run of games in the same stage (or in
    none): (stage number, None) for a run of all its stage's games, whose texts are its part
    in `kept` as a whole; else (number, the run's texts), a slice of its stage's texts in
    `kept` (in data order too), or made now for games in no stage (other tables and dates).
    A stage's games are most often one run (the file in the order games were played), so a
    kept part is joined once, not game by game at each build."""
    at, taken = 0, dict.fromkeys(kept, 0)
    for number, run in groupby(map(_stage_of, games)):
        count = len(list(run))
        if number is None:
            yield None, make(games[at:at + count])
        else:
            first = taken[number]
            taken[number] = first + count
            texts = kept[number]
            yield number, None if first == 0 and count == len(texts) else texts[first:first + count]
        at += count
