"""serve's next load of a changed online marathon: the rows of unchanged lines of games.csv
are the last read's (csv_reader.KeptRows); the online marathon itself is loaded and
computed plainly (issue 40); all of it exactly what a fresh load and computation give,
messages included."""

from __future__ import annotations

import datetime as dt
import tempfile
from dataclasses import replace
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, given, settings as hypothesis_settings, strategies as st

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.project import load_competition
from site_gen.rules.online_marathon.model import GamePenalty, Sanctions
from site_gen.rules.online_marathon.scoring import compute
from site_gen.sources import csv_reader
from site_gen.sources.csv_reader import KeptRows, read_csv
from site_gen.strict_equality import same

from marathon_helpers import SMALL_COMPETITION_YAML, data, game, settings

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

ROWS = [
    "11,RU-Marathon-1,2015-02-10T20:00:00+03:00,A,40,B,10,C,0,D,-50",
    "12,RU-Marathon-1,2015-04-10T20:00:00+03:00,A,30,B,10,C,0,D,-40",
    "13,RU-Marathon-1,2015-04-11T20:00:00+03:00,A,20,B,10,C,0,D,-30",
]


def competition_folder(root: Path, rows: list[str], extra_settings: str = "") -> Path:
    folder = root / "data" / "small-marathon"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "competition.yaml").write_text(SMALL_COMPETITION_YAML + extra_settings, encoding="utf-8")
    (folder / "games.csv").write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    return folder


def load_in_serve(folder: Path, previous=None):
    """load_competition as serve's next build does it: `previous` is the last one."""
    diags = Diagnostics(root=folder.parent.parent)
    competition = load_competition(folder, SiteConfig(), diags, previous)
    return competition, [d.format() for d in diags.items]


def load_afresh(folder: Path):
    """load_competition as a build in a new process does it."""
    return load_in_serve(folder)


def test_serve_s_next_load_of_a_changed_line_is_a_fresh_load(tmp_path):
    folder = competition_folder(tmp_path, ROWS)
    first, _ = load_in_serve(folder)
    (folder / "games.csv").write_text("\n".join([HEADER, ROWS[0], ROWS[1].replace("A,30", "A,35").replace("D,-40", "D,-45"), ROWS[2]]) + "\n",
                                      encoding="utf-8")
    again, messages = load_in_serve(folder, first)
    fresh, fresh_messages = load_afresh(folder)
    new = again.data.games
    assert new[1].scores == (35, 10, 0, -45) and new[1].line == 3  # still adding up to 0: no warning
    assert again.data == fresh.data and again.result == fresh.result and messages == fresh_messages == []


def test_a_kept_row_gets_every_message_a_fresh_load_gives(tmp_path):
    """Line 2 changes to game 13, the id of line 4, which did not change: line 4 is the
    duplicate, 'first on line 2'; players.csv now lacks D, who sits on every line, and
    sanctions.yaml penalises D in game 11 (line 2 no longer holds it)."""
    folder = competition_folder(tmp_path, ROWS)
    first, _ = load_in_serve(folder)
    (folder / "games.csv").write_text("\n".join([HEADER, ROWS[0].replace("11,", "13,", 1), *ROWS[1:]]) + "\n",
                                      encoding="utf-8")
    (folder / "players.csv").write_text("player\nA\nB\nC\n", encoding="utf-8")
    (folder / "sanctions.yaml").write_text("penalties:\n  - {player: D, game: 11, game_points: 10}\n", encoding="utf-8")
    again, messages = load_in_serve(folder, first)
    assert again is None
    csv, unknown = "data/small-marathon/games.csv", 'unknown player "D" (not in players.csv)'
    assert sorted(messages) == sorted([
        f'{csv}:4: error: duplicate game id "13" (first on line 2)',
        *(f"{csv}:{line}: error: {unknown}" for line in (2, 3, 4)),
        'data/small-marathon/sanctions.yaml:2: error: unknown game "11" (not in games.csv)',
    ])
    assert messages == load_afresh(folder)[1]


def test_games_read_under_another_games_timezone_are_made_again(tmp_path):
    """20:00 without an offset: 17:00 UTC in Moscow (+03:00), 20:00 UTC in UTC."""
    rows = ["11,RU-Marathon-1,2015-02-10 20:00,A,40,B,10,C,0,D,-50"]
    folder = competition_folder(tmp_path, rows, "games_timezone: Europe/Moscow\n")
    first, _ = load_in_serve(folder)
    competition_folder(tmp_path, rows, "games_timezone: UTC\n")
    again, _ = load_in_serve(folder, first)
    utc = dt.timezone.utc
    assert first.data.games[0].started_at.astimezone(utc).hour == 17
    assert again.data.games[0].started_at.astimezone(utc).hour == 20


# --- scoring: the results of the same games ---------------------------------------------------


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


# --- property: serve's loads and computations are fresh ones ---------------------------------

PLAYERS = "ABCDEF"
DAYS = ["2015-02-10T20:00:00+03:00", "2015-03-31T23:30:00+03:00", "2015-04-01T00:30:00+03:00",
        "2015-05-20T20:00:00+03:00", "2015-12-24T20:00:00+03:00", "soon"]


@st.composite
def a_line(draw) -> str:
    """A line of games.csv: a game (ids from a few, so some repeat; now and then a bad
    timestamp, score or seat), a comment or a blank line."""
    kind = draw(st.integers(0, 19))
    if kind == 0:
        return draw(st.sampled_from(["", "# a comment"]))
    players = draw(st.permutations(PLAYERS))[:4]
    if kind == 1:
        players[3] = draw(st.sampled_from(["", players[0], "Z"]))
    scores = [str(draw(st.integers(-30, 40))) for _ in range(4)]
    if kind == 2:
        scores[0] = "x"
    day = draw(st.sampled_from(DAYS if kind == 3 else DAYS[:-1]))
    table = draw(st.sampled_from(["RU-Marathon-1", "RU-Marathon-1", "Friendly-1"]))
    cells = [str(draw(st.integers(1, 40))), table, day] + [c for pair in zip(players, scores) for c in pair]
    return ",".join(cells)


@st.composite
def sanctions_of(draw, lines: list[str]) -> str:
    """sanctions.yaml for these lines: none, or one sanction of a game or a player in them."""
    games = [line.split(",") for line in lines if line.count(",") == 10]
    kinds = ["none", "none"] + (["game out", "game penalty", "player out", "stage penalty"] if games else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "none":
        return ""
    cells = draw(st.sampled_from(games))
    game_id, player = cells[0], cells[3] or "A"
    return {"game out": f"disqualified_games:\n  - {{game: '{game_id}'}}\n",
            "game penalty": f"penalties:\n  - {{player: '{player}', game: '{game_id}', game_points: 10}}\n",
            "player out": f"disqualified_players:\n  - {{player: '{player}', from: 2015-04-01}}\n",
            "stage penalty": f"penalties:\n  - {{player: '{player}', stage: 2, table_points: 1}}\n"}[kind]


def test_serve_s_loads_give_what_fresh_loads_give():
    """Successive versions of a marathon, each loaded as serve's next build does and afresh:
    the same results and messages, whatever changed (lines inserted, deleted or changed,
    errors made or mended, sanctions)."""

    @hypothesis_settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(file_versions(a_line()), st.data())
    def run(versions, draw):
        with tempfile.TemporaryDirectory(prefix="site-gen-serve-") as root:
            previous, sanctions = None, None
            for lines in versions:
                folder = competition_folder(Path(root), lines)
                if sanctions is None or draw.draw(st.integers(0, 2)) == 0:  # else as the last build's
                    sanctions = draw.draw(sanctions_of(lines))
                (folder / "sanctions.yaml").write_text(sanctions, encoding="utf-8")
                served, messages = load_in_serve(folder, previous)
                fresh, fresh_messages = load_afresh(folder)
                assert messages == fresh_messages
                assert (served is None) == (fresh is None)
                if served is not None:
                    assert served.result == fresh.result and same(served.result, fresh.result)
                previous = served

    run()
