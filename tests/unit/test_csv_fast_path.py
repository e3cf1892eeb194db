"""The fast paths of reading games.csv give what the careful ones give: the same rows, the
same diagnostics in the same order, on generated tables full of traps."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, example, given, settings, strategies as st

from site_gen.diagnostics import Diagnostics
from site_gen.rules.online_marathon.read_games import GAME_COLUMNS, Written, load_games
from site_gen.sources import csv_reader
from site_gen.values import parse_int, parse_timestamp
from marathon_helpers import settings as marathon_settings

EXAMPLES = settings(max_examples=400, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
COLUMNS = ["game", "player", "score", "name"]
# Characters the plain path reads itself (line ends among them), then those that send a
# text to the careful path: quotes, control characters, Unicode line separators.
PLAIN = [",", "\t", " ", "\xa0", "\u3000", "\ufeff", "#", "я"]
TRAPS = PLAIN + ['"', "\n", "\r", "\r\n", "\x01", "\x0b", "\x1f", "\x7f", "\x85", "\u2028"]


@st.composite
def cell(draw, special: list[str]) -> str:
    pieces = st.one_of(st.sampled_from(special), st.text("ab1-", min_size=1, max_size=12))
    text = draw(st.one_of(st.sampled_from(COLUMNS), st.lists(pieces, max_size=4).map("".join),
                          st.text("x", min_size=7, max_size=10)))  # about the patched cell limits
    if '"' in special and draw(st.integers(0, 5)) == 0:  # quoted as a spreadsheet writes it
        return '"' + text.replace('"', '""') + '"'
    return text


@st.composite
def table(draw) -> str:
    """A header (usually valid), then rows, blank, whitespace and comment lines; half of
    the tables hold no trap, so that the plain path reads them."""
    traps = draw(st.booleans())
    special = draw(st.lists(st.sampled_from(TRAPS if traps else PLAIN), min_size=1, max_size=3, unique=True))
    cells = cell([","] + special)
    header = draw(st.one_of(st.permutations(COLUMNS), st.lists(cells, min_size=1, max_size=5)))
    lines = [",".join(header)]
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            lines.append(draw(st.sampled_from(["", " ", "\t", ", ,", "# a comment", " #x,y", "\ufeff"])))
        else:  # usually as many cells as the header, sometimes one more or fewer
            width = max(len(header) + draw(st.sampled_from([0, 0, 0, 0, -1, 1])), 0)
            lines.append(",".join(draw(st.lists(cells, min_size=width, max_size=width))))
    ends = draw(st.lists(st.sampled_from(["\n", "\n", "\r\n", "\r"]), min_size=len(lines), max_size=len(lines)))
    if draw(st.booleans()):
        ends = [ends[0]] * len(ends)  # one kind of line end, as most files have
    text = "".join(line + end for line, end in zip(lines, ends))
    return ("\ufeff" if draw(st.booleans()) else "") + (text if draw(st.booleans()) else text.rstrip("\r\n"))


def outcome(path: Path, extra_ok: bool):
    diags = Diagnostics()
    rows = csv_reader.read_csv(path, diags, COLUMNS[:3], optional=COLUMNS[3:], extra_ok=extra_ok)
    for row in rows or []:  # the Row API: cells by name
        assert row.cells == {name: row.get(name) for name in row.columns} and row.get("absent") == ""
    return rows, [d.format() for d in diags.items]


def test_plain_and_careful_reading_agree():
    plain = []
    with tempfile.TemporaryDirectory(prefix="site-gen-csv-") as folder:
        path = Path(folder) / "games.csv"

        @EXAMPLES
        @example("game,player,score\n\t\n1,\ta,b\t\n", False, 10_000, 100_000, 1_000)  # tabs pad cells
        @example("game,player,score\r1,a,b\r\r\n2,\u3000c,d\r\n", False, 10_000, 100_000, 1_000)
        @example("game,player,score\n1,a,xxxxxxxxxx\n2,b,xxxxxxxxxxx\n", False, 10, 100_000, 1_000)
        @given(text=table(), extra_ok=st.booleans(), cell_limit=st.sampled_from([10, 40, 10_000]),
               row_limit=st.sampled_from([3, 100_000]), column_limit=st.sampled_from([4, 1_000]))
        def run(text, extra_ok, cell_limit, row_limit, column_limit):
            path.write_bytes(text.encode("utf-8"))
            with mock.patch.multiple(csv_reader, MAX_CELL_CHARS=cell_limit, MAX_ROWS=row_limit,
                                     MAX_COLUMNS=column_limit):
                plain.append(csv_reader._plain_lines(text.removeprefix("\ufeff")) is not None)
                fast = outcome(path, extra_ok)
                with mock.patch.object(csv_reader, "_plain_lines", lambda text: None):
                    careful = outcome(path, extra_ok)
            assert fast == careful

        run()
    assert sum(plain) >= len(plain) // 5, "too few plain texts to compare the paths"


def test_control_patterns_match_the_documented_set():
    documented = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")
    for code in range(0x3000):
        char = chr(code)
        assert bool(csv_reader._CONTROL.match(char)) == bool(documented.match(char))
        in_line = bool(documented.match(char)) and char not in "\r\n"
        assert csv_reader._has_control("a" + char) == in_line
        assert csv_reader._has_control("я" + char) == in_line


_INT = re.compile(r"^[+-]?\d+$")


@EXAMPLES
@given(st.text(st.sampled_from("0123456789+-_ \t\n\xa0٣²x"), max_size=8))
def test_parse_int_accepts_what_the_pattern_accepts(text):
    expected = int(text.strip()) if _INT.match(text.strip()) else None
    assert parse_int(text) == expected


def test_parse_int_refuses_a_number_too_long_to_be_a_score_instead_of_crashing():
    assert parse_int("9" * 100) == int("9" * 100)
    assert parse_int("9" * 101) is None
    assert parse_int("9" * 5000) is None  # int() itself raises past 4,300 digits


# --- games.csv rows -----------------------------------------------------------------------


def reference_seat_errors(line: int, names: list[str], texts: list[str]) -> list[str]:
    """The seat checks as they were written before the fast path, seat by seat."""
    errors, players = [], []
    for i, (name, text) in enumerate(zip(names, texts), start=1):
        if not name:
            errors.append(f"{line}: player{i} is empty: a game needs four players")
        elif name in players:
            errors.append(f'{line}: player "{name}" sits twice at the table '
                          f"(player{players.index(name) + 1} and player{i})")
        players.append(name)
        if parse_int(text) is None:
            if text:
                errors.append(f'{line}: score{i} "{text}" is not a whole number')
            elif name:
                errors.append(f"{line}: score{i} is empty: every player needs game points")
    return errors


game_row = st.tuples(
    st.sampled_from(["1", "2", ""]),
    st.sampled_from(["2015-02-03T21:15:00+03:00", "2015-02-03 21:15", "yesterday"]),
    st.lists(st.sampled_from(["A", "B", "C", "D", ""]), min_size=4, max_size=4),
    st.lists(st.sampled_from(["10", "-5", "+3", "", "x", "1_0", "٣"]), min_size=4, max_size=4),
)


@EXAMPLES
@given(rows=st.lists(game_row, max_size=5))
def test_game_rows_report_as_before(rows):
    lines = [",".join(GAME_COLUMNS)]
    expected, ids, seats = [], {}, []
    for line, (game_id, started, names, texts) in enumerate(rows, start=2):
        lines.append(",".join([game_id, "RU-Marathon-1", started] + [c for pair in zip(names, texts) for c in pair]))
        if not game_id:
            expected.append(f'{line}: empty "game" id')
        elif game_id in ids:
            expected.append(f'{line}: duplicate game id "{game_id}" (first on line {ids[game_id]})')
        else:
            ids[game_id] = line
        if parse_timestamp(started, None)[0] is None:
            expected.append(f"{line}: started_at: {parse_timestamp(started, None)[1]}")
        expected += reference_seat_errors(line, names, texts)
        seats.append((line, tuple(n for n in names if n)))
    with tempfile.TemporaryDirectory(prefix="site-gen-games-") as folder:
        path = Path(folder) / "games.csv"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        diags, written = Diagnostics(), Written()
        games = load_games(path, marathon_settings(), diags, written)
    assert [f"{d.line}: {d.message}" for d in diags.items] == expected
    assert written.seats == seats
    assert [g.line for g in games] == [line for line, _ in seats if not any(e.startswith(f"{line}:") for e in expected)]
