"""The `swiss-cut` JSON document, exactly as the spec lays it out."""

from __future__ import annotations

from typing import Any

from site_gen.rules.swiss_cut.mi import SeatResult
from site_gen.rules.swiss_cut.model import Settings
from site_gen.rules.swiss_cut.outcome import RankingRow
from site_gen.rules.swiss_cut.scoring import RoundResult, TournamentResult
from site_gen.values import json_number


def _number(value):
    return None if value is None else json_number(value)


def _seat(seat: SeatResult, played: bool) -> dict[str, Any]:
    # spec: a round not yet played (some score missing) has every computed field null, even
    # at its finished tables; the scores already entered are data and stay
    return {
        "player": seat.player,
        "score": seat.seat.score,
        "place_points": _number(seat.place_points) if played else None,
        "limit_points": seat.limit_points if played else None,
        "scale_points": seat.scale_points if played else None,
        "penalty": seat.seat.penalty,
        "points": _number(seat.points) if played else None,
    }


def _round(round_result: RoundResult, result: TournamentResult) -> dict[str, Any]:
    rows = round_result.standings.rows if round_result.standings is not None else ()
    played = round_result.played
    # "through" / "out": sure of the next cut or out of its reach (certainty.py); null: not decided
    marks = result.outlooks[round_result.number].marks if round_result.number in result.outlooks else {}
    return {
        "round": round_result.number,
        "tables": [{"table": t.table, "seats": [_seat(s, played) for s in t.seats]} for t in round_result.tables],
        "standings": [
            {"rank": r.rank, "player": r.player, "points": json_number(r.points), "score": r.score, "mahjongs": r.mahjongs,
             "certain": marks.get(r.player)}
            for r in rows
        ],
    }


def document(settings: Settings, result: TournamentResult) -> dict[str, Any]:
    return {
        "rules": "swiss-cut",
        "rounds": [_round(r, result) for r in result.rounds],
        "final": [{"place": f.place, "player": f.player, "score": f.score} for f in result.final],
        "ranking": [_ranking_row(r, result.last_played) for r in result.ranking],
    }


def _ranking_row(row: RankingRow, last_played: int) -> dict[str, Any]:
    # `reached` mixes a string and a number, as the spec fixes it; `finalist` and
    # `last_round` say the same with one type each, for tools that read typed columns
    # (a finalist played every round up to the final)
    finalist = row.reached == "final"
    return {"rank": row.rank, "player": row.player, "reached": row.reached,
            "finalist": finalist, "last_round": last_played if finalist else row.reached}
