"""Equality that a page can rely on: `same(a, b)` holds only when a page made from `a`
would be made, byte for byte, from `b` too.

Python's == is looser than that: 1 == 1.0 == Fraction(1) == True, two dicts with their
keys in another order are equal, a dataclass's fields marked compare=False are skipped,
and a Text (a translatable message) equals any str with the same English words. Here the
types must match exactly, containers keep their order, every field counts, and a type not
known to be compared exactly is never the same (the page is then worked out again).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import pathlib
import re
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo

from site_gen.i18n import Text

# types whose == already means "the same value, shown the same way"
_EXACT = frozenset({str, int, bool, bytes, type(None), Fraction, dt.date, dt.timedelta,
                    pathlib.PosixPath, pathlib.PurePosixPath, pathlib.WindowsPath, pathlib.PureWindowsPath})
_FIELDS: dict[type, tuple[str, ...]] = {}  # a dataclass type -> the names of all its fields


def same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind in _EXACT:
        return a == b
    if kind is float:  # 0.0 == -0.0, yet one is shown with its sign
        return repr(a) == repr(b)
    if kind is tuple or kind is list or (issubclass(kind, tuple) and hasattr(kind, "_fields")):  # named tuple too
        return len(a) == len(b) and all(map(same, a, b))
    if kind is dict:  # keys in the same order
        return len(a) == len(b) and all(map(same, a, b)) and all(map(same, a.values(), b.values()))
    if kind is dt.datetime:
        return a == b and a.fold == b.fold and _same_zone(a, b)
    if kind is Text:
        return a.message == b.message and same(a.params, b.params)
    if kind is ZoneInfo:
        return a.key is not None and a.key == b.key
    if kind is re.Pattern:
        return a.pattern == b.pattern and a.flags == b.flags
    if issubclass(kind, (frozenset, set)):  # of plain values only: a set's order can't be compared
        return (all(type(x) is str or type(x) is int for x in (*a, *b)) and a == b
                and same(getattr(a, "__dict__", None), getattr(b, "__dict__", None)))
    if not dataclasses.is_dataclass(kind):
        return False
    state = getattr(a, "__dict__", None)
    if state is not None:  # every field, in order, and anything else set on the instance (names are str)
        other = b.__dict__
        return list(state) == list(other) and all(map(same, state.values(), other.values()))
    names = _FIELDS.get(kind)
    if names is None:  # slots: no __dict__, the fields are all there is
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return all(same(getattr(a, name), getattr(b, name)) for name in names)


def _same_zone(a: dt.datetime, b: dt.datetime) -> bool:
    """Equal instants are shown alike only in the same zone (same offset and name)."""
    if a.tzinfo is b.tzinfo:
        return True
    return same(a.tzinfo, b.tzinfo) if type(a.tzinfo) is ZoneInfo else (
        type(a.tzinfo) is type(b.tzinfo) is dt.timezone and a.utcoffset() == b.utcoffset() and a.tzname() == b.tzname())
