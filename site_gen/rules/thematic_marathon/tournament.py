"""One tournament: its round-robin tables, bonuses and ranking (spec steps 1, 3-6 and 11,
the unfinished phases). Pure."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Sequence

from site_gen import tiebreak
from site_gen.lookups import grouped
from site_gen.rules.thematic_marathon import grouping
from site_gen.rules.thematic_marathon.model import (
    FIRST_WINS_FORFEIT,
    PHASE1,
    SECOND_WINS_FORFEIT,
    SEMI,
    FINAL,
    Game,
    GroupDef,
    Settings,
    TournamentData,
    TournamentDef,
)

SeedKey = Callable[[str], tuple]

# a tournament's status (spec rule 11)
NOT_STARTED, IN_PHASE1, IN_PHASE2, FINISHED = "not_started", "phase1", "phase2", "finished"


@dataclass(frozen=True)
class GroupRow:
    rank: int
    player: str
    points: int
    played: int  # games with a result, forfeits included


@dataclass(frozen=True)
class GroupTable:
    """A round-robin table: phase-1 group, semifinal group or final (number 0)."""

    phase: str
    number: int
    rows: tuple[GroupRow, ...]
    games: tuple[Game, ...]  # the games of this table whose players both belong to it
    ordering: tiebreak.Ordering
    decided: int = 0  # games with a result
    # rule 11: every pair has two games with a result, one with each player moving first;
    # that is, each ordered pair of players has a game with a result (extra rows change
    # nothing). A group of one player, or of none, is complete.
    complete: bool = True

    @cached_property
    def players(self) -> tuple[str, ...]:
        return tuple(r.player for r in self.rows)

    @cached_property
    def _by_player(self) -> dict[str, GroupRow]:
        return {r.player: r for r in self.rows}

    def row(self, player: str) -> GroupRow | None:
        return self._by_player.get(player)

    def place(self, player: str) -> int | None:
        row = self.row(player)
        return row.rank if row else None


@dataclass(frozen=True)
class RankingRow:
    rank: int
    player: str
    phase1_points: int
    bonus: int
    participation: int
    reached: str  # "final", "semifinal" or "phase1": the furthest phase
    forfeited_all: bool

    @property
    def points(self) -> int:
        return self.phase1_points + self.bonus + self.participation


@dataclass(frozen=True)
class TournamentResult:
    group: GroupDef
    tournament: TournamentDef
    started: bool
    entrants: tuple[str, ...]  # seeding order
    phase1: tuple[GroupTable, ...]
    phase2_entrants: tuple[str, ...]
    semifinals: tuple[GroupTable, ...]
    advance: int  # how many of each semifinal group go to the final
    final: GroupTable | None  # None only without entrants; no players while not formed
    ranking: tuple[RankingRow, ...]
    computed: tuple[str, ...]  # phases computed here rather than read from groups.yaml
    status: str = NOT_STARTED  # rule 11: NOT_STARTED, IN_PHASE1, IN_PHASE2 or FINISHED
    final_formed: bool = False  # the final group is formed (computed or written)

    @property
    def slug(self) -> str:
        return self.tournament.slug

    @property
    def winner(self) -> str | None:
        """The final group's first once the tournament is finished (rule 11: its final group
        formed and complete, and a result in games.csv), else None."""
        return self.ranking[0].player if self.status == FINISHED and self.final.rows else None

    @property
    def finalists(self) -> tuple[str, ...]:
        return self.final.players if self.final else ()

    @cached_property
    def _by_player(self) -> dict[str, RankingRow]:
        return {r.player: r for r in self.ranking}

    def row(self, player: str) -> RankingRow | None:
        return self._by_player.get(player)

    @cached_property
    def games(self) -> tuple[Game, ...]:
        tables = (*self.phase1, *self.semifinals, *((self.final,) if self.final else ()))
        return tuple(g for t in tables for g in t.games)

    @cached_property
    def played(self) -> int:
        return sum(1 for g in self.games if g.result is not None)


def group_table(
    phase: str, number: int, members: Sequence[str], games: Sequence[Game], settings: Settings, seed: SeedKey
) -> GroupTable:
    """Step 1: points from the group's games, then mini-leagues among the tied, then seeding.
    One pass over the games: the table's own, its decided ones with their points, the
    games each member played and the ordered pairs with a result (rule 11: complete)."""
    members = tuple(members)
    points = dict.fromkeys(members, 0)
    played = dict.fromkeys(members, 0)
    scheme = settings.game_points
    inside, decided, pairs = [], [], set()
    for g in games:
        first, second = g.first, g.second
        if first in points and second in points and first != second:
            inside.append(g)
            if g.result is not None:
                a, b = g.points(scheme)
                decided.append(tiebreak.Result((first, second), (a, b)))
                points[first] += a
                points[second] += b
                played[first] += 1
                played[second] += 1
                pairs.add((first, second))
    ordering = tiebreak.order(members, points, decided, seed)
    rows = tuple(GroupRow(i + 1, p, points[p], played[p]) for i, p in enumerate(ordering.order))
    n = len(points)
    return GroupTable(phase, number, rows, tuple(inside), ordering, len(decided), len(pairs) == n * (n - 1))


def forfeited_all(games: Sequence[Game]) -> set[str]:
    """The players with at least one game in the tournament and every one of them lost by
    forfeit, in one pass over the games."""
    played: set[str] = set()
    kept_playing: set[str] = set()  # a game not lost by forfeit
    for g in games:
        played.add(g.first)
        played.add(g.second)
        if g.result != SECOND_WINS_FORFEIT:
            kept_playing.add(g.first)
        if g.result != FIRST_WINS_FORFEIT:
            kept_playing.add(g.second)
    return played - kept_playing


def _phase2_entrants(phase1: Sequence[GroupTable], entrants: Sequence[str], settings: Settings, seed: SeedKey) -> list[str]:
    """Step 4: the group winners, then (where the setting says so) the runners-up; each by
    phase-1 points desc, then seeding. Without phase 1, every entrant in seeding order."""
    if not phase1:
        return list(entrants)
    places = [0, 1] if grouping.takes_runners_up(settings.phase2_entrants, len(phase1)) else [0]
    chosen: list[str] = []
    for place in places:
        rows = [t.rows[place] for t in phase1 if len(t.rows) > place]
        chosen += [r.player for r in sorted(rows, key=lambda r: (-r.points, seed(r.player)))]
    return chosen


def _non_finalists(semifinals: Sequence[GroupTable], finalists: Sequence[str], seed: SeedKey) -> list[str]:
    """Semifinalists who did not reach the final, best first: place in their semifinal
    group, then semifinal points, then seeding."""
    rows = [(r.rank, -r.points, seed(r.player), r.player) for t in semifinals for r in t.rows if r.player not in finalists]
    return [row[-1] for row in sorted(rows)]


def compute_tournament(
    group: GroupDef, definition: TournamentDef, data: TournamentData, settings: Settings, seed: SeedKey
) -> TournamentResult:
    """Steps 3-6 with rule 11: a later phase is formed (computed) only from complete groups
    of the phase before; groups.yaml may give it earlier, and then it is as written. A phase
    not yet formed has no players."""
    entrants = tuple(sorted(set(data.entrants), key=seed))
    layout, games, computed = data.layout, data.games, []
    by_table = grouped(((g.phase, g.group), g) for g in games)  # each table's games, in one pass
    # phase 1: as written in groups.yaml, else from the ratings when there are enough entrants
    if layout.phase1 is not None:
        phase1_members = [list(g) for g in layout.phase1]
    else:
        computed.append(PHASE1)
        enough = grouping.has_phase1(len(entrants), settings.phase1_min_players)
        phase1_members = grouping.phase1_groups(entrants, settings.phase1_group_max) if enough else []
    phase1 = tuple(
        group_table(PHASE1, i, members, by_table.get((PHASE1, i), ()), settings, seed)
        for i, members in enumerate(phase1_members, start=1)
    )
    # phase 2 is formed once every phase-1 group is complete (at once without phase 1)
    phase2_formed = all(t.complete for t in phase1)
    second = _phase2_entrants(phase1, entrants, settings, seed) if phase2_formed else []
    # semifinals: as written, else the phase-2 structure of step 4
    if layout.semifinals is not None:
        semi_members = [list(g) for g in layout.semifinals]
    else:
        computed.append(SEMI)
        semi_members = [list(g) for g in grouping.phase2(second).semifinals]
    semifinals = tuple(
        group_table(SEMI, i, members, by_table.get((SEMI, i), ()), settings, seed)
        for i, members in enumerate(semi_members, start=1)
    )
    semifinals_complete = all(t.complete for t in semifinals)
    advance = grouping.advancing(len(semifinals)) if semifinals else 0
    if layout.final is not None:
        final_members, final_formed = list(layout.final), True
    else:
        computed.append(FINAL)
        if semifinals:  # the best `advance` of each semifinal group, place by place, once all are complete
            final_formed = semifinals_complete
            final_members = ([t.rows[p].player for p in range(advance) for t in semifinals if len(t.rows) > p]
                             if final_formed else [])
        else:
            final_formed, final_members = phase2_formed, second
    final = group_table(FINAL, 0, final_members, by_table.get((FINAL, None), ()), settings, seed) if entrants else None
    final_formed = final_formed and final is not None
    if not any(g.result is not None for g in games):
        status = NOT_STARTED
    elif final_formed and final.complete:
        status = FINISHED
    elif semifinals or final_formed:
        status = IN_PHASE2
    else:
        status = IN_PHASE1
    # the final group's bonuses and the winner once the tournament is finished (so never
    # while no game has a result, even for a final of one player, complete from the start)
    ranking = _ranking(entrants, phase1, semifinals, final, games, settings, seed,
                       semifinal_bonus=semifinals_complete, final_bonus=status == FINISHED)
    return TournamentResult(group, definition, data.started, entrants, phase1, tuple(second), semifinals, advance,
                            final, ranking, tuple(computed), status, final_formed)


def _ranking(
    entrants: Sequence[str],
    phase1: Sequence[GroupTable],
    semifinals: Sequence[GroupTable],
    final: GroupTable | None,
    games: Sequence[Game],
    settings: Settings,
    seed: SeedKey,
    semifinal_bonus: bool = True,
    final_bonus: bool = True,
) -> tuple[RankingRow, ...]:
    """Steps 5 and 6: the final group in order, then the semifinalists who did not reach
    the final (bonus count..1), then the rest by phase-1 place, points and seeding. Rule 11:
    the semifinal bonuses only once every semifinal group is complete, the final group's
    once the tournament is finished (0 until then); a final not formed has no players, so
    every semifinalist then ranks as one who did not reach it."""
    finalists = list(final.players) if final else []
    out = forfeited_all(games)
    bonus = ({p: (settings.final_bonus[i] if i < len(settings.final_bonus) else 0) for i, p in enumerate(finalists)}
             if final_bonus else {})
    others = _non_finalists(semifinals, finalists, seed)
    if semifinal_bonus:
        bonus.update({p: len(others) - i for i, p in enumerate(others)})
    first_row = {r.player: r for t in phase1 for r in t.rows}  # each player's phase-1 row
    listed = set(finalists) | set(others)
    unplaced = len(entrants) + 1
    rest = sorted(
        (p for p in entrants if p not in listed),
        key=lambda p: ((first_row[p].rank, -first_row[p].points) if p in first_row else (unplaced, 0)) + (seed(p),),
    )
    reached = {**{p: "phase1" for p in rest}, **{p: "semifinal" for p in others}, **{p: "final" for p in finalists}}
    rows = []
    for index, player in enumerate([*finalists, *others, *rest]):
        rows.append(RankingRow(
            rank=index + 1,
            player=player,
            phase1_points=first_row[player].points if player in first_row else 0,
            bonus=bonus.get(player, 0),
            participation=0 if player in out else settings.participation_bonus,
            reached=reached[player],
            forfeited_all=player in out,
        ))
    return tuple(rows)
