"""Numbers and dates in the page's language: exact values keep their digits (only the
decimal sign and the minus change), dates are Babel's for the locale, and Text messages
translate with their parameters."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, strategies as st

from site_gen.i18n import N_, Text
from site_gen.formatting import format_number
from site_gen.render.i18n import date, number, text, translate, use_language


def spaced(value: str) -> str:
    """CLDR separates some words with no-break spaces: compare them as spaces."""
    return value.replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.parametrize("lang,shown", [("en", "2.590"), ("ru", "2,590"), ("ja", "2.590"), ("it", "2,590")])
def test_decimal_sign_follows_the_language(lang, shown):
    with use_language(lang):
        assert number(Fraction(259, 100)) == shown
        assert number(Fraction(-1, 2), 2) == f"-0{shown[1]}50"
        assert number(7) == "7" and number(None) == ""


@given(st.fractions(min_value=-10**6, max_value=10**6), st.integers(min_value=0, max_value=6),
       st.sampled_from(["en", "ru", "ja", "it"]))
def test_localised_numbers_keep_the_exact_digits(value, decimals, lang):
    with use_language(lang):
        shown = number(value, decimals)
    assert shown.replace(",", ".") == format_number(value, decimals)


def test_halves_round_away_from_zero_in_every_language():
    for lang in ("en", "ru"):
        with use_language(lang):
            assert number(Fraction(2345, 1000), 2).replace(",", ".") == "2.35"
            assert number(Fraction(-2345, 1000), 2).replace(",", ".") == "-2.35"


@pytest.mark.parametrize("lang,day,moment", [
    ("en", "Feb 1, 2015", "Feb 3, 2015, 9:15 PM"),
    ("ru", "1 февр. 2015 г.", "3 февр. 2015 г., 21:15"),
    ("ja", "2015/02/01", "2015/02/03 21:15"),
    ("it", "1 feb 2015", "3 feb 2015, 21:15"),
])
def test_dates_follow_the_language(lang, day, moment):
    with use_language(lang):
        assert spaced(date(dt.date(2015, 2, 1))) == day
        # a moment is shown in its own time zone, not the build machine's
        assert spaced(date(dt.datetime(2015, 2, 3, 21, 15, tzinfo=ZoneInfo("Europe/Moscow")))) == moment


def test_text_is_english_as_a_str_and_translated_when_rendered():
    caption = Text(N_("%(stage)s (%(first)s – %(last)s)"), stage=Text(N_("Stage %(number)s"), number=2),
                   first=dt.date(2015, 4, 1), last=dt.date(2015, 5, 31))
    assert caption == "Stage 2 (2015-04-01 – 2015-05-31)"  # CSV, terminal
    with use_language("ru"):
        assert spaced(translate(caption)) == "Этап 2 (1 апр. 2015 г. – 31 мая 2015 г.)"
    with use_language("it"):
        assert spaced(translate(caption)) == "Tappa 2 (1 apr 2015 – 31 mag 2015)"


def test_names_are_never_translated():
    with use_language("ru"):
        assert text("Player") == "Player"  # a player called "Player" keeps the name
        assert translate(N_("Player")) == "Игрок"  # a column label is a message
        assert translate(Text(N_("%(competition)s: players"), competition="Player")) == "Player: игроки"


def test_english_fallback_of_a_fraction_is_exact():
    assert Text("%(v)s", v=Fraction(2345, 1000)) == "2.345"
    assert Text("%(v)s", v=Fraction(-1, 2000)) == "-0.001"
    assert Text("%(v)s", v=Fraction(-1, 3000)) == "0.000"


def test_english_needs_no_catalog():
    with use_language("en"):
        assert translate(N_("Rank")) == "Rank"
        assert translate(Text(N_("Stage %(number)s"), number=3)) == "Stage 3"


@given(st.datetimes(min_value=dt.datetime(2000, 1, 1), max_value=dt.datetime(2040, 12, 31)),
       st.sampled_from(["en", "ru", "ja", "it"]), st.sampled_from(["short", "medium", "long"]))
def test_a_moment_is_babels_date_and_time_of_its_wall_clock(moment, lang, form):
    """date() formats a moment's day and its time of day apart (each cached); joined they
    must be what Babel gives for the whole moment, in its own zone (never converted)."""
    from babel import Locale
    from babel.dates import format_date, format_time, get_datetime_format

    locale = Locale.parse(lang)
    expected = get_datetime_format(form, locale=locale).replace("{1}", format_date(moment, form, locale=locale)).replace(
        "{0}", format_time(moment, "short", locale=locale))
    with use_language(lang):
        assert date(moment.replace(tzinfo=ZoneInfo("Asia/Tokyo")), form) == expected
