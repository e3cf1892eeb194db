"""The `best-span` JSON document, exactly as the spec lays it out."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from site_gen.rules.best_span.model import Game, Settings
from site_gen.rules.best_span.scoring import BestSpan, BestSpanResult, PlayerResult
from site_gen.values import json_number


def number(value: Fraction | int | None) -> int | float | None:
    """Whole values as integers, others rounded to 6 decimals; None stays null."""
    if value is None:
        return None
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return json_number(value)


def moment(game: Game) -> str:
    return f"{game.day.isoformat()}T{game.time}+09:00"


def weight(hundredths: int) -> int | float:
    return number(Fraction(hundredths, 100))


def _span(span: BestSpan) -> dict[str, Any]:
    return {
        "first": moment(span.first.game),
        "last": moment(span.last.game),
        "games": span.length,
        "points": number(span.points),
        "wraps": span.wraps,
        "red_ignored": span.red_ignored,
    }


def _standing(p: PlayerResult) -> dict[str, Any]:
    return {
        "rank": p.rank,
        "player": p.player,
        "weight": weight(p.span.weight) if p.span else None,
        "span": _span(p.span) if p.span else None,
        "games": len(p.games),
        "points": number(p.points),
    }


def _player(p: PlayerResult) -> dict[str, Any]:
    return {
        "player": p.player,
        "games": p.kinds,
        "places": list(p.places),
        "average_place": number(p.average_place),
        "average_score": number(p.average_score),
        "points": number(p.points),
    }


def document(settings: Settings, result: BestSpanResult) -> dict[str, Any]:
    return {
        "rules": "best-span",
        "target": number(settings.target),
        "standings": [_standing(p) for p in result.standings],
        "players": [_player(p) for p in result.players],
    }
