"""Parsing of the scalar values data files hold: dates, timestamps, time zones, numbers."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Iterable
from fractions import Fraction
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_INT = re.compile(r"^[+-]?\d+$")


def parse_date(value: object) -> dt.date | None:
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if not isinstance(value, str) or not _DATE.match(value.strip()):
        return None
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        return None


_MAX_DIGITS = 100  # no count or score is longer; int() refuses past 4,300 digits anyway


def parse_int(value: object) -> int | None:
    if isinstance(value, str):
        if len(value) > _MAX_DIGITS:
            return None
        if value.isascii() and (value.isdigit() or value[1:].isdigit() and value[0] in "+-"):
            return int(value)  # ASCII digits with an optional sign, the usual cell: no regex
        text = value.strip()
        return int(text) if _INT.match(text) else None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def parse_timezone(value: object) -> ZoneInfo | None:
    if not isinstance(value, str) or not value or ".." in value or value.startswith("/"):
        return None
    try:
        return ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def parse_timestamp(value: str, default_zone: ZoneInfo | None) -> tuple[dt.datetime | None, str]:
    """(aware datetime, '') or (None, why not). An offset in the text wins over the zone."""
    text = value.strip()
    try:
        stamp = dt.datetime.fromisoformat(text.replace(" ", "T", 1) if " " in text else text)
    except ValueError:
        return None, f'"{value}" is not a timestamp like 2015-02-03T21:15:00+03:00'
    if stamp.tzinfo is None:
        if default_zone is None:
            return None, (
                f'timestamp "{value}" has no time zone offset; add one (e.g. +03:00) '
                "or set games_timezone in competition.yaml"
            )
        stamp = stamp.replace(tzinfo=default_zone)
    return stamp, ""


def round_half_away(value: Fraction, places: int = 6) -> Fraction:
    """Round an exact value to `places` decimals, halves away from zero."""
    scale = 10**places
    scaled = abs(value) * scale
    whole, rest = divmod(scaled.numerator, scaled.denominator)
    if 2 * rest >= scaled.denominator:
        whole += 1
    return Fraction(whole if value >= 0 else -whole, scale)


_MICRO = 10**6


def json_number(value: Fraction | int) -> int | float:
    """A JSON number for an exact value: whole stays int-like, else 6 decimals (halves away
    from zero). Integer arithmetic: int / int is correctly rounded, like float(Fraction)."""
    if isinstance(value, int):
        return value
    n, d = value.numerator, value.denominator
    if _MICRO % d == 0:  # already exact in 6 decimals
        return n / d
    whole, rest = divmod(abs(n) * _MICRO, d)
    if 2 * rest >= d:
        whole += 1
    return (whole if n >= 0 else -whole) / _MICRO


def round_half_up(value: Fraction) -> int:
    """Nearest whole number, halves up (used for norm ratings, which are never negative)."""
    return round_half_up_ratio(value.numerator, value.denominator)


def round_half_up_ratio(numerator: int, denominator: int) -> int:
    """round_half_up of numerator / denominator (denominator > 0), in lowest terms or not."""
    # floor(n/d + 1/2) in integers: no Fraction is made
    return (2 * numerator + denominator) // (2 * denominator)


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """The exact sum in whole units of the common denominator: integer additions instead
    of a normalised Fraction made at every step."""
    values = list(values)
    unit = math.lcm(*{v.denominator for v in values})
    return Fraction(sum(v.numerator * (unit // v.denominator) for v in values), unit)
