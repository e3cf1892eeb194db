"""The swiss-cut settings and loaded data: registration list, round files, final, judge.

Pure data: the engine modules import this, never the parsers in settings.py / load.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from site_gen.i18n import N_, Text

# the seats' winds, as CSV writes them; Text, so that pages show them in their language
WINDS = (Text(N_("East")), Text(N_("South")), Text(N_("West")), Text(N_("North")))
TABLE_SIZE = 4

# The regulation's scale (B.4): |wists| up to 256 -> 1 MI, 512 -> 2, 1024 -> 3, 2000 -> 4, more -> 5.
DEFAULT_SCALE: tuple[tuple[int | None, int], ...] = ((256, 1), (512, 2), (1024, 3), (2000, 4), (None, 5))


@dataclass(frozen=True)
class Settings:
    rounds: int = 6
    cuts: tuple[tuple[int, int], ...] = ((5, 16), (6, 8))  # (round, players), sorted by round
    final_players: int = 4
    place_points: tuple[int, ...] = (3, 2, 1, 0)
    limit_hand_points: int = 2
    score_scale: tuple[tuple[int | None, int], ...] = DEFAULT_SCALE
    seed: int | str | None = None
    max_limit_hands_per_round: int | None = None  # None: a round's MI has no bound (certainty.py)

    def cut(self, round_number: int) -> int | None:
        """How many of the standings after round R-1 play round R (None: everyone)."""
        return dict(self.cuts).get(round_number)

    @property
    def first_cut(self) -> int | None:
        return self.cuts[0][0] if self.cuts else None


@dataclass(frozen=True)
class Player:
    player: str
    name: str = ""
    city: str = ""
    club: str = ""
    from_round: int = 1
    line: int = 0


@dataclass(frozen=True)
class Seat:
    """One row of rounds/<R>.csv; `score` None means not played yet."""

    table: int
    player: str
    score: int | None
    mahjongs: int = 0
    limit_hands: int = 0
    penalty: int = 0
    line: int = 0


@dataclass(frozen=True)
class RoundFile:
    number: int
    seats: tuple[Seat, ...]  # file order; a table's rows in seat order, East first
    path: str = ""

    def tables(self) -> list[tuple[int, tuple[Seat, ...]]]:
        """(table number, its seats in seat order), tables in order of number."""
        grouped: dict[int, list[Seat]] = {}
        for seat in self.seats:
            grouped.setdefault(seat.table, []).append(seat)
        return [(number, tuple(grouped[number])) for number in sorted(grouped)]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.seats)


@dataclass(frozen=True)
class FinalSeat:
    player: str
    score: int | None
    place: int | None  # the judge's word, which wins over the scores
    line: int = 0


@dataclass(frozen=True)
class TournamentData:
    players: tuple[Player, ...]  # registration order
    rounds: tuple[RoundFile, ...]  # by number, 1..n without gaps
    final: tuple[FinalSeat, ...] = ()
    judge_order: tuple[str, ...] = ()
    folder: str = ""
    paths: dict[str, str] = field(default_factory=dict)  # "players", "final", "judge"

    def round(self, number: int) -> RoundFile | None:
        return next((r for r in self.rounds if r.number == number), None)

    def player(self, name: str) -> Player | None:
        return next((p for p in self.players if p.player == name), None)

    @property
    def registration(self) -> dict[str, int]:
        return {p.player: i for i, p in enumerate(self.players)}
