"""Decided before the end (issue 39 §3), pure: in every round-robin group of a thematic
marathon (phase-1 groups, semifinal groups, a tournament's final group, group finals), the
players already sure to go through (in a final group or a group final: sure to win) and
those who can no longer, from the points each can still gain in the games left.

- A game brings a player at least min(win, draw, loss) and at most max(win, draw, loss)
  points (`game_points`); no result takes points away, a forfeit scores as a win and a
  loss. A player's lowest end total is their points now plus the games left to them
  times the least, the highest with the most.
- The games left to a player of a tournament's group: for each ordered pair with them,
  the rows of games.csv without a result, and at least one while the pair has no game with
  a result (rule 11: each ordered pair plays one game); those of a group final: its file's
  rows without a result (rule 11: the file says which games there are).
- With K players going through (phase 1: the group winner, and the runner-up where
  `phase2_entrants` takes runners-up; a semifinal group: the tournament's `advance`; a
  final group or a group final: 1, the winner):
  sure ("through") when fewer than K others can reach the player's lowest total (a tie on
  points goes to a later tie-break that the games left can still turn: not certain);
  "out" when at least K others end above the player's highest total whatever happens.
- A complete group (rule 11) is simply its order: the first K through, the others out.
- A group final is marked only once its players are certain, that is once every
  tournament of the thematic group is finished (its standings, and so who plays the
  group final, can change until then), or once it is complete (rule 11 names its winner).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

from site_gen.i18n import N_, Text
from site_gen.rules.thematic_marathon import grouping
from site_gen.rules.thematic_marathon.model import Game, GamePoints, Settings
from site_gen.rules.thematic_marathon.scoring import GroupResult
from site_gen.rules.thematic_marathon.tournament import FINISHED, GroupTable, TournamentResult

THROUGH = "through"
OUT = "out"


@dataclass(frozen=True)
class Mark:
    """One player's outlook in a round-robin group, with what decides it."""

    player: str
    state: str | None  # THROUGH, OUT or None (not decided yet)
    places: int  # how many of the group go through (1 in a final)
    complete: bool  # the group has all its games: the mark is its order
    rank: int
    points: int  # now
    left: int  # games left to the player
    lowest: int  # end total at least
    highest: int  # end total at most
    # through: the others who can still reach `lowest` (with their highest); out: the
    # others sure to end above `highest` (with their lowest)
    others: tuple[tuple[str, int], ...] = ()


def per_game(scheme: GamePoints) -> tuple[int, int]:
    """(least, most) points one game can bring a player."""
    values = (scheme.win, scheme.draw, scheme.loss)
    return min(values), max(values)


def tournament_games_left(players: Sequence[str], games: Sequence[Game]) -> dict[str, int]:
    """Games left to each player of a tournament's round-robin group (see the module)."""
    members = set(players)
    decided: set[tuple[str, str]] = set()
    unplayed: Counter = Counter()
    for g in games:
        if g.first in members and g.second in members and g.first != g.second:
            if g.result is None:
                unplayed[g.first, g.second] += 1
            else:
                decided.add((g.first, g.second))
    left = dict.fromkeys(players, 0)
    for a in players:
        for b in players:
            if a != b:
                n = max(unplayed[a, b], 0 if (a, b) in decided else 1)
                left[a] += n
                left[b] += n
    return left


def group_final_games_left(players: Sequence[str], games: Sequence[Game]) -> dict[str, int]:
    """Games left to each player of a group final: its file's rows without a result."""
    left = dict.fromkeys(players, 0)
    for g in games:
        if g.result is None and g.first in left and g.second in left and g.first != g.second:
            left[g.first] += 1
            left[g.second] += 1
    return left


def decide(order: Sequence[str], points: Mapping[str, int], left: Mapping[str, int], places: int,
           scheme: GamePoints, complete: bool) -> dict[str, Mark]:
    """Each player's mark: `order` is the group's order now (rule 1 or 8), `places` how
    many go through, `complete` whether the group has all its games."""
    least, most = per_game(scheme)
    low = {p: points[p] + left[p] * least for p in order}
    high = {p: points[p] + left[p] * most for p in order}
    marks = {}
    for rank, p in enumerate(order, start=1):
        common = dict(player=p, places=places, complete=complete, rank=rank, points=points[p], left=left[p],
                      lowest=low[p], highest=high[p])
        if complete:
            marks[p] = Mark(state=THROUGH if rank <= places else OUT, **common)
            continue
        reach = tuple((q, high[q]) for q in order if q != p and high[q] >= low[p])
        if len(reach) < places:
            marks[p] = Mark(state=THROUGH, others=reach, **common)
            continue
        above = tuple((q, low[q]) for q in order if q != p and low[q] > high[p])
        marks[p] = Mark(state=OUT if len(above) >= places else None, others=above if len(above) >= places else (),
                        **common)
    return marks


def table_marks(table: GroupTable, places: int, scheme: GamePoints) -> dict[str, Mark]:
    """The marks of a tournament's round-robin group (phase 1, semifinal or final)."""
    players = table.players
    if not players:
        return {}
    points = {r.player: r.points for r in table.rows}
    left = dict.fromkeys(players, 0) if table.complete else tournament_games_left(players, table.games)
    return decide(players, points, left, places, scheme, table.complete)


@dataclass(frozen=True)
class TournamentMarks:
    phase1: tuple[dict[str, Mark], ...]
    semifinals: tuple[dict[str, Mark], ...]
    final: dict[str, Mark]

    @property
    def sure_winner(self) -> str | None:
        """The final group's player sure to win, when there is one."""
        return next((p for p, m in self.final.items() if m.state == THROUGH), None)


def phase1_places(settings: Settings, groups: int) -> int:
    """Rule 4: the phase-1 group winner goes to phase 2, and the runner-up too where
    `phase2_entrants` says so."""
    return 2 if grouping.takes_runners_up(settings.phase2_entrants, groups) else 1


def tournament_marks(t: TournamentResult, settings: Settings) -> TournamentMarks:
    scheme = settings.game_points
    first = phase1_places(settings, len(t.phase1))
    final = t.final if t.final is not None and t.final_formed else None
    return TournamentMarks(
        phase1=tuple(table_marks(g, first, scheme) for g in t.phase1),
        semifinals=tuple(table_marks(g, t.advance, scheme) for g in t.semifinals),
        final=table_marks(final, 1, scheme) if final is not None else {},
    )


def group_final_marks(g: GroupResult, settings: Settings) -> dict[str, Mark]:
    """The marks of a thematic group's final (none without a file, and none while who
    plays it can still change: see the module)."""
    if not g.final:
        return {}
    order = [r.player for r in g.final]
    points = {r.player: r.points for r in g.final}
    if g.final_complete:
        return decide(order, points, dict.fromkeys(order, 0), 1, settings.game_points, True)
    if not g.final_games or any(t.status != FINISHED for t in g.tournaments):
        return {p: Mark(p, None, 1, False, i + 1, points[p], 0, points[p], points[p]) for i, p in enumerate(order)}
    left = group_final_games_left(order, g.final_games)
    return decide(order, points, left, 1, settings.game_points, False)


# ---- in words (translated where shown) ----

LABELS = {
    (THROUGH, False): N_("sure to go through"),
    (OUT, False): N_("can no longer go through"),
    (THROUGH, True): N_("sure to win"),
    (OUT, True): N_("can no longer win"),
}


def label(mark: Mark, final: bool) -> Text | str:
    """The mark in words ("sure to go through"); "" when not decided."""
    return Text(LABELS[mark.state, final]) if mark.state else ""


def _listed(others: tuple[tuple[str, int], ...], message: str) -> Text:
    texts = [Text(message, player=p, points=v) for p, v in others]
    joined = texts[0]
    for more in texts[1:]:
        joined = Text("%(a)s, %(b)s", a=joined, b=more)
    return joined


def why(mark: Mark, final: bool) -> Text | str:
    """Why the mark is certain, in one or two sentences; "" when not decided."""
    if mark.state is None:
        return ""
    if mark.complete:
        if final:
            return Text(N_("Every game of the group has a result: place %(rank)s."), rank=mark.rank)
        return Text(N_("Every game of the group has a result: place %(rank)s (places to go through: %(places)s)."),
                    rank=mark.rank, places=mark.places)
    if mark.state == THROUGH:
        if not mark.others:
            return Text(N_("At least %(lowest)s points whatever the games left bring (%(points)s now, games left: "
                           "%(left)s); nobody else can still reach %(lowest)s."),
                        lowest=mark.lowest, left=mark.left, points=mark.points)
        return Text(N_("At least %(lowest)s points whatever the games left bring (%(points)s now, games left: %(left)s); "
                       "only %(others)s can still reach %(lowest)s (places to go through: %(places)s)."),
                    lowest=mark.lowest, left=mark.left, points=mark.points,
                    others=_listed(mark.others, N_("%(player)s (at most %(points)s)")), places=mark.places)
    others = _listed(mark.others, N_("%(player)s (at least %(points)s)"))
    if final:
        return Text(N_("At most %(highest)s points whatever the games left bring (%(points)s now, games left: %(left)s); "
                       "%(others)s will end above %(highest)s."),
                    highest=mark.highest, left=mark.left, points=mark.points, others=others)
    return Text(N_("At most %(highest)s points whatever the games left bring (%(points)s now, games left: %(left)s); "
                   "%(others)s will end above %(highest)s (places to go through: %(places)s)."),
                highest=mark.highest, left=mark.left, points=mark.points, others=others, places=mark.places)


def shown(marks: Mapping[str, Mark], order: Sequence[str], final: bool) -> list[dict[str, object]]:
    """The decided marks of a group in its order, as the pages list them."""
    out = []
    for p in order:
        m = marks.get(p)
        if m is not None and m.state is not None:
            out.append({"player": p, "state": m.state, "label": label(m, final), "why": why(m, final)})
    return out
