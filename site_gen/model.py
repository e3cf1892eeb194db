"""What rule sets hand to the build: pages to render, tables to publish, files to write.

Rule sets never import the renderer: they describe a page as (url, template, context)
and a table as columns and rows, and the build joins them with the theme.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable


@dataclass(frozen=True)
class Period:
    """The days a competition counts, both ends included (period: {from, to} in settings)."""

    first: dt.date
    last: dt.date

    def contains(self, day: dt.date) -> bool:
        return self.first <= day <= self.last


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    numeric: bool = False
    link_key: str | None = None  # the row key holding this cell's link
    decimals: int = 3  # shown decimals for exact fractions
    # the row key the CSV writes in this column, where the page's cell puts a word in place
    # of the number ("excluded"): the CSV keeps one kind of value per column
    csv_key: str | None = None


@dataclass(frozen=True)
class RankReason:
    """Why a table row stands above the next one: the first ranking key on which they
    differ, with both values; `key` None means they share the place (equal on every key).

    `key` is an English noun phrase marked with N_() ("score"), translated where shown."""

    key: str | None
    ahead: Any = None  # this row's value of that key
    behind: Any = None  # the next row's value
    next_player: str = ""  # who the next row is
    decimals: int = 3  # shown decimals of exact fractions
    detail: str = ""  # more to say, e.g. a Text giving a mini-league's points


class StableSet(frozenset):
    """A frozenset whose pickle lists its items sorted. A plain set's pickle follows the
    process's string hashing, so the same table would get another digest in every build
    and never be kept (page_cache)."""

    def __reduce__(self):
        return (StableSet, (sorted(self, key=repr),))


@dataclass
class Table:
    """A published table: rendered as HTML and exported as `<slug>.csv`."""

    slug: str
    caption: str
    columns: tuple[Column, ...]
    rows: list[dict[str, Any]]
    struck: frozenset[tuple[int, str]] = field(default_factory=frozenset)  # (row index, column key)
    highlighted: frozenset[int] = field(default_factory=frozenset)  # row indexes
    note: str = ""
    reasons: dict[int, RankReason] = field(default_factory=dict)  # row index -> why above the next row
    # columns only the CSV has, after the page's: what a page's cell says beside or in place
    # of its number (an exclusion, a shared place, a dropped stage struck through)
    csv_columns: tuple[Column, ...] = ()

    def __post_init__(self):
        self.struck = StableSet(self.struck)
        self.highlighted = StableSet(self.highlighted)


class Later:
    """A value worked out where it is used: in the process that renders the page or writes
    the file, so that with --jobs the big contexts and exports are built in parallel.
    Arguments that are Later themselves are worked out first."""

    __slots__ = ("function", "args")

    def __init__(self, function: Callable[..., Any], *args: Any):
        self.function, self.args = function, args

    def get(self) -> Any:
        return self.function(*(now(a) for a in self.args))


def now(value: Any) -> Any:
    """The value itself, or what a Later works out."""
    return value.get() if isinstance(value, Later) else value


@dataclass(frozen=True)
class Page:
    url: str  # site-relative, without leading slash; "" is the home page, "x/" a folder
    template: str
    title: str
    context: dict[str, Any] = field(default_factory=dict)
    later: Later | None = None  # more context (a dict), worked out when the page is rendered

    def resolved(self) -> "Page":
        """The page with its whole context."""
        return self if self.later is None else replace(self, context={**self.context, **self.later.get()}, later=None)


@dataclass(frozen=True)
class SearchEntry:
    title: str
    url: str
    kind: str  # "player", "competition", "page"
    detail: str = ""


@dataclass(frozen=True)
class DataUpdate:
    """One day of new results, for the feed: how many games came in and who moved."""

    day: dt.date
    new_games: int
    movements: tuple[tuple[str, int | None, int], ...] = ()  # (player, rank before or None, rank after)


@dataclass
class CompetitionSite:
    """Everything a rule set publishes for one competition."""

    pages: list[Page]
    tables: list[Table]
    document: dict[str, Any] | Later
    search: list[SearchEntry]
    updated: dt.date | None
    status: str
    summary: Table | None = None  # the headline table shown on the home page, a few columns of...
    summary_url: str | None = None  # ...the full table on this page
    updates: tuple[DataUpdate, ...] | Later = ()  # newest first; the feed gets an entry per update
    exports: dict[str, Later] = field(default_factory=dict)  # file name -> a Later of the bytes the rule set writes


NOT_STARTED, IN_PROGRESS, FINAL = "not_started", "in_progress", "final"


@dataclass(frozen=True)
class CompetitionState:
    """Where a competition stands, as its rule set reads the data (never the clock):
    NOT_STARTED, IN_PROGRESS or FINAL, and the day of the newest result. Anything computed
    before FINAL is provisional."""

    state: str
    results_up_to: dt.date | None = None  # the day of the newest result, where results carry dates
    after_round: int | None = None  # the last round played, where a competition has rounds

    @property
    def provisional(self) -> bool:
        return self.state != FINAL


@dataclass(frozen=True)
class CompetitionInfo:
    slug: str
    name: str
    rules: str
    language: str
    description: str
    folder: Path
