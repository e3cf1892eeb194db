"""Crosstables of round-robin groups and the tie-break reasons printed under them
(view data for the templates; no rendering here)."""

from __future__ import annotations

from typing import Any, Mapping

from site_gen import tiebreak
from site_gen.rules.thematic_marathon.model import DRAW, FIRST_WINS, FIRST_WINS_FORFEIT, SECOND_WINS, Game, GamePoints
from site_gen.rules.thematic_marathon.tournament import GroupTable

# a result from one player's side: (symbol, words)
_WIN, _DRAW, _LOSS = ("1", "won"), ("½", "drew"), ("0", "lost")
_WIN_FORFEIT, _LOSS_FORFEIT, _UNPLAYED = ("+", "won by forfeit"), ("−", "lost by forfeit"), ("·", "not yet played")


def _side(game: Game, player: str) -> tuple[str, str]:
    if game.result is None:
        return _UNPLAYED
    if game.result == DRAW:
        return _DRAW
    first_won = game.result in (FIRST_WINS, FIRST_WINS_FORFEIT)
    won = first_won == (player == game.first)
    if game.forfeit:
        return _WIN_FORFEIT if won else _LOSS_FORFEIT
    return _WIN if won else _LOSS


def _cell(player: str, opponent: str, games: list[Game], scheme: GamePoints) -> dict[str, Any]:
    """Both games of a pair from `player`'s side, the one they moved first in listed first."""
    own = sorted((g for g in games if set(g.players) == {player, opponent}), key=lambda g: g.first != player)
    entries, points = [], 0
    for g in own:
        symbol, words = _side(g, player)
        first = g.first == player
        where = f" (board {g.board})" if g.board else ""
        entries.append({"symbol": symbol, "first": first,
                        "title": f"{words} against {opponent}{', first move' if first else ''}{where}"})
        if g.result is not None:
            points += g.points(scheme)[0 if first else 1]
    return {"games": entries, "points": points}


def crosstable(table: GroupTable, caption: str, scheme: GamePoints, player_urls: Mapping[str, str],
               final_label: str = "seeding order") -> dict[str, Any]:
    players = table.players
    games = list(table.games)
    rows = []
    for row in table.rows:
        rows.append({
            "rank": row.rank,
            "player": row.player,
            "url": player_urls.get(row.player),
            "points": row.points,
            "played": row.played,
            "cells": [None if other == row.player else _cell(row.player, other, games, scheme) for other in players],
        })
    return {
        "caption": caption,
        "numbers": list(range(1, len(players) + 1)),
        "rows": rows,
        "reasons": reasons(table.ordering, final_label),
        "leagues": leagues(table.ordering),
    }


def reasons(ordering: tiebreak.Ordering, final_label: str = "seeding order") -> list[dict[str, str]]:
    """Every neighbour pair not separated by points alone, in words."""
    return [
        {"ahead": r.ahead, "text": tiebreak.describe(r, final_label)}
        for r in ordering.reasons
        if r.by != tiebreak.POINTS
    ]


def leagues(ordering: tiebreak.Ordering) -> list[dict[str, Any]]:
    """The mini-leagues of three or more players, as small tables."""
    shown = []
    for league in ordering.leagues:
        if len(league.players) > 2:
            shown.append({
                "players": ", ".join(league.players),
                "level": league.level,
                "rows": [{"player": p, "points": tiebreak.format_value(v), "played": n} for p, v, n in league.table],
            })
    return shown
