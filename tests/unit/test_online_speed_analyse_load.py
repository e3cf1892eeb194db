"""The column-wise paths of loading games.csv (a simple table's rows, the games of rows
without a problem, the games and results kept for unchanged rows in serve) give what the
row-by-row paths give; each case worked out by hand."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from site_gen.diagnostics import Diagnostics
from site_gen.rules.online_marathon import read_games
from site_gen.rules.online_marathon.read_games import GAME_COLUMNS, Written, _clean_games, load_games
from site_gen.rules.online_marathon.load import load
from site_gen.rules.online_marathon.model import Game
from site_gen.rules.online_marathon.scoring import _score_games
from site_gen.sources import csv_reader
from site_gen.sources.csv_reader import KeptRows, read_csv

from marathon_helpers import MSK, data, game, settings

HEADER = ",".join(GAME_COLUMNS)
ROW_1 = "1,RU-Marathon-1,2015-02-03T21:15:00+03:00,A,40,B,10,C,0,D,-50"
ROW_2 = "2,RU-Marathon-2,2015-02-04T20:00:00+03:00,C,5,A,5,D,-3,B,-7"


def read(path: Path, text: str, kept: KeptRows | None = None, required=("game", "player")):
    path.write_text(text, encoding="utf-8")
    diags = Diagnostics()
    rows = read_csv(path, diags, list(required), kept=kept)
    return rows, [f"{d.line}: {d.message}" for d in diags.items]


# --- csv_reader: a simple table ---------------------------------------------------------


def test_simple_table_cells_and_rows(tmp_path):
    text = "game,player\n1,a b\n2,b\n"
    assert csv_reader._simple_table(text, text.splitlines(), []) is None  # a space: cells may need stripping
    text = "game,player\n1,a\n2,b\n"
    assert csv_reader._simple_table(text, text.splitlines(), []) == [["game", "player"], ["1", "a"], ["2", "b"]]
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
    assert csv_reader._simple_table(text, text.splitlines(), []) is None


def test_simple_table_header_problems_are_reported_once(tmp_path):
    rows, errors = read(tmp_path / "t.csv", "game,playr\n1,a\n")
    assert rows is None
    assert errors == ['1: unknown column "playr"; did you mean "player"?']


def test_simple_table_gives_the_kept_row_of_an_unchanged_line(tmp_path):
    kept = KeptRows()
    first, _ = read(tmp_path / "t.csv", "game,player\n1,a\n2,b\n3,c\n", kept)
    again, _ = read(tmp_path / "t.csv", "game,player\n1,a\n2,x\n3,c\n4,d\n", kept)
    assert again[0] is first[0] and again[2] is first[2]
    assert [(r.line, r.values) for r in again] == [(2, ("1", "a")), (3, ("2", "x")), (4, ("3", "c")), (5, ("4", "d"))]
    assert again[3].columns == again[0].columns


# --- load: the games of rows without a problem -------------------------------------------


def rows_of(path: Path, *lines: str):
    path.write_text("\n".join((HEADER,) + lines) + "\n", encoding="utf-8")
    return read_csv(path, Diagnostics(), GAME_COLUMNS)


def test_clean_games_are_the_games_written(tmp_path):
    rows = rows_of(tmp_path / "games.csv", ROW_1, ROW_2)
    games = _clean_games(rows, None).games
    assert games == [
        Game("1", "RU-Marathon-1", dt.datetime(2015, 2, 3, 21, 15, tzinfo=MSK), ("A", "B", "C", "D"), (40, 10, 0, -50), 2),
        Game("2", "RU-Marathon-2", dt.datetime(2015, 2, 4, 20, 0, tzinfo=MSK), ("C", "A", "D", "B"), (5, 5, -3, -7), 3),
    ]


def test_one_string_per_name(tmp_path):
    rows = rows_of(tmp_path / "games.csv", *(ROW_1.replace(",A,", ",Akagi,"), ROW_2.replace(",A,", ",Akagi,")))
    games = _clean_games(rows, None).games
    assert games[0].players[0] == "Akagi" and games[0].players[0] is games[1].players[1]


def test_a_time_without_an_offset_is_in_games_timezone(tmp_path):
    rows = rows_of(tmp_path / "games.csv", ROW_1.replace("T21:15:00+03:00", " 21:15"))
    assert _clean_games(rows, None) is None  # no zone to read it in: reported row by row
    (read_in_zone,) = _clean_games(rows, ZoneInfo("Europe/Moscow")).games
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
def test_a_row_with_a_problem_leaves_the_rows_to_the_careful_path(tmp_path, problem):
    rows = rows_of(tmp_path / "games.csv", ROW_1, problem)
    assert _clean_games(rows, None) is None
    diags, written = Diagnostics(), Written()
    games = load_games(tmp_path / "games.csv", settings(), diags, written)
    assert [g.id for g in games] == ["1"] and len(diags.items) == 1 and diags.items[0].line == 3


def test_clean_load_notes_what_the_rows_write(tmp_path):
    (tmp_path / "games.csv").write_text("\n".join((HEADER, ROW_1, ROW_2)) + "\n", encoding="utf-8")
    written = Written()
    games = load_games(tmp_path / "games.csv", settings(), Diagnostics(), written)
    assert [g.id for g in games] == ["1", "2"]
    assert written.seats == [(2, ("A", "B", "C", "D")), (3, ("C", "A", "D", "B"))] and written.ids == {"1", "2"}


# --- serve: what an unchanged row made before ---------------------------------------------


@pytest.fixture
def kept_loads(monkeypatch):
    monkeypatch.setattr(read_games, "_last_loads", {})


def loaded(path: Path, *lines: str):
    path.write_text("\n".join((HEADER,) + lines) + "\n", encoding="utf-8")
    diags = Diagnostics()
    games = load_games(path, settings(), diags, Written())
    return games, [f"{d.line}: {d.message}" for d in diags.items]


def test_an_unchanged_row_gives_the_game_it_gave(tmp_path, kept_loads):
    path = tmp_path / "games.csv"
    first, _ = loaded(path, ROW_1, ROW_2)
    changed = ROW_2.replace("C,5,A,5", "C,6,A,4")
    again, errors = loaded(path, ROW_1, changed)
    assert errors == [] and again[0] is first[0] and again[1] is not first[1]
    assert again[1].scores == (6, 4, -3, -7)


def test_a_kept_game_still_meets_the_id_check_and_survives_a_failed_load(tmp_path, kept_loads):
    path = tmp_path / "games.csv"
    first, _ = loaded(path, ROW_1, ROW_2)
    # the changed line 2 takes row 1's id: row 1 (kept) is the first, line 3 the duplicate
    games, errors = loaded(path, ROW_1, ROW_2.replace("2,", "1,", 1))
    assert [g.id for g in games] == ["1"] and games[0] is first[0]
    assert errors == ['3: duplicate game id "1" (first on line 2)']
    # that load kept no games (not every row gave one); the next still takes row 1's from before
    again, errors = loaded(path, ROW_1, ROW_2)
    assert errors == [] and again[0] is first[0] and again[1] == first[1]



def indexed(path: Path, *lines: str):
    """load_games's index of the file holding these lines (read_games.GameIndex)."""
    path.write_text("\n".join((HEADER,) + lines) + "\n", encoding="utf-8")
    written = Written()
    games = load_games(path, settings(), Diagnostics(), written)
    assert written.clean is not None and written.clean.games is games
    return written.clean


def test_the_next_clean_load_patches_the_index_of_the_last(tmp_path, kept_loads):
    """Row 1 seats A B C D, row 2 C A D B. Then row 1 seats E for B and row 2 is gone: B
    sits nowhere, E once; then row 2 comes back, with id 3."""
    path = tmp_path / "games.csv"
    first = indexed(path, ROW_1, ROW_2)
    assert first.by_id == {"1": first.games[0], "2": first.games[1]}
    assert not first.counted() and set(first.names()) == {"A", "B", "C", "D"} and first.counted()
    second = indexed(path, ROW_1.replace(",B,", ",E,"))
    assert second.counted()  # patched from first's counts, not counted again
    assert second.seat_counts() == {"A": 1, "C": 1, "D": 1, "E": 1}
    assert second.by_id == {"1": second.games[0]} and second.games[0].players == ("A", "E", "C", "D")
    third = indexed(path, ROW_1.replace(",B,", ",E,"), ROW_2.replace("2,", "3,", 1))
    assert third.games[0] is second.games[0]  # the unchanged line keeps its game
    assert third.seat_counts() == {"A": 2, "B": 1, "C": 2, "D": 2, "E": 1}
    assert third.by_id == {"1": third.games[0], "3": third.games[1]} and third.games[1].line == 3


def test_an_index_not_counted_is_patched_without_counting(tmp_path, kept_loads):
    path = tmp_path / "games.csv"
    indexed(path, ROW_1, ROW_2)
    again = indexed(path, ROW_1, ROW_2.replace(",B,", ",E,"))
    assert not again.counted()
    assert again.seat_counts() == {"A": 2, "B": 1, "C": 2, "D": 2, "E": 1}


def test_a_changed_row_taking_a_kept_row_s_id_is_found_by_the_patched_index(tmp_path, kept_loads):
    """Line 3 changes to id 1, which line 2 (unchanged) holds: reported row by row."""
    path = tmp_path / "games.csv"
    indexed(path, ROW_1, ROW_2)
    games, errors = loaded(path, ROW_1, ROW_2.replace("2,", "1,", 1))
    assert [g.id for g in games] == ["1"] and errors == ['3: duplicate game id "1" (first on line 2)']
    # two changed lines taking one new id between them
    games, errors = loaded(path, ROW_1.replace("1,", "5,", 1), ROW_2.replace("2,", "5,", 1))
    assert [g.id for g in games] == ["5"] and errors == ['3: duplicate game id "5" (first on line 2)']


def test_players_csv_naming_every_player_seated_reports_nothing(tmp_path):
    """players.csv is checked against the index's players first: line by line only when one is unknown."""
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


# --- scoring: the results of the games kept ---------------------------------------------------


def test_score_games_keeps_the_results_of_the_same_games_at_the_same_places():
    """A game is kept where the very same game is at the same place (serve's load makes a
    game again for a line that moved): an appended game leaves the others kept; one
    inserted before game 2 makes game 2's result again, equal."""
    g1 = game(1, "2015-02-03 21:15", [("A", 40), ("B", 10), ("C", 0), ("D", -50)])
    g2 = game(2, "2015-02-04 20:00", [("C", 5), ("A", 5), ("D", -3), ("B", -7)])
    s = settings()
    earlier, updated = _score_games(data([g1, g2]), s)
    assert updated == dt.date(2015, 2, 4)
    g3 = game(3, "2015-04-07 20:00", [("A", 1), ("B", 1), ("C", 1), ("D", 1)])
    results, updated = _score_games(data([g1, g2, g3]), s, earlier)
    assert results[0] is earlier[0] and results[1] is earlier[1]
    # game 3: all four share places 1-4, (4 + 2 + 1 + 0) / 4 each, in stage 2
    assert results[2].game is g3 and results[2].table_points == (F(7, 4),) * 4 and results[2].stage == 2
    assert updated == dt.date(2015, 4, 7)
    results, updated = _score_games(data([g1, g3, g2]), s, earlier)
    assert results[0] is earlier[0] and results[2] == earlier[1] and results[2] is not earlier[1]
    assert results[1].game is g3 and updated == dt.date(2015, 4, 7)
    # without game 3, game 1 dropped: game 2 kept at its place, the newest day of those
    results, updated = _score_games(data([g2]), s, earlier)
    assert results == (earlier[1],) and results[0] is not earlier[1] and updated == dt.date(2015, 2, 4)
    results, updated = _score_games(data([g1]), s, earlier)
    assert results[0] is earlier[0] and updated == dt.date(2015, 2, 3)
