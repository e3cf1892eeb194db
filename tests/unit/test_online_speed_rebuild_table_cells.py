"""Moments, fractions and text cells of a table body (render/table_view._table_body), made
faster: a moment's cell is made once per language and kept (a game's start shows on its
four players' pages), a fraction's once per table (a table's few table-points values are
shared objects), and a text with nothing to escape is not copied. The cells stay those the
page would show without the shortcuts."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from zoneinfo import ZoneInfo

from site_gen.model import Column, Table
from site_gen.render.i18n import use_language
from site_gen.render.table_view import escape_text, table_body

MOSCOW = ZoneInfo("Europe/Moscow")
BERLIN = ZoneInfo("Europe/Berlin")


def _body(*moments: dt.datetime, lang: str = "en", numeric: bool = False) -> list[str]:
    """The cell of each moment, one row each."""
    table = Table("", "games", (Column("started_at", "Started", numeric=numeric),), [{"started_at": m} for m in moments])
    with use_language(lang):
        html = table_body(table, lambda path: "/" + path)
    return [line for line in html.splitlines() if line.startswith("<td")]


def test_a_moment_shows_its_own_wall_clock_and_sorts_by_its_offset():
    # the same instant in Moscow (UTC+3) and Berlin (UTC+2 in summer): equal datetimes,
    # each shown in its own zone's wall clock and sorted by its own ISO text
    moscow = dt.datetime(2015, 7, 2, 11, 55, tzinfo=MOSCOW)
    berlin = moscow.astimezone(BERLIN)
    assert moscow == berlin
    assert _body(moscow, berlin, moscow) == [
        '<td data-sort="2015-07-02T11:55:00+03:00">Jul 2, 2015, 11:55\u202fAM</td>',
        '<td data-sort="2015-07-02T10:55:00+02:00">Jul 2, 2015, 10:55\u202fAM</td>',
        '<td data-sort="2015-07-02T11:55:00+03:00">Jul 2, 2015, 11:55\u202fAM</td>',
    ]


def test_a_moment_in_the_hour_a_clock_goes_back_shows_its_fold():
    # Berlin, 2015-10-25: 02:30 happens twice, at +02:00 (fold 0) then at +01:00 (fold 1)
    first = dt.datetime(2015, 10, 25, 2, 30, tzinfo=BERLIN)
    second = first.replace(fold=1)
    assert [cell.split('"')[1] for cell in _body(first, second, first)] == [
        "2015-10-25T02:30:00+02:00", "2015-10-25T02:30:00+01:00", "2015-10-25T02:30:00+02:00"]


def test_a_moment_in_each_language_and_a_numeric_column_has_no_date_sort():
    moment = dt.datetime(2015, 2, 3, 21, 15, tzinfo=MOSCOW)
    english, russian = _body(moment)[0], _body(moment, lang="ru")[0]
    assert english == '<td data-sort="2015-02-03T21:15:00+03:00">Feb 3, 2015, 9:15\u202fPM</td>'
    assert russian == '<td data-sort="2015-02-03T21:15:00+03:00">3 февр. 2015\u202fг., 21:15</td>'
    assert _body(moment, numeric=True) == ['<td class="num">Feb 3, 2015, 9:15\u202fPM</td>']


def test_text_is_escaped_as_markupsafe_does_and_plain_text_kept():
    assert escape_text("""Tom & <Jerry> "O'Neil\"""") == "Tom &amp; &lt;Jerry&gt; &#34;O&#39;Neil&#34;"
    # each character alone is found
    assert [escape_text(f"a{c}b") for c in "&<>\"'"] == ["a&amp;b", "a&lt;b", "a&gt;b", "a&#34;b", "a&#39;b"]
    plain = "Player00064, Player00197"
    assert escape_text(plain) is plain


def test_one_fraction_in_columns_of_other_decimals_and_kinds():
    # the same object (as a table's shared table points are) in three columns: each shows
    # its own decimals, and only numeric columns sort; an equal but other object in row 2
    half = Fraction(5, 2)
    columns = (Column("a", "A", numeric=True, decimals=2), Column("b", "B", decimals=3),
               Column("c", "C", numeric=True, decimals=1))
    table = Table("", "t", columns, [{"a": half, "b": half, "c": half}, {"a": Fraction(5, 2), "b": half, "c": -half}])
    with use_language("ru"):  # a decimal comma
        html = table_body(table, lambda path: "/" + path)
    assert [line for line in html.splitlines() if line.startswith("<td")] == [
        '<td class="num" data-sort="2.500000">2,50</td><td>2,500</td><td class="num" data-sort="2.500000">2,5</td>',
        '<td class="num" data-sort="2.500000">2,50</td><td>2,500</td><td class="num" data-sort="-2.500000">-2,5</td>',
    ]
