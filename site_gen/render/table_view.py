"""A Table's cells as ready-to-print text, computed in Python once per cell.

Templates loop over these instead of formatting values themselves: a big player page has
thousands of cells, and each Jinja expression per cell costs more than all of this.
Numbers and dates come out in the language of the page being rendered.
"""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction
from typing import Any, Callable, NamedTuple

from markupsafe import Markup

from site_gen.i18n import Text
from site_gen.model import RankReason, Table
from site_gen.formatting import decimal_text, format_number, sort_key
from site_gen.render.i18n import current_language, date, gettext, localise_number, translate


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


def table_body(table: Table, url: Callable[[str], str], cut_after: int | None = None, cut_label: Any = "") -> Markup:
    """The <tr> rows of data_table (macros.html), written here rather than in Jinja: a big
    table has ~100,000 cells, and the template's attribute lookups per cell cost several
    times this. The same cells as table_rows(): escaped text, and the theme's words as the
    translator wrote them (Jinja's newstyle gettext treats them as markup). `cut_after`:
    the row under which a cut is drawn (swiss-cut standings), labelled `cut_label`."""
    why_key = reason_cell(table)
    why = reason_texts(table) if why_key else {}
    dropped = theme_words(gettext("dropped"))
    struck_open = f'<s title="{dropped}">'
    struck_close = f'</s><span class="visually-hidden"> ({dropped})</span>'
    struck, highlighted = table.struck, table.highlighted
    moment = _moments(current_language())
    # the cells of Fractions met in this table, by id (each held): a table's few table-points
    # values (places.shared_place_points) are the same objects in many rows
    fractions: dict[tuple[int, int], tuple[Fraction, str, str]] = {}
    columns = [(c.key, c.key == "player", c.numeric, c.link_key, c.decimals,
                '<td class="num">' if c.numeric else "<td>", '<td class="num" data-sort="' if c.numeric else '<td data-sort="')
               for c in table.columns]
    out: list[str] = []
    append = out.append
    for index, row in enumerate(table.rows):
        if index == cut_after:
            classes = "highlight sc-cut" if index in highlighted else "sc-cut"
            append(f'<tr class="{classes}" data-cut="{escape_text(translate(cut_label))}">\n')
        else:
            append('<tr class="highlight">\n' if index in highlighted else "<tr>\n")
        for key, header, numeric, link_key, decimals, td, td_sorted in columns:
            value = row.get(key)
            if type(value) is str:  # names, ids: most text cells
                text, sort = escape_text(value), ""
            elif type(value) is int:
                text = sort = str(value)
                if value < 0:
                    text = localise_number(text)
                if not numeric:
                    sort = ""
            elif type(value) is Fraction:  # table points, averages: as _cell_text and sort_key give them
                cell = fractions.get((id(value), decimals))
                if cell is None or cell[0] is not value:
                    numerator, denominator = value.numerator, value.denominator
                    cell = fractions[id(value), decimals] = (
                        value, localise_number(decimal_text(numerator, denominator, decimals)),  # no markup in digits
                        decimal_text(numerator, denominator, 6))
                _, text, sort = cell
                if not numeric:
                    sort = ""
            elif type(value) is dt.datetime:  # a game's start: on each of its players' pages
                text, dated = moment(value)
                sort = "" if numeric else dated
            else:
                text, dated = _cell_text(value, decimals)
                text = escape_text(text)
                sort = sort_key(value) if numeric else (dated or "")
            # one string per cell; sort keys are digits, signs and ISO dates: nothing to escape
            cell = '<th scope="row">' if header else (td_sorted + sort + '">' if sort else td)
            href = row.get(link_key) if link_key else None
            shown = f'<a href="{escape_text(url(href))}">{text}</a>' if href else text
            if struck and (index, key) in struck:
                shown = struck_open + shown + struck_close
            if key == why_key and index in why:
                label = (theme_words(gettext("Why place %(rank)s?"), rank=Markup(text)) if why_key == "rank"
                         else theme_words(gettext("Why this place?")))
                shown += ('<details class="why"><summary><span aria-hidden="true">?</span>'
                          f'<span class="visually-hidden">{label}</span></summary><p>{escape_text(why[index])}</p></details>')
            append(cell + shown + ("</th>" if header else "</td>"))
        append("\n</tr>\n")
    return Markup("".join(out))


_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;"})
_TO_ESCAPE = re.compile("[&<>\"']").search


def escape_text(text: str) -> str:
    """markupsafe.escape's bytes, without a Markup object per cell: most cells (names, ids)
    hold nothing to escape, which one search in C finds without making a new string."""
    return text.translate(_ESCAPES) if _TO_ESCAPE(text) else text


# lang -> a moment's (escaped text, ISO sort key), by the moment, its zone and fold: equal
# such keys have the same wall clock and offset. A game's start shows on its four players'
# pages, and formatting one costs ~4 us (date() ~1.2, isoformat() ~2.4): 400,000 cells of a marathon.
_MOMENTS: dict[str, dict[tuple, tuple[str, str]]] = {}
_MOMENTS_LIMIT = 1 << 17  # moments kept per language (serve: many builds), ~25 MB for 100,000


def _moments(lang: str) -> Callable[[dt.datetime], tuple[str, str]]:
    """What gives a moment's cell (escaped text, sort key) in `lang`, made once."""
    known = _MOMENTS.get(lang)
    if known is None or len(known) > _MOMENTS_LIMIT:
        known = _MOMENTS[lang] = {}
    get = known.get

    def moment(value: dt.datetime) -> tuple[str, str]:
        key = (value, value.tzinfo, value.fold)
        cell = get(key)
        if cell is None:
            cell = known[key] = (escape_text(date(value)), value.isoformat())
        return cell

    return moment


def theme_words(translated: str, **values: Any) -> Markup:
    """A theme message as `{{ _(message, **values) }}` writes it in an autoescaped template."""
    return Markup(translated) % values


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
