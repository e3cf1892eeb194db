"""Reading an online marathon's files: games.csv, optional players.csv and sanctions.yaml.

Within one process (`serve`, after keep_between_builds()), the next load of a games.csv
takes the game the last one made of a row that is the same object (csv_reader.KeptRows:
an unchanged line) under the same games_timezone, instead of parsing it again: the
scoring then knows an unchanged game by its identity (scoring.recompute).
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass, field
from itertools import chain, compress, count, repeat
from operator import attrgetter, is_, itemgetter, methodcaller
from pathlib import Path
from sys import intern
from typing import Any
from zoneinfo import ZoneInfo

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.lookups import MemoDict
from site_gen.rules.online_marathon.model import (
    DisqualifiedGame,
    DisqualifiedPlayer,
    Game,
    GamePenalty,
    MarathonData,
    Sanctions,
    StagePenalty,
)
from site_gen.rules.online_marathon.settings import Settings
from site_gen.sources.csv_reader import KeptRows, Row, read_csv, unique_rows
from site_gen.sources.yaml_reader import read_yaml, section_entries
from site_gen.values import parse_date, parse_int, parse_timestamp

GAME_COLUMNS = ["game", "table", "started_at"] + [f"{k}{i}" for i in range(1, 5) for k in ("player", "score")]
GAME_PENALTIES = (5, 10, 20, 60)
STAGE_GAME_PENALTIES = (50, 100, 200, 600)
STAGE_TABLE_PENALTIES = (1, 2, 4)


@dataclass
class _Written:
    """What the rows of games.csv name, including rows rejected for other problems, so
    that a bad row does not make its players or its id "unknown" elsewhere."""

    seats: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)  # (line, players)
    ids: set[str] = field(default_factory=set)


@dataclass
class _KeptGames:
    """What the last loads of one games.csv in this process made of it."""

    rows: KeptRows = field(default_factory=KeptRows)  # its lines and rows, for read_csv
    zone: ZoneInfo | None = None  # the games_timezone the games were made under
    games: dict[int, Game] = field(default_factory=dict)  # by the id() of a row: the game made of it
    rows_of_games: list[Row] = field(default_factory=list)  # those rows, alive: their ids stay theirs


# games.csv path -> what its loads made, once keep_between_builds() was called (serve): the
# next load takes the games of unchanged rows from here rather than parsing 100,000 rows
# again (~0.5 s). None: one build per process (the command line), which keeps nothing.
_last_loads: dict[str, _KeptGames] | None = None


def keep_between_builds() -> None:
    """Keep each games.csv's rows and games in memory for the next build of this process."""
    global _last_loads
    if _last_loads is None:
        _last_loads = {}


def load(folder: Path, settings: Settings, diags: Diagnostics) -> MarathonData | None:
    errors_before = diags.count("error")
    written = _Written()
    games = _load_games(folder / "games.csv", settings, diags, written)
    known_players = _load_players(folder / "players.csv", diags)
    if games is not None and known_players is not None:
        _check_players_known(folder / "games.csv", written, known_players, diags)
    sanctions = Sanctions()
    if games is not None and (folder / "sanctions.yaml").exists():
        sanctions = _load_sanctions(folder / "sanctions.yaml", settings, games, written, diags) or Sanctions()
    if games is None or diags.count("error") > errors_before:
        return None
    return MarathonData(tuple(games), sanctions, str(folder / "games.csv"), str(folder / "sanctions.yaml"),
                        known_players or {})


def _load_games(path: Path, settings: Settings, diags: Diagnostics, written: _Written) -> list[Game] | None:
    if not path.exists():
        diags.error(path, None, "missing file: an online marathon needs games.csv")
        return None
    kept = None if _last_loads is None else _last_loads.setdefault(str(path), _KeptGames())
    rows = read_csv(path, diags, GAME_COLUMNS, kept=None if kept is None else kept.rows)
    if not rows:
        return rows  # None (reported) or no game at all
    zone = settings.games_timezone
    earlier = kept.games if kept is not None and kept.zone == zone else {}
    # the game the very same row gave last time (an unchanged line): it passed every check but the id's
    made = list(map(earlier.get, map(id, rows))) if earlier else [None] * len(rows)
    games = _clean_games(rows, made, zone)
    if games is None:  # a row has a problem: row by row, reporting each
        games = _checked_games(path, rows, made, zone, diags, written)
    else:
        written.seats.extend(zip(map(_LINE, rows), map(_PLAYERS, games)))
        written.ids.update(map(_ID, games))
    if kept is not None and len(games) == len(rows):  # every row gave a game: the rows and games line up
        kept.zone, kept.games, kept.rows_of_games = zone, dict(zip(map(id, rows), games)), rows
    return games


_LINE, _VALUES = itemgetter(0), itemgetter(1)  # of a Row
_ID, _PLAYERS, _TZINFO = attrgetter("id"), attrgetter("players"), attrgetter("tzinfo")
_T_FOR_SPACE = methodcaller("replace", " ", "T", 1)  # as parse_timestamp reads "date time"


def _clean_games(rows: list[Row], made: list[Game | None], zone: ZoneInfo | None) -> list[Game] | None:
    """The games of rows that have no problem at all, each worked out column by column (a
    few C calls per column where a row by row check took ~5 us a row); None as soon as
    any row has one: _checked_games then reports each. `made`: the game each row gave
    before, else None."""
    fresh = list(compress(count(), map(is_, made, repeat(None))))  # the rows to make games of, by index
    new = _fresh_games(list(map(rows.__getitem__, fresh)), zone) if fresh else []
    if new is None:
        return None
    if len(new) == len(rows):
        games = new
    else:
        games = made.copy()
        for at, game in zip(fresh, new):
            games[at] = game
    if len(set(map(_ID, games))) < len(games):  # an id written twice
        return None
    return games


def _fresh_games(rows: list[Row], zone: ZoneInfo | None) -> list[Game] | None:
    """_clean_games of rows none of which was made before: exactly the games
    _checked_games makes of them, when none has a problem, else None."""
    columns = rows[0].columns  # all rows share the header
    cells = list(zip(*map(_VALUES, rows)))  # one tuple per column
    ids = cells[columns["game"]]
    starts = _timestamps(cells[columns["started_at"]], zone)
    if "" in ids or starts is None:
        return None
    # one string per name, however many seats it fills (as best-span's load): 2,000 strings
    # rather than 400,000 keep what looks names up or joins them (scoring, player pages) in the cache
    names = [tuple(map(intern, cells[columns[f"player{i}"]])) for i in range(1, 5)]
    score = MemoDict(parse_int).__getitem__  # a large games.csv writes a few hundred scores 400,000 times
    scores = [tuple(map(score, cells[columns[f"score{i}"]])) for i in range(1, 5)]
    if any("" in seat for seat in names) or any(None in seat for seat in scores):
        return None
    seated = list(zip(*names))
    if min(map(len, map(set, seated))) < 4:  # a player twice at a table
        return None
    return list(map(Game, ids, cells[columns["table"]], starts, seated, zip(*scores), map(_LINE, rows)))


def _timestamps(texts: tuple[str, ...], zone: ZoneInfo | None) -> list[dt.datetime] | None:
    """parse_timestamp of each text when every one is a timestamp, else None."""
    try:
        stamps = list(map(dt.datetime.fromisoformat, map(_T_FOR_SPACE, map(str.strip, texts))))
    except ValueError:
        return None
    if None in map(_TZINFO, stamps):  # written without an offset: in games_timezone, if set
        if zone is None:
            return None
        stamps = [stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=zone) for stamp in stamps]
    return stamps


def _checked_games(path: Path, rows: list[Row], made: list[Game | None], zone: ZoneInfo | None,
                   diags: Diagnostics, written: _Written) -> list[Game]:
    """The games of the rows that pass every check, row by row, each problem reported;
    `made`: the game each row gave before, else None."""
    columns = rows[0].columns  # all rows share the header
    game_at, table_at, started_at = columns["game"], columns["table"], columns["started_at"]
    seats = itemgetter(*(columns[f"player{i}"] for i in range(1, 5)))
    points = itemgetter(*(columns[f"score{i}"] for i in range(1, 5)))
    score = MemoDict(parse_int).__getitem__
    games: list[Game] = []
    first_line: dict[str, int] = {}
    for row, game in zip(rows, made):
        values, line = row.values, row.line
        if game is not None:  # it passed every check but the id's (other rows decide)
            if game.id in first_line:
                _report_duplicate(path, line, game.id, first_line, diags)
            else:
                first_line[game.id] = line
                games.append(game)
            written.seats.append((line, game.players))
            continue
        game_id = values[game_at]
        ok = True
        if not game_id:
            diags.error(path, line, 'empty "game" id')
            written.ids.add(game_id)
            ok = False
        elif game_id in first_line:
            _report_duplicate(path, line, game_id, first_line, diags)
            ok = False
        else:
            first_line[game_id] = line
        started, why = parse_timestamp(values[started_at], zone)
        if started is None:
            diags.error(path, line, f"started_at: {why}")
            ok = False
        names, texts = tuple(map(intern, seats(values))), points(values)
        scores = tuple(map(score, texts))
        seated = names
        if "" in names or len(set(names)) < 4 or None in scores:
            _report_seats(path, line, names, texts, scores, diags)
            ok = False
            seated = tuple(filter(None, names))
        written.seats.append((line, seated))
        if ok:
            games.append(Game(game_id, values[table_at], started, names, scores, line))
    written.ids.update(first_line)  # the other ids written (an empty one is added above)
    return games


def _report_duplicate(path: Path, line: int, game_id: str, first_line: dict[str, int], diags: Diagnostics) -> None:
    diags.error(path, line, f'duplicate game id "{game_id}" (first on line {first_line[game_id]})')


def _report_seats(path: Path, line: int, names: tuple[str, ...], texts: tuple[str, ...],
                  scores: tuple[int | None, ...], diags: Diagnostics) -> None:
    """Report the seats of a row that has an empty or repeated player or a bad score, seat by seat."""
    for i, (name, text, score) in enumerate(zip(names, texts, scores), start=1):
        if not name:
            diags.error(path, line, f"player{i} is empty: a game needs four players")
        elif name in names[:i - 1]:
            diags.error(path, line, f'player "{name}" sits twice at the table (player{names.index(name) + 1} and player{i})')
        if score is None:
            if text:
                diags.error(path, line, f'score{i} "{text}" is not a whole number')
            elif name:  # an empty seat was reported above
                diags.error(path, line, f"score{i} is empty: every player needs game points")


PLAYER_DETAILS = ("name", "country", "city")


def _load_players(path: Path, diags: Diagnostics) -> dict[str, dict[str, str]] | None:
    """The declared players with their details, or {} when players.csv is absent (no check then)."""
    if not path.exists():
        return {}
    rows = read_csv(path, diags, ["player"], optional=list(PLAYER_DETAILS))
    if rows is None:
        return None
    return {name: {k: row.get(k) for k in PLAYER_DETAILS if row.get(k)}
            for row, name in unique_rows(rows, path, diags)}


def _check_players_known(path: Path, written: _Written, known: dict[str, dict], diags: Diagnostics) -> None:
    if not known:
        return
    for line, players in written.seats:
        for name in players:
            if name not in known:
                diags.error(path, line, f'unknown player "{name}" (not in players.csv){did_you_mean(name, sorted(known))}')


def _load_sanctions(
    path: Path, settings: Settings, games: list[Game], written: _Written, diags: Diagnostics
) -> Sanctions | None:
    ok, doc = read_yaml(path, diags)
    if not ok:
        return None
    if doc is None:
        return Sanctions()
    if not isinstance(doc, dict):
        diags.error(path, 1, "sanctions.yaml must be a mapping with disqualified_games, disqualified_players, penalties")
        return None
    checker = _SanctionChecker(path, settings, games, written, diags)
    sections = {"disqualified_games": checker.game, "disqualified_players": checker.player, "penalties": checker.penalty}
    for key in doc:
        if key not in sections:
            diags.error(path, doc.line_of(key), f'unknown section "{key}"{did_you_mean(str(key), sections)}')
    for key, handler in sections.items():
        for entry, line in section_entries(doc, key, path, diags):
            handler(entry, line)
    return Sanctions(
        tuple(checker.games), tuple(checker.players), tuple(checker.game_penalties), tuple(checker.stage_penalties)
    )


class _SanctionChecker:
    """Validates sanction entries one by one, collecting every problem."""

    def __init__(self, path: Path, settings: Settings, games: list[Game], written: _Written, diags: Diagnostics):
        self.path, self.settings, self.written, self.diags = path, settings, written, diags
        # each made by C calls: a large games.csv has 100,000 games and 400,000 seats
        self.games_by_id = dict(zip(map(_ID, games), games))
        self.player_names = sorted(set(chain.from_iterable(map(_PLAYERS, games))))
        self.games: list[DisqualifiedGame] = []
        self.players: list[DisqualifiedPlayer] = []
        self.game_penalties: list[GamePenalty] = []
        self.stage_penalties: list[StagePenalty] = []

    @functools.cached_property
    def rejected_ids(self) -> set[str]:
        """Ids written on rows that games.csv errors already reject (no second error), worked
        out at the first unknown id."""
        return self.written.ids - self.games_by_id.keys()

    @functools.cached_property
    def rejected_names(self) -> set[str]:
        """Names written on such rows, worked out at the first unknown name: a large
        games.csv names 400,000 seats."""
        return {p for _, seat in self.written.seats for p in seat} - set(self.player_names)

    def _keys(self, entry: dict, line: int, allowed: tuple[str, ...]) -> bool:
        ok = True
        for key in entry:
            if key not in allowed:
                self.diags.error(self.path, line, f'unknown key "{key}"{did_you_mean(str(key), allowed)}')
                ok = False
        return ok

    def _game(self, entry: dict, line: int) -> str | None:
        raw = entry.get("game")
        game_id = str(raw) if raw is not None and not isinstance(raw, (dict, list)) else None
        if game_id is None:
            self.diags.error(self.path, line, "missing game id")
        elif game_id not in self.games_by_id:
            if game_id not in self.rejected_ids:
                # a numeric id is close to many others: a guess would name an arbitrary game
                hint = "" if game_id.isdigit() else did_you_mean(game_id, self.games_by_id)
                self.diags.error(self.path, line, f'unknown game "{game_id}" (not in games.csv){hint}')
            return None
        return game_id

    def _player(self, entry: dict, line: int) -> str | None:
        name = entry.get("player")
        if isinstance(name, (int, float)) and not isinstance(name, bool):
            name = str(name)  # a player whose name is a number
        if not isinstance(name, str) or not name:
            self.diags.error(self.path, line, "missing player name")
            return None
        if name not in self.player_names:
            if name not in self.rejected_names:
                self.diags.error(self.path, line, f'unknown player "{name}"{did_you_mean(name, self.player_names)}')
            return None
        return name

    @staticmethod
    def _reason(entry: dict) -> str:
        return "" if entry.get("reason") is None else str(entry.get("reason"))

    def game(self, entry: dict, line: int) -> None:
        keys_ok = self._keys(entry, line, ("game", "reason"))
        game_id = self._game(entry, line)
        if keys_ok and game_id:
            self.games.append(DisqualifiedGame(game_id, self._reason(entry), line))

    def player(self, entry: dict, line: int) -> None:
        keys_ok = self._keys(entry, line, ("player", "from", "to", "reason"))
        name = self._player(entry, line)
        first = parse_date(entry.get("from"))
        if first is None:
            self.diags.error(self.path, line, f'"from" must be a date YYYY-MM-DD, found {entry.get("from")!r}')
        last = None
        if entry.get("to") is not None:
            last = parse_date(entry.get("to"))
            if last is None:
                self.diags.error(self.path, line, f'"to" must be a date YYYY-MM-DD, found {entry.get("to")!r}')
                return
            if first is not None and last < first:
                self.diags.error(self.path, line, f'"to" ({last}) is before "from" ({first})')
                return
        if keys_ok and name and first is not None:
            self.players.append(DisqualifiedPlayer(name, first, last, self._reason(entry), line))

    def penalty(self, entry: dict, line: int) -> None:
        if "game" in entry:
            self._game_penalty(entry, line)
        elif "stage" in entry:
            self._stage_penalty(entry, line)
        else:
            self.diags.error(self.path, line, 'a penalty names either a "game" or a "stage"')

    def _amount(self, entry: dict, key: str, allowed: tuple[int, ...], line: int) -> int | None:
        value = entry.get(key)
        if value is None:
            return 0
        number = parse_int(value)
        if number not in allowed:
            self.diags.error(self.path, line, f"{key} penalty must be one of {', '.join(map(str, allowed))}, found {value!r}")
            return None
        return number

    def _game_penalty(self, entry: dict, line: int) -> None:
        keys_ok = self._keys(entry, line, ("player", "game", "game_points", "reason"))
        name, game_id = self._player(entry, line), self._game(entry, line)
        if "game_points" not in entry:
            self.diags.error(self.path, line, "a game penalty needs game_points (5, 10, 20 or 60)")
            return
        amount = self._amount(entry, "game_points", GAME_PENALTIES, line)
        if name and game_id and name not in self.games_by_id[game_id].players:
            self.diags.error(self.path, line, f'player "{name}" did not play game "{game_id}"')
            return
        if keys_ok and name and game_id and amount:
            self.game_penalties.append(GamePenalty(name, game_id, amount, self._reason(entry), line))

    def _stage_penalty(self, entry: dict, line: int) -> None:
        keys_ok = self._keys(entry, line, ("player", "stage", "game_points", "table_points", "reason"))
        name = self._player(entry, line)
        raw_stage = entry.get("stage")
        stage = parse_int(raw_stage)
        numbers = [s.number for s in self.settings.stages]
        stage_ok = stage in numbers
        if not stage_ok:
            shown = "" if raw_stage is None else f" {raw_stage}"
            self.diags.error(self.path, line, f"unknown stage{shown}; stages are {', '.join(map(str, numbers))}")
        if "game_points" not in entry and "table_points" not in entry:
            self.diags.error(self.path, line, "a stage penalty needs game_points (50, 100, 200, 600) or table_points (1, 2, 4)")
            return
        gp = self._amount(entry, "game_points", STAGE_GAME_PENALTIES, line)
        tp = self._amount(entry, "table_points", STAGE_TABLE_PENALTIES, line)
        if keys_ok and name and stage_ok and gp is not None and tp is not None:
            self.stage_penalties.append(StagePenalty(name, stage, gp, tp, self._reason(entry), line))
