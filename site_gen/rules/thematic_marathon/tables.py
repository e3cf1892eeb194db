"""The published tables of a thematic marathon (each also written as <slug>.csv)."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from site_gen.i18n import N_, Text
from site_gen.model import Column, RankReason, Table
from site_gen.ranking import rank_reasons
from site_gen.rules.thematic_marathon.crosstable import rank_reason
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
from site_gen.rules.thematic_marathon.tournament import (
    FINISHED,
    IN_PHASE1,
    IN_PHASE2,
    NOT_STARTED,
    GroupTable,
    TournamentResult,
)

REACHED = {"final": Text(N_("Final")), "semifinal": Text(N_("Semifinal")), "phase1": Text(N_("Phase 1"))}
VIA = {STANDINGS: Text(N_("Standings")), GROUP_FINAL: Text(N_("Group final")),
       TOURNAMENT_WINNER: Text(N_("Tournament winner")), FILL: Text(N_("Fill"))}

RANK = Column("rank", N_("Rank"), numeric=True)
PLAYER = Column("player", N_("Player"), link_key="player_url")

# The ranking keys of the group and marathon standings (steps 7 and 9), for "why this place"
STANDING_KEYS = (N_("points"), N_("tournaments won"), N_("tournament final groups reached"), N_("seeding order"))
GROUP_FINAL_KEYS = (N_("points"), N_("group-standings points"), N_("seeding order"))


STATUS = {NOT_STARTED: Text(N_("not started")), IN_PHASE1: Text(N_("in progress: phase 1")),
          IN_PHASE2: Text(N_("in progress: phase 2")), FINISHED: Text(N_("finished"))}


def status(t: TournamentResult) -> str:
    """The engine's status (rule 11) in words: not started, in progress (phase 1 or 2) or
    finished (a Text: compare it with ==, show it translated)."""
    return STATUS[t.status]


def provisional(caption: str, unfinished: bool) -> str:
    """A table's caption, with a short "(provisional)" label when it is computed from
    something unfinished (rule 11)."""
    if not unfinished:
        return caption
    return Text(N_("%(table)s (provisional)"), table=caption if isinstance(caption, Text) else Text(caption))


def standing_reasons(rows, seeds: Mapping[str, int]) -> dict[int, RankReason]:
    """Points, then tournaments won, then final groups reached, then seeding order (a
    strict order: the seeding always separates two players)."""
    unknown = len(seeds) + 1  # a player without a seed (not in the seeding) goes last
    return _lower_seed_better(rank_reasons(rows, lambda r: (r.points, r.won, r.finals, -seeds.get(r.player, unknown)),
                        STANDING_KEYS, lambda r: r.player, (0, 0, 0, 0),
                        shown=(None, None, None, lambda v: -v if v != -unknown else None)))


def _lower_seed_better(reasons: dict[int, RankReason]) -> dict[int, RankReason]:
    """Seeding positions read the other way round from the other keys: say so."""
    note = Text(N_("(A lower seeding position is better.)"))
    return {i: replace(r, detail=note) if r.key == STANDING_KEYS[3] else r for i, r in reasons.items()}


def group_table(table: GroupTable, slug: str, caption: str, urls: Mapping[str, str]) -> Table:
    columns = (RANK, PLAYER, Column("points", N_("Points"), numeric=True), Column("played", N_("Played"), numeric=True))
    rows = [{"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "points": r.points, "played": r.played}
            for r in table.rows]
    return Table(slug, provisional(caption, not table.complete), columns, rows)


def ranking_table(t: TournamentResult, urls: Mapping[str, str], seeds: Mapping[str, int] | None = None) -> Table:
    columns = (
        RANK, PLAYER,
        Column("reached", N_("Reached")),  # what the ranking goes by (rule 6), then the points it gives
        Column("points", N_("Points"), numeric=True),
        Column("phase1_points", N_("Phase 1"), numeric=True),
        Column("bonus", N_("Bonus"), numeric=True),
        Column("participation", N_("Participation"), numeric=True),
    )
    rows = [
        {"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "reached": REACHED[r.reached],
         "phase1_points": r.phase1_points, "bonus": r.bonus, "participation": r.participation, "points": r.points}
        for r in t.ranking
    ]
    out = {i for i, r in enumerate(t.ranking) if r.forfeited_all}
    note = (N_("Points = phase 1 + bonus + participation; phase-2 game points never count. Highlighted: forfeited "
               "every game (no participation point).") if out
            else N_("Points = phase 1 + bonus + participation; phase-2 game points never count."))
    unfinished = t.status != FINISHED
    if unfinished:  # rule 11: say why the bonuses are 0
        note = Text(N_("%(note)s Provisional: the bonuses are given once the final group (for the semifinalists: "
                       "every semifinal group) has all its games, and the winner is named then."), note=Text(note))
    caption = provisional(Text(N_("%(game)s: ranking"), game=t.tournament.game), unfinished)
    return Table(f"tournament-{t.slug}", caption, columns, rows,
                 highlighted=out, note=note, reasons=tournament_reasons(t, seeds or {}))


_STAGE = {"final": 2, "semifinal": 1, "phase1": 0}


def tournament_reasons(t: TournamentResult, seeds: Mapping[str, int]) -> dict[int, RankReason]:
    """Why each place of a tournament's ranking (steps 5 and 6): inside the final group its
    round-robin order; then the phase reached; semifinalists by their semifinal place,
    semifinal points and seeding; the rest by phase-1 place, phase-1 points and seeding."""
    final_reasons = {r.ahead: r for r in t.final.ordering.reasons} if t.final else {}
    semi = {p: (g.place(p), g.row(p).points) for g in t.semifinals for p in g.players}
    first = {p: (g.place(p), g.row(p).points) for g in t.phase1 for p in g.players}
    reasons: dict[int, RankReason] = {}
    rows = t.ranking
    for i in range(len(rows) - 1):
        a, b = rows[i], rows[i + 1]
        if a.reached != b.reached:
            reasons[i] = RankReason(N_("phase reached"), REACHED[a.reached], REACHED[b.reached], b.player)
        elif a.reached == "final" and a.player in final_reasons:
            reasons[i] = rank_reason(final_reasons[a.player], seeds)
        else:
            where = semi if a.reached == "semifinal" else first
            names = ((N_("semifinal group place"), N_("semifinal points")) if a.reached == "semifinal"
                     else (N_("phase-1 group place"), N_("phase-1 points")))
            (pa, xa), (pb, xb) = where.get(a.player, (None, 0)), where.get(b.player, (None, 0))
            if pa != pb and pa is not None and pb is not None:
                reasons[i] = RankReason(names[0], pa, pb, b.player, 0,
                                        detail=Text(N_("(A lower place is better.)")))
            elif xa != xb:
                reasons[i] = RankReason(names[1], xa, xb, b.player, 0)
            else:
                reasons[i] = RankReason(N_("seeding order"), seeds.get(a.player), seeds.get(b.player), b.player, 0,
                                        detail=Text(N_("(A lower seeding position is better.)")))
    return reasons


def _standing_rows(rows: tuple[StandingRow, ...], urls: Mapping[str, str], tournaments: tuple[TournamentResult, ...]):
    out = []
    for r in rows:
        row = {"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "points": r.points,
               "won": r.won, "finals": r.finals, "group_finals": r.group_final_bonus}
        for t in tournaments:
            row[f"t-{t.slug}"] = r.by_tournament.get(t.slug, "")
        out.append(row)
    return out


def seed_positions(result: MarathonResult) -> dict[str, int]:
    """Each player's position in the seeding order (1: the first seed)."""
    return {p: i + 1 for i, p in enumerate(result.players)}


def group_standings_table(g: GroupResult, settings: Settings, urls: Mapping[str, str],
                          seeds: Mapping[str, int] | None = None) -> Table:
    per = tuple(Column(f"t-{t.slug}", t.tournament.game, numeric=True) for t in g.tournaments)
    # the ranking keys (rule 7) right after the player, then the tournaments the points add up
    columns = (RANK, PLAYER, Column("points", N_("Points"), numeric=True), Column("won", N_("Won"), numeric=True),
               Column("finals", N_("Finals"), numeric=True), *per)
    size = len(g.finalists)
    unfinished = any(t.status != FINISHED for t in g.tournaments)
    return Table(f"group-{g.group.slug}", provisional(Text(N_("%(group)s: standings"), group=g.group.name), unfinished),
                 columns,
                 _standing_rows(g.standings, urls, g.tournaments), highlighted=set(range(size)),
                 note=Text(N_("Ties: tournaments won, then tournament final groups reached, then seeding order. "
                              "Highlighted: the first %(count)s, who play the group final."), count=settings.group_final_size),
                 reasons=standing_reasons(g.standings, seeds or {}))


def group_final_table(g: GroupResult, urls: Mapping[str, str], seeds: Mapping[str, int] | None = None) -> Table:
    columns = (RANK, PLAYER, Column("points", N_("Points"), numeric=True), Column("played", N_("Played"), numeric=True),
               Column("standings_points", N_("Standings points"), numeric=True), Column("bonus", N_("Bonus"), numeric=True))
    rows = [{"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "points": r.points,
             "played": r.played, "standings_points": r.standings_points, "bonus": r.bonus} for r in g.final or ()]
    seeds = seeds or {}
    unknown = len(seeds) + 1
    reasons = _lower_seed_better(rank_reasons(g.final or (), lambda r: (r.points, r.standings_points, -seeds.get(r.player, unknown)),
                           GROUP_FINAL_KEYS, lambda r: r.player, (0, 0, 0),
                           shown=(None, None, lambda v: -v if v != -unknown else None)))
    caption = provisional(Text(N_("%(group)s: group final"), group=g.group.name), not g.final_complete)
    note = (N_("Ties: group-standings points, then seeding order (no mini-league in a group final).") if g.final_complete
            else N_("Ties: group-standings points, then seeding order (no mini-league in a group final). Provisional: "
                    "the bonuses and the winner come once every game of the group final has a result."))
    return Table(f"group-{g.group.slug}-final", caption, columns, rows, note=note, reasons=reasons)


def marathon_table(result: MarathonResult, urls: Mapping[str, str]) -> Table:
    columns = (RANK, PLAYER, Column("points", N_("Points"), numeric=True), Column("won", N_("Won"), numeric=True),
               Column("finals", N_("Finals"), numeric=True), Column("group_finals", N_("Group-final bonus"), numeric=True))
    return Table("marathon", provisional(N_("Marathon standings"), result.provisional), columns,
                 _standing_rows(result.marathon, urls, ()),
                 note=N_("Points: every tournament's points plus every group-final bonus. Ties: tournaments won, "
                         "then tournament final groups reached, then seeding order."),
                 reasons=standing_reasons(result.marathon, seed_positions(result)))


def qualifier_reason(q: Qualifier, groups: Mapping[str, GroupDef], games: Mapping[str, str]) -> str:
    if q.via == STANDINGS:
        return Text(N_("rank %(rank)s of the marathon standings"), rank=q.marathon_rank)
    if q.via == GROUP_FINAL:
        return Text(N_("won the %(group)s group final"), group=groups[q.group].name)
    if q.via == TOURNAMENT_WINNER:
        wins = [Text(N_("%(game)s (%(entrants)s players: %(points)s)"), game=games[slug], entrants=entrants, points=points)
                for slug, entrants, points in q.wins]
        listed = _joined(wins)
        if q.group_bonus:
            return Text(N_("tournament winner: %(wins)s + %(bonus)s for several groups = %(points)s winner points"),
                        wins=listed, bonus=q.group_bonus, points=q.winner_points)
        return Text(N_("tournament winner: %(wins)s = %(points)s winner points"), wins=listed, points=q.winner_points)
    return Text(N_("a place was left: rank %(rank)s of the marathon standings"), rank=q.marathon_rank)


def _joined(texts: list[Text]) -> Text:
    """Texts joined with ", " (each translated where shown)."""
    joined = texts[0] if texts else Text("")
    for more in texts[1:]:
        joined = Text("%(a)s, %(b)s", a=joined, b=more)
    return joined


def master_table(result: MarathonResult, settings: Settings, urls: Mapping[str, str]) -> Table:
    groups = {g.slug: g for g in settings.groups}
    games = {t.slug: t.game for _, t in settings.tournaments}
    columns = (Column("number", "#", numeric=True), PLAYER, Column("via", N_("Via")), Column("reason", N_("Why")),
               Column("marathon_rank", N_("Marathon rank"), numeric=True))
    rows = [{"number": i + 1, "player": q.player, "player_url": urls.get(q.player), "via": VIA[q.via],
             "reason": qualifier_reason(q, groups, games), "marathon_rank": q.marathon_rank}
            for i, q in enumerate(result.master)]
    return Table("master", provisional(N_("Master qualifiers"), result.provisional), columns, rows,
                 note=Text(N_("In order: the first %(count)s of the marathon, the group-final winners, the other "
                              "tournament winners by winner points, then the next in the marathon standings."),
                           count=settings.master_direct))


def candidates_table(result: MarathonResult, urls: Mapping[str, str], players: list[str]) -> Table:
    count = max((len(result.candidates.get(p, ())) for p in players), default=0)
    columns = (PLAYER, *(Column(f"c{i}", Text(N_("Game %(number)s"), number=i)) for i in range(1, count + 1)))
    rows = []
    for p in players:
        row = {"player": p, "player_url": urls.get(p)}
        for i, c in enumerate(result.candidates.get(p, ()), start=1):
            row[f"c{i}"] = f"{c.game} ({c.points})"
        for i in range(len(result.candidates.get(p, ())) + 1, count + 1):
            row[f"c{i}"] = ""
        rows.append(row)
    return Table("master-candidates", provisional(N_("Candidate Master games"), result.provisional), columns, rows,
                 note=N_("Each player's best-scoring tournament in each group (tournament points in brackets), best first."))


def master_results_table(result: MarathonResult, urls: Mapping[str, str]) -> Table | None:
    table = result.master_table
    if table is None:
        return None
    columns = (RANK, PLAYER, Column("points", N_("Points"), numeric=True),
               Column("first_points", N_("Rounds a-c"), numeric=True),
               Column("second_points", N_("Rounds d-e"), numeric=True), Column("played", N_("Played"), numeric=True))
    rows = [{"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "first_points": r.first_points,
             "second_points": r.second_points, "points": r.points, "played": r.played} for r in table.rows]
    return Table("master-results", N_("Master tournament"), columns, rows,
                 highlighted={i for i, r in enumerate(table.rows) if r.second_phase},
                 note=Text(N_("Highlighted: the best %(count)s after round c play rounds d and e. Ties: the order of "
                              "qualification, then seeding order (the spec fixes none)."), count=table.second_phase_size),
                 reasons=_master_reasons(table.rows))


def _master_reasons(rows) -> dict[int, RankReason]:
    """The best half by points (rounds a-e), the rest by rounds a-c points; equal points
    go to the earlier place after round c (qualification order, then seeding)."""
    reasons: dict[int, RankReason] = {}
    for i in range(len(rows) - 1):
        a, b = rows[i], rows[i + 1]
        if a.second_phase != b.second_phase:
            reasons[i] = RankReason(N_("rounds a-c points"), a.first_points, b.first_points, b.player, 0,
                                    detail=Text(N_("(Only the best half after round c plays rounds d and e.)")))
        elif a.second_phase and a.points != b.points:
            reasons[i] = RankReason(N_("points"), a.points, b.points, b.player, 0)
        elif not a.second_phase and a.first_points != b.first_points:
            reasons[i] = RankReason(N_("rounds a-c points"), a.first_points, b.first_points, b.player, 0)
        else:
            reasons[i] = RankReason(N_("qualification order"), None, None, b.player, 0,
                                    detail=Text(N_("(Equal points: the order of qualification, then seeding, decides.)")))
    return reasons


def tournaments_table(result: MarathonResult, urls: Mapping[str, str], base: str) -> Table:
    columns = (Column("group", N_("Group")), Column("game", N_("Tournament"), link_key="url"),
               Column("entrants", N_("Entrants"), numeric=True), Column("played", N_("Games played"), numeric=True),
               Column("status", N_("Status")), Column("winner", N_("Winner"), link_key="winner_url"))
    rows = []
    for t in result.tournaments:
        winner = t.winner or ""  # only a finished tournament has one (rule 11)
        rows.append({"group": t.group.name, "game": t.tournament.game, "url": f"{base}tournaments/{t.slug}/",
                     "entrants": len(t.entrants), "played": t.played, "status": status(t), "winner": winner,
                     "winner_url": urls.get(winner) if winner else None})
    return Table("tournaments", N_("Tournaments"), columns, rows)
