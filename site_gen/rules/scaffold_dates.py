"""Dates for the example files of `site-gen new`, around the day it runs (given to the
scaffold: no rule set reads the clock)."""

from __future__ import annotations

import datetime as dt


def month_start(day: dt.date, months: int = 0) -> dt.date:
    """The first day of the month `months` after (or before) the month of `day`."""
    index = day.year * 12 + day.month - 1 + months
    return dt.date(index // 12, index % 12 + 1, 1)


def month_end(day: dt.date, months: int = 0) -> dt.date:
    """The last day of the month `months` after the month of `day`."""
    return month_start(day, months + 1) - dt.timedelta(days=1)
