"""The CSV exports: a header row, then one row per record, exact values with 6 decimals
(render.formatting.csv_value), "\n" line ends. One writer for the published tables and the
files a rule set writes row by row itself (a 100,000-game marathon's games.csv)."""

from __future__ import annotations

import csv
import io
from typing import Iterable

from site_gen.model import Table
from site_gen.render.formatting import csv_value


def csv_file(header: list[str], rows: Iterable[Iterable]) -> bytes:
    """Cells are text, ints or None (written empty): exact fractions go through csv_value first."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8")


def table_csv(table: Table) -> bytes:
    keys = [c.key for c in table.columns]
    return csv_file(keys, ([csv_value(row.get(key)) for key in keys] for row in table.rows))
