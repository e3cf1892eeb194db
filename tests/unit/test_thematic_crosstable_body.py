"""A thematic crosstable's rows, written in Python (render/crosstable_view) instead of the
Jinja loop they replace: worked by hand on a small group, then the same bytes as that loop
(kept here as it was in thematic-marathon/_macros.html) for any crosstable, in every
language."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings, strategies as st

from site_gen.i18n import N_, Text
from site_gen.render.crosstable_view import crosstable_body
from site_gen.render.environment import make_environment
from site_gen.render.i18n import use_language
from site_gen.rules.thematic_marathon.crosstable import _SIDES, game_title


def url(path: str) -> str:
    return "/club/" + path


def game(words: str, opponent: str, first: bool, board: str = "", symbol: str = "1") -> dict:
    return {"symbol": symbol, "first": first, "title": game_title(words, opponent, first, board)}


def small_group() -> dict:
    """Ann (linked) beat Bob & <Co> twice; Bob's row has an unlisted pair against nobody
    else; Ann's place is explained."""
    return {
        "why": {0: Text(N_("Ahead of %(player)s on %(key)s."), player="Bob & <Co>", key="points")},
        "rows": [
            {"rank": 1, "player": "Ann", "url": "players/ann/", "points": 2, "played": 2,
             "cells": [None, {"games": [game(N_("won"), "Bob & <Co>", True, "7"), game(N_("won"), "Bob & <Co>", False)],
                              "points": 2}]},
            {"rank": 2, "player": "Bob & <Co>", "url": None, "points": 0, "played": 2,
             "cells": [{"games": [], "points": 0}, None]},
        ],
    }


def test_a_small_group_by_hand():
    with use_language("en"):
        html = crosstable_body(small_group(), url)
    assert html == (
        '<tr>\n'
        '<td class="num" data-sort="1">1<details class="why"><summary><span aria-hidden="true">?</span>'
        '<span class="visually-hidden">Why place 1?</span></summary>'
        '<p>Ahead of Bob &amp; &lt;Co&gt; on points.</p></details></td>\n'
        '<th scope="row"><a href="/club/players/ann/">Ann</a></th>\n'
        '<td class="self" data-sort="-1"><span aria-hidden="true">■</span></td>\n'
        '<td class="num res" data-sort="2">'
        '<span class="g fm" title="won against Bob &amp; &lt;Co&gt;, first move (board 7)">1'
        '<span class="visually-hidden"> (first move)</span></span>'
        '<span class="g" title="won against Bob &amp; &lt;Co&gt;">1</span></td>\n'
        '<td class="num" data-sort="2"><strong>2</strong></td>\n'
        '<td class="num" data-sort="2">2</td>\n'
        '</tr>\n'
        '<tr>\n'
        '<td class="num" data-sort="2">2</td>\n'
        '<th scope="row">Bob &amp; &lt;Co&gt;</th>\n'
        '<td class="num res" data-sort="0"><span class="g" title="no game listed">·</span></td>\n'
        '<td class="self" data-sort="-1"><span aria-hidden="true">■</span></td>\n'
        '<td class="num" data-sort="0"><strong>0</strong></td>\n'
        '<td class="num" data-sort="2">2</td>\n'
        '</tr>\n'
    )


# the rows of thematic-marathon/_macros.html's crosstable before crosstable_body (a game's
# title was a Text then: here the GameTitle's)
JINJA_ROWS = """{% macro player_link(name, link) %}{% if link %}<a href="{{ url(link) }}">{{ name }}</a>{% else %}{{ name }}{% endif %}{% endmacro %}
{% for row in ct.rows %}
<tr>
{% set index = loop.index0 %}<td class="num" data-sort="{{ row.rank }}">{{ row.rank }}{% if index in ct.why %}<details class="why"><summary><span aria-hidden="true">?</span><span class="visually-hidden">{{ _('Why place %(rank)s?', rank=row.rank) }}</span></summary><p>{{ ct.why[index]|t }}</p></details>{% endif %}</td>
<th scope="row">{{ player_link(row.player, row.url) }}</th>
{% for cell in row.cells %}
{% if cell is none %}<td class="self" data-sort="-1"><span aria-hidden="true">■</span></td>
{% else %}<td class="num res" data-sort="{{ cell.points }}">{% for g in cell.games %}<span class="g{{ ' fm' if g.first }}" title="{{ g.title.text()|t }}">{{ g.symbol }}{% if g.first %}<span class="visually-hidden"> ({{ _('first move') }})</span>{% endif %}</span>{% else %}<span class="g" title="{{ _('no game listed') }}">·</span>{% endfor %}</td>
{% endif %}
{% endfor %}
<td class="num" data-sort="{{ row.points }}"><strong>{{ row.points }}</strong></td>
<td class="num" data-sort="{{ row.played }}">{{ row.played }}</td>
</tr>
{% endfor %}
"""

names = st.text(alphabet="Ab &<>\"'é日", min_size=1, max_size=6)
results = sorted({words for sides in _SIDES.values() for _, words in sides})
games = st.lists(st.builds(game, st.sampled_from(results), names, st.booleans(),
                           st.sampled_from(["", "3", "a<b"]), st.sampled_from(["1", "½", "0", "+", "−", "·"])),
                 max_size=3)
cells = st.one_of(st.none(), st.builds(lambda g, p: {"games": g, "points": p}, games, st.integers(-3, 9)))
rows = st.builds(lambda rank, player, link, points, played, cs: {
    "rank": rank, "player": player, "url": link, "points": points, "played": played, "cells": cs},
    st.integers(1, 9), names, st.one_of(st.none(), st.sampled_from(["players/x/", "players/é y/"])),
    st.integers(0, 20), st.integers(0, 20), st.lists(cells, max_size=4))


@settings(max_examples=60, deadline=None)
@given(st.lists(rows, max_size=4), st.sampled_from(["en", "it", "ja", "ru"]), st.data())
def test_the_same_bytes_as_the_jinja_loop(crosstable_rows, lang, data):
    why = {i: Text(N_("Ahead of %(player)s on %(key)s."), player=data.draw(names), key="points")
           for i in range(len(crosstable_rows)) if data.draw(st.booleans())}
    ct = {"rows": crosstable_rows, "why": why}
    env = make_environment(Path("."), "default", "/club/")
    with use_language(lang):
        expected = env.from_string(JINJA_ROWS).render(ct=ct)
        assert crosstable_body(ct, env.globals["url"]) == expected.lstrip("\n")
