"""Crosstables of round-robin groups and the tie-break reasons printed under them
(view data for the templates; no rendering here)."""

from __future__ import annotations

from typing import Any, Mapping

from site_gen import tiebreak
from site_gen.i18n import N_, Text
from site_gen.lookups import grouped
from site_gen.model import RankReason
from site_gen.rules.thematic_marathon.model import DRAW, FIRST_WINS, FIRST_WINS_FORFEIT, SECOND_WINS, Game, GamePoints
from site_gen.rules.thematic_marathon.tournament import GroupTable

# a result from one player's side: (symbol, words)
_WIN, _DRAW, _LOSS = ("1", N_("won")), ("½", N_("drew")), ("0", N_("lost"))
_WIN_FORFEIT, _LOSS_FORFEIT, _UNPLAYED = ("+", N_("won by forfeit")), ("−", N_("lost by forfeit")), ("·", N_("not yet played"))
# each result's words as a Text, made once: a crosstable shows them for every game twice
_WORDS = {words: Text(words) for _, words in (_WIN, _DRAW, _LOSS, _WIN_FORFEIT, _LOSS_FORFEIT, _UNPLAYED)}


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


def _cell(player: str, opponent: str, pairs: dict[frozenset, list[Game]], scheme: GamePoints) -> dict[str, Any]:
    """Both games of a pair from `player`'s side, the one they moved first in listed first."""
    own = sorted(pairs.get(frozenset((player, opponent)), ()), key=lambda g: g.first != player)
    entries, points = [], 0
    for g in own:
        symbol, words = _side(g, player)
        words = _WORDS[words]
        first = g.first == player
        if first:
            title = (Text(N_("%(result)s against %(opponent)s, first move (board %(board)s)"), result=words,
                          opponent=opponent, board=g.board) if g.board
                     else Text(N_("%(result)s against %(opponent)s, first move"), result=words, opponent=opponent))
        else:
            title = (Text(N_("%(result)s against %(opponent)s (board %(board)s)"), result=words,
                          opponent=opponent, board=g.board) if g.board
                     else Text(N_("%(result)s against %(opponent)s"), result=words, opponent=opponent))
        entries.append({"symbol": symbol, "first": first, "title": title})
        if g.result is not None:
            points += g.points(scheme)[0 if first else 1]
    return {"games": entries, "points": points}


def crosstable(table: GroupTable, caption: str, scheme: GamePoints, player_urls: Mapping[str, str],
               final_label: str = N_("seeding order")) -> dict[str, Any]:
    players = table.players
    pairs = grouped((frozenset(g.players), g) for g in table.games)  # each pair's games, in one pass
    rows = []
    for row in table.rows:
        rows.append({
            "rank": row.rank,
            "player": row.player,
            "url": player_urls.get(row.player),
            "points": row.points,
            "played": row.played,
            "cells": [None if other == row.player else _cell(row.player, other, pairs, scheme) for other in players],
        })
    return {
        "caption": caption,
        "numbers": list(range(1, len(players) + 1)),
        "rows": rows,
        "reasons": reasons(table.ordering, final_label),
        "why": {i: tiebreak.describe(r, final_label) for i, r in enumerate(table.ordering.reasons)},
        "leagues": leagues(table.ordering),
    }


def reasons(ordering: tiebreak.Ordering, final_label: str = N_("seeding order")) -> list[dict[str, Any]]:
    """Every neighbour pair not separated by points alone, in words (a Text)."""
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
                "caption": Text(N_("Mini-league: %(players)s") if league.level == 1
                                else N_("Mini-league again (smaller tie): %(players)s"), players=", ".join(league.players)),
                "level": league.level,
                "rows": [{"player": p, "points": tiebreak.format_value(v), "played": n} for p, v, n in league.table],
            })
    return shown


def rank_reason(reason: tiebreak.Reason, seeds: Mapping[str, int], final_label: str = N_("seeding order")) -> RankReason:
    """A round-robin tie-break as a table's "why this place": the key and both values
    (points, head-to-head or mini-league points, or seeding positions), the mini-league's
    table or why it split nothing in `detail`."""
    if reason.by == tiebreak.POINTS:
        a, b = reason.values
        return RankReason(N_("points"), a, b, reason.behind, 0)
    league = reason.league
    if reason.by == tiebreak.MINI_LEAGUE:
        a, b = reason.values
        if league.head_to_head:
            return RankReason(N_("head-to-head points"), a, b, reason.behind, 0)
        return RankReason(N_("mini-league points"), a, b, reason.behind, 0, detail=league_detail(league))
    detail = tiebreak.describe(reason, final_label)
    return RankReason(final_label, seeds.get(reason.ahead), seeds.get(reason.behind), reason.behind, 0,
                      detail=Text(N_("(%(why)s; a lower seeding position is better.)"), why=detail))


def league_detail(league: tiebreak.MiniLeague) -> Text:
    """A mini-league's table in one sentence: "Mini-league of a, b and c: a 3, b 2, c 1 (points among them)."."""
    rows = ", ".join(f"{p} {tiebreak.format_value(v)}" for p, v, _ in league.table)
    return Text(N_("Mini-league of %(players)s: %(table)s (points among them)."), players=tiebreak._names(league.players),
                table=rows)
