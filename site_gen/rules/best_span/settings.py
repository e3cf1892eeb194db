"""The `best-span` settings schema; defaults are the regulation's values (seed 003)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from site_gen.config import Field, SettingError, as_date, as_period
from site_gen.diagnostics import did_you_mean
from site_gen.rules.best_span.model import JST, Settings, Weights, Window
from site_gen.sources.tenhou_log import LOBBY

LEVELS = ("般", "上", "特", "鳳")


def _number(value: Any) -> Fraction:
    """An exact number from YAML (1.05 is the decimal the user wrote, not a float)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise SettingError(f"expected a number, found {value!r}")
    try:
        number = Decimal(str(value).strip())
    except InvalidOperation:
        raise SettingError(f"expected a number, found {value!r}") from None
    if not number.is_finite():
        raise SettingError(f"expected a number, found {value!r}")
    return Fraction(number)


def _non_negative(value: Any) -> Fraction:
    number = _number(value)
    if number < 0:
        raise SettingError(f"must not be negative, found {value}")
    return number


def _target(value: Any) -> Fraction:
    number = _number(value)
    if number <= 0:
        raise SettingError(f"must be positive, found {value}")
    return number


def _place_points(value: Any) -> tuple[Fraction, ...]:
    if not isinstance(value, list) or len(value) != 4:
        raise SettingError(f"expected a list of 4 numbers (places 1-4), found {value!r}")
    points = []
    for i, item in enumerate(value):
        try:
            points.append(_non_negative(item))
        except SettingError as exc:
            raise SettingError(f"place {i + 1}: {exc}", value.line_of(i) if hasattr(value, "line_of") else None)
    return tuple(points)


def _weight(value: Any) -> int:
    """Hundredths of a game: at most two decimals."""
    number = _non_negative(value)
    hundredths = number * 100
    if hundredths.denominator != 1:
        raise SettingError(f"at most two decimals, found {value}")
    return hundredths.numerator


def _weights(values: dict) -> Weights:
    return Weights(**values)


def _tables(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise SettingError(f"expected a list of table levels from {', '.join(LEVELS)}, found {value!r}")
    for i, item in enumerate(value):
        if item not in LEVELS:
            line = value.line_of(i) if hasattr(value, "line_of") else None
            raise SettingError(f'unknown table level "{item}"; one of {", ".join(LEVELS)}'
                               f'{did_you_mean(str(item), LEVELS) or _level_hint(str(item))}', line)
    return tuple(dict.fromkeys(value))


def _level_hint(text: str) -> str:
    found = [c for c in text if c in LEVELS]
    return f'; did you mean "{found[0]}"?' if found else ""


def _lobbies(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise SettingError(f"expected a list of private lobbies like L1234, found {value!r}")
    for i, item in enumerate(value):
        if not isinstance(item, str) or not LOBBY.fullmatch(item):
            line = value.line_of(i) if hasattr(value, "line_of") else None
            hint = f' (write "L{item}")' if isinstance(item, int) and not isinstance(item, bool) else ""
            raise SettingError(f"lobby {item!r} is not a letter and digits like L1234{hint}", line)
    return tuple(dict.fromkeys(value))


def _moment(value: Any, what: str) -> dt.datetime:
    """A Japan-time datetime to the minute; an offset in the text wins."""
    text = str(value).strip() if isinstance(value, (str, dt.datetime)) else None
    stamp = None
    if text is not None and len(text) > 10:
        try:
            stamp = dt.datetime.fromisoformat(text)
        except ValueError:
            stamp = None
    if stamp is None:
        raise SettingError(f'{what}: expected a date and time like "2009-03-31 23:00", found {value!r}')
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=JST)
    return stamp.astimezone(JST).replace(second=0, microsecond=0)  # minute resolution


def _windows(value: Any) -> tuple[Window, ...]:
    if not isinstance(value, list):
        raise SettingError("expected a list of {from, to} date-times")
    windows = []
    for i, item in enumerate(value):
        line = value.line_of(i) if hasattr(value, "line_of") else None
        if not isinstance(item, dict) or set(item) != {"from", "to"}:
            unknown = sorted(str(k) for k in item if k not in ("from", "to")) if isinstance(item, dict) else []
            hint = f'; unknown key "{unknown[0]}"{did_you_mean(unknown[0], ("from", "to"))}' if unknown else ""
            raise SettingError(f"window {i + 1} must be a mapping {{from, to}}{hint}", line)
        try:
            first, last = _moment(item["from"], "from"), _moment(item["to"], "to")
        except SettingError as exc:
            raise SettingError(f"window {i + 1}: {exc}", line) from None
        if last < first:
            raise SettingError(f"window {i + 1} ends ({last:%Y-%m-%d %H:%M}) before it starts ({first:%Y-%m-%d %H:%M})", line)
        windows.append(Window(first, last, line or 0))
    return tuple(windows)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise SettingError(f"expected true or false, found {value!r}")
    return value


_PERIOD_FIELDS = (
    Field("from", as_date, doc="first day, Japan time"),
    Field("to", as_date, doc="last day, inclusive, Japan time"),
)
_WEIGHT_FIELDS = (
    Field("direct", _weight, Weights.direct, "weight of a game in a direct-event lobby"),
    Field("plain", _weight, Weights.plain, "weight of a ranked game without red fives"),
    Field("red", _weight, Weights.red, "weight of a ranked game with red fives"),
)

FIELDS = (
    Field("period", as_period, doc="first and last day, inclusive, Japan time", fields=_PERIOD_FIELDS),
    Field("target", _target, Settings.target, "points to collect"),
    Field("place_points", _place_points, Settings.place_points, "points for places 1-4"),
    Field("weights", _weights, Settings.weights, "how much a game of each kind counts (at most two decimals)",
          fields=_WEIGHT_FIELDS),
    Field("tables", _tables, Settings.tables, "table levels that count in the ranked lobbies"),
    Field("direct_lobbies", _lobbies, Settings.direct_lobbies, "private lobbies of the competition's direct events"),
    Field("open_windows", _windows, Settings.open_windows,
          "Japan-time {from, to}: direct-lobby games inside count as plain"),
    Field("ignore_red_if_better", _bool, Settings.ignore_red_if_better,
          "also score without red games and keep the better result"),
)


def make_settings(values: dict[str, Any]) -> Settings:
    return Settings(**values)
