"""The thematic marathon's engine (spec steps 7-12): group standings, group finals,
marathon standings, Master qualifiers (winners only of what is finished: rule 11) and
candidate games. Pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from site_gen.i18n import N_, Text
from site_gen.rules.thematic_marathon.grouping import seed_key
from site_gen.rules.thematic_marathon.master import MasterTable, master_table
from site_gen.rules.thematic_marathon.model import Game, GroupDef, MarathonData, Player, Settings
from site_gen.rules.thematic_marathon.tournament import FINISHED, TournamentResult, compute_tournament

STANDINGS, GROUP_FINAL, TOURNAMENT_WINNER, FILL = "standings", "group_final", "tournament_winner", "fill"


@dataclass(frozen=True)
class StandingRow:
    """A row of a group's standings or of the marathon standings."""

    rank: int
    player: str
    points: int
    won: int  # tournaments won
    finals: int  # tournament final groups reached
    by_tournament: Mapping[str, int]  # tournament slug -> its points, for those entered
    group_final_bonus: int = 0  # marathon rows: the sum of group-final bonuses


@dataclass(frozen=True)
class GroupFinalRow:
    rank: int
    player: str
    points: int
    played: int
    standings_points: int
    bonus: int


@dataclass(frozen=True)
class GroupResult:
    group: GroupDef
    tournaments: tuple[TournamentResult, ...]
    standings: tuple[StandingRow, ...]
    finalists: tuple[str, ...]  # the first group_final_size of the standings
    final: tuple[GroupFinalRow, ...] | None  # None: no group-final file yet
    final_games: tuple[Game, ...]
    final_complete: bool = False  # rule 11: the file has a game and every game has a result

    @property
    def winner(self) -> str | None:
        """The group final's first once it is complete (rule 11), else None."""
        return self.final[0].player if self.final and self.final_complete else None

    def final_row(self, player: str) -> GroupFinalRow | None:
        return next((r for r in self.final or () if r.player == player), None)


@dataclass(frozen=True)
class Qualifier:
    player: str
    via: str  # standings, group_final, tournament_winner or fill
    marathon_rank: int
    group: str = ""  # group_final: the group's slug
    winner_points: int = 0  # tournament_winner: per-tournament points + group bonus
    group_bonus: int = 0
    wins: tuple[tuple[str, int, int], ...] = ()  # (tournament slug, entrants, points)


@dataclass(frozen=True)
class Candidate:
    """A player's best-scoring tournament of one group (a candidate Master game)."""

    group: str
    tournament: str
    game: str
    points: int


@dataclass(frozen=True)
class MarathonResult:
    tournaments: tuple[TournamentResult, ...]
    groups: tuple[GroupResult, ...]
    marathon: tuple[StandingRow, ...]
    master: tuple[Qualifier, ...]
    candidates: Mapping[str, tuple[Candidate, ...]]
    inactive: Mapping[str, str]  # userid -> why
    players: tuple[str, ...]  # everyone known, in seeding order
    master_table: MasterTable | None
    provisional: bool = True  # rule 11: until every tournament and group final is finished

    def tournament(self, slug: str) -> TournamentResult:
        return next(t for t in self.tournaments if t.slug == slug)


def standings_rows(tournaments: tuple[TournamentResult, ...], extra: Mapping[str, int], seed) -> tuple[StandingRow, ...]:
    """Steps 7 and 9: points desc, then tournaments won, then final groups reached, then seeding."""
    points: dict[str, dict[str, int]] = {}
    won: dict[str, int] = {}
    finals: dict[str, int] = {}
    for t in tournaments:
        for row in t.ranking:
            points.setdefault(row.player, {})[t.slug] = row.points
        if t.winner is not None:
            won[t.winner] = won.get(t.winner, 0) + 1
        for p in t.finalists:
            finals[p] = finals.get(p, 0) + 1
    total = {p: sum(v.values()) + extra.get(p, 0) for p, v in points.items()}
    ordered = sorted(points, key=lambda p: (-total[p], -won.get(p, 0), -finals.get(p, 0), seed(p)))
    return tuple(
        StandingRow(i + 1, p, total[p], won.get(p, 0), finals.get(p, 0), points[p], extra.get(p, 0))
        for i, p in enumerate(ordered)
    )


def group_final_complete(games: tuple[Game, ...] | None) -> bool:
    """Rule 11: the group-final file has at least one game and every game in it has a result."""
    return bool(games) and all(g.result is not None for g in games)


def group_final(standings, games: tuple[Game, ...] | None, settings: Settings, seed):
    """Step 8: the first `group_final_size` of the standings; points from the file's games,
    then group-standings points, then seeding. Place p earns the p-th group_final_bonus once
    the group final is complete (rule 11), 0 until then."""
    finalists = tuple(r.player for r in standings[: settings.group_final_size])
    if games is None:
        return finalists, None, ()
    member = set(finalists)
    inside = tuple(g for g in games if g.first in member and g.second in member and g.first != g.second)
    points = {p: 0 for p in finalists}
    played = {p: 0 for p in finalists}
    for g in inside:
        if g.result is not None:
            for p, value in zip(g.players, g.points(settings.game_points)):
                points[p] += value
                played[p] += 1
    standing = {r.player: r.points for r in standings}
    ordered = sorted(finalists, key=lambda p: (-points[p], -standing[p], seed(p)))
    bonus = settings.group_final_bonus if group_final_complete(games) else ()
    rows = tuple(
        GroupFinalRow(i + 1, p, points[p], played[p], standing[p], bonus[i] if i < len(bonus) else 0)
        for i, p in enumerate(ordered)
    )
    return finalists, rows, inside


def master_qualifiers(marathon: tuple[StandingRow, ...], groups: tuple[GroupResult, ...],
            tournaments: tuple[TournamentResult, ...], settings: Settings) -> tuple[Qualifier, ...]:
    """Step 10: the first `master_direct` of the marathon, the group-final winners not yet
    in, the other tournament winners by winner points then marathon order, then fill. Only
    complete group finals and finished tournaments have a winner (rule 11)."""
    rank = {r.player: r.rank for r in marathon}
    size = settings.master_size
    chosen: list[Qualifier] = []
    taken: set[str] = set()

    def add(q: Qualifier) -> None:
        if len(chosen) < size and q.player not in taken:
            chosen.append(q)
            taken.add(q.player)

    for row in marathon[: min(settings.master_direct, size)]:
        add(Qualifier(row.player, STANDINGS, row.rank))
    for g in groups:
        if g.winner is not None:
            add(Qualifier(g.winner, GROUP_FINAL, rank[g.winner], group=g.group.slug))
    wins: dict[str, list[TournamentResult]] = {}
    for t in tournaments:
        if t.winner is not None:
            wins.setdefault(t.winner, []).append(t)
    winners = []
    for player, won in wins.items():
        per = tuple((t.slug, len(t.entrants), settings.win_points(len(t.entrants))) for t in won)
        bonus = settings.group_bonus(len({t.group.slug for t in won}))
        winners.append(Qualifier(player, TOURNAMENT_WINNER, rank[player], winner_points=sum(w[2] for w in per) + bonus,
                                 group_bonus=bonus, wins=per))
    for q in sorted(winners, key=lambda q: (-q.winner_points, q.marathon_rank)):
        add(q)
    for row in marathon:
        add(Qualifier(row.player, FILL, row.rank))
    return tuple(chosen)


def candidates(tournaments: tuple[TournamentResult, ...], settings: Settings) -> dict[str, tuple[Candidate, ...]]:
    """Step 12, for every player in one pass over the rankings: each one's best-scoring
    tournament of each group (the earlier one on equal points), best first, then in group
    order."""
    best: dict[str, dict[str, Candidate]] = {}
    for t in tournaments:
        group = t.group.slug
        for row in t.ranking:
            mine = best.setdefault(row.player, {})
            current = mine.get(group)
            if current is None or row.points > current.points:
                mine[group] = Candidate(group, t.slug, t.tournament.game, row.points)
    order = {g.slug: i for i, g in enumerate(settings.groups)}
    return {p: tuple(sorted(b.values(), key=lambda c: (-c.points, order[c.group]))) for p, b in best.items()}


def _inactive(players: Mapping[str, Player], tournaments: tuple[TournamentResult, ...]) -> dict[str, str]:
    """Inactive: so marked in players.csv, or whose last tournament entered (in the order
    of competition.yaml) is one where they forfeited every game."""
    why = {u: Text(N_("marked inactive in players.csv")) for u, p in players.items() if not p.active}
    last: dict[str, TournamentResult] = {}
    for t in tournaments:
        for row in t.ranking:
            last[row.player] = t
    for player, t in last.items():
        if player not in why and t.row(player).forfeited_all:
            why[player] = Text(N_("forfeited every game of %(game)s"), game=t.tournament.game)
    return why


def compute(data: MarathonData, settings: Settings) -> MarathonResult:
    def seed(userid: str) -> tuple:
        return seed_key(userid, data.players)

    by_group: dict[str, tuple[TournamentResult, ...]] = {}
    for g in settings.groups:
        by_group[g.slug] = tuple(compute_tournament(g, t, data.tournaments[t.slug], settings, seed) for t in g.tournaments)
    tournaments = tuple(t for g in settings.groups for t in by_group[g.slug])
    groups = []
    for g in settings.groups:
        standings = standings_rows(by_group[g.slug], {}, seed)
        file = data.group_finals.get(g.slug)
        finalists, final, games = group_final(standings, file, settings, seed)
        groups.append(GroupResult(g, by_group[g.slug], standings, finalists, final, games, group_final_complete(file)))
    groups = tuple(groups)
    bonuses: dict[str, int] = {}
    for g in groups:
        for row in g.final or ():
            bonuses[row.player] = bonuses.get(row.player, 0) + row.bonus
    marathon = standings_rows(tournaments, bonuses, seed)
    master = master_qualifiers(marathon, groups, tournaments, settings)
    everyone = set(data.players) | {r.player for r in marathon}
    best = candidates(tournaments, settings)
    return MarathonResult(
        tournaments=tournaments,
        groups=groups,
        marathon=marathon,
        master=master,
        candidates={r.player: best[r.player] for r in marathon},
        inactive=_inactive(data.players, tournaments),
        players=tuple(sorted(everyone, key=seed)),
        master_table=master_table(data.master, master, settings, seed) if data.master else None,
        provisional=any(t.status != FINISHED for t in tournaments) or not all(g.final_complete for g in groups),
    )
