"""The swiss-cut engine: data and settings in, every round's MI, the standings after each
played round, the final and the tournament ranking out. Pure and exact."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from site_gen.lookups import first_of
from site_gen.rules.swiss_cut.certainty import CutOutlook, outlook
from site_gen.rules.swiss_cut.mi import SeatResult, TableResult, score_table
from site_gen.rules.swiss_cut.model import RoundFile, Settings, TournamentData
from site_gen.rules.swiss_cut.outcome import FinalRow, RankingRow, final_places, tournament_ranking
from site_gen.rules.swiss_cut.standings import Standings, standings_after


@dataclass(frozen=True)
class RoundResult:
    number: int
    tables: tuple[TableResult, ...]
    played: bool  # every row has a score
    standings: Standings | None  # None until the round is played

    @property
    def seats(self) -> tuple[SeatResult, ...]:
        return tuple(s for t in self.tables for s in t.seats)

    @property
    def scored(self) -> int:
        return sum(1 for s in self.seats if s.seat.score is not None)

    def seat_of(self, player: str) -> tuple[TableResult, SeatResult] | None:
        return self._seat_index.get(player)

    @cached_property
    def _seat_index(self) -> dict[str, tuple[TableResult, SeatResult]]:
        """Each player's first seat, found once: a page per player looks up every round."""
        return first_of((seat.player, (table, seat)) for table in self.tables for seat in table.seats)


@dataclass(frozen=True)
class TournamentResult:
    rounds: tuple[RoundResult, ...]
    final: tuple[FinalRow, ...]  # () until every finalist has a score
    ranking: tuple[RankingRow, ...]
    # round R -> the next cut as seen after it: who is sure of it, who is out of its reach
    outlooks: dict[int, CutOutlook] = field(default_factory=dict)

    def round(self, number: int) -> RoundResult | None:
        return next((r for r in self.rounds if r.number == number), None)

    def standings(self, number: int) -> Standings | None:
        found = self.round(number)
        return found.standings if found else None

    @property
    def last_played(self) -> int:
        """The highest round number that is played (0 when none is)."""
        return max((r.number for r in self.rounds if r.played), default=0)

    @property
    def all_standings(self) -> dict[int, Standings]:
        return {r.number: r.standings for r in self.rounds if r.standings is not None}


def score_round(round_file: RoundFile, settings: Settings) -> tuple[TableResult, ...]:
    return tuple(score_table(number, seats, settings) for number, seats in round_file.tables())


def compute(data: TournamentData, settings: Settings) -> TournamentResult:
    registration = data.registration
    scored: list[SeatResult] = []
    rounds: list[RoundResult] = []
    for round_file in data.rounds:
        tables = score_round(round_file, settings)
        played = bool(round_file.seats) and all(s.score is not None for s in round_file.seats)
        scored += [s for t in tables for s in t.seats if s.scored]
        standings = (
            standings_after(round_file.number, round_file.players, scored, data.judge_order, registration)
            if played
            else None
        )
        rounds.append(RoundResult(round_file.number, tables, played, standings))
    last = next((r.standings for r in rounds if r.number == settings.rounds), None)
    final = final_places(data.final, last, registration)
    ranking = tournament_ranking(final, [r.standings for r in rounds if r.standings is not None])
    all_standings = {r.number: r.standings for r in rounds if r.standings is not None}
    outlooks = {n: outlook(data, settings, all_standings, n) for n in all_standings}
    return TournamentResult(tuple(rounds), final, ranking, {n: o for n, o in outlooks.items() if o is not None})
