"""Scalar parsing, exact rounding and page slugs."""

import datetime as dt
from fractions import Fraction as F
from zoneinfo import ZoneInfo

from hypothesis import given, strategies as st

from site_gen.formatting import csv_value, format_number
from site_gen.slugs import slugify, unique_slugs
from site_gen.values import json_number, parse_timestamp, round_half_away, round_half_up


def test_timestamp_with_offset_keeps_it():
    stamp, why = parse_timestamp("2015-02-03T21:15:00+03:00", None)
    assert why == "" and stamp.utcoffset() == dt.timedelta(hours=3)


def test_timestamp_without_offset_needs_a_zone():
    stamp, why = parse_timestamp("2015-02-03T21:15:00", None)
    assert stamp is None and "games_timezone" in why


def test_timestamp_without_offset_takes_the_games_zone_with_its_dst():
    la = ZoneInfo("America/Los_Angeles")
    winter, _ = parse_timestamp("2015-02-03 21:15", la)
    summer, _ = parse_timestamp("2015-07-03 21:15", la)
    assert winter.utcoffset() == dt.timedelta(hours=-8)
    assert summer.utcoffset() == dt.timedelta(hours=-7)


def test_round_half_away_from_zero():
    assert round_half_away(F(25, 10**7)) == F(3, 10**6)  # 0.0000025 -> 0.000003
    assert round_half_away(F(-25, 10**7)) == F(-3, 10**6)
    assert round_half_away(F(2, 3)) == F(666667, 10**6)
    assert json_number(F(61, 24)) == 2.541667  # 2.5416666...
    assert json_number(F(3)) == 3.0 and json_number(7) == 7


def test_round_half_up_for_norm_ratings():
    assert round_half_up(F(125, 2)) == 63 and round_half_up(F(2000, 3)) == 667 and round_half_up(F(1000, 3)) == 333


def test_shown_numbers_are_exact_decimals():
    assert format_number(F(7, 3)) == "2.333"
    assert format_number(F(-1, 2000), 3) == "-0.001"  # -0.0005 rounds away from zero
    assert format_number(F(4), 2) == "4.00"
    assert format_number(1513) == "1513"
    assert csv_value(F(7, 3)) == "2.333333" and csv_value(F(3, 2)) == "1.5" and csv_value(F(4)) == "4"


@given(st.text())
def test_slug_never_leaves_its_folder(name):
    slug = slugify(name)
    assert slug and "/" not in slug and "\\" not in slug and ".." not in slug
    assert not slug.startswith(".")
    assert all(ch.isprintable() and not ch.isspace() for ch in slug)


@given(st.lists(st.text(max_size=6), max_size=20))
def test_slugs_are_unique_and_stable(names):
    slugs = unique_slugs(names)
    assert len(set(slugs.values())) == len(set(names))
    assert unique_slugs(list(reversed(names))) == slugs  # independent of order


def test_unicode_names_keep_their_letters():
    assert slugify("Иван Петров") == "иван-петров"
    assert slugify("日本 太郎") == "日本-太郎"
    assert slugify("../../etc/passwd") == "etc-passwd"


@given(st.fractions(max_denominator=10**9))
def test_json_number_is_the_six_decimal_rounding_as_a_float(value):
    assert json_number(value) == float(round_half_away(value))
    assert json_number(-value) == -json_number(value)  # halves away from zero on both sides
