"""Marking the words a rule set makes for translation, without translating them there.

Rule sets describe pages in English, the source language, and never render: `N_("Rank")`
only marks a message for extraction (babel.cfg), and `Text(message, **params)` keeps a
message together with its parameters. The theme translates both when it renders a page,
in that page's language (site_gen/render/i18n.py). Pure: no Babel, no Jinja here.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Any


def N_(message: str) -> str:
    """Mark a message for the catalogs; it is translated where it is shown."""
    return message


class Text(str):
    """A message with %(name)s parameters, translated when rendered.

    As a plain str it is the English text, so CSV exports, the terminal and older
    templates keep working. Parameters may be strings (shown as written: names are never
    translated), whole numbers, Fractions, dates or other Texts (translated too).
    """

    message: str
    params: dict[str, Any]

    def __new__(cls, message: str, **params: Any) -> "Text":
        self = super().__new__(cls, message % {k: _english(v) for k, v in params.items()} if params else message)
        self.message = message
        self.params = params
        return self

    def __reduce__(self):  # keep message and parameters through pickling
        return (_make_text, (self.message, self.params))


def _make_text(message: str, params: dict[str, Any]) -> Text:
    return Text(message, **params)


def _english(value: Any) -> str:
    if type(value) is str:  # names, ids: most values, found before Fraction's ABC isinstance
        return value
    if isinstance(value, Fraction):
        # exact, 3 decimals, halves away from zero (as the theme shows it)
        scaled, rest = divmod(abs(value.numerator) * 1000, value.denominator)
        scaled += 2 * rest >= value.denominator
        sign = "-" if value < 0 and scaled else ""
        return f"{sign}{scaled // 1000}.{scaled % 1000:03d}"
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return str(value)
