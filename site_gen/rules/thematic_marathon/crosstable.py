"""Crosstables of round-robin groups and the tie-break reasons printed under them
(view data for the templates; no rendering here)."""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping, NamedTuple

from site_gen import tiebreak
from site_gen.i18n import N_, Text
from site_gen.model import RankReason
from site_gen.rules.thematic_marathon.model import (
    DRAW,
    FIRST_WINS,
    FIRST_WINS_FORFEIT,
    SECOND_WINS,
    SECOND_WINS_FORFEIT,
    GamePoints,
)
from site_gen.rules.thematic_marathon.tournament import GroupTable

# a result from one player's side: (symbol, words)
_WIN, _DRAW, _LOSS = ("1", N_("won")), ("½", N_("drew")), ("0", N_("lost"))
_WIN_FORFEIT, _LOSS_FORFEIT, _UNPLAYED = ("+", N_("won by forfeit")), ("−", N_("lost by forfeit")), ("·", N_("not yet played"))
# each result (None: not yet played) from the first mover's side and from the second's
_SIDES = {
    None: (_UNPLAYED, _UNPLAYED),
    DRAW: (_DRAW, _DRAW),
    FIRST_WINS: (_WIN, _LOSS),
    SECOND_WINS: (_LOSS, _WIN),
    FIRST_WINS_FORFEIT: (_WIN_FORFEIT, _LOSS_FORFEIT),
    SECOND_WINS_FORFEIT: (_LOSS_FORFEIT, _WIN_FORFEIT),
}


# a game's title by (the player moved first, a board is given)
_TITLE_MESSAGES = {
    (True, True): N_("%(result)s against %(opponent)s, first move (board %(board)s)"),
    (True, False): N_("%(result)s against %(opponent)s, first move"),
    (False, True): N_("%(result)s against %(opponent)s (board %(board)s)"),
    (False, False): N_("%(result)s against %(opponent)s"),
}


class GameTitle(NamedTuple):
    """A cell's game in words ("won against b, first move (board 7)"), kept as its parts:
    a 128-entrant tournament's crosstables hold ~30,000, and a Text each (formatted in
    English when made, translated parameter by parameter) was a third of working them
    out. crosstable_view translates each message once a table; text() is the Text."""

    message: str  # one of _TITLE_MESSAGES
    result: str  # the result's words, a marked message
    opponent: str
    board: str

    def text(self) -> Text:
        params = {"result": Text(self.result), "opponent": self.opponent}
        return Text(self.message, **params, board=self.board) if self.board else Text(self.message, **params)


# GameTitle((message, result, opponent, board)) in one C call, without the named tuple's
# Python-level __new__: a large tournament's crosstables make ~30,000
_title = partial(tuple.__new__, GameTitle)


def game_title(result: str, opponent: str, first: bool, board: str) -> GameTitle:
    """A game seen from one side: its result's words, against whom, whether that side
    moved first, and its board when given."""
    return GameTitle(_TITLE_MESSAGES[first, bool(board)], result, opponent, board)


def crosstable(table: GroupTable, caption: str, scheme: GamePoints, player_urls: Mapping[str, str],
               final_label: str = N_("seeding order")) -> dict[str, Any]:
    players = table.players
    # one pass over the table's games: each game from both sides, into the cell of the
    # (player, opponent) pair, the games the player moved first in before the others
    moved_first: dict[tuple[str, str], list[dict[str, Any]]] = {}
    moved_second: dict[tuple[str, str], list[dict[str, Any]]] = {}
    points: dict[tuple[str, str], int] = {}
    for g in table.games:
        first, second, result, board = g.first, g.second, g.result, g.board
        (symbol_1, words_1), (symbol_2, words_2) = _SIDES[result]
        moved_first.setdefault((first, second), []).append(
            {"symbol": symbol_1, "first": True, "title": _title((_TITLE_MESSAGES[True, bool(board)], words_1, second, board))})
        moved_second.setdefault((second, first), []).append(
            {"symbol": symbol_2, "first": False, "title": _title((_TITLE_MESSAGES[False, bool(board)], words_2, first, board))})
        if result is not None:
            a, b = g.points(scheme)
            points[first, second] = points.get((first, second), 0) + a
            points[second, first] = points.get((second, first), 0) + b
    rows = []
    for row in table.rows:
        player = row.player
        cells = []
        for other in players:
            if other == player:
                cells.append(None)
            else:
                pair = (player, other)
                cells.append({"games": moved_first.get(pair, []) + moved_second.get(pair, []), "points": points.get(pair, 0)})
        rows.append({
            "rank": row.rank,
            "player": player,
            "url": player_urls.get(player),
            "points": row.points,
            "played": row.played,
            "cells": cells,
        })
    why = {i: tiebreak.describe(r, final_label) for i, r in enumerate(table.ordering.reasons)}
    return {
        "caption": caption,
        "numbers": list(range(1, len(players) + 1)),
        "rows": rows,
        "reasons": reasons(table.ordering, why),
        "why": why,
        "leagues": leagues(table.ordering),
    }


def reasons(ordering: tiebreak.Ordering, why: Mapping[int, Text]) -> list[dict[str, Any]]:
    """Every neighbour pair not separated by points alone, in words (`why`: each reason's Text)."""
    return [{"ahead": r.ahead, "text": why[i]} for i, r in enumerate(ordering.reasons) if r.by != tiebreak.POINTS]


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
