"""Reading the game files of a thematic marathon (a tournament's games.csv, a group final,
master.csv) and a tournament's groups.yaml, every problem reported with its line."""

from __future__ import annotations

from operator import itemgetter
from pathlib import Path
from typing import Any, Callable, Iterable

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.rules.thematic_marathon.model import FINAL, MASTER_ROUNDS, PHASES, RESULTS, Game, Layout
from site_gen.sources.csv_reader import Row, read_csv
from site_gen.sources.yaml_reader import read_yaml
from site_gen.values import parse_int

TOURNAMENT_COLUMNS = ["phase", "group", "board", "first", "second", "result"]
GROUP_FINAL_COLUMNS = ["game", "board", "first", "second", "result"]
MASTER_COLUMNS = ["round", "group", "game", "first", "second", "result"]
LAYOUT_KEYS = ("phase1", "semifinals", "final")

# Checks a player's name; returns a message suffix when the name is not allowed here.
PlayerCheck = Callable[[str], str | None]


def parse_result(text: str) -> str | None:
    """The canonical result for what was written ("1-0  Forfeit" is "1-0 forfeit")."""
    if text in RESULTS:  # as nearly every row writes it
        return text
    normal = " ".join(text.lower().split())
    return normal if normal in RESULTS else None


def _player(name: str, column: str, line: int, path: Path, diags: Diagnostics, check: PlayerCheck) -> str | None:
    if not name:
        diags.error(path, line, f'"{column}" is empty: a game needs two players')
        return None
    problem = check(name)
    if problem:
        diags.error(path, line, f'{column}: {problem}')
        return None
    return name


def _common(line: int, first: str, second: str, text: str, path: Path, diags: Diagnostics,
            check: PlayerCheck) -> tuple[bool, str | None, str | None, str | None]:
    """(ok, first, second, result) of a row's cells, with their problems reported."""
    first = _player(first, "first", line, path, diags, check)
    second = _player(second, "second", line, path, diags, check)
    ok = first is not None and second is not None
    if ok and first == second:
        diags.error(path, line, f'"{first}" cannot play against themselves')
        ok = False
    result = parse_result(text) if text else None
    if text and result is None:
        diags.error(path, line, f'result "{text}" is not one of: {", ".join(RESULTS)} (or empty: not yet played)'
                    f'{did_you_mean(text, RESULTS)}')
        ok = False
    return ok, first, second, result


def _cells(rows: list[Row], columns: list[str]) -> list[tuple[str, ...]]:
    """Each row's cells of `columns`, in that order ("" where the file has no such column)."""
    if not rows:
        return []
    at = [rows[0].columns.get(c) for c in columns]  # the rows of a file share their columns
    if None in at:
        return [tuple(row.get(c) for c in columns) for row in rows]
    take = itemgetter(*at)
    return [take(row.values) for row in rows]


class _Seen:
    """Duplicate boards and second games of a pair with the same first move, per file."""

    def __init__(self, path: Path, diags: Diagnostics):
        self.path, self.diags = path, diags
        self.boards: dict[str, int] = {}
        self.pairs: dict[tuple, int] = {}

    def board(self, line: int, board: str) -> bool:
        if not board:
            return True
        if board in self.boards:
            self.diags.error(self.path, line, f'board "{board}" appears twice (first on line {self.boards[board]})')
            return False
        self.boards[board] = line
        return True

    def pair(self, line: int, key: tuple, where: Callable[[], str]) -> bool:
        """`where`: the words for where the pair plays, made only for a second game."""
        if key in self.pairs:
            self.diags.error(self.path, line, f'{key[-2]} already has the first move against {key[-1]} {where()} '
                             f'(line {self.pairs[key]}); each pair plays one game with each player moving first')
            return False
        self.pairs[key] = line
        return True


def read_tournament_games(path: Path, diags: Diagnostics, check: PlayerCheck) -> list[Game] | None:
    rows = read_csv(path, diags, TOURNAMENT_COLUMNS)
    if rows is None:
        return None
    seen = _Seen(path, diags)
    games = []
    for row, (phase_text, group_text, board, first, second, text) in zip(rows, _cells(rows, TOURNAMENT_COLUMNS)):
        line = row.line
        ok, first, second, result = _common(line, first, second, text, path, diags, check)
        phase = phase_text.lower()
        group = None
        if phase not in PHASES:
            diags.error(path, line, f'phase "{phase_text}" is not one of: {", ".join(PHASES)}{did_you_mean(phase_text, PHASES)}')
            ok = False
        elif phase == FINAL:
            if group_text:
                diags.error(path, line, f'group "{group_text}": the final has no group number; leave it empty')
                ok = False
        else:
            group = parse_int(group_text)
            if group is None or group < 1:
                shown = f'"{group_text}"' if group_text else "empty"
                diags.error(path, line, f"group is {shown}: phase {phase} needs the group's number (1, 2, ...)")
                ok = False
        ok = seen.board(line, board) and ok
        if ok and seen.pair(line, (phase, group, first, second), lambda: _where(phase, group)):
            games.append(Game(first, second, result, board, line, phase, group))
    return games


def _where(phase: str, group: int | None) -> str:
    return "in the final" if phase == FINAL else f"in phase {phase} group {group}"


def read_group_final(path: Path, diags: Diagnostics, check: PlayerCheck, game_names: dict[str, str]) -> list[Game] | None:
    """`game_names`: what the `game` column may hold (a tournament slug or its game's
    name) -> the tournament slug."""
    rows = read_csv(path, diags, GROUP_FINAL_COLUMNS)
    if rows is None:
        return None
    seen = _Seen(path, diags)
    games = []
    for row, (game_text, board, first, second, text) in zip(rows, _cells(rows, GROUP_FINAL_COLUMNS)):
        line = row.line
        ok, first, second, result = _common(line, first, second, text, path, diags, check)
        game = _game_name(line, game_text, path, diags, game_names)
        ok = seen.board(line, board) and game is not None and ok
        if ok and seen.pair(line, (game, first, second), lambda: f"in {game}"):
            games.append(Game(first, second, result, board, line, game=game))
    return games


def read_master(path: Path, diags: Diagnostics, check: PlayerCheck, game_names: dict[str, str]) -> list[Game] | None:
    rows = read_csv(path, diags, MASTER_COLUMNS)
    if rows is None:
        return None
    seen = _Seen(path, diags)
    games = []
    for row, (round_text, group_text, game_text, first, second, text) in zip(rows, _cells(rows, MASTER_COLUMNS)):
        line = row.line
        ok, first, second, result = _common(line, first, second, text, path, diags, check)
        game = _game_name(line, game_text, path, diags, game_names)
        round_ = round_text.lower()
        if round_ not in MASTER_ROUNDS:
            diags.error(path, line, f'round "{round_text}" is not one of: {", ".join(MASTER_ROUNDS)}')
            ok = False
        group = parse_int(group_text)
        if group is None or group < 1:
            diags.error(path, line, f'group "{group_text}" is not a group number (1, 2, ...)')
            ok = False
        board = row.get("board")  # not a column of master.csv: always empty
        ok = seen.board(line, board) and game is not None and ok
        if ok and seen.pair(line, (round_, group, game, first, second), lambda: f"in round {round_} group {group}"):
            games.append(Game(first, second, result, board, line, group=group, game=game, round=round_))
    return games


def _game_name(line: int, text: str, path: Path, diags: Diagnostics, names: dict[str, str]) -> str | None:
    if text in names:
        return names[text]
    slugs = sorted(set(names.values()))
    diags.error(path, line, f'unknown game "{text}"; expected one of: {", ".join(slugs)} (a tournament\'s slug or game)'
                f'{did_you_mean(text, names)}')
    return None


# --- groups.yaml ------------------------------------------------------------------------------


def _names(value: Any, path: Path, line: int, what: str, diags: Diagnostics, check: PlayerCheck) -> list[str] | None:
    if not isinstance(value, list):
        diags.error(path, line, f"{what} must be a list of players, found {value!r}")
        return None
    names = []
    for i, item in enumerate(value):
        at = value.line_of(i) if hasattr(value, "line_of") else line
        if isinstance(item, (dict, list)) or item is None or item == "":
            diags.error(path, at, f"{what}: expected a player's userid, found {item!r}")
            return None
        problem = check(str(item))
        if problem:
            diags.error(path, at, f"{what}: {problem}")
            return None
        names.append(str(item))
    return names


def _no_repeats(groups: Iterable[tuple[list[str], int]], path: Path, what: str, diags: Diagnostics) -> bool:
    first: dict[str, int] = {}
    ok = True
    for names, line in groups:
        for name in names:
            if name in first:
                diags.error(path, line, f'"{name}" is listed twice in {what} (first on line {first[name]})')
                ok = False
            first.setdefault(name, line)
    return ok


def read_layout(path: Path, diags: Diagnostics, entrants: list[str], check: PlayerCheck) -> Layout | None:
    ok, doc = read_yaml(path, diags)
    if not ok:
        return None
    if doc is None:
        return Layout()
    if not isinstance(doc, dict):
        diags.error(path, getattr(doc, "line", 1) or 1, "groups.yaml must be a mapping with phase1, semifinals and final")
        return None
    good = True
    for key in doc:
        if key not in LAYOUT_KEYS:
            diags.error(path, doc.line_of(key), f'unknown key "{key}"{did_you_mean(str(key), LAYOUT_KEYS) or "; expected phase1, semifinals, final"}')
            good = False
    values: dict[str, Any] = {}
    for key in ("phase1", "semifinals"):
        if key not in doc or doc[key] is None:
            continue
        raw, line = doc[key], doc.line_of(key)
        if not isinstance(raw, list):
            diags.error(path, line, f"{key} must be a list of groups, each a list of players")
            good = False
            continue
        groups = []
        for i, item in enumerate(raw):
            at = raw.line_of(i)
            names = _names(item, path, at, f"{key} group {i + 1}", diags, check)
            if names is not None and not names:
                diags.error(path, at, f"{key} group {i + 1} is empty")
                names = None
            good = good and names is not None
            groups.append((names or [], at))
        good = _no_repeats(groups, path, key, diags) and good
        values[key] = tuple(tuple(g) for g, _ in groups)
        if key == "phase1" and values[key]:
            placed = {name for g in values[key] for name in g}
            missing = [e for e in entrants if e not in placed]
            if missing:
                diags.error(path, line, f"phase1 leaves out {', '.join(missing)}: every entrant plays in a phase-1 group")
                good = False
    if doc.get("final") is not None:
        names = _names(doc["final"], path, doc.line_of("final"), "final", diags, check)
        good = good and names is not None and _no_repeats([(names, doc.line_of("final"))], path, "final", diags)
        values["final"] = tuple(names or ())
    return Layout(**values) if good else None
