"""A Table's cells as ready-to-print text, computed in Python once per cell.

Templates loop over these instead of formatting values themselves: a big player page has
thousands of cells, and each Jinja expression per cell costs more than all of this.
"""

from __future__ import annotations

from typing import NamedTuple

from site_gen.model import Table
from site_gen.render.formatting import format_number, sort_key


class CellView(NamedTuple):
    header: bool  # the row's header cell (the player's name)
    text: str
    sort: str  # data-sort value of a numeric cell, else ""
    href: str | None  # site-relative link
    struck: bool
    numeric: bool


def table_rows(table: Table) -> list[tuple[bool, list[CellView]]]:
    """(highlighted, cells) for every row of the table."""
    columns = table.columns
    struck = table.struck
    rows = []
    for index, row in enumerate(table.rows):
        cells = []
        for c in columns:
            value = row.get(c.key)
            cells.append(CellView(
                c.key == "player",
                format_number(value, c.decimals),
                sort_key(value) if c.numeric else "",
                row.get(c.link_key) if c.link_key else None,
                (index, c.key) in struck if struck else False,
                c.numeric,
            ))
        rows.append((index in table.highlighted, cells))
    return rows
