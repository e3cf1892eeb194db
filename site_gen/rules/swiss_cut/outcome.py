"""The final's places and the tournament ranking, spec steps 4-5. Pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from site_gen.rules.swiss_cut.model import FinalSeat
from site_gen.rules.swiss_cut.standings import StandingRow, Standings


@dataclass(frozen=True)
class FinalRow:
    place: int
    player: str
    score: int
    by_judge: bool  # the place came from the judge's `place` column


@dataclass(frozen=True)
class RankingRow:
    rank: int
    player: str
    reached: int | str  # "final" or the last round played
    standing: StandingRow | None  # the row of the round the player left in (None for finalists)


def final_places(seats: Sequence[FinalSeat], standings: Standings | None, registration: dict[str, int]) -> tuple[FinalRow, ...]:
    """Places of a played final (every score given); () before that.

    The judge's `place` column wins; otherwise highest score first, equal scores ordered
    by the standings after the last round (registration order when those are missing)."""
    if not seats or any(s.score is None for s in seats):
        return ()
    if all(s.place is not None for s in seats):
        ordered = sorted(seats, key=lambda s: (s.place, s.player))
        return tuple(FinalRow(s.place, s.player, s.score, True) for s in ordered)
    order = standings.order if standings is not None else ()

    def earlier(seat: FinalSeat) -> tuple:
        if seat.player in order:
            return (0, order.index(seat.player))
        return (1, registration.get(seat.player, len(registration)), seat.player)

    ordered = sorted(seats, key=earlier)
    ordered.sort(key=lambda s: s.score, reverse=True)  # stable: equal scores keep standings order
    return tuple(FinalRow(i, s.player, s.score, False) for i, s in enumerate(ordered, start=1))


def tournament_ranking(final: Sequence[FinalRow], standings: Sequence[Standings]) -> tuple[RankingRow, ...]:
    """Finalists by the final, then each round's leavers by the standings of the round
    they left in, from the last played round back to the first; equal keys share a rank."""
    rows: list[RankingRow] = [RankingRow(f.place, f.player, "final", None) for f in final]
    listed = {f.player for f in final}
    for table in sorted(standings, key=lambda s: s.after, reverse=True):
        previous: RankingRow | None = None
        for standing in table.rows:
            if standing.player in listed:
                continue
            listed.add(standing.player)
            shared = previous is not None and previous.standing is not None and previous.standing.keys == standing.keys
            rank = previous.rank if shared else len(rows) + 1
            previous = RankingRow(rank, standing.player, table.after, standing)
            rows.append(previous)
    return tuple(rows)
