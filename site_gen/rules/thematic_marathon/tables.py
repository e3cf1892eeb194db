"""The published tables of a thematic marathon (each also written as <slug>.csv)."""

from __future__ import annotations

from typing import Mapping

from site_gen.model import Column, Table
from site_gen.rules.thematic_marathon.model import GroupDef, Settings
from site_gen.rules.thematic_marathon.scoring import (
    FILL,
    GROUP_FINAL,
    STANDINGS,
    TOURNAMENT_WINNER,
    GroupResult,
    MarathonResult,
    Qualifier,
    StandingRow,
)
from site_gen.rules.thematic_marathon.tournament import GroupTable, TournamentResult

REACHED = {"final": "Final", "semifinal": "Semifinal", "phase1": "Phase 1"}
VIA = {STANDINGS: "Standings", GROUP_FINAL: "Group final", TOURNAMENT_WINNER: "Tournament winner", FILL: "Fill"}

RANK = Column("rank", "Rank", numeric=True)
PLAYER = Column("player", "Player", link_key="player_url")


def status(t: TournamentResult) -> str:
    """not started, phase 1, phase 2 or finished, from the games with a result."""
    tables = [*t.phase1, *t.semifinals, *((t.final,) if t.final else ())]
    if not t.entrants or t.played == 0:
        return "not started"
    if all(_complete(g) for g in tables):
        return "finished"
    return "phase 1" if t.phase1 and not all(_complete(g) for g in t.phase1) else "phase 2"


def _complete(table: GroupTable) -> bool:
    n = len(table.rows)
    return sum(1 for g in table.games if g.result is not None) >= n * (n - 1)


def group_table(table: GroupTable, slug: str, caption: str, urls: Mapping[str, str]) -> Table:
    columns = (RANK, PLAYER, Column("points", "Points", numeric=True), Column("played", "Played", numeric=True))
    rows = [{"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "points": r.points, "played": r.played}
            for r in table.rows]
    return Table(slug, caption, columns, rows)


def ranking_table(t: TournamentResult, urls: Mapping[str, str]) -> Table:
    columns = (
        RANK, PLAYER,
        Column("reached", "Reached"),
        Column("phase1_points", "Phase 1", numeric=True),
        Column("bonus", "Bonus", numeric=True),
        Column("participation", "Participation", numeric=True),
        Column("points", "Points", numeric=True),
    )
    rows = [
        {"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "reached": REACHED[r.reached],
         "phase1_points": r.phase1_points, "bonus": r.bonus, "participation": r.participation, "points": r.points}
        for r in t.ranking
    ]
    out = {i for i, r in enumerate(t.ranking) if r.forfeited_all}
    return Table(f"tournament-{t.slug}", f"{t.tournament.game}: ranking", columns, rows, highlighted=out,
                 note="Points = phase 1 + bonus + participation; phase-2 game points never count."
                 + (" Highlighted: forfeited every game (no participation point)." if out else ""))


def _standing_rows(rows: tuple[StandingRow, ...], urls: Mapping[str, str], tournaments: tuple[TournamentResult, ...]):
    out = []
    for r in rows:
        row = {"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "points": r.points,
               "won": r.won, "finals": r.finals, "group_finals": r.group_final_bonus}
        for t in tournaments:
            row[f"t-{t.slug}"] = r.by_tournament.get(t.slug, "")
        out.append(row)
    return out


def group_standings_table(g: GroupResult, settings: Settings, urls: Mapping[str, str]) -> Table:
    per = tuple(Column(f"t-{t.slug}", t.tournament.game, numeric=True) for t in g.tournaments)
    columns = (RANK, PLAYER, *per, Column("points", "Points", numeric=True), Column("won", "Won", numeric=True),
               Column("finals", "Finals", numeric=True))
    size = len(g.finalists)
    return Table(f"group-{g.group.slug}", f"{g.group.name}: standings", columns,
                 _standing_rows(g.standings, urls, g.tournaments), highlighted=set(range(size)),
                 note="Ties: tournaments won, then tournament final groups reached, then seeding order. "
                 f"Highlighted: the first {settings.group_final_size}, who play the group final.")


def group_final_table(g: GroupResult, urls: Mapping[str, str]) -> Table:
    columns = (RANK, PLAYER, Column("points", "Points", numeric=True), Column("played", "Played", numeric=True),
               Column("standings_points", "Standings points", numeric=True), Column("bonus", "Bonus", numeric=True))
    rows = [{"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "points": r.points,
             "played": r.played, "standings_points": r.standings_points, "bonus": r.bonus} for r in g.final or ()]
    return Table(f"group-{g.group.slug}-final", f"{g.group.name}: group final", columns, rows,
                 note="Ties: group-standings points, then seeding order (no mini-league in a group final).")


def marathon_table(result: MarathonResult, urls: Mapping[str, str]) -> Table:
    columns = (RANK, PLAYER, Column("points", "Points", numeric=True), Column("won", "Won", numeric=True),
               Column("finals", "Finals", numeric=True), Column("group_finals", "Group-final bonus", numeric=True))
    return Table("marathon", "Marathon standings", columns, _standing_rows(result.marathon, urls, ()),
                 note="Points: every tournament's points plus every group-final bonus. Ties: tournaments won, "
                 "then tournament final groups reached, then seeding order.")


def qualifier_reason(q: Qualifier, groups: Mapping[str, GroupDef], games: Mapping[str, str]) -> str:
    if q.via == STANDINGS:
        return f"rank {q.marathon_rank} of the marathon standings"
    if q.via == GROUP_FINAL:
        return f"won the {groups[q.group].name} group final"
    if q.via == TOURNAMENT_WINNER:
        wins = ", ".join(f"{games[slug]} ({entrants} players: {points})" for slug, entrants, points in q.wins)
        bonus = f" + {q.group_bonus} for several groups" if q.group_bonus else ""
        return f"tournament winner: {wins}{bonus} = {q.winner_points} winner point{'s' if q.winner_points != 1 else ''}"
    return f"a place was left: rank {q.marathon_rank} of the marathon standings"


def master_table(result: MarathonResult, settings: Settings, urls: Mapping[str, str]) -> Table:
    groups = {g.slug: g for g in settings.groups}
    games = {t.slug: t.game for _, t in settings.tournaments}
    columns = (Column("number", "#", numeric=True), PLAYER, Column("via", "Via"), Column("reason", "Why"),
               Column("marathon_rank", "Marathon rank", numeric=True))
    rows = [{"number": i + 1, "player": q.player, "player_url": urls.get(q.player), "via": VIA[q.via],
             "reason": qualifier_reason(q, groups, games), "marathon_rank": q.marathon_rank}
            for i, q in enumerate(result.master)]
    return Table("master", "Master qualifiers", columns, rows,
                 note=f"In order: the first {settings.master_direct} of the marathon, the group-final winners, "
                 "the other tournament winners by winner points, then the next in the marathon standings.")


def candidates_table(result: MarathonResult, urls: Mapping[str, str], players: list[str]) -> Table:
    count = max((len(result.candidates.get(p, ())) for p in players), default=0)
    columns = (PLAYER, *(Column(f"c{i}", f"Game {i}") for i in range(1, count + 1)))
    rows = []
    for p in players:
        row = {"player": p, "player_url": urls.get(p)}
        for i, c in enumerate(result.candidates.get(p, ()), start=1):
            row[f"c{i}"] = f"{c.game} ({c.points})"
        for i in range(len(result.candidates.get(p, ())) + 1, count + 1):
            row[f"c{i}"] = ""
        rows.append(row)
    return Table("master-candidates", "Candidate Master games", columns, rows,
                 note="Each player's best-scoring tournament in each group (tournament points in brackets), best first.")


def master_results_table(result: MarathonResult, urls: Mapping[str, str]) -> Table | None:
    table = result.master_table
    if table is None:
        return None
    columns = (RANK, PLAYER, Column("first_points", "Rounds a-c", numeric=True),
               Column("second_points", "Rounds d-e", numeric=True), Column("points", "Points", numeric=True),
               Column("played", "Played", numeric=True))
    rows = [{"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "first_points": r.first_points,
             "second_points": r.second_points, "points": r.points, "played": r.played} for r in table.rows]
    return Table("master-results", "Master tournament", columns, rows,
                 highlighted={i for i, r in enumerate(table.rows) if r.second_phase},
                 note=f"Highlighted: the best {table.second_phase_size} after round c play rounds d and e. Ties: the order of "
                 "qualification, then seeding order (the spec fixes none).")


def tournaments_table(result: MarathonResult, urls: Mapping[str, str], base: str) -> Table:
    columns = (Column("group", "Group"), Column("game", "Tournament", link_key="url"),
               Column("entrants", "Entrants", numeric=True), Column("played", "Games played", numeric=True),
               Column("status", "Status"), Column("winner", "Winner", link_key="winner_url"))
    rows = []
    for t in result.tournaments:
        done = status(t)
        winner = t.winner if done == "finished" else ""
        rows.append({"group": t.group.name, "game": t.tournament.game, "url": f"{base}tournaments/{t.slug}/",
                     "entrants": len(t.entrants), "played": t.played, "status": done, "winner": winner,
                     "winner_url": urls.get(winner) if winner else None})
    return Table("tournaments", "Tournaments", columns, rows)
