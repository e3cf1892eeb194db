"""Ordering a round robin: points, then mini-leagues among exactly the tied, then a final key.

Players equal on points are ordered by the points of the games played among just those
players (head-to-head for two, the Italian *classifica avulsa* for more). Where that
splits them only in part, the same step is applied again to each part that is still
equal (always a smaller set); where it splits nothing, the final key decides (e.g. the
seeding order). The resulting order is total whenever the final key is.

Every pair of neighbours in the result carries a `Reason`: what separated them and the
two values compared, plus the mini-league involved, so that a page can print "ahead of
X on head-to-head: 4 to 1" or the table of a three-way mini-league.

Pure and generic: players are strings, a game is who took part and the points each
earned (any number of players; a game counts in a mini-league when all its players are
in it). Numbers are ints or Fractions, so the arithmetic stays exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Sequence, Union

from site_gen.i18n import N_, Text

Number = Union[int, Fraction]

POINTS = "points"
MINI_LEAGUE = "mini_league"
FINAL = "final"


@dataclass(frozen=True)
class Result:
    """One decided game: the players who took part and the points each earned."""

    players: tuple[str, ...]
    points: tuple[Number, ...]


@dataclass(frozen=True)
class MiniLeague:
    """The games among exactly one set of tied players, in the final order of that set."""

    table: tuple[tuple[str, Number, int], ...]  # (player, mini-league points, games played)
    level: int  # 1: the first mini-league of a tie; 2: one inside it, ...
    games: int  # games counted

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(row[0] for row in self.table)

    @property
    def head_to_head(self) -> bool:
        return len(self.table) == 2

    def points_of(self, player: str) -> Number:
        return next(points for name, points, _ in self.table if name == player)


@dataclass(frozen=True)
class Reason:
    """Why `ahead` is listed just before `behind`.

    by POINTS: `values` are their points. by MINI_LEAGUE: `values` are their points in
    `league`, the mini-league that split them. by FINAL: no mini-league split them;
    `league` is the last one tried (equal for both), `values` are None."""

    ahead: str
    behind: str
    by: str
    values: tuple[Number, Number] | None
    league: MiniLeague | None = None


@dataclass(frozen=True)
class Ordering:
    order: tuple[str, ...]
    points: Mapping[str, Number]
    reasons: tuple[Reason, ...]  # reasons[i]: why order[i] is ahead of order[i + 1]
    leagues: tuple[MiniLeague, ...]  # every mini-league applied, outermost first

    def reason_above(self, player: str) -> Reason | None:
        """Why the player just above this one is there (None for the first)."""
        index = self.order.index(player)
        return self.reasons[index - 1] if index else None


def total_points(players: Iterable[str], results: Iterable[Result]) -> dict[str, Number]:
    """Each player's points over the results (0 for a player without any)."""
    totals: dict[str, Number] = {p: 0 for p in players}
    for result in results:
        for player, points in zip(result.players, result.points):
            if player in totals:
                totals[player] += points
    return totals


def order(
    players: Sequence[str],
    points: Mapping[str, Number],
    results: Iterable[Result],
    final_key: Callable[[str], Any],
) -> Ordering:
    """The players best first: `points` desc, then mini-leagues over `results`, then
    `final_key` ascending. The input order of players and results never matters."""
    results = tuple(results)
    leagues: list[MiniLeague | None] = []
    parts = []
    for value in sorted({points[p] for p in players}, reverse=True):
        tied = sorted(p for p in players if points[p] == value)
        parts.append((tied, []) if len(tied) == 1 else _resolve(tied, results, final_key, 1, leagues))
    ordered, reasons = _join(parts, lambda a, b: Reason(a, b, POINTS, (points[a], points[b])))
    return Ordering(tuple(ordered), dict(points), tuple(reasons), tuple(leagues))


def _resolve(
    tied: list[str], results: tuple[Result, ...], final_key: Callable[[str], Any], level: int,
    leagues: list[MiniLeague | None],
) -> tuple[list[str], list[Reason]]:
    """Order a set of players equal on the previous key: their mini-league, then the same
    again on each part still equal, and the final key where a mini-league splits nothing."""
    members = set(tied)
    among = [r for r in results if len(r.players) >= 2 and all(p in members for p in r.players)]
    league_points = total_points(tied, among)
    played = {p: sum(1 for r in among if p in r.players) for p in tied}
    slot = len(leagues)
    leagues.append(None)  # keeps the outermost league first; filled once the set is ordered
    values = sorted(set(league_points.values()), reverse=True)
    if len(values) == 1:
        ordered = sorted(tied, key=final_key)
        league = leagues[slot] = _league(ordered, league_points, played, level, len(among))
        return ordered, [Reason(a, b, FINAL, None, league) for a, b in zip(ordered, ordered[1:])]
    parts = []
    for value in values:
        part = [p for p in tied if league_points[p] == value]
        # a part still equal is smaller than `tied` (the league split it): apply again
        parts.append(_resolve(part, results, final_key, level + 1, leagues) if len(part) > 1 else (part, []))
    league = leagues[slot] = _league([p for part, _ in parts for p in part], league_points, played, level, len(among))
    return _join(parts, lambda a, b: Reason(a, b, MINI_LEAGUE, (league_points[a], league_points[b]), league))


def _join(
    parts: list[tuple[list[str], list[Reason]]], between: Callable[[str, str], Reason]
) -> tuple[list[str], list[Reason]]:
    """Ordered parts one after the other, with a reason where one part meets the next."""
    ordered: list[str] = []
    reasons: list[Reason] = []
    for part, part_reasons in parts:
        if ordered:
            reasons.append(between(ordered[-1], part[0]))
        ordered += part
        reasons += part_reasons
    return ordered, reasons


def _league(ordered: list[str], league_points: dict[str, Number], played: dict[str, int], level: int,
            games: int) -> MiniLeague:
    return MiniLeague(tuple((p, league_points[p], played[p]) for p in ordered), level, games)


# --- words for the site ----------------------------------------------------------------------


def format_value(value: Number | None) -> str:
    if value is None:
        return ""
    if isinstance(value, Fraction) and value.denominator != 1:
        whole, rest = divmod(value.numerator, value.denominator)
        return f"{value.numerator}/{value.denominator}" if abs(value) < 1 or whole < 0 else f"{whole} {rest}/{value.denominator}"
    return str(int(value))


def _names(names: Sequence[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return Text(N_("%(first)s and %(last)s"), first=", ".join(names[:-1]), last=names[-1])


def describe(reason: Reason, final_label: str = N_("seeding order")) -> Text:
    """One line a reader understands, e.g. "ahead of carol on head-to-head: 4 to 1".

    A Text: its English is that line, and the theme shows it in the page's language
    (`final_label` is a message marked with N_())."""
    behind = reason.behind
    if reason.by == POINTS:
        a, b = reason.values
        return Text(N_("ahead of %(player)s on points: %(ahead)s to %(behind)s"), player=behind,
                    ahead=format_value(a), behind=format_value(b))
    league = reason.league
    if reason.by == MINI_LEAGUE:
        a, b = reason.values
        if league.head_to_head:
            return Text(N_("ahead of %(player)s on head-to-head: %(ahead)s to %(behind)s"), player=behind,
                        ahead=format_value(a), behind=format_value(b))
        return Text(N_("ahead of %(player)s in the mini-league of %(players)s: %(ahead)s to %(behind)s"),
                    player=behind, players=_names(league.players), ahead=format_value(a), behind=format_value(b))
    label = Text(final_label)
    if league is None:
        return Text(N_("ahead of %(player)s on %(key)s"), player=behind, key=label)
    equal = format_value(league.points_of(reason.ahead))
    if league.games == 0:
        why = (Text(N_("no game between them")) if league.head_to_head
               else Text(N_("no game among %(players)s"), players=_names(league.players)))
    elif league.head_to_head:
        why = Text(N_("equal on head-to-head (%(value)s to %(value)s)"), value=equal)
    else:
        why = Text(N_("equal in the mini-league of %(players)s (%(value)s each)"), players=_names(league.players),
                   value=equal)
    return Text(N_("ahead of %(player)s on %(key)s: %(why)s"), player=behind, key=label, why=why)
