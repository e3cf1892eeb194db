"""A round's Ma-imps (MI) at one table, spec step 1. Pure and exact (Fraction).

MI = place MI + limit_hand_points x limit hands + scale MI - penalty.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from site_gen.places import Places, shared_place_points
from site_gen.rules.swiss_cut.model import Seat, Settings


@dataclass(frozen=True)
class SeatResult:
    """A seat of a round with its MI parts; the parts are None until the table has all
    four scores."""

    seat: Seat
    wind: int  # 0 East .. 3 North, the seat order at the table
    places: Places | None
    place_points: Fraction | None
    limit_points: int | None
    scale_points: int | None
    points: Fraction | None

    @property
    def player(self) -> str:
        return self.seat.player

    @property
    def scored(self) -> bool:
        return self.points is not None


@dataclass(frozen=True)
class TableResult:
    table: int
    seats: tuple[SeatResult, ...]

    @property
    def complete(self) -> bool:
        return all(s.seat.score is not None for s in self.seats)

    @property
    def score_sum(self) -> int | None:
        return sum(s.seat.score for s in self.seats) if self.complete else None


def place_points(scores: tuple[int, ...], points: tuple[int, ...]) -> tuple[tuple[Fraction, ...], tuple[Places, ...]]:
    """Each seat's place MI and places (shared places share the average MI)."""
    return shared_place_points(scores, points)


def scale_points(score: int, scale: tuple[tuple[int | None, int], ...]) -> int:
    """sign(score) x the MI of the first bound that |score| does not exceed; 0 for 0."""
    if score == 0:
        return 0
    size = abs(score)
    for bound, mi in scale:
        if bound is None or size <= bound:
            return mi if score > 0 else -mi
    return 0  # a scale without an open last bound (settings refuse it): no MI beyond it


def score_table(number: int, seats: tuple[Seat, ...], settings: Settings) -> TableResult:
    """The MI parts of every seat, once every seat has a score."""
    if not all(s.score is not None for s in seats):
        return TableResult(number, tuple(SeatResult(s, i, None, None, None, None, None) for i, s in enumerate(seats)))
    shares, places = place_points(tuple(s.score for s in seats), settings.place_points)
    results = []
    for wind, (seat, share, place) in enumerate(zip(seats, shares, places)):
        limit = settings.limit_hand_points * seat.limit_hands
        scale = scale_points(seat.score, settings.score_scale)
        results.append(SeatResult(seat, wind, place, share, limit, scale, share + limit + scale - seat.penalty))
    return TableResult(number, tuple(results))
