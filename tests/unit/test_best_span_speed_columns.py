"""best-span's column-at-a-time paths, hand-worked: games made from a file's columns (one C
call each, as named tuples), the reader's names shared as one interned object each, a
participant's seats taken as columns, and the span table built from them (with the row
where a span wraps back to game 1)."""

from __future__ import annotations

import datetime as dt
import pickle
import sys
from fractions import Fraction

from site_gen.rules.best_span.load import _games
from site_gen.rules.best_span.model import Game
from site_gen.rules.best_span.pages import span_games_table, standings_rows, statistics_table
from site_gen.rules.best_span.scoring import compute
from site_gen.render.i18n import use_language
from site_gen.render.table_view import table_rows
from site_gen.sources.log_store import FileRead
from site_gen.sources.tenhou_columns import ColumnReader
from site_gen.sources.tenhou_log import LineScanner

from best_span_helpers import data, seated, settings

DAY = dt.date(2009, 3, 1)


def test_games_are_made_from_a_files_columns():
    # two kept lines of scb2009030112.log (lines 2 and 5); the day, file, family and path
    # are the file's own, the same for both games
    read = FileRead(5, ("A", "b", "c", "d", "e"), (), (
        (2, 5), (12, 12), (3, 41), ("", ""), ("四特南喰－－", "四特南喰赤－"),
        (("A", "b", "c", "d"), ("e", "c", "A", "b")), ((400, 50, -150, -300), (489, 126, -195, -420)), ("", "")))
    games = _games(read, (DAY, "scb2009030112.log", "scb", "logs/scb2009030112.log", 0))
    assert games == [
        Game(DAY, 12, 3, "scb2009030112.log", 2, "scb", "", "四特南喰－－", ("A", "b", "c", "d"),
             (400, 50, -150, -300), "", "logs/scb2009030112.log", 0),
        Game(DAY, 12, 41, "scb2009030112.log", 5, "scb", "", "四特南喰赤－", ("e", "c", "A", "b"),
             (489, 126, -195, -420), "", "logs/scb2009030112.log", 0),
    ]
    second = games[1]
    assert type(second) is Game and (second.line, second.time, second.source) == (5, "12:41", "logs/scb2009030112.log")
    # a named tuple: equal to, and hashed as, the tuple of its fields; pickled as a Game
    assert second == tuple(second) and hash(second) == hash(tuple(second))
    assert type(pickle.loads(pickle.dumps(second))) is Game and pickle.loads(pickle.dumps(second)) == second


def test_the_reader_holds_each_name_once_interned():
    reader = ColumnReader(LineScanner("scb", ("特",), ()))
    # "Ｐ01" is written in full width: another name than "P01", held as another object
    text = ("12:03 | 21 | 四特南喰－－ | P01(+40.0) g02(+5.0) g03(-15.0) g04(-30.0)\n"
            "12:09 | 30 | 四特南喰－－ | g05(+40.0) P01(+5.0) Ｐ01(-15.0) g02(-30.0)\n"
            "12:15 | 25 | 四特南喰－－ | g06(+40.0) g07(+5.0) g08(-15.0) g09(-30.0)\n")
    seen: set[str] = set()
    columns = reader.games(text, 1, {"P01"}, seen, lambda line, why: None)
    lines, players = columns[0], columns[5]
    assert lines == [1, 2] and players == [("P01", "g02", "g03", "g04"), ("g05", "P01", "Ｐ01", "g02")]
    assert players[0][0] is players[1][1] is sys.intern("P01") and players[0][1] is players[1][3]
    assert seen == {"P01", "Ｐ01", "g02", "g03", "g04", "g05", "g06", "g07", "g08", "g09"}  # every line that could count


def _wrapping():
    """A's places over five plain games: 1st, 4th, 4th, 4th, 1st: points 4, 0, 0, 0, 4. The
    target 8 takes two 1st places: games 5 and 1, wrapping (start index 4, 2 games, 2.00);
    every run without the wrap holds all five games."""
    games = [seated("A", place, index) for index, place in enumerate((1, 4, 4, 4, 1))]
    return compute(data(games, players=["A"]), settings(target=Fraction(8))).players[0], games


def test_a_participants_seats_are_taken_as_columns():
    a, games = _wrapping()
    # plain is kind 1 (model.KINDS): a seat's code is 1 x 4 + seat (place - 1)
    assert a.games.columns([4, 0]) == ([games[4], games[0]], [0, 0], [4, 4])
    assert a.games.columns([1, 3]) == ([games[1], games[3]], [3, 3], [7, 7])
    assert a.games.columns([]) == ([], [], [])


def test_the_span_table_marks_where_it_wraps():
    a, _ = _wrapping()
    assert (a.span.start, a.span.length, a.span.wraps) == (4, 2, True)
    rows = span_games_table(settings(target=Fraction(8)), a).rows
    assert [(r["n"], r["game"], r["when"], r["place"], r["points"], r["weight"], r["total"], str(r["kind"]),
             str(r["note"])) for r in rows] == [
        (1, 5, "2009-03-01 00:04", 1, 4, Fraction(1), Fraction(4), "plain", ""),
        (2, 1, "2009-03-01 00:00", 1, 4, Fraction(1), Fraction(8), "plain", "wraps around: back to game 1"),
    ]


def test_with_a_fractional_place_every_points_cell_has_two_decimals():
    """Place points 4, 2.5, 1, 0 over A's places 4th, 1st, 2nd, 3rd, 4th, target 7.5: the
    span is games 2-4 (4 + 2.5 + 1; two games hold at most 6.5, the wrapping runs of three
    0 + 0 + 4 and 1 + 0 + 0). The whole points read 4.00 and 1.00 beside 2.50, as the
    totals do, not "4" and "1"."""
    games = [seated("A", place, index) for index, place in enumerate((4, 1, 2, 3, 4))]
    rule = settings(target=Fraction(15, 2), place_points=(Fraction(4), Fraction(5, 2), Fraction(1), Fraction(0)))
    a = compute(data(games, players=["A"]), rule).players[0]
    with use_language("en"):
        cells = [{c.key: c.text for c in row} for _, row in table_rows(span_games_table(rule, a))]
    assert [(c["game"], c["points"], c["total"]) for c in cells] == [
        ("2", "4.00", "4.00"), ("3", "2.50", "6.50"), ("4", "1.00", "7.50")]


def test_whole_point_totals_have_the_decimals_of_fractional_ones():
    """Place points 4, 2.5, 1, 0; games a minute apart: A 1st twice (game 0 and 1: 4 + 4 = 8,
    a whole sum, an int inside), B 2nd once (game 2: 2.5); target 100, so neither has a span.
    The Points columns read 8.00 and 2.50 on the standings and the statistics, not 8."""
    games = [seated("A", 1, 0), seated("A", 1, 1), seated("B", 2, 2)]
    rule = settings(target=Fraction(100), place_points=(Fraction(4), Fraction(5, 2), Fraction(1), Fraction(0)))
    result = compute(data(games, players=["A", "B"]), rule)
    with use_language("en"):
        for table in (standings_rows(rule, result, {}), statistics_table(rule, result, {})):
            cells = {row[0].text if row[0].key == "player" else row[1].text: {c.key: c.text for c in row}
                     for _, row in table_rows(table)}
            assert (cells["A"]["points"], cells["B"]["points"]) == ("8.00", "2.50"), table.slug
