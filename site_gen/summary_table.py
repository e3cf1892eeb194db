"""A headline table cut down to what a reader takes in at a glance (the home page's cards,
a competition's overview): a few of its columns, perhaps its first rows, narrow enough for
a 360-px phone. The full table keeps every column on a page of its own."""

from __future__ import annotations

from typing import Any, Sequence

from site_gen.i18n import N_, Text
from site_gen.model import Page, Table


def summary_table(table: Table, keys: Sequence[str], count: int | None = None, note: str = "") -> Table:
    """`table` with the columns of `keys` only, in that order, and its first `count` rows
    (all when None). Marks follow their rows; a row's "why this place" stays only where
    the row it compares with is shown too. The full table's note may speak of columns
    left out: the caller gives the summary's own. No slug: the full table is exported."""
    by_key = {c.key: c for c in table.columns}
    columns = tuple(by_key[key] for key in keys if key in by_key)
    rows = list(table.rows if count is None else table.rows[:count])
    shown = len(rows)
    return Table(
        "",
        table.caption,
        columns,
        rows,
        struck={(i, key) for i, key in table.struck if i < shown and key in keys},
        highlighted={i for i in table.highlighted if i < shown},
        note=note,
        reasons={i: r for i, r in table.reasons.items() if i + 1 < shown},
    )


def full_table_page(url: str, competition: str, table: Table, context: dict[str, Any], templates: str) -> Page:
    """The page a summary links to: `table` with every column (full_table.html), under the
    rule set's navigation (`templates`: its template folder) and the pages' `context`."""
    return Page(url, "full_table.html", Text(N_("%(competition)s: %(stage)s"), competition=competition,
                                             stage=table.caption),
                {**context, "table": table, "nav": f"{templates}/_nav.html"})
