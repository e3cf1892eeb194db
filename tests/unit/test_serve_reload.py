"""serve's next load of a changed online marathon: the rows of unchanged lines of games.csv
are the last read's (csv_reader.KeptRows); the online marathon itself is loaded and
computed plainly (issue 40); all of it exactly what a fresh load and computation give,
messages included."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, given, settings as hypothesis_settings, strategies as st

from site_gen.diagnostics import Diagnostics
from site_gen.rules.online_marathon.model import GamePenalty, Sanctions
from site_gen.rules.online_marathon.scoring import compute
from site_gen.sources import csv_reader
from site_gen.sources.csv_reader import KeptRows, read_csv

from marathon_helpers import data, game, settings

HEADER = "game,table,started_at,player1,score1,player2,score2,player3,score3,player4,score4"


# --- csv_reader: the rows of unchanged lines --------------------------------------------------


def read(path: Path, kept: KeptRows | None = None):
    diags = Diagnostics()
    return read_csv(path, diags, ["game", "player"], optional=["score"], kept=kept), [d.format() for d in diags.items]


def test_an_unchanged_line_gives_the_very_row_the_last_read_made_of_it(tmp_path):
    path, kept = tmp_path / "t.csv", KeptRows()
    path.write_text("# results\ngame,player,score\n1,A,10\n2,B,20\n3,C,30\n", encoding="utf-8")
    first, _ = read(path, kept)
    path.write_text("# results\ngame,player,score\n1,A,10\n2,B,25\n3,C,30\n", encoding="utf-8")
    again, messages = read(path, kept)
    assert messages == []
    assert again[0] is first[0] and again[2] is first[2]  # lines 3 and 5
    assert again[1] is not first[1] and (again[1].line, again[1].values) == (4, ("2", "B", "25"))


def test_a_row_is_made_again_when_its_line_moved_or_the_lines_above_the_rows_changed(tmp_path):
    path, kept = tmp_path / "t.csv", KeptRows()
    path.write_text("game,player,score\n1,A,10\n2,B,20\n", encoding="utf-8")
    first, _ = read(path, kept)
    # a line inserted above: 1,A,10 is now line 3 and 2,B,20 line 4
    path.write_text("game,player,score\n0,Z,0\n1,A,10\n2,B,20\n", encoding="utf-8")
    moved, _ = read(path, kept)
    assert [(r.line, r.values) for r in moved] == [(2, ("0", "Z", "0")), (3, ("1", "A", "10")), (4, ("2", "B", "20"))]
    assert not any(r is f for r in moved for f in first)
    # the columns in another order: the same line 2 gives other cells by name
    path.write_text("player,game,score\n0,Z,0\n1,A,10\n2,B,20\n", encoding="utf-8")
    reordered, _ = read(path, kept)
    assert [r.get("game") for r in reordered] == ["Z", "A", "B"] and reordered[0] is not moved[0]
    # a quoted cell (the csv module reads the file): nothing is kept from that read
    path.write_text('player,game,score\n0,Z,0\n1,"A",10\n2,B,20\n', encoding="utf-8")
    read(path, kept)
    path.write_text("player,game,score\n0,Z,0\n1,A,10\n2,B,20\n", encoding="utf-8")
    plain, _ = read(path, kept)
    assert plain == reordered and plain[0] is not reordered[0]


LINES = ["game,player,score", "player,game,score", "game,player", "", "# note", "1,A,10", "1,A,11", "2,B,20",
         "3,C", "4,D,40,x", " 5 , E ,50", '6,"F",60', "7,G,\u044f", "8,,80"]


@st.composite
def edited(draw, lines: list[str], line) -> list[str]:
    """The lines after one of them is changed, inserted or deleted; `line`: a line's strategy."""
    lines = list(lines)
    kind = draw(st.sampled_from(["change", "insert", "delete"] if lines else ["insert"]))
    if kind == "insert":
        lines.insert(draw(st.integers(0, len(lines))), draw(line))
    else:
        i = draw(st.integers(0, len(lines) - 1))
        if kind == "change":
            lines[i] = draw(line)
        else:
            del lines[i]
    return lines


@st.composite
def file_versions(draw, line, first: list[str] = ()) -> list[list[str]]:
    """A file's lines (after `first` ones), then those of a few edits of it, edit by edit."""
    versions = [[*first, *draw(st.lists(line, min_size=1, max_size=10))]]
    for _ in range(draw(st.integers(1, 4))):
        versions.append(draw(edited(versions[-1], line)))
    return versions


def test_a_kept_read_gives_what_a_fresh_read_gives():
    """Successive versions of a file, each read with the last reads kept and afresh: the
    same rows and messages, whatever changed (a header, a line inserted, a quote...), also
    when the rows are more than a table may have."""
    kept_rows = []

    @hypothesis_settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(file_versions(st.sampled_from(LINES), first=["game,player,score"]), st.sampled_from([3, 100_000]))
    def run(versions, row_limit):
        kept, last = KeptRows(), None
        with tempfile.TemporaryDirectory(prefix="site-gen-kept-") as folder, \
                mock.patch.object(csv_reader, "MAX_ROWS", row_limit):
            path = Path(folder) / "t.csv"
            for lines in versions:
                path.write_text("\n".join(lines) + "\n", encoding="utf-8")
                rows, messages = read(path, kept)
                assert (rows, messages) == read(path)
                if last is not None:
                    kept_rows.extend(any(r is k for k in last) for r in rows or [])
                last = rows or []

    run()
    assert sum(kept_rows) >= len(kept_rows) // 4, "too few rows of unchanged lines to compare"


# --- load: the games of unchanged rows ---------------------------------------------------------

def seats(a, b, c, d):
    return [("A", a), ("B", b), ("C", c), ("D", d)]


def test_a_game_s_table_points_and_a_game_penalty():
    """Game 2's table points with places 4, 2, 1, 0: A 30 first (4), B 10 (2), C 0 (1), D -40 (0);
    a 10-point penalty for A in game 1 leaves A 30 of 40, still first there."""
    s = settings()
    one, two = game(1, "2015-02-10 20:00", seats(40, 10, 0, -50)), game(2, "2015-04-10 20:00", seats(30, 10, 0, -40))
    moved = replace(one, scores=(40, 10, -50, 0))
    assert compute(data([moved, two]), s).games[1].table_points == (4, 2, 1, 0)
    penalised = compute(data([one, two], Sanctions(game_penalties=(GamePenalty("A", "1", 10, "late", 1),))), s)
    assert penalised.games[0].game_points == (30, 10, 0, -50) and penalised.games[0].table_points == (4, 2, 1, 0)
