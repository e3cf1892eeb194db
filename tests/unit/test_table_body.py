"""The rows of a published table, written in Python (render/table_view.table_body):
escaped text, links, struck and highlighted cells, "why this place" and localised numbers."""

import datetime as dt
import re
from fractions import Fraction

from hypothesis import given, settings, strategies as st
from markupsafe import escape

from site_gen.model import Column, RankReason, Table
from site_gen.render.i18n import use_language
from site_gen.render.table_view import table_body, table_rows


def _table() -> Table:
    columns = (Column("rank", "#", numeric=True), Column("player", "Player", link_key="url"),
               Column("score", "Score", numeric=True, decimals=2), Column("nr1", "NR 1", numeric=True))
    rows = [
        {"rank": 1, "player": "Tom & <Jerry>", "url": "p/tom/", "score": Fraction(5, 2), "nr1": 1000},
        {"rank": 2, "player": 'O\'Neil "Ace"', "url": None, "score": Fraction(-1, 3), "nr1": -5},
    ]
    return Table("t", "caption", columns, rows, struck={(1, "nr1")}, highlighted={0},
                 reasons={0: RankReason("score", Fraction(5, 2), Fraction(-1, 3), 'O\'Neil "Ace"', 2)})


def test_rows_in_english():
    with use_language("en"):
        html = table_body(_table(), lambda path: "/club/" + path)
    assert html.splitlines() == [
        '<tr class="highlight">',
        '<td class="num" data-sort="1">1<details class="why"><summary><span aria-hidden="true">?</span>'
        '<span class="visually-hidden">Why place 1?</span></summary><p>Ahead of O&#39;Neil &#34;Ace&#34; on score: '
        '2.50 to -0.33.</p></details></td>'
        '<th scope="row"><a href="/club/p/tom/">Tom &amp; &lt;Jerry&gt;</a></th>'
        '<td class="num" data-sort="2.500000">2.50</td>'
        '<td class="num" data-sort="1000">1000</td>',
        "</tr>",
        "<tr>",
        '<td class="num" data-sort="2">2</td>'
        '<th scope="row">O&#39;Neil &#34;Ace&#34;</th>'
        '<td class="num" data-sort="-0.333333">-0.33</td>'
        '<td class="num" data-sort="-5"><s title="dropped">-5</s><span class="visually-hidden"> (dropped)</span></td>',
        "</tr>",
    ]


def test_numbers_follow_the_page_language_and_sort_keys_stay_plain():
    with use_language("ru"):
        html = table_body(_table(), lambda path: "/" + path)
    assert '<td class="num" data-sort="2.500000">2,50</td>' in html
    assert '<td class="num" data-sort="-0.333333">-0,33</td>' in html
    assert '<td class="num" data-sort="-5"><s title="отброшен">-5</s><span class="visually-hidden"> (отброшен)</span></td>' in html
    assert "Почему место 1?" in html


def test_a_cut_is_drawn_under_its_row_with_its_label_escaped():
    with use_language("en"):
        highlighted_cut = table_body(_table(), lambda path: "/" + path, cut_after=0, cut_label="the best <2>")
        plain_cut = table_body(_table(), lambda path: "/" + path, cut_after=1, cut_label="the best 2")
    assert highlighted_cut.splitlines()[0] == '<tr class="highlight sc-cut" data-cut="the best &lt;2&gt;">'
    assert plain_cut.splitlines()[0] == '<tr class="highlight">'
    assert '<tr class="sc-cut" data-cut="the best 2">' in plain_cut.splitlines()


_CELL = re.compile(r'<t[dh](?: class="num")?(?: scope="row")?(?: data-sort="([^"]*)")?>(.*?)</t[dh]>', re.DOTALL)
_VALUES = st.one_of(
    st.none(), st.text(max_size=6), st.integers(-10**6, 10**6), st.fractions(-10**4, 10**4, max_denominator=1000),
    st.dates(dt.date(2000, 1, 1), dt.date(2040, 1, 1)),
    st.datetimes(dt.datetime(2000, 1, 1), dt.datetime(2040, 1, 1), timezones=st.just(dt.timezone(dt.timedelta(hours=3)))),
)


@settings(max_examples=200)
@given(st.lists(st.tuples(_VALUES, _VALUES), min_size=1, max_size=5), st.booleans(), st.integers(0, 4),
       st.sampled_from(["en", "ru", "ja", "it"]))
def test_written_cells_are_table_rows_cells(rows, numeric, decimals, lang):
    """table_body writes str, int and Fraction cells by their own fast paths; every cell must
    still show the text and sort key of table_rows (one formatting of every type)."""
    columns = (Column("a", "A", numeric=numeric, decimals=decimals), Column("b", "B", numeric=not numeric))
    table = Table("t", "caption", columns, [{"a": a, "b": b} for a, b in rows])
    with use_language(lang):
        written = _CELL.findall(table_body(table, lambda path: "/" + path))
        expected = [(str(escape(c.sort)), str(escape(c.text))) for _, cells in table_rows(table) for c in cells]
    assert written == expected


def test_an_int_a_moment_s_zone_and_the_page_s_depth_show_in_the_rows():
    """Cases kept from serve's table memo tests (issue 40): an int is shown without
    decimals; the same instant shows its own zone's clock; links are relative to the page."""
    from zoneinfo import ZoneInfo

    from site_gen.render.links import url, use_page

    points = (Column("points", "Points", numeric=True, decimals=2), Column("player", "Player"))
    moment = dt.datetime(2015, 2, 1, 12, 0, tzinfo=dt.timezone.utc)
    at = (Column("at", "Started"),)
    linked = Table("t", "c", (Column("player", "Player", link_key="url"),), [{"player": "Ann", "url": "p/ann/"}])
    with use_language("en"):
        three = table_body(Table("t", "c", points, [{"points": 3, "player": "Ann"}]), url)
        utc = table_body(Table("t", "c", at, [{"at": moment}]), url)
        moscow = table_body(Table("t", "c", at, [{"at": moment.astimezone(ZoneInfo("Europe/Moscow"))}]), url)
        with use_page("p/"):
            near = table_body(linked, url)
        with use_page("c/stages/1/"):
            deep = table_body(linked, url)
    assert three == '<tr>\n<td class="num" data-sort="3">3</td><th scope="row">Ann</th>\n</tr>\n'
    assert "12:00" in utc and "15:00" in moscow and "12:00" not in moscow  # UTC+3
    assert '<a href="ann/index.html">Ann</a>' in near
    assert '<a href="../../../p/ann/index.html">Ann</a>' in deep
