"""The seats of the counted games, laid out flat: the best-span engine's storage. Pure.

A year holds a million counted games and 4 million seats: no object is made per seat.
The counted games' seats are laid out flat once (Seats: seat s of counted game g is entry
4g + s, with a one-byte code, the kind's index in KINDS x 4 + s), and a participant's
games are a PlayedGames: their entries and codes, whose Played are made when they are
asked for. What a seat is worth, and the statistics (counts of codes), follow from the
codes; the game objects are touched only for the games a page shows.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import compress, repeat
from operator import and_, rshift

from site_gen.rules.best_span.model import KINDS, Game, Settings, filled

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
        return tuple(filled(Played, len(entries), (
            ("game", map(seats.games.__getitem__, map(rshift, entries, repeat(2)))),
            ("seat", map(and_, entries, repeat(3))),
            ("kind", map(seats.kinds.__getitem__, codes)),
            ("points", map(seats.points.__getitem__, codes)),
            ("weight", map(seats.weights.__getitem__, codes)),
        )))

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

    def columns(self, positions: list[int]) -> tuple[list[Game], list[int], list[int]]:
        """The games, seats and codes at these positions, a column each: for a table of a
        season's games, without a Played made for each."""
        entries, seats = list(map(self.entries.__getitem__, positions)), self.seats
        return (list(map(seats.games.__getitem__, map(rshift, entries, repeat(2)))),
                list(map(and_, entries, repeat(3))), list(map(self.codes.__getitem__, positions)))

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
