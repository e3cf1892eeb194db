"""The `thematic-marathon` JSON document, exactly as the spec lays it out."""

from __future__ import annotations

from typing import Any

from site_gen.rules.thematic_marathon.model import Settings
from site_gen.rules.thematic_marathon.scoring import MarathonResult, StandingRow
from site_gen.rules.thematic_marathon.tournament import GroupTable, TournamentResult


def _table(table: GroupTable | None) -> list[dict[str, Any]]:
    if table is None:
        return []
    return [{"rank": r.rank, "player": r.player, "points": r.points, "played": r.played} for r in table.rows]


def _tournament(t: TournamentResult) -> dict[str, Any]:
    return {
        "slug": t.slug,
        "game": t.tournament.game,
        "group": t.group.slug,
        "entrants": len(t.entrants),
        "status": t.status,
        "winner": t.winner,
        "phase1": [_table(g) for g in t.phase1],
        "semifinals": [_table(g) for g in t.semifinals],
        "final": _table(t.final),
        "ranking": [
            {"rank": r.rank, "player": r.player, "phase1_points": r.phase1_points, "bonus": r.bonus,
             "participation": r.participation, "points": r.points}
            for r in t.ranking
        ],
    }


def _standing(r: StandingRow) -> dict[str, Any]:
    return {"rank": r.rank, "player": r.player, "points": r.points, "won": r.won, "finals": r.finals}


def document(settings: Settings, result: MarathonResult) -> dict[str, Any]:
    return {
        "rules": "thematic-marathon",
        "tournaments": [_tournament(t) for t in result.tournaments],
        "groups": [
            {
                "slug": g.group.slug,
                "standings": [_standing(r) for r in g.standings],
                "final": [{"rank": r.rank, "player": r.player, "points": r.points, "bonus": r.bonus} for r in g.final or ()],
                "final_complete": g.final_complete,
            }
            for g in result.groups
        ],
        "marathon": [_standing(r) for r in result.marathon],
        "master": [{"player": q.player, "via": q.via} for q in result.master],
        "provisional": result.provisional,
    }
