"""Loading games.csv: a simple table's rows (csv_reader), the games of its rows, what the
rows name; each case worked out by hand."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from site_gen.diagnostics import Diagnostics
from site_gen.rules.online_marathon.read_games import GAME_COLUMNS, Written, load_games
from site_gen.rules.online_marathon.load import load
from site_gen.rules.online_marathon.model import Game
from site_gen.sources import csv_reader
from site_gen.sources.csv_reader import read_csv

from marathon_helpers import MSK, settings

HEADER = ",".join(GAME_COLUMNS)
ROW_1 = "1,RU-Marathon-1,2015-02-03T21:15:00+03:00,A,40,B,10,C,0,D,-50"
ROW_2 = "2,RU-Marathon-2,2015-02-04T20:00:00+03:00,C,5,A,5,D,-3,B,-7"


def read(path: Path, text: str, required=("game", "player")):
    path.write_text(text, encoding="utf-8")
    diags = Diagnostics()
    rows = read_csv(path, diags, list(required))
    return rows, [f"{d.line}: {d.message}" for d in diags.items]


# --- csv_reader: a simple table ---------------------------------------------------------


def test_simple_table_cells_and_rows(tmp_path):
    text = "game,player\n1,a b\n2,b\n"
    assert csv_reader._simple_table(text, text.splitlines()) is None  # a space: cells may need stripping
    text = "game,player\n1,a\n2,b\n"
    assert csv_reader._simple_table(text, text.splitlines()) == [["game", "player"], ["1", "a"], ["2", "b"]]
    rows, errors = read(tmp_path / "t.csv", text)
    assert errors == [] and [(r.line, r.values) for r in rows] == [(2, ("1", "a")), (3, ("2", "b"))]
    assert rows[0].columns == {"game": 0, "player": 1} and rows[0].columns is rows[1].columns


@pytest.mark.parametrize("text", [
    "game,player\n#x,y\n1,a\n",  # a comment line
    "game,player\n,\n1,a\n",  # a line of empty cells
    "game,player\n1,a,x\n",  # a line with more cells
    "game,player\n1\n",  # ... or fewer
    "game,player\n1,\ta\n",  # a padded cell
    "game,player\n1,я\n",  # not ASCII
    "game\n1\n",  # one column: an empty line would be a blank one
])
def test_other_tables_are_not_simple(text):
    assert csv_reader._simple_table(text, text.splitlines()) is None


def test_simple_table_header_problems_are_reported_once(tmp_path):
    rows, errors = read(tmp_path / "t.csv", "game,playr\n1,a\n")
    assert rows is None
    assert errors == ['1: unknown column "playr"; did you mean "player"?']


# --- load: the games of rows without a problem -------------------------------------------


def games_of(path: Path, *lines: str, zone=None):
    path.write_text("\n".join((HEADER,) + lines) + "\n", encoding="utf-8")
    diags = Diagnostics()
    games = load_games(path, settings(games_timezone=zone), diags, Written())
    return games, [f"{d.line}: {d.message}" for d in diags.items]


def test_games_are_the_games_written(tmp_path):
    games, errors = games_of(tmp_path / "games.csv", ROW_1, ROW_2)
    assert errors == []
    assert games == [
        Game("1", "RU-Marathon-1", dt.datetime(2015, 2, 3, 21, 15, tzinfo=MSK), ("A", "B", "C", "D"), (40, 10, 0, -50), 2),
        Game("2", "RU-Marathon-2", dt.datetime(2015, 2, 4, 20, 0, tzinfo=MSK), ("C", "A", "D", "B"), (5, 5, -3, -7), 3),
    ]


def test_a_time_without_an_offset_is_in_games_timezone(tmp_path):
    row = ROW_1.replace("T21:15:00+03:00", " 21:15")
    games, errors = games_of(tmp_path / "games.csv", row)
    assert games == [] and len(errors) == 1  # no zone to read it in
    (read_in_zone,), errors = games_of(tmp_path / "games.csv", row, zone=ZoneInfo("Europe/Moscow"))
    assert errors == []
    assert read_in_zone.started_at == dt.datetime(2015, 2, 3, 21, 15, tzinfo=ZoneInfo("Europe/Moscow"))
    assert read_in_zone.started_at.tzinfo is ZoneInfo("Europe/Moscow")


@pytest.mark.parametrize("problem", [
    ROW_2.replace("2,", ",", 1),  # an empty id
    ROW_2.replace("2,", "1,", 1),  # the id of row 1 again
    ROW_2.replace("2015-02-04T20:00:00", "yesterday"),
    ROW_2.replace(",A,5,", ",,5,"),  # an empty seat
    ROW_2.replace(",A,5,", ",C,5,"),  # C twice at the table
    ROW_2.replace(",A,5,", ",A,x,"),  # a score that is no number
])
def test_a_row_with_a_problem_is_reported_and_left_out(tmp_path, problem):
    (tmp_path / "games.csv").write_text("\n".join((HEADER, ROW_1, problem)) + "\n", encoding="utf-8")
    diags, written = Diagnostics(), Written()
    games = load_games(tmp_path / "games.csv", settings(), diags, written)
    assert [g.id for g in games] == ["1"] and len(diags.items) == 1 and diags.items[0].line == 3


def test_a_load_notes_what_the_rows_write(tmp_path):
    (tmp_path / "games.csv").write_text("\n".join((HEADER, ROW_1, ROW_2)) + "\n", encoding="utf-8")
    written = Written()
    games = load_games(tmp_path / "games.csv", settings(), Diagnostics(), written)
    assert [g.id for g in games] == ["1", "2"]
    assert written.seats == [(2, ("A", "B", "C", "D")), (3, ("C", "A", "D", "B"))] and written.ids == {"1", "2"}


def test_players_csv_naming_every_player_seated_reports_nothing(tmp_path):
    """players.csv names every player seated: nothing to say; without B, each line seating B."""
    folder = tmp_path / "data" / "m"
    folder.mkdir(parents=True)
    (folder / "games.csv").write_text("\n".join((HEADER, ROW_1, ROW_2)) + "\n", encoding="utf-8")
    (folder / "players.csv").write_text("player\nA\nB\nC\nD\n", encoding="utf-8")
    diags = Diagnostics()
    assert load(folder, settings(), diags) is not None and diags.items == []
    (folder / "players.csv").write_text("player\nA\nC\nD\n", encoding="utf-8")
    assert load(folder, settings(), diags) is None
    assert [(d.line, d.message) for d in diags.items] == [(2, 'unknown player "B" (not in players.csv)'),
                                                          (3, 'unknown player "B" (not in players.csv)')]
