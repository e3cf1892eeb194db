"""The best-span scoring engine (spec steps 1-6). Pure: data and settings in, results out.

Points are exact (Fraction), weights whole hundredths of a game, scores tenths of a point.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, replace
from functools import cached_property
from fractions import Fraction

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
from site_gen.rules.best_span.span import best_span


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


@dataclass(frozen=True)
class BestSpan:
    sequence: tuple[Played, ...]  # the sequence it was taken from (without red when ignored)
    start: int
    length: int
    weight: int  # hundredths
    points: Fraction
    wraps: bool
    red_ignored: bool

    @property
    def games(self) -> tuple[Played, ...]:
        n = len(self.sequence)
        return tuple(self.sequence[(self.start + k) % n] for k in range(self.length))

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
    games: tuple[Played, ...]  # every counted game, red ones included, in order
    span: BestSpan | None
    rank: int = 0  # 0: not in the standings (excluded)

    @property
    def player(self) -> str:
        return self.participant.player

    @cached_property
    def _tally(self) -> tuple[dict[str, int], tuple[int, int, int, int], int]:
        """Games of each kind, of each place, and the score total (tenths): one pass over
        the games for every statistic the pages and the document show."""
        kinds = dict.fromkeys(KINDS, 0)
        places = [0, 0, 0, 0]
        score = 0
        for p in self.games:
            kinds[p.kind] += 1
            places[p.seat] += 1
            score += p.game.scores[p.seat]
        return kinds, tuple(places), score

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

    @cached_property
    def points(self) -> int | Fraction:
        return sum(p.points for p in self.games)

    @cached_property
    def weighted_games(self) -> int:  # hundredths
        return sum(p.weight for p in self.games)

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


@dataclass(frozen=True)
class BestSpanResult:
    players: tuple[PlayerResult, ...]  # participants.csv order
    standings: tuple[PlayerResult, ...]  # ranked; excluded players left out
    outcomes: tuple[GameOutcome, ...]  # every game read, in game order
    removal_matches: tuple[int, ...]  # games each removal matched, in corrections order
    updated: dt.date | None  # day of the newest counted game


# --- step 1: counted games ----------------------------------------------------------


def kind_of(game: Game, settings: Settings) -> str | None:
    """direct, plain or red for a counted game; None for a game that is not one."""
    rule = game.rule
    if len(rule) != 6 or rule[0] != "四" or rule[2] != "南" or rule[3] != "喰":
        return None
    if not settings.period.contains(game.day):
        return None
    if game.family == "sca":
        if game.lobby not in settings.direct_lobbies:
            return None
        return "plain" if settings.in_open_window(game.moment) else "direct"
    if rule[1] not in settings.tables:
        return None
    return "red" if rule[4] == "赤" else "plain"


def outcomes(data: BestSpanData, settings: Settings) -> tuple[tuple[GameOutcome, ...], tuple[int, ...]]:
    games = sorted(data.games, key=game_order)
    minutes = {(r.day, r.hour, r.minute) for r in data.removals}
    by_minute: dict[tuple, list[int]] = {}  # only the minutes a removal names
    if minutes:
        for index, game in enumerate(games):
            minute = (game.day, game.hour, game.minute)
            if minute in minutes:
                by_minute.setdefault(minute, []).append(index)
    removed: dict[int, Removal] = {}
    matches = []
    for removal in data.removals:
        hits = [i for i in by_minute.get((removal.day, removal.hour, removal.minute), ()) if removal.matches(games[i])]
        matches.append(len(hits))
        for i in hits:
            removed.setdefault(i, removal)
    # outside the direct lobbies a game's kind follows from its rule word and its day alone
    kinds: dict[tuple, str | None] = {}
    result = []
    for i, g in enumerate(games):
        if g.family == "sca":
            kind = kind_of(g, settings)
        else:
            key = (g.family, g.rule, g.day)
            kind = kinds[key] if key in kinds else kinds.setdefault(key, kind_of(g, settings))
        result.append(GameOutcome(g, kind, removed.get(i)))
    return tuple(result), tuple(matches)


# --- steps 2-4: a participant's sequence and best span ------------------------------


def _scale(settings: Settings) -> int:
    """A whole factor making every place's points and the target whole numbers."""
    return math.lcm(*(f.denominator for f in (*settings.place_points, settings.target)))


def span_of(sequence: tuple[Played, ...], settings: Settings, red_ignored: bool = False) -> BestSpan | None:
    scale = _scale(settings)
    found = best_span([int(p.points * scale) for p in sequence], [p.weight for p in sequence],
                      int(settings.target * scale))
    if found is None:
        return None
    return BestSpan(sequence, found.start, found.length, found.weight, Fraction(found.points, scale), found.wraps,
                    red_ignored)


def player_span(games: tuple[Played, ...], settings: Settings) -> BestSpan | None:
    """Step 3, and step 4: without red games when that is strictly lighter."""
    full = span_of(games, settings)
    if not settings.ignore_red_if_better or not any(p.kind == "red" for p in games):
        return full
    without = span_of(tuple(p for p in games if p.kind != "red"), settings, red_ignored=True)
    if without is not None and full is not None and without.weight < full.weight:
        return without
    return full


def sequences(results: tuple[GameOutcome, ...], players: set[str], settings: Settings) -> dict[str, list[Played]]:
    played: dict[str, list[Played]] = {p: [] for p in players}
    points = [int(x) if x.denominator == 1 else x for x in settings.place_points]
    weights = {kind: settings.weights.of(kind) for kind in KINDS}
    for outcome in results:
        if not outcome.counted:
            continue
        for seat, name in enumerate(outcome.game.players):
            if name in played:
                played[name].append(Played(outcome.game, seat, outcome.kind, points[seat], weights[outcome.kind]))
    return played


# --- steps 5-6: standings and statistics --------------------------------------------


def compute(data: BestSpanData, settings: Settings) -> BestSpanResult:
    results, matches = outcomes(data, settings)
    excluded = {e.player: e for e in data.excluded}
    played = sequences(results, {p.player for p in data.participants}, settings)
    players = []
    for participant in data.participants:
        games = tuple(played[participant.player])
        players.append(PlayerResult(participant, excluded.get(participant.player), games, player_span(games, settings)))
    ranked = rank_desc([p for p in players if p.excluded is None], keys=lambda p: p.keys, name=lambda p: p.player)
    standings = tuple(replace(r.item, rank=r.rank) for r in ranked)
    ranks = {p.player: p.rank for p in standings}
    players = [replace(p, rank=ranks.get(p.player, 0)) for p in players]
    updated = max((o.game.day for o in results if o.counted), default=None)
    return BestSpanResult(tuple(players), standings, results, matches, updated)
