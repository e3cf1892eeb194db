"""A Table's cells as ready-to-print text, computed in Python once per cell.

Templates loop over these instead of formatting values themselves: a big player page has
thousands of cells, and each Jinja expression per cell costs more than all of this.
Numbers and dates come out in the language of the page being rendered.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Any, NamedTuple

from site_gen.i18n import Text
from site_gen.model import RankReason, Table
from site_gen.render.formatting import format_number, sort_key
from site_gen.render.i18n import date, gettext, localise_number, translate


class CellView(NamedTuple):
    header: bool  # the row's header cell (the player's name)
    text: str
    sort: str  # data-sort value of a numeric or dated cell, else ""
    href: str | None  # site-relative link
    struck: bool
    numeric: bool
    key: str = ""  # the column's key


def _cell_text(value: Any, decimals: int) -> tuple[str, str | None]:
    """(text, sort key of a dated cell)"""
    if isinstance(value, dt.date):
        return date(value), value.isoformat()
    if isinstance(value, Text):  # words a rule set put in a cell
        return translate(value), None
    text = format_number(value, decimals)
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        text = localise_number(text)
    return text, None


def table_rows(table: Table) -> list[tuple[bool, list[CellView]]]:
    """(highlighted, cells) for every row of the table."""
    columns = table.columns
    struck = table.struck
    rows = []
    for index, row in enumerate(table.rows):
        cells = []
        for c in columns:
            value = row.get(c.key)
            text, dated = _cell_text(value, c.decimals)
            cells.append(CellView(
                c.key == "player",
                text,
                sort_key(value) if c.numeric else (dated or ""),
                row.get(c.link_key) if c.link_key else None,
                (index, c.key) in struck if struck else False,
                c.numeric,
                c.key,
            ))
        rows.append((index in table.highlighted, cells))
    return rows


def reason_cell(table: Table) -> str | None:
    """The key of the column whose cells carry the 'why this place' explanation: the rank,
    else the player; None when the table explains nothing."""
    if not table.reasons:
        return None
    keys = [c.key for c in table.columns]
    return "rank" if "rank" in keys else ("player" if "player" in keys else keys[0])


def reason_texts(table: Table) -> dict[int, str]:
    """Row index -> why that row stands above the next, in the page's language."""
    return {index: reason_text(reason) for index, reason in table.reasons.items()}


def reason_text(reason: RankReason) -> str:
    if reason.key is None:
        text = gettext("Shares the place with %(player)s: equal on every ranking key (listed by name).") % {
            "player": reason.next_player}
    elif reason.ahead is None and reason.behind is None:  # no values to compare: `detail` says why
        text = gettext("Ahead of %(player)s on %(key)s.") % {"player": reason.next_player, "key": translate(reason.key)}
    else:
        ahead, behind = _values(reason.ahead, reason.behind, reason.decimals)
        text = gettext("Ahead of %(player)s on %(key)s: %(ahead)s to %(behind)s.") % {
            "player": reason.next_player, "key": translate(reason.key), "ahead": ahead, "behind": behind}
    if reason.detail:
        text += " " + translate(reason.detail)
    return text


def _values(ahead: Any, behind: Any, decimals: int) -> tuple[str, str]:
    """Both values as shown, with more decimals where the usual ones would look equal."""
    for shown in range(decimals, 10):
        a, b = (translate(v) if isinstance(v, Text) else v if isinstance(v, str) else _cell_text(v, shown)[0]
                for v in (ahead, behind))
        if a != b or not isinstance(ahead, Fraction):
            break
    return a, b
