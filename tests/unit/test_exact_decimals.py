"""Exact values shown with fixed decimals: zero padding, halves away from zero, the sign."""

from fractions import Fraction as F

from site_gen.formatting import csv_value, decimal_text, format_number


def test_decimals_are_padded_with_zeros():
    assert decimal_text(1, 1000, 6) == "0.001000"
    assert decimal_text(201, 20, 2) == "10.05"
    assert decimal_text(-7, 4, 3) == "-1.750"


def test_halves_round_away_from_zero_and_a_zero_has_no_sign():
    assert decimal_text(1, 8, 2) == "0.13"  # 0.125
    assert decimal_text(-1, 8, 2) == "-0.13"
    assert decimal_text(-1, 300, 2) == "0.00"  # -0.0033...
    assert decimal_text(5, 2, 0) == "3" and decimal_text(-5, 2, 0) == "-3"


def test_whole_numbers_and_text_are_shown_as_they_are():
    assert format_number(-42) == "-42" and format_number("n/a") == "n/a" and format_number(None) == ""
    assert format_number(True) == "True"  # not a count: bool is no int here


def test_csv_values_drop_trailing_zeros():
    assert csv_value(F(1, 8)) == "0.125" and csv_value(F(-5, 2)) == "-2.5" and csv_value(F(1, 3000000)) == "0"
