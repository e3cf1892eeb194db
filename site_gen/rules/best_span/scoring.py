"""The best-span scoring engine (spec steps 1-6). Pure: data and settings in, results out.

Points are exact (Fraction), weights whole hundredths of a game, scores tenths of a point.

A year holds a million counted games and 4 million seats: the engine makes no object per
seat. The counted games' seats are laid out flat once (Seats: seat s of counted game g is
entry 4g + s, with a one-byte code, the kind's index in KINDS x 4 + s), every participant's
entries, codes and score total are gathered in one pass over the participants' seats, and
a participant's games are a PlayedGames: those entries, whose Played are made when they
are asked for. What a seat is worth, and the statistics (counts of codes), follow from the
codes; the game objects are touched only for the games a page shows.
"""

from __future__ import annotations

import datetime as dt
import math
from array import array
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import chain, compress, count, repeat
from operator import and_, attrgetter, eq, is_not, rshift

from site_gen.lookups import MemoDict
from site_gen.ranking import rank_desc
from site_gen.rules.best_span.model import (
    KINDS,
    BestSpanData,
    Exclusion,
    Game,
    Participant,
    Removal,
    Settings,
    game_order,
)
from site_gen.rules.best_span.span import Span, best_span

SEATS = 4  # counted games are 4-player games: entry 4g + s is seat s of counted game g


@dataclass(frozen=True, slots=True)
class Played:
    """A participant's seat at a counted game."""

    game: Game
    seat: int  # place - 1: the log lists players in place order
    kind: str
    points: int | Fraction  # an int when whole: sums of a million Fractions are slow
    weight: int  # hundredths of a game

    @property
    def place(self) -> int:
        return self.seat + 1

    @property
    def score(self) -> int:  # tenths of a point
        return self.game.scores[self.seat]


def _setters(cls: type, names: str) -> tuple:
    """The slots' own setters: filling a million objects a slot at a time runs in C (the
    frozen classes' __init__ would set each slot through object.__setattr__ in Python)."""
    return tuple(getattr(cls, name).__set__ for name in names.split())


_PLAYED_SLOTS = _setters(Played, "game seat kind points weight")


class Seats:
    """The seats of the counted games, flat: entry 4g + s is seat s of counted game g.
    `codes` holds a byte per entry, the game's kind (its index in KINDS) x 4 + s: what a
    seat is worth follows from its code alone (the tables below, indexed by code)."""

    __slots__ = ("games", "codes", "kinds", "points", "weights", "scale", "units", "target")

    def __init__(self, games: list[Game], kinds: list[str], settings: Settings):
        self.games = games  # the counted games, in game order
        code = {kind: bytes(range(k * SEATS, (k + 1) * SEATS)) for k, kind in enumerate(KINDS)}
        self.codes = b"".join(map(code.__getitem__, kinds))
        points = tuple(int(x) if x.denominator == 1 else x for x in settings.place_points)
        self.kinds = tuple(kind for kind in KINDS for _ in range(SEATS))
        self.points = points * len(KINDS)  # Played.points
        self.weights = tuple(settings.weights.of(kind) for kind in KINDS for _ in range(SEATS))
        # a whole factor making every place's points and the target whole: best_span adds ints
        self.scale = math.lcm(*(f.denominator for f in (*settings.place_points, settings.target)))
        self.units = tuple(int(x * self.scale) for x in settings.place_points) * len(KINDS)
        self.target = int(settings.target * self.scale)

    def codes_without(self, kind: str) -> tuple[bytes, tuple[bool, ...]]:
        """The codes of `kind` (for bytes.translate to delete) and, by code, whether it is
        of another kind (what to keep)."""
        k = KINDS.index(kind)
        return bytes(range(k * SEATS, (k + 1) * SEATS)), tuple(code // SEATS != k for code in range(len(self.kinds)))


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


class PlayedGames(Sequence):
    """A participant's counted games (or some of them: without red) in order, as Played.
    Holds their entries in Seats (an array of machine integers) and their codes; the
    Played themselves are made when they are asked for, and the statistics come from
    counting codes."""

    __slots__ = ("seats", "entries", "codes", "_score", "_tally")

    def __init__(self, seats: Seats, entries: array, codes: bytes, score: int | None = None):
        self.seats, self.entries, self.codes = seats, entries, codes
        self._score = score  # the score total (tenths), when known
        self._tally: tuple | None = None

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._made(self.entries[index], self.codes[index])
        code, entry, seats = self.codes[index], self.entries[index], self.seats
        return Played(seats.games[entry >> 2], entry & 3, seats.kinds[code], seats.points[code], seats.weights[code])

    def __iter__(self):
        return iter(self._made(self.entries, self.codes))

    def _made(self, entries: array, codes: bytes) -> tuple[Played, ...]:
        seats = self.seats
        made = tuple(map(object.__new__, repeat(Played, len(entries))))
        game, seat, kind, points, weight = _PLAYED_SLOTS
        deque(map(game, made, map(seats.games.__getitem__, map(rshift, entries, repeat(2)))), 0)
        deque(map(seat, made, map(and_, entries, repeat(3))), 0)
        deque(map(kind, made, map(seats.kinds.__getitem__, codes)), 0)
        deque(map(points, made, map(seats.points.__getitem__, codes)), 0)
        deque(map(weight, made, map(seats.weights.__getitem__, codes)), 0)
        return made

    def __eq__(self, other):
        if isinstance(other, PlayedGames) and other.seats is self.seats:
            return self.entries == other.entries
        if isinstance(other, (PlayedGames, tuple)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"PlayedGames({tuple(self)!r})"

    def point_list(self) -> list[int | Fraction]:
        """Every game's points (Played.points), in order."""
        points = self.seats.points
        return [points[code] for code in self.codes]

    def without(self, kind: str) -> PlayedGames:
        """The games not of `kind`."""
        delete, keep = self.seats.codes_without(kind)
        entries = array(self.entries.typecode, compress(self.entries, map(keep.__getitem__, self.codes)))
        return PlayedGames(self.seats, entries, self.codes.translate(None, delete))

    def tally(self) -> tuple[dict[str, int], tuple[int, int, int, int], int, int | Fraction, int]:
        """Games of each kind, of each place, the score total (tenths), the points and the
        weighted games (hundredths): counts of codes, worked out once."""
        if self._tally is None:
            seats, codes = self.seats, self.codes
            counts = [codes.count(code) for code in range(len(seats.kinds))]
            kinds = {kind: sum(counts[k * SEATS:(k + 1) * SEATS]) for k, kind in enumerate(KINDS)}
            places = tuple(sum(counts[seat::SEATS]) for seat in range(SEATS))
            if self._score is None:
                self._score = sum(seats.games[entry >> 2].scores[entry & 3] for entry in self.entries)
            # as a sum game by game would be: an int unless a place with Fraction points was taken
            points = sum(n * p for n, p in zip(places, seats.points) if n)
            weight = sum(n * seats.weights[k * SEATS] for k, n in enumerate(kinds.values()))
            self._tally = (kinds, places, self._score, points, weight)
        return self._tally


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


@dataclass(frozen=True, slots=True)  # one per game read: slots keep a million of them small
class GameOutcome:
    game: Game
    kind: str | None  # None: not a counted game (format, table, lobby or period)
    removed_by: Removal | None = None

    @property
    def counted(self) -> bool:
        return self.kind is not None and self.removed_by is None


_OUTCOME_SLOTS = _setters(GameOutcome, "game kind removed_by")


@dataclass(frozen=True)
class BestSpanResult:
    players: tuple[PlayerResult, ...]  # participants.csv order
    standings: tuple[PlayerResult, ...]  # ranked; excluded players left out
    outcomes: tuple[GameOutcome, ...]  # every game read, in game order
    removal_matches: tuple[int, ...]  # games each removal matched, in corrections order
    updated: dt.date | None  # day of the newest counted game
    counted: int  # how many games count


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


_RANKED_KEY, _FAMILY = attrgetter("family", "rule", "day"), attrgetter("family")
_MINUTE = attrgetter("day", "hour", "minute")


@dataclass(frozen=True)
class _Outcomes:
    outcomes: tuple[GameOutcome, ...]
    matches: tuple[int, ...]
    counted: list[Game]  # in game order
    kinds: list[str]  # of the counted games


def _outcomes(data: BestSpanData, settings: Settings) -> _Outcomes:
    """Every game's outcome, in game order; and the counted games with their kinds."""
    games = sorted(data.games, key=game_order)
    removed: dict[int, Removal] = {}
    matches = []
    if data.removals:
        minutes = {(r.day, r.hour, r.minute) for r in data.removals}
        by_minute: dict[tuple, list[int]] = {}  # only the minutes a removal names
        for index in compress(count(), map(minutes.__contains__, map(_MINUTE, games))):
            by_minute.setdefault(_MINUTE(games[index]), []).append(index)
        for removal in data.removals:
            hits = [i for i in by_minute.get((removal.day, removal.hour, removal.minute), ())
                    if removal.matches(games[i])]
            matches.append(len(hits))
            for i in hits:
                removed.setdefault(i, removal)
    # outside the direct lobbies a game's kind follows from (family, rule, day) alone
    ranked_kinds = MemoDict(lambda key: _ranked_kind(key[1], key[2], settings))
    kinds = list(map(ranked_kinds.__getitem__, map(_RANKED_KEY, games)))
    for index in compress(count(), map(eq, map(_FAMILY, games), repeat("sca"))):
        kinds[index] = kind_of(games[index], settings)
    outcomes = tuple(map(object.__new__, repeat(GameOutcome, len(games))))
    set_game, set_kind, set_removed = _OUTCOME_SLOTS
    deque(map(set_game, outcomes, games), 0)
    deque(map(set_kind, outcomes, kinds), 0)
    deque(map(set_removed, outcomes, repeat(None)), 0)
    counted = list(map(is_not, kinds, repeat(None)))
    for index, removal in removed.items():
        set_removed(outcomes[index], removal)
        counted[index] = False
    return _Outcomes(outcomes, tuple(matches), list(compress(games, counted)), list(compress(kinds, counted)))


def outcomes(data: BestSpanData, settings: Settings) -> tuple[tuple[GameOutcome, ...], tuple[int, ...]]:
    found = _outcomes(data, settings)
    return found.outcomes, found.matches


# --- steps 2-4: a participant's sequence and best span ------------------------------


def _found(seats: Seats, codes: bytes) -> Span | None:
    """The best span of the games with these codes, in whole units of points."""
    units, weights = seats.units, seats.weights
    return best_span([units[code] for code in codes], [weights[code] for code in codes], seats.target)


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
    found = _outcomes(data, settings)
    excluded = {e.player: e for e in data.excluded}
    played = sequences(found.counted, found.kinds, {p.player for p in data.participants}, settings)
    players = []
    for participant in data.participants:
        games = played[participant.player]
        players.append(PlayerResult(participant, excluded.get(participant.player), games, player_span(games, settings)))
    ranked = rank_desc([p for p in players if p.excluded is None], keys=lambda p: p.keys, name=lambda p: p.player)
    standings = tuple(replace(r.item, rank=r.rank) for r in ranked)
    ranks = {p.player: p.rank for p in standings}
    players = [replace(p, rank=ranks.get(p.player, 0)) for p in players]
    updated = found.counted[-1].day if found.counted else None  # games are in order of day first
    return BestSpanResult(tuple(players), standings, found.outcomes, found.matches, updated, len(found.counted))
