"""One page per registered player: each round's table, opponents, score and MI, their path
through the bracket and where they finished."""

from __future__ import annotations

from typing import Any

from site_gen.i18n import N_, Text
from site_gen.model import Column, CompetitionInfo, Page, Table
from site_gen.rules.swiss_cut.bracket import Column as BracketColumn, path_of
from site_gen.rules.swiss_cut.model import WINDS, Settings, TournamentData
from site_gen.rules.swiss_cut.mi import Places
from site_gen.rules.swiss_cut.scoring import TournamentResult

def place_text(places: Places | None) -> str:
    """'2', or '1–2' for shared places."""
    if places is None:
        return ""
    return str(places[0]) if places[0] == places[1] else f"{places[0]}–{places[1]}"


COLUMNS = (
    Column("round", N_("Round"), numeric=True, link_key="round_url"),
    Column("table", N_("Table"), numeric=True),
    Column("wind", N_("Wind")),
    Column("opponents", N_("Opponents")),
    Column("score", N_("Score"), numeric=True),
    Column("place", N_("Place")),
    Column("points", N_("MI"), numeric=True, decimals=2),
    Column("total", N_("MI total"), numeric=True, decimals=2),
    Column("rank", N_("Rank after"), numeric=True),
)


def _rounds_table(player: str, result: TournamentResult, rounds_url: dict[int, str]) -> Table:
    rows: list[dict[str, Any]] = []
    for round_result in result.rounds:
        found = round_result.seat_of(player)
        if found is None:
            continue
        table, seat = found
        standing = round_result.standings.row(player) if round_result.standings else None
        rows.append({
            "round": round_result.number, "round_url": rounds_url.get(round_result.number), "table": table.table,
            "wind": WINDS[seat.wind] if seat.wind < len(WINDS) else "",
            "opponents": ", ".join(s.player for s in table.seats if s.player != player),
            "score": seat.seat.score, "place": place_text(seat.places), "points": seat.points,
            "total": standing.points if standing else None, "rank": standing.rank if standing else None,
        })
    return Table("", N_("Rounds"), COLUMNS, rows,
                 note=N_("MI = place MI + limit hands + scale MI − penalty; the round page shows the parts."))


def _parts(player: str, result: TournamentResult) -> list[dict[str, Any]]:
    """Each scored round's MI parts, for the explanation under the table."""
    parts = []
    for round_result in result.rounds:
        found = round_result.seat_of(player)
        if found is None or not found[1].scored:
            continue
        seat = found[1]
        parts.append({"round": round_result.number, "seat": seat})
    return parts


def player_pages(info: CompetitionInfo, data: TournamentData, settings: Settings, result: TournamentResult,
                 cols: list[BracketColumn], urls: dict[str, str], common: dict[str, Any]) -> list[Page]:
    ranking = {r.player: r for r in result.ranking}
    final = {f.player: f for f in result.final}
    pages = []
    for registered in data.players:
        name = registered.player
        pages.append(Page(urls[name], "swiss-cut/player.html", f"{name} — {info.name}", {
            **common,
            "player": registered,
            "ranking": ranking.get(name),
            "final": final.get(name),
            "path": path_of(name, cols),
            "rounds_table": _rounds_table(name, result, common["rounds_url"]),
            "parts": _parts(name, result),
        }))
    return pages
