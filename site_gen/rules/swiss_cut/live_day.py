"""A swiss-cut round for the day itself (data only; no rendering here): its print page (the
seating for the wall, by table and by name, and a score slip per table) and its projector
view (seating and standings in large type)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from site_gen.i18n import N_, Text
from site_gen.model import CompetitionInfo, Page, Table
from site_gen.rules.swiss_cut.model import WINDS
from site_gen.rules.swiss_cut.scoring import RoundResult

TEMPLATES = "swiss-cut"


@dataclass(frozen=True)
class SeatedTable:
    """A game table as posted on the wall: its number and its players in seat order, East first."""

    table: int
    seats: tuple[tuple[Any, str], ...]  # (wind, player)


def seated_tables(round_result: RoundResult) -> list[SeatedTable]:
    return [SeatedTable(t.table, tuple((WINDS[s.wind] if s.wind < len(WINDS) else str(s.wind + 1), s.player)
                                       for s in t.seats)) for t in round_result.tables]


def seats_by_name(tables: list[SeatedTable]) -> list[tuple[str, int, Any]]:
    """(player, table, wind) in the order of the names, as a player looks themselves up."""
    return sorted(((player, t.table, wind) for t in tables for wind, player in t.seats),
                  key=lambda seat: (seat[0].casefold(), seat[0]))


def live_pages(info: CompetitionInfo, round_result: RoundResult, url: str, shown_standings: Table | None,
               common: dict[str, Any]) -> list[Page]:
    """A round's print page (the seating for the wall, by table and by name, and a score slip
    per table, laid out for A4) and its projector view (seating and standings in large type)."""
    n = round_result.number
    tables = seated_tables(round_result)
    # only what each page shows: a result the sheets do not show leaves them as they were
    context = {**common, "number": n, "tables": tables}
    lines = [(row["rank"], row["player"], row["points"]) for row in shown_standings.rows] if shown_standings else []
    return [
        Page(f"{url}print/", f"{TEMPLATES}/print.html",
             Text(N_("%(competition)s: round %(number)s, seating and score slips"), competition=info.name, number=n),
             {**context, "by_name": seats_by_name(tables)}),
        Page(f"{url}projector/", f"{TEMPLATES}/projector.html",
             Text(N_("%(competition)s: round %(number)s on the projector"), competition=info.name, number=n),
             {**context, "standings_caption": shown_standings.caption if shown_standings else "", "standings": lines}),
    ]
