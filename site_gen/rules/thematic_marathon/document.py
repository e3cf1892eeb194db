"""The `thematic-marathon` JSON document, exactly as the spec lays it out."""

from __future__ import annotations

from typing import Any

from site_gen.rules.thematic_marathon.certainty import Mark, group_final_marks, tournament_marks
from site_gen.rules.thematic_marathon.model import Settings
from site_gen.rules.thematic_marathon.scoring import MarathonResult, StandingRow
from site_gen.rules.thematic_marathon.tournament import GroupTable, TournamentResult


def _table(table: GroupTable | None, marks: dict[str, Mark]) -> list[dict[str, Any]]:
    """A round-robin table's rows; `certain`: "through" (in a final group: the win) or
    "out" once certain, else null (certainty.py, issue 39 §3)."""
    if table is None:
        return []
    return [{"rank": r.rank, "player": r.player, "points": r.points, "played": r.played,
             "certain": _certain(marks, r.player)} for r in table.rows]


def _certain(marks: dict[str, Mark], player: str) -> str | None:
    mark = marks.get(player)
    return mark.state if mark is not None else None


def _tournament(t: TournamentResult, settings: Settings) -> dict[str, Any]:
    marks = tournament_marks(t, settings)
    return {
        "slug": t.slug,
        "game": t.tournament.game,
        "group": t.group.slug,
        "entrants": len(t.entrants),
        "status": t.status,
        "winner": t.winner,
        "phase1": [_table(g, m) for g, m in zip(t.phase1, marks.phase1)],
        "semifinals": [_table(g, m) for g, m in zip(t.semifinals, marks.semifinals)],
        "final": _table(t.final, marks.final),
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
        "tournaments": [_tournament(t, settings) for t in result.tournaments],
        "groups": [
            {
                "slug": g.group.slug,
                "standings": [_standing(r) for r in g.standings],
                "final": [{"rank": r.rank, "player": r.player, "points": r.points, "bonus": r.bonus,
                           "certain": _certain(finals, r.player)}
                          for finals in (group_final_marks(g, settings),) for r in g.final or ()],
                "final_complete": g.final_complete,
            }
            for g in result.groups
        ],
        "marathon": [_standing(r) for r in result.marathon],
        "master": [{"player": q.player, "via": q.via} for q in result.master],
        "provisional": result.provisional,
    }
