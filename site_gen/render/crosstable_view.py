"""The <tr> rows of a thematic marathon's crosstable (thematic-marathon/_macros.html),
written here rather than in Jinja: a tournament of 128 entrants has ~600 cells of two games
each, and the template's attribute lookups and filters per game were most of its page's
rendering (~70% of a 330 KB page). The same bytes as the loop they replace: each cell's
games with their titles in the page's language, the first move marked for the eye and in
words for a screen reader, and the rank's "why this place" under it."""

from __future__ import annotations

from typing import Any, Callable

from markupsafe import Markup

from site_gen.lookups import MemoDict
from site_gen.render.i18n import gettext, translate
from site_gen.render.table_view import escape_text, theme_words


def crosstable_body(ct: dict[str, Any], url: Callable[[str], str]) -> Markup:
    """The rows of `ct` (rule set's crosstable view: rows of rank, player, url, cells,
    points, played; `why` by row index); `url`: the templates' url()."""
    # the theme's words outside the f-strings, where pybabel's extraction finds them
    first_move, unlisted = theme_words(gettext("first move")), theme_words(gettext("no game listed"))
    first_move = f'<span class="visually-hidden"> ({first_move})</span>'
    unlisted = f'<span class="g" title="{unlisted}">·</span>'
    why_place = gettext("Why place %(rank)s?")
    why = ct["why"]
    said = MemoDict(gettext)  # the games' titles' messages and results, each translated once a table
    out: list[str] = []
    append = out.append
    for index, row in enumerate(ct["rows"]):
        rank = escape_text(str(row["rank"]))
        append(f'<tr>\n<td class="num" data-sort="{rank}">{rank}')
        if index in why:
            append('<details class="why"><summary><span aria-hidden="true">?</span><span class="visually-hidden">'
                   f'{theme_words(why_place, rank=row["rank"])}</span></summary>'
                   f'<p>{escape_text(translate(why[index]))}</p></details>')
        name, link = escape_text(row["player"]), row["url"]
        append(f'</td>\n<th scope="row"><a href="{escape_text(url(link))}">{name}</a></th>\n' if link
               else f'</td>\n<th scope="row">{name}</th>\n')
        for cell in row["cells"]:
            if cell is None:
                append('<td class="self" data-sort="-1"><span aria-hidden="true">■</span></td>\n')
                continue
            append(f'<td class="num res" data-sort="{escape_text(str(cell["points"]))}">')
            for game in cell["games"]:
                t = game["title"]  # a GameTitle: translate(t.text()), without making the Text
                title = escape_text(said[t.message] % {"result": said[t.result], "opponent": t.opponent, "board": t.board})
                symbol = escape_text(game["symbol"])
                append(f'<span class="g fm" title="{title}">{symbol}{first_move}</span>' if game["first"]
                       else f'<span class="g" title="{title}">{symbol}</span>')
            if not cell["games"]:
                append(unlisted)
            append("</td>\n")
        points, played = escape_text(str(row["points"])), escape_text(str(row["played"]))
        append(f'<td class="num" data-sort="{points}"><strong>{points}</strong></td>\n'
               f'<td class="num" data-sort="{played}">{played}</td>\n</tr>\n')
    return Markup("".join(out))
