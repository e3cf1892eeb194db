"""CSV with line numbers: UTF-8 (BOM accepted), a header row, blank and `#` lines skipped.

Excel saves "CSV" with `;` between cells where the decimal mark is a comma (a Russian,
Italian or German locale): a header line holding more `;` than `,` makes the file such a
table, whose numbers may then be written with a decimal comma ("1,5" is read as "1.5").

A results table is small and narrow: a line with more than MAX_COLUMNS cells stops the
file (it is not a results table, and checking a million header names would take hours),
so do more than MAX_ROWS rows, and a cell longer than MAX_CELL_CHARS is refused, usually
a quote that is never closed, as is a cell holding a line break or a control character.
"""

from __future__ import annotations

import csv
import functools
import io
import re
from itertools import count, repeat
from operator import methodcaller
from pathlib import Path
from typing import NamedTuple

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.sources.text import read_text

MAX_COLUMNS = 1_000
MAX_CELL_CHARS = 10_000
MAX_ROWS = 100_000  # sixty years of an online marathon
_CSV_FIELD_LIMIT = csv.field_size_limit()  # the csv module refuses longer fields itself
_LINE_CONTROLS = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029"  # control characters but \n and \r
_CONTROL = re.compile(rf"[\n\r{_LINE_CONTROLS}]")
_CONTROL_IN_LINE = re.compile(rf"[{_LINE_CONTROLS}]")
_ASCII_TEXT = b"\t\n\r" + bytes(range(0x20, 0x7f))  # ASCII that is not a control character


class Row(NamedTuple):
    """A data row: the line it starts on, its cells in the header's order and the column
    positions, shared by all rows (a dict for each row took 3.5 times the memory, and a
    tuple is made faster than a frozen dataclass)."""

    line: int
    values: tuple[str, ...]
    columns: dict[str, int]

    @property
    def cells(self) -> dict[str, str]:
        """The cells by column name, a new dict each time."""
        return dict(zip(self.columns, self.values))

    def get(self, column: str) -> str:
        index = self.columns.get(column)
        return "" if index is None else self.values[index]


# Row(...) from a tuple of the fields, in one C call without the named tuple's Python-level
# __new__: a large games.csv has 100,000 rows
_row = functools.partial(tuple.__new__, Row)


def read_csv(
    path: Path,
    diags: Diagnostics,
    required: list[str],
    optional: list[str] | tuple[str, ...] = (),
    extra_ok: bool = False,
) -> list[Row] | None:
    """Rows keyed by header name; None when the file cannot be read at all.

    Every problem (missing or unknown column, wrong cell count) is reported, and rows
    with the wrong number of cells are skipped so the rest can still be checked.
    """
    text = read_text(path, diags)
    if text is None:
        return None
    if _separator(text) == ";":
        return _read_rows(text, None, path, diags, required, optional, extra_ok, ";")
    return _read_rows(text, _plain_lines(text), path, diags, required, optional, extra_ok)


def _read_rows(text: str, lines: list[str] | None, path: Path, diags: Diagnostics, required: list[str],
               optional: list[str] | tuple[str, ...], extra_ok: bool, separator: str = ",") -> list[Row] | None:
    """read_csv of a file's text, whose lines are `lines` when it is a plain text (else None).
    A `;` table is read carefully (it is rare), and its decimal commas become points."""
    careful = lines is None  # cells must be checked one by one
    cells = None if careful else _simple_table(text, lines)
    if cells is not None:
        return _simple_table_rows(cells, path, diags, required, optional, extra_ok)
    records = _csv_records(text, path, diags, separator) if careful else _plain_records(lines, text.isascii())
    header: list[str] | None = None
    rows: list[Row] = []
    count = 0  # data rows, rejected ones included
    for start, record, cells in records:
        if record is None:  # malformed CSV, reported
            return None
        if len(record) > MAX_COLUMNS:
            diags.error(path, start, f"the line has {len(record)} cells, more than the {MAX_COLUMNS} a table may have; "
                                     "the rest of the file is not read")
            return None
        if not any(cells) or cells[0].startswith("#"):
            continue
        if separator == ";":
            cells = list(map(_decimal_point, cells))
        if header is None:
            if careful and _bad_cell(path, diags, record, None, start):
                return None
            header = cells
            if not _check_header(path, diags, header, start, required, optional, extra_ok):
                return None
            columns = {name: index for index, name in enumerate(header)}  # no name twice: checked
            continue
        count += 1
        if count > MAX_ROWS:
            return _too_many_rows(path, diags, start)
        if len(record) != len(header):
            diags.error(path, start, f"expected {len(header)} cells as in the header, found {len(record)}")
            continue
        if careful and _bad_cell(path, diags, record, header, start):
            continue
        rows.append(_row((start, tuple(cells), columns)))
    if header is None:
        diags.error(path, 1, f"the file has no header row; expected: {_columns(required, optional)}")
        return None
    return rows


def _separator(text: str) -> str:
    """`;` when the header line (the first that is neither blank nor a `#` comment) holds
    more semicolons than commas, as Excel writes CSV in locales with a decimal comma; else `,`."""
    if ";" not in text:  # nearly every file: not a line looked at
        return ","
    for line in io.StringIO(text):  # lazily: only the lines down to the header
        content = line.strip()
        if not content.strip(",;") or content.startswith("#"):
            continue
        return ";" if line.count(";") > line.count(",") else ","
    return ","


_DECIMAL_COMMA = re.compile(r"[+-]?[0-9]+,[0-9]+")


def _decimal_point(cell: str) -> str:
    """A number written with a decimal comma ("-1,5"), as a `;` table may hold it, with a
    point ("-1.5"), which every reader of numbers takes; any other cell as it is."""
    return cell.replace(",", ".") if "," in cell and _DECIMAL_COMMA.fullmatch(cell) else cell


def _simple_table(text: str, lines: list[str]) -> list[list[str]] | None:
    """The cells of each line of a plain text (_plain_lines) that is a header line and data
    lines, as a generated file is: ASCII without a space or a tab (no cell to strip), no
    `#` or blank line, every line with as many cells, and not too many lines; else None.
    Its rows are then made in C calls (_simple_table_rows), where _read_rows's checks took
    ~1 us a line."""
    if not text.isascii() or " " in text or "\t" in text or "#" in text or not lines or len(lines) - 1 > MAX_ROWS:
        return None
    width = lines[0].count(",") + 1
    if width == 1 or width > MAX_COLUMNS or "," * (width - 1) in lines:  # a line of empty cells only is blank
        return None
    cells = list(map(_CELLS, lines))
    return cells if set(map(len, cells)) == {width} else None


_CELLS = methodcaller("split", ",")


def _simple_table_rows(cells: list[list[str]], path: Path, diags: Diagnostics, required: list[str],
                       optional: list[str] | tuple[str, ...], extra_ok: bool) -> list[Row] | None:
    """_read_rows of a text whose cells _simple_table gives: the same rows, made by C calls."""
    header = cells[0]
    if not _check_header(path, diags, header, 1, required, optional, extra_ok):
        return None
    columns = {name: index for index, name in enumerate(header)}  # no name twice: checked
    return list(map(_row, zip(count(2), map(tuple, cells[1:]), repeat(columns))))


def _too_many_rows(path: Path, diags: Diagnostics, line: int) -> None:
    """Report the row on `line` as one too many; None, as read_csv then gives."""
    diags.error(path, line, f"more than {MAX_ROWS:,} rows, more than a results table may have; "
                            "the rest of the file is not read")


def _plain_lines(text: str) -> list[str] | None:
    """The lines of a text without a quote, a control character (line ends aside) or a line
    longer than MAX_CELL_CHARS, as nearly every real file is, else None. No cell of such a
    text can be too long or hold a line break: one pass replaces the check of every cell."""
    if '"' in text or _has_control(text):
        return None
    lines = text.splitlines()  # only \n, \r\n and \r are left to break lines, as for the csv module
    return lines if max(map(len, lines), default=0) <= MAX_CELL_CHARS else None


def _has_control(text: str) -> bool:
    """Whether the text holds a control character other than a line end."""
    if text.isascii():  # deleting the allowed bytes is six times faster than a regex search
        return bool(text.encode("ascii").translate(None, _ASCII_TEXT))
    return _CONTROL_IN_LINE.search(text) is not None


def _plain_records(lines: list[str], ascii_only: bool, first: int = 1):
    """(line, cells, cells) of each line of a plain text, numbered from `first`: stripped, as
    no check needs them raw."""
    for number, line in enumerate(lines, first):
        cells = line.split(",")
        # in ASCII text only a space or a tab can pad a cell: other whitespace is a control character
        if not ascii_only or " " in line or "\t" in line:
            cells = [c.strip() for c in cells]
        yield number, cells, cells


def _csv_records(text: str, path: Path, diags: Diagnostics, separator: str = ","):
    """(first line, cells, stripped cells) of each record as the csv module reads it; a
    malformed record is reported and ends the records with (line, None, None)."""
    # strict: a quote never closed, or text after a closing quote, is an error, not a
    # cell that silently swallows the rest of the file
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
    end = 0
    try:
        for record in reader:
            start, end = end + 1, reader.line_num
            yield start, record, [c.strip() for c in record]
    except csv.Error as exc:
        diags.error(path, end + 1, _csv_problem(str(exc), end + 1))  # where the record that failed starts
        yield end + 1, None, None


def _bad_cell(path, diags, record, header, line) -> bool:
    """Report a cell too long or holding a control character; True if there was one."""
    return _long_cell(path, diags, record, header, line) or _control_character(path, diags, record, header, line)


def _long_cell(path, diags, record, header, line) -> bool:
    """Report the first cell longer than MAX_CELL_CHARS; True if there was one."""
    for index, cell in enumerate(record):
        if len(cell) > MAX_CELL_CHARS:
            name = f'"{header[index]}"' if header else f"{index + 1}"
            diags.error(path, line, f"cell {name} is {len(cell)} characters long, more than the {MAX_CELL_CHARS} "
                                    "a cell may hold (a quote that is never closed?)")
            return True
    return False


def _control_character(path, diags, record, header, line) -> bool:
    """Report the first cell holding a line break or a control character (a tab is fine):
    no value in these tables has one, and printed it would forge log lines or drive the
    terminal. True if there was one."""
    for index, cell in enumerate(record):
        found = _CONTROL.search(cell)
        if found:
            name = f'"{header[index]}"' if header else f"{index + 1}"
            what = "a line break" if found.group() in "\r\n" else f"the control character U+{ord(found.group()):04X}"
            diags.error(path, line, f"cell {name} holds {what}; a cell is one line of text")
            return True
    return False


def _csv_problem(message: str, line: int) -> str:
    """The csv module's complaint in a volunteer's words."""
    if message == "unexpected end of data":
        return f'a quoted cell that starts on line {line} is never closed (a " is missing)'
    if message.startswith("field larger than field limit"):
        return (f"a cell is more than {_CSV_FIELD_LIMIT} characters long, more than the {MAX_CELL_CHARS} a cell may "
                "hold (a quote that is never closed?)")
    if message.endswith("expected after '\"'"):
        return ('text follows the closing quote of a quoted cell; a quoted cell ends at a comma, '
                'and a quote inside it is written ""')
    return f"malformed CSV: {message}"


def _check_header(path, diags, header, line, required, optional, extra_ok) -> bool:
    ok = True
    known = list(required) + list(optional)
    seen: set[str] = set()
    suggested: set[str] = set()  # a missing column already named by a "did you mean"
    for name in header:
        if name in seen:
            diags.error(path, line, f'column "{name}" appears twice in the header')
            ok = False
        seen.add(name)
        if name not in known and not extra_ok:
            missing = [k for k in known if k not in header]
            hint = did_you_mean(name, missing) or did_you_mean(name, known)
            suggested.update(k for k in missing if hint == f'; did you mean "{k}"?')
            diags.error(path, line, f'unknown column "{name}"{hint}')
            ok = False
    for name in required:
        if name not in seen and name not in suggested:
            diags.error(path, line, f'missing column "{name}"; expected: {_columns(required, optional)}')
            ok = False
    return ok


def _columns(required: list[str], optional: list[str] | tuple[str, ...]) -> str:
    """Every column a table may have, the optional ones said to be so."""
    return ",".join(required) + (f" (optional: {','.join(optional)})" if optional else "")


def unique_rows(rows: list[Row], path: Path, diags: Diagnostics, column: str = "player",
                empty: str = "empty player name", twice: str = "is listed twice"):
    """(row, name) for each row whose `column` is filled and not seen before; an empty or
    repeated name is reported (with the line it was first on) and its row skipped."""
    first: dict[str, int] = {}
    for row in rows:
        name = row.get(column)
        if not name:
            diags.error(path, row.line, empty)
            continue
        if name in first:
            diags.error(path, row.line, f'player "{name}" {twice} (first on line {first[name]})')
            continue
        first[name] = row.line
        yield row, name
