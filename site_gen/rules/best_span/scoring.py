"""The best-span scoring engine (spec steps 1-6). Pure: data and settings in, results out.

Points are exact (Fraction), weights whole hundredths of a game, scores tenths of a point.

A year holds a million counted games and 4 million seats: the engine makes no object per
seat. The counted games' seats are laid out flat once (seats.py), every participant's
entries, codes and score total are gathered in one pass over the participants' seats, and
a participant's games are a PlayedGames of those entries.
"""

from __future__ import annotations

import datetime as dt
from array import array
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import chain, compress, count, repeat
from operator import attrgetter, eq, is_not
from typing import NamedTuple

from site_gen.lookups import MemoDict
from site_gen.ranking import rank_desc
from site_gen.rules.best_span.model import (
    BestSpanData,
    Exclusion,
    Game,
    Participant,
    Removal,
    Settings,
    game_order,
)
from site_gen.rules.best_span.seats import SEATS, Played, PlayedGames, Seats
from site_gen.rules.best_span.span import Span, best_span

@dataclass(frozen=True)
class BestSpan:
    sequence: PlayedGames  # the sequence it was taken from (without red when ignored)
    start: int
    length: int
    weight: int  # hundredths
    points: Fraction
    wraps: bool
    red_ignored: bool

    @property
    def games(self) -> tuple[Played, ...]:
        n, end = len(self.sequence), self.start + self.length
        return self.sequence[self.start:end] + (self.sequence[:end - n] if end > n else ())

    @property
    def first(self) -> Played:
        return self.sequence[self.start]

    @property
    def last(self) -> Played:
        return self.sequence[(self.start + self.length - 1) % len(self.sequence)]


@dataclass(frozen=True)
class PlayerResult:
    participant: Participant
    excluded: Exclusion | None
    games: PlayedGames  # every counted game, red ones included, in order
    span: BestSpan | None
    rank: int = 0  # 0: not in the standings (excluded)

    @property
    def player(self) -> str:
        return self.participant.player

    @property
    def _tally(self) -> tuple[dict[str, int], tuple[int, int, int, int], int, int | Fraction, int]:
        """Every statistic the pages and the document show (PlayedGames.tally: worked out
        once for the games, which the standings' copy of the result shares)."""
        return self.games.tally()

    @property
    def kinds(self) -> dict[str, int]:
        return self._tally[0]

    @property
    def places(self) -> tuple[int, int, int, int]:
        return self._tally[1]

    @property
    def average_place(self) -> Fraction | None:
        return Fraction(sum(i * n for i, n in enumerate(self.places, start=1)), len(self.games)) if self.games else None

    @property
    def average_score(self) -> Fraction | None:
        return Fraction(self._tally[2], 10 * len(self.games)) if self.games else None

    @property
    def points(self) -> int | Fraction:
        return self._tally[3]

    @property
    def weighted_games(self) -> int:  # hundredths
        return self._tally[4]

    @property
    def keys(self) -> tuple:
        """Higher is better: a span (lighter first), then points, then fewer weighted games."""
        if self.span is not None:
            return (2, -self.span.weight, 0, 0)
        if self.games:
            return (1, 0, self.points, -self.weighted_games)
        return (0, 0, 0, 0)


class GameOutcome(NamedTuple):
    """One per game read: a named tuple, made by one C call each (_outcomes)."""

    game: Game
    kind: str | None  # None: not a counted game (format, table, lobby or period)
    removed_by: Removal | None = None

    @property
    def counted(self) -> bool:
        return self.kind is not None and self.removed_by is None


@dataclass(frozen=True)
class BestSpanResult:
    players: tuple[PlayerResult, ...]  # participants.csv order
    standings: tuple[PlayerResult, ...]  # ranked; excluded players left out
    removal_matches: tuple[int, ...]  # games each removal matched, in corrections order
    updated: dt.date | None  # day of the newest counted game
    counted: int  # how many games count
    direct: tuple[GameOutcome, ...] = ()  # the games in the direct lobbies that could count, in game order


# --- step 1: counted games ----------------------------------------------------------


def _could_count(rule: str, day: dt.date, settings: Settings) -> bool:
    """A 4-player east-south game with open tanyao inside the period."""
    return (len(rule) == 6 and rule[0] == "四" and rule[2] == "南" and rule[3] == "喰"
            and settings.period.contains(day))


def kind_of(game: Game, settings: Settings) -> str | None:
    """direct, plain or red for a counted game; None for a game that is not one."""
    if game.family != "sca":
        return _ranked_kind(game.rule, game.day, settings)
    if not _could_count(game.rule, game.day, settings) or game.lobby not in settings.direct_lobbies:
        return None
    return "plain" if settings.in_open_window(game.moment) else "direct"


def _ranked_kind(rule: str, day: dt.date, settings: Settings) -> str | None:
    """The kind of a game in a ranked lobby (scb, scc)."""
    if not _could_count(rule, day, settings) or rule[1] not in settings.tables:
        return None
    return "red" if rule[4] == "赤" else "plain"


_RULE, _DAY, _FAMILY = attrgetter("rule"), attrgetter("day"), attrgetter("family")
_MINUTE = attrgetter("day", "hour", "minute")


@dataclass(frozen=True)
class _Counted:
    matches: tuple[int, ...]
    games: list[Game]  # the counted games, in game order
    kinds: list[str]  # of the counted games
    direct: tuple[GameOutcome, ...]  # in the direct lobbies


def _removed(games: list[Game], removals: tuple[Removal, ...]) -> tuple[dict[int, Removal], tuple[int, ...]]:
    """The games (by position) a removal takes out, each by the first that matches it; and
    how many games each removal matches."""
    removed: dict[int, Removal] = {}
    matches = []
    if removals:
        minutes = {(r.day, r.hour, r.minute) for r in removals}
        by_minute: dict[tuple, list[int]] = {}  # only the minutes a removal names
        for index in compress(count(), map(minutes.__contains__, map(_MINUTE, games))):
            by_minute.setdefault(_MINUTE(games[index]), []).append(index)
        for removal in removals:
            hits = [i for i in by_minute.get((removal.day, removal.hour, removal.minute), ())
                    if removal.matches(games[i])]
            matches.append(len(hits))
            for i in hits:
                removed.setdefault(i, removal)
    return removed, tuple(matches)


def _kinds(games: list[Game], settings: Settings) -> tuple[list[str | None], list[int]]:
    """Each game's kind (None: not a counted game, removals aside), and the positions of the
    games in private lobbies (sca). Outside them a game's kind follows from its rule word
    once its day is in the period: a lookup per game of a few rule words. The games are in
    game order, day first, so those inside the period are one run of them."""
    rules = MemoDict(lambda rule: _ranked_kind(rule, settings.period.first, settings))
    kinds = list(map(rules.__getitem__, map(_RULE, games)))
    first = bisect_left(games, settings.period.first, key=_DAY)
    last = bisect_right(games, settings.period.last, lo=first, key=_DAY)
    kinds[:first] = repeat(None, first)
    kinds[last:] = repeat(None, len(games) - last)
    lobbies = list(compress(count(), map(eq, map(_FAMILY, games), repeat("sca"))))
    for index in lobbies:
        kinds[index] = kind_of(games[index], settings)
    return kinds, lobbies


def _counted(data: BestSpanData, settings: Settings) -> _Counted:
    """The counted games in game order, with their kinds (steps 1-2)."""
    games = sorted(data.games, key=game_order)
    removed, matches = _removed(games, data.removals)
    kinds, lobbies = _kinds(games, settings)
    direct = tuple(GameOutcome(games[i], kinds[i], removed.get(i)) for i in lobbies if kinds[i] is not None)
    counted = list(map(is_not, kinds, repeat(None)))
    for index in removed:
        counted[index] = False
    if all(counted):
        return _Counted(matches, games, kinds, direct)
    return _Counted(matches, list(compress(games, counted)), list(compress(kinds, counted)), direct)


def outcomes(data: BestSpanData, settings: Settings) -> tuple[tuple[GameOutcome, ...], tuple[int, ...]]:
    """Every game's outcome, in game order, and how many games each removal matches (for
    tests and tools: a build needs the counted games alone)."""
    games = sorted(data.games, key=game_order)
    removed, matches = _removed(games, data.removals)
    kinds, _ = _kinds(games, settings)
    return tuple(GameOutcome(g, kind, removed.get(i)) for i, (g, kind) in enumerate(zip(games, kinds))), matches


# --- steps 2-4: a participant's sequence and best span ------------------------------


def _found(seats: Seats, codes: bytes) -> Span | None:
    """The best span of the games with these codes, in whole units of points."""
    units, weights = seats.units, seats.weights
    return best_span(list(map(units.__getitem__, codes)), list(map(weights.__getitem__, codes)), seats.target)


def _best(sequence: PlayedGames, found: Span | None, red_ignored: bool) -> BestSpan | None:
    if found is None:
        return None
    return BestSpan(sequence, found.start, found.length, found.weight, Fraction(found.points, sequence.seats.scale),
                    found.wraps, red_ignored)


def player_span(games: PlayedGames, settings: Settings) -> BestSpan | None:
    """Step 3, and step 4: without red games when that is strictly lighter."""
    seats = games.seats
    full = _found(seats, games.codes)
    if settings.ignore_red_if_better:
        delete, _ = seats.codes_without("red")
        codes = games.codes.translate(None, delete)
        if len(codes) < len(games.codes):  # the player has red games
            without = _found(seats, codes)
            if without is not None and full is not None and without.weight < full.weight:
                return _best(games.without("red"), without, True)
    return _best(games, full, False)


_PLAYERS, _SCORES = attrgetter("players"), attrgetter("scores")


def _padded(rows, fill=None) -> list[tuple]:
    """Rows of SEATS values each: counted games have 4 players (the reader sees to it);
    a game built otherwise gets empty seats."""
    rows = list(rows)
    if all(map(eq, map(len, rows), repeat(SEATS))):
        return rows
    if any(len(row) > SEATS for row in rows):
        raise ValueError("a counted game has more than 4 players")
    return [row + (fill,) * (SEATS - len(row)) for row in rows]


def sequences(counted: list[Game], kinds: list[str], players: set[str], settings: Settings) -> dict[str, PlayedGames]:
    """Every participant's counted games, gathered in one pass over the seats, in order."""
    seats = Seats(counted, kinds, settings)
    index = {name: i for i, name in enumerate(players, start=1)}  # 1 on: 0 and None are false
    ids = list(map(index.get, chain.from_iterable(_padded(map(_PLAYERS, counted)))))  # None: not a participant
    entries = [array("q") for _ in range(len(index) + 1)]  # machine integers: no object per entry
    codes = [bytearray() for _ in range(len(index) + 1)]
    scores = [0] * (len(index) + 1)
    seated = zip(count(), ids, seats.codes, chain.from_iterable(_padded(map(_SCORES, counted), 0)))
    for entry, i, code, score in compress(seated, ids):  # the participants' seats
        entries[i].append(entry)
        codes[i].append(code)
        scores[i] += score
    return {name: PlayedGames(seats, entries[i], bytes(codes[i]), scores[i]) for name, i in index.items()}


# --- steps 5-6: standings and statistics --------------------------------------------


def compute(data: BestSpanData, settings: Settings) -> BestSpanResult:
    found = _counted(data, settings)
    excluded = {e.player: e for e in data.excluded}
    played = sequences(found.games, found.kinds, {p.player for p in data.participants}, settings)
    players = [PlayerResult(p, excluded.get(p.player), played[p.player], player_span(played[p.player], settings))
               for p in data.participants]
    updated = found.games[-1].day if found.games else None  # games are in order of day first
    return BestSpanResult(*ranked_players(players), found.matches, updated, len(found.games), found.direct)


def ranked_players(players: list[PlayerResult]) -> tuple[tuple[PlayerResult, ...], tuple[PlayerResult, ...]]:
    """(players, standings): the players with their ranks, and the ranked ones in order."""
    ranked = rank_desc([p for p in players if p.excluded is None], keys=lambda p: p.keys, name=lambda p: p.player)
    ranks = {r.item.player: r.rank for r in ranked}
    players = [replace(p, rank=ranks.get(p.player, 0)) for p in players]
    by_name = {p.player: p for p in players}
    return tuple(players), tuple(by_name[r.item.player] for r in ranked)
