"""Reading an online marathon's games.csv: each row checked and made a Game, every
problem reported at its line.

A file with no problem is read a column at a time (_clean_games); a file with any problem
is read again row by row (_checked_games), so the diagnostics and their order are the same
either way.

Within one process (`serve`, after keep_between_builds()), the next load of a games.csv
takes the game the last one made of a row that is the same object (csv_reader.KeptRows:
an unchanged line) under the same games_timezone, instead of parsing it again: the
scoring then knows an unchanged game by its identity (scoring.recompute). A clean load's
index (the games by id, the players seated: GameIndex) is then patched by the changed
rows rather than made again: with it, the whole load of a large marathon after one changed
line took 0.13-0.16 s instead of 0.35-0.40 s, and its sanctions.yaml's check 3 ms
instead of 0.12 s.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from collections import Counter
from collections.abc import KeysView
from itertools import chain
from operator import attrgetter, itemgetter, methodcaller
from pathlib import Path
from sys import intern
from zoneinfo import ZoneInfo

from site_gen.diagnostics import Diagnostics
from site_gen.lookups import MemoDict, changed_places
from site_gen.rules.online_marathon.model import Game
from site_gen.rules.online_marathon.settings import Settings
from site_gen.sources.csv_reader import KeptRows, Row, read_csv
from site_gen.values import parse_int, parse_timestamp

GAME_COLUMNS = ["game", "table", "started_at"] + [f"{k}{i}" for i in range(1, 5) for k in ("player", "score")]


class GameIndex:
    """The games of a file read clean (every row a game): by id, and the players seated in
    them, the latter counted when first asked (most loads never ask: a sanctions.yaml
    naming a player does). In serve the next clean load patches both by the rows that
    changed (_patched_games) instead of going over 100,000 games again."""

    def __init__(self, rows: list[Row], games: list[Game], by_id: dict[str, Game], zone: ZoneInfo | None,
                 seats: Counter[str] | None = None) -> None:
        self.rows, self.games, self.by_id, self.zone = rows, games, by_id, zone  # the games of the rows, in order
        self._seats = seats  # player -> the games they sit in

    def names(self) -> KeysView[str]:
        """The players seated in the games."""
        return self.seat_counts().keys()

    def seat_counts(self) -> Counter[str]:
        if self._seats is None:
            self._seats = Counter(chain.from_iterable(map(_PLAYERS, self.games)))
        return self._seats

    def counted(self) -> bool:
        return self._seats is not None


def index_of(games: list[Game], rows: list[Row] | None = None, zone: ZoneInfo | None = None) -> GameIndex:
    """The index of `games` by id, made by C calls (100,000 games); an id written twice keeps
    its last game (the caller compares the sizes). `rows`: those the games were made of, under
    `zone`, for the next load to patch the index; none for a file read row by row, whose
    index (sanctions.yaml's check) no load patches."""
    return GameIndex(rows or [], games, dict(zip(map(_ID, games), games)), zone)


class Written:
    """What the rows of games.csv name, including rows rejected for other problems, so
    that a bad row does not make its players or its id "unknown" elsewhere. A file read
    clean leaves its GameIndex (`clean`), whose seats and ids are worked out from its rows
    and games only when asked: a load with players.csv, or an unknown game in
    sanctions.yaml, asks; most never do (400,000 seats in a large marathon)."""

    def __init__(self) -> None:
        self.checked_seats: list[tuple[int, tuple[str, ...]]] = []  # (line, players) of the rows read one by one
        self.checked_ids: set[str] = set()
        self.clean: GameIndex | None = None

    @property
    def seats(self) -> list[tuple[int, tuple[str, ...]]]:
        if self.clean is None:
            return self.checked_seats
        return self.checked_seats + list(zip(map(_LINE, self.clean.rows), map(_PLAYERS, self.clean.games)))

    @property
    def ids(self) -> set[str]:
        return self.checked_ids if self.clean is None else self.checked_ids | self.clean.by_id.keys()


@dataclass
class _KeptLoad:
    """What the last loads of one games.csv in this process made of it."""

    rows: KeptRows = field(default_factory=KeptRows)  # its lines and rows, for read_csv
    clean: GameIndex | None = None  # the games of its last clean load


# games.csv path -> what its loads made, once keep_between_builds() was called (serve): the
# next load takes the games of unchanged rows from there rather than parsing 100,000 rows
# again (~0.5 s), and patches their index. None: one build per process (the command line),
# which keeps nothing.
_last_loads: dict[str, _KeptLoad] | None = None


def keep_between_builds() -> None:
    """Keep each games.csv's rows and games in memory for the next build of this process."""
    global _last_loads
    if _last_loads is None:
        _last_loads = {}


def load_games(path: Path, settings: Settings, diags: Diagnostics, written: Written) -> list[Game] | None:
    if not path.exists():
        diags.error(path, None, "missing file: an online marathon needs games.csv")
        return None
    kept = None if _last_loads is None else _last_loads.setdefault(str(path), _KeptLoad())
    rows = read_csv(path, diags, GAME_COLUMNS, kept=None if kept is None else kept.rows)
    if not rows:
        return rows  # None (reported) or no game at all
    zone = settings.games_timezone
    last = kept.clean if kept is not None and kept.clean is not None and kept.clean.zone == zone else None
    clean = _clean_games(rows, zone, last)
    if clean is None:  # a row has a problem: row by row, reporting each
        return _checked_games(path, rows, _made_before(rows, last), zone, diags, written)
    written.clean = clean
    if kept is not None:
        kept.clean = clean
    return clean.games


_LINE, _VALUES = itemgetter(0), itemgetter(1)  # of a Row
_ID, _PLAYERS, _TZINFO = attrgetter("id"), attrgetter("players"), attrgetter("tzinfo")
_T_FOR_SPACE = methodcaller("replace", " ", "T", 1)  # as parse_timestamp reads "date time"


def _made_before(rows: list[Row], last: GameIndex | None) -> list[Game | None]:
    """For each row, the game `last` made of that very row (an unchanged line: it passed
    every check but the id's), else None. KeptRows gives a line's row again only at the
    same line, so the rows of `last` are compared place by place."""
    if last is None:
        return [None] * len(rows)
    return _kept_games(rows, last)[0]


def _kept_games(rows: list[Row], last: GameIndex) -> tuple[list[Game | None], list[int]]:
    """The games of `last` at the places where `rows` are its very rows, None at the
    others; and those other places."""
    changed = changed_places(rows, last.rows)
    games = last.games[:len(rows)] + [None] * (len(rows) - len(last.games))
    for at in changed:
        games[at] = None
    return games, changed


def _clean_games(rows: list[Row], zone: ZoneInfo | None, last: GameIndex | None = None) -> GameIndex | None:
    """The games of rows that have no problem at all, each worked out column by column (a
    few C calls per column where a row by row check took ~5 us a row), indexed; None as
    soon as any row has one: _checked_games then reports each. With `last` (serve: the
    last clean load of the file, under the same games_timezone), the rows that are its
    very rows at the same places keep its games, and its index is patched."""
    if last is not None:
        return _patched_games(rows, zone, last)
    games = _fresh_games(rows, zone)
    if games is None:
        return None
    index = index_of(games, rows, zone)
    return None if len(index.by_id) < len(games) else index  # fewer ids than games: one written twice


def _patched_games(rows: list[Row], zone: ZoneInfo | None, last: GameIndex) -> GameIndex | None:
    """_clean_games of `rows` from `last`: only the rows not at their place in it made into
    games (one changed line: one game), the games and index of the others taken over."""
    games, changed = _kept_games(rows, last)
    gone = [last.games[at] for at in changed if at < len(last.games)] + last.games[len(rows):]
    new = _fresh_games([rows[at] for at in changed], zone) if changed else []
    if new is None:
        return None
    by_id = last.by_id.copy()
    for game in gone:
        del by_id[game.id]  # the ids of a clean load are unique
    for at, game in zip(changed, new):
        if game.id in by_id:  # an id written twice
            return None
        by_id[game.id] = games[at] = game
    seats = None
    if last.counted():  # patched as the games, rather than counted again when asked
        seats = last.seat_counts().copy()
        seats.subtract(chain.from_iterable(map(_PLAYERS, gone)))
        seats.update(chain.from_iterable(map(_PLAYERS, new)))
        for name in {name for game in gone for name in game.players if seats[name] <= 0}:
            del seats[name]
    return GameIndex(rows, games, by_id, zone, seats)


def _fresh_games(rows: list[Row], zone: ZoneInfo | None) -> list[Game] | None:
    """The games of rows none of which was made before: exactly the games
    _checked_games makes of them, when none has a problem, else None (an id written twice
    is the caller's to find)."""
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
                   diags: Diagnostics, written: Written) -> list[Game]:
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
            written.checked_seats.append((line, game.players))
            continue
        game_id = values[game_at]
        ok = True
        if not game_id:
            diags.error(path, line, 'empty "game" id')
            written.checked_ids.add(game_id)
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
        written.checked_seats.append((line, seated))
        if ok:
            games.append(Game(game_id, values[table_at], started, names, scores, line))
    written.checked_ids.update(first_line)  # the other ids written (an empty one is added above)
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
