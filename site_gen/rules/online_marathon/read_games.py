"""Reading an online marathon's games.csv: each row checked and made a Game, every
problem reported at its line."""

from __future__ import annotations

from operator import itemgetter
from pathlib import Path
from sys import intern

from site_gen.diagnostics import Diagnostics
from site_gen.rules.online_marathon.model import Game
from site_gen.rules.online_marathon.settings import Settings
from site_gen.sources.csv_reader import read_csv
from site_gen.values import parse_int, parse_timestamp

GAME_COLUMNS = ["game", "table", "started_at"] + [f"{k}{i}" for i in range(1, 5) for k in ("player", "score")]


class Written:
    """What the rows of games.csv name, rows rejected for other problems included, so that
    a bad row does not make its players or its id "unknown" elsewhere (players.csv,
    sanctions.yaml)."""

    def __init__(self) -> None:
        self.seats: list[tuple[int, tuple[str, ...]]] = []  # (line, the players named) of each row
        self.ids: set[str] = set()


def load_games(path: Path, settings: Settings, diags: Diagnostics, written: Written) -> list[Game] | None:
    if not path.exists():
        diags.error(path, None, "missing file: an online marathon needs games.csv")
        return None
    rows = read_csv(path, diags, GAME_COLUMNS)
    if not rows:
        return rows  # None (reported) or no game at all
    columns = rows[0].columns  # all rows share the header
    game_at, table_at, started_at = columns["game"], columns["table"], columns["started_at"]
    seats = itemgetter(*(columns[f"player{i}"] for i in range(1, 5)))
    points = itemgetter(*(columns[f"score{i}"] for i in range(1, 5)))
    zone = settings.games_timezone
    score = _Scores().__getitem__  # a large games.csv writes a few hundred scores 400,000 times
    games: list[Game] = []
    first_line: dict[str, int] = {}
    for line, values, _ in rows:
        game_id = values[game_at]
        ok = True
        if not game_id:
            diags.error(path, line, 'empty "game" id')
            written.ids.add(game_id)
            ok = False
        elif game_id in first_line:
            diags.error(path, line, f'duplicate game id "{game_id}" (first on line {first_line[game_id]})')
            ok = False
        else:
            first_line[game_id] = line
        started, why = parse_timestamp(values[started_at], zone)
        if started is None:
            diags.error(path, line, f"started_at: {why}")
            ok = False
        names = tuple(map(intern, seats(values)))  # one string per name, however many seats it fills
        texts = points(values)
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


class _Scores(dict):
    """parse_int of each score text, worked out at its first look-up."""

    def __missing__(self, text: str) -> int | None:
        self[text] = parse_int(text)
        return self[text]


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
