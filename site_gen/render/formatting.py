"""How exact values are shown: fixed decimals, halves away from zero, never floats' noise."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_gen.values import round_half_away


def format_number(value: Any, decimals: int = 3) -> str:
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return f"{value.numerator}.{'0' * decimals}" if decimals else str(value.numerator)
        rounded = round_half_away(value, decimals)
        sign = "-" if rounded < 0 else ""
        scaled = abs(rounded.numerator) * 10**decimals // rounded.denominator
        whole, frac = divmod(scaled, 10**decimals)
        return f"{sign}{whole}.{frac:0{decimals}d}" if decimals else f"{sign}{whole}"
    return str(value)


def csv_value(value: Any) -> str:
    """CSV cells keep 6 decimals of exact values, like the JSON document."""
    if isinstance(value, Fraction):
        return format_number(value, 6).rstrip("0").rstrip(".") if value.denominator != 1 else str(value.numerator)
    return "" if value is None else str(value)


def sort_key(value: Any) -> str:
    """The `data-sort` attribute of a numeric cell: a plain decimal the browser can parse."""
    if isinstance(value, Fraction):
        return format_number(value, 6)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return ""
