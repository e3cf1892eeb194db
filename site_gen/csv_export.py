"""The CSV exports: UTF-8 with a byte order mark (without one, Excel on Windows reads the
file in the machine's code page and garbles Cyrillic and Japanese names), a header row
naming the columns as an English page does, then one row per record, exact values with 6
decimals (formatting.csv_value), "\n" line ends. One writer for the published tables and the
files a rule set writes row by row itself (a 100,000-game marathon's games.csv)."""

from __future__ import annotations

import csv
import io
from itertools import chain
from typing import Callable, Iterable, Sequence

from site_gen.model import Table
from site_gen.formatting import csv_value

BOM = "\ufeff".encode("utf-8")


def csv_file(header: list[str], rows: Callable[[], Iterable[Sequence]]) -> bytes:
    """The file of the rows `rows()` gives: cells are text or ints (exact values and None go
    through csv_value first). rows() is called again in the rare file with a cell to quote:
    the rows are written as they come, not kept (keeping a large games.csv's 100,000 rows
    cost an eighth of the export)."""
    as_is = _as_is(len(header), chain([header], rows()))
    if as_is is None:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows())
        return BOM + buffer.getvalue().encode("utf-8")
    return BOM + as_is[1].encode("utf-8")


def csv_lines(width: int, rows: Callable[[], Iterable[Sequence]]) -> list[str]:
    """Each row's line ("\n" included) as csv_file writes it in a file `width` columns wide,
    for a file written in parts: the lines of some rows made again, those of others kept."""
    as_is = _as_is(width, rows())
    if as_is is None:
        writer = csv.writer(_GivenBack, lineterminator="\n")
        return list(map(writer.writerow, rows()))
    return as_is[0]


class _GivenBack:
    """A "file" whose write gives the line back: a csv writer's writerow returns what the
    file's write does, so each row's line comes out on its own."""

    @staticmethod
    def write(line: str) -> str:
        return line


def _as_is(width: int, rows: Iterable[Sequence]) -> tuple[list[str], str] | None:
    """The lines of the cells as they are, separated by commas (formatted in C, several times
    faster than the csv writer), and their text: what the writer writes when no cell needs
    quoting, else None. The writer quotes a cell holding a comma, a quote or a line end
    (newer Pythons also a "\r"), and a line's only cell when empty; a comma or a newline
    inside a cell adds to the separators, so counting them finds it."""
    if width < 2:
        return None
    try:
        lines = list(map(("%s," * (width - 1) + "%s\n").__mod__, map(tuple, rows)))
    except TypeError:  # a line of another length
        return None
    text = "".join(lines)
    if '"' in text or "\r" in text or text.count("\n") != len(lines) or text.count(",") != len(lines) * (width - 1):
        return None
    return lines, text


def table_csv(table: Table) -> bytes:
    """A table as its page shows it, headed by the columns' headings in English: a data file
    is the same in every language of the pages (as the JSON document's keys are). One kind
    of value per column: a column's csv_key where its page cell mixes words with numbers,
    and the table's CSV-only columns after the page's."""
    columns = (*table.columns, *table.csv_columns)
    keys = [c.csv_key or c.key for c in columns]
    return csv_file([str(c.label) for c in columns],
                    lambda: ([csv_value(row.get(key)) for key in keys] for row in table.rows))
