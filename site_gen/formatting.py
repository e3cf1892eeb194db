"""How exact values are shown: fixed decimals, halves away from zero, never floats' noise.

These run once per table cell, so they stay in integer arithmetic (no Fraction objects)
and look at a value's exact type first: `isinstance(v, Fraction)` goes through the
numbers ABCs, several times slower than the cell's formatting itself.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

_SCALE = [10**k for k in range(10)]


def decimal_text(numerator: int, denominator: int, decimals: int) -> str:
    scaled = abs(numerator) * _SCALE[decimals]
    whole, rest = divmod(scaled, denominator)
    if 2 * rest >= denominator:  # halves away from zero
        whole += 1
    sign = "-" if numerator < 0 and whole else ""
    if not decimals:
        return f"{sign}{whole}"
    units, frac = divmod(whole, _SCALE[decimals])
    # zfill, not {frac:0{decimals}d}: that spec, parsed at each call, took half the time
    return f"{sign}{units}.{str(frac).zfill(decimals)}"


def format_number(value: Any, decimals: int = 3) -> str:
    kind = type(value)
    if kind is str:
        return value
    if kind is int:  # before the Fraction check, slow for an int (it goes through the numbers ABCs)
        return str(value)
    if isinstance(value, Fraction):
        return decimal_text(value.numerator, value.denominator, decimals)
    if value is None:
        return ""
    return str(value)


def csv_value(value: Any) -> str:
    """CSV cells keep 6 decimals of exact values, like the JSON document."""
    kind = type(value)
    if kind is str:
        return value
    if kind is int:
        return str(value)
    if isinstance(value, Fraction):
        numerator, denominator = value.numerator, value.denominator  # properties: read once
        if denominator == 1:
            return str(numerator)
        return decimal_text(numerator, denominator, 6).rstrip("0").rstrip(".")
    return "" if value is None else str(value)


def sort_key(value: Any) -> str:
    """The `data-sort` attribute of a numeric cell: a plain decimal the browser can parse."""
    if isinstance(value, int) and not isinstance(value, bool):  # before the (slow) Fraction check
        return str(value)
    if isinstance(value, Fraction):
        return decimal_text(value.numerator, value.denominator, 6)
    return ""
