"""The pages a thematic marathon publishes (data only: the templates render them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from site_gen import tiebreak
from site_gen.lookups import first_of
from site_gen.i18n import N_, Text
from site_gen.model import CompetitionInfo, CompetitionSite, Page, SearchEntry, Table
from site_gen.rules.thematic_marathon import certainty, tables
from site_gen.rules.thematic_marathon.crosstable import crosstable
from site_gen.rules.thematic_marathon.document import document
from site_gen.rules.thematic_marathon.model import GamePoints, MarathonData, Settings
from site_gen.rules.thematic_marathon.scoring import GroupResult, MarathonResult, Qualifier, StandingRow
from site_gen.rules.thematic_marathon.tournament import FINISHED, NOT_STARTED, TournamentResult
from site_gen.slugs import unique_slugs
from site_gen.summary_table import full_table_page, summary_table

TEMPLATES = "thematic-marathon"


def _tournament_tables(t: TournamentResult, urls: dict[str, str], seeds: dict[str, int]) -> list[Table]:
    """The tournament's ranking and its groups' tables."""
    game = t.tournament.game
    ranking = tables.ranking_table(t, urls, seeds)
    csv = [tables.group_table(g, f"tournament-{t.slug}-phase1-{g.number}",
                              Text(N_("%(game)s: phase-1 group %(number)s"), game=game, number=g.number), urls)
           for g in t.phase1]
    csv += [tables.group_table(g, f"tournament-{t.slug}-semifinal-{g.number}",
                               Text(N_("%(game)s: semifinal group %(number)s"), game=game, number=g.number), urls)
            for g in t.semifinals]
    if t.final and t.final.rows:
        csv.append(tables.group_table(t.final, f"tournament-{t.slug}-final", Text(N_("%(game)s: final"), game=game), urls))
    return [ranking, *csv]


def _tournament_page(t: TournamentResult, settings: Settings, urls: dict[str, str],
                     seeds: dict[str, int]) -> tuple[dict[str, Any], list[Table]]:
    """The page's context (its crosstables and bracket included) and its tables."""
    ranking, *csv = made = _tournament_tables(t, urls, seeds)
    labels = {"1": Text(N_("phase 1")), "semi": Text(N_("semifinals")), "final": Text(N_("final"))}
    context = {"t": _shown_tournament(t), "status": tables.status(t), "computed": [labels[c] for c in t.computed],
               "ranking": ranking, "csv": [ranking.slug] + [c.slug for c in csv],
               **_games_of_phases(t, settings, urls)}
    return context, made


def _shown_tournament(t: TournamentResult) -> dict[str, Any]:
    """What the tournament page shows of `t` beside its crosstables: not the groups' games
    and orderings, which the crosstables show. Of the phases' groups the page shows only
    whether there are any and how many: their numbers."""
    return {"group": t.group, "tournament": t.tournament, "slug": t.slug, "started": t.started,
            "entrants": t.entrants, "played": t.played, "computed": t.computed, "advance": t.advance,
            "phase2_entrants": t.phase2_entrants, "phase1": [g.number for g in t.phase1],
            "semifinals": [g.number for g in t.semifinals], "state": t.status, "winner": t.winner,
            "final_formed": t.final_formed}


def _with_marks(ct: dict[str, Any], marks: dict[str, certainty.Mark], final: bool = False) -> dict[str, Any]:
    """A crosstable with its decided marks listed under it (issue 39 §3), each with its why;
    a complete group's order says it all: no list."""
    complete = any(m.complete for m in marks.values())
    ct["certain"] = [] if complete else certainty.shown(marks, [r["player"] for r in ct["rows"]], final)
    return ct


def _games_of_phases(t: TournamentResult, settings: Settings, urls: dict[str, str]) -> dict[str, Any]:
    """The tournament page's crosstables of every phase and its phase-2 bracket, with the
    marks of what is already decided (certainty.py)."""
    scheme = settings.game_points
    marks = certainty.tournament_marks(t, settings)
    phase1 = [_with_marks(crosstable(g, tables.provisional(Text(N_("Group %(number)s"), number=g.number),
                                                           not g.complete), scheme, urls), m)
              for g, m in zip(t.phase1, marks.phase1)]
    semis = [_with_marks(crosstable(g, tables.provisional(Text(N_("Semifinal group %(number)s"), number=g.number),
                                                          not g.complete), scheme, urls), m)
             for g, m in zip(t.semifinals, marks.semifinals)]
    final = (_with_marks(crosstable(t.final, tables.provisional(Text(N_("Final")), not t.final.complete), scheme, urls),
                         marks.final, final=True)
             if t.final and t.final.rows else None)
    finalists = set(t.finalists)
    # rule 11: a bonus is shown once it exists (every semifinal group complete; the
    # tournament finished), the winner once the tournament is finished
    semifinal_bonus = all(g.complete for g in t.semifinals)
    finished = t.status == FINISHED

    def bonus(player: str, exists: bool):
        row = t.row(player)
        return (row.bonus if row else 0) if exists else ""

    def decided(group_marks: dict[str, certainty.Mark], player: str, final: bool = False) -> dict[str, Any]:
        mark = group_marks.get(player)
        if mark is None or mark.state is None:
            return {"mark": "", "mark_state": None, "why": ""}
        return {"mark": certainty.label(mark, final), "mark_state": mark.state, "why": certainty.why(mark, final)}

    bracket = {
        "semifinals": [
            {"number": g.number, "rows": [{"rank": r.rank, "player": r.player, "url": urls.get(r.player),
                                           "points": r.points, "advances": r.player in finalists,
                                           "bonus": bonus(r.player, semifinal_bonus), **decided(m, r.player)}
                                          for r in g.rows]}
            for g, m in zip(t.semifinals, marks.semifinals)
        ],
        "final": [{"rank": r.rank, "player": r.player, "url": urls.get(r.player), "points": r.points,
                   "bonus": bonus(r.player, finished), "winner": finished and r.player == t.winner,
                   **decided(marks.final, r.player, final=True)}
                  for r in (t.final.rows if t.final else ())],
        "final_formed": t.final_formed, "finished": finished,
    }
    sure = marks.sure_winner if not finished else None  # rule 11 names the winner once finished
    return {"phase1": phase1, "semis": semis, "final": final, "bracket": bracket,
            "sure_winner": sure, "sure_winner_why": certainty.why(marks.final[sure], True) if sure else ""}


def _tiebreaks(t: TournamentResult) -> dict[str, list[dict[str, Any]]]:
    """Each player's tie-breaks (not by points) in the tournament's tables, in table order:
    the reasons are read once per table, not once per player of the marathon."""
    found: dict[str, list[dict[str, Any]]] = {}
    for table in (*t.phase1, *t.semifinals, *((t.final,) if t.final else ())):
        name = (Text(N_("the final")) if table.number == 0
                else Text(N_("phase-1 group %(number)s"), number=table.number) if table.phase == "1"
                else Text(N_("semifinal group %(number)s"), number=table.number))
        for r in table.ordering.reasons:
            if r.by != tiebreak.POINTS:
                text = tiebreak.describe(r)
                for player in dict.fromkeys((r.ahead, r.behind)):
                    found.setdefault(player, []).append({"where": name, "ahead": r.ahead, "text": text})
    return found


@dataclass(frozen=True)
class _Lookups:
    """What the player pages look up, indexed once by player (a scan per player and
    tournament would grow with the square of the players)."""

    entries: dict[str, list[dict[str, Any]]]  # player -> the tournaments entered, in order
    standings: tuple[dict[str, StandingRow], ...]  # per thematic group: player -> row
    marathon: dict[str, StandingRow]
    qualifiers: dict[str, Qualifier]


def _by_player(items) -> dict:
    return first_of((item.player, item) for item in items)


def _entries(result: MarathonResult, base: str) -> dict[str, list[dict[str, Any]]]:
    """Each player's tournaments, in one pass over the rankings: what the page shows of
    the tournament (not its results nor the player's phase-1 group with its games: each
    player page holding every tournament would cost players²), the row and tie-breaks."""
    found: dict[str, list[dict[str, Any]]] = {}
    for t in result.tournaments:
        shown = {"tournament": t.tournament, "group": t.group, "entrant_count": len(t.entrants)}
        url, state, winner, tiebreaks = f"{base}tournaments/{t.slug}/", tables.status(t), t.winner, _tiebreaks(t)
        for row in t.ranking:
            found.setdefault(row.player, []).append({
                "t": shown, "row": row, "url": url, "winner": winner == row.player, "status": state,
                "tiebreaks": tiebreaks.get(row.player, [])})
    return found


def _lookups(result: MarathonResult, base: str) -> _Lookups:
    return _Lookups(
        entries=_entries(result, base),
        standings=tuple(_by_player(g.standings) for g in result.groups),
        marathon=_by_player(result.marathon),
        qualifiers=_by_player(result.master),
    )


def _player_context(player: str, result: MarathonResult, base: str, look: _Lookups) -> dict[str, Any]:
    standings = []
    for g, rows in zip(result.groups, look.standings):
        row = rows.get(player)
        if row is not None:
            standings.append({"group": g.group, "row": row, "final": g.final_row(player), "url": f"{base}groups/{g.group.slug}/",
                              "finalist": player in g.finalists, "has_final": g.final is not None,
                              "final_complete": g.final_complete})
    entries = look.entries.get(player, [])
    return {
        "player": player,
        "provisional": result.provisional,
        "marathon": look.marathon.get(player),
        "entries": entries,
        "entry_groups": _by_group(entries),
        "standings": standings,
        "candidates": result.candidates.get(player, ()),
        "qualifier": look.qualifiers.get(player),
        "inactive": result.inactive.get(player),
    }


def _by_group(entries: list[dict[str, Any]]) -> list[tuple[Any, list[dict[str, Any]]]]:
    """A player's tournaments by thematic group, in the order they come (a group's
    tournaments follow one another): each group a section of the page to jump to or fold."""
    groups: list[tuple[Any, list[dict[str, Any]]]] = []
    for e in entries:
        if not groups or groups[-1][0].slug != e["t"]["group"].slug:
            groups.append((e["t"]["group"], []))
        groups[-1][1].append(e)
    return groups


def publish(info: CompetitionInfo, settings: Settings, data: MarathonData, result: MarathonResult) -> CompetitionSite:
    base = f"{info.slug}/"
    slugs = unique_slugs(list(result.players), fallback="player")
    urls = {name: f"{base}players/{slug}/" for name, slug in slugs.items()}
    groups = {g.slug: g for g in settings.groups}
    games = {t.slug: t.game for _, t in settings.tournaments}
    marathon = tables.marathon_table(result, urls)
    overview = tables.tournaments_table(result, urls, base)
    master = tables.master_table(result, settings, urls)
    candidates = tables.candidates_table(result, urls, [q.player for q in result.master])
    master_results = tables.master_results_table(result, urls)
    seeds = tables.seed_positions(result)
    shown_groups = [_shown_group(g) for g in result.groups]
    common = {"settings": settings, "groups_nav": [(g.name, f"{base}groups/{g.slug}/") for g in settings.groups],
              "names": {u: p.name for u, p in data.players.items() if p.name}}
    all_tables: list[Table] = [marathon, overview, master, candidates] + ([master_results] if master_results else [])
    standings_url = f"{base}standings/"
    pages = [
        Page(base, f"{TEMPLATES}/overview.html", info.name,
             {**common, "table": summary_table(marathon, SUMMARY_KEYS, note=marathon.note), "full_url": standings_url,
              "tournaments": overview, "groups": shown_groups,
              "provisional": result.provisional,
              "tournament_count": len(result.tournaments), "player_count": len(result.players),
              "csv": [t.slug for t in all_tables]}),
        full_table_page(standings_url, info.name, marathon, common, TEMPLATES),
        Page(f"{base}tournaments/", f"{TEMPLATES}/tournaments.html",
             Text(N_("%(competition)s: tournaments"), competition=info.name), {**common, "table": overview}),
        Page(f"{base}groups/", f"{TEMPLATES}/groups.html", Text(N_("%(competition)s: thematic groups"), competition=info.name),
             {**common, "groups": shown_groups}),
        Page(f"{base}tournaments/master/", f"{TEMPLATES}/master.html",
             Text(N_("%(competition)s: Master"), competition=info.name),
             {**common, "table": master, "candidates": candidates, "results": master_results,
              "finished": sum(t.status == FINISHED for t in result.tournaments),
              "total": len(result.tournaments), "provisional": result.provisional,
              "games": [{"game": games.get(g.game, g.game), **_game_row(g, urls)} for g in data.master]}),
        Page(f"{base}players/", f"{TEMPLATES}/players.html", Text(N_("%(competition)s: players"), competition=info.name),
             {**common, "active": [(p, urls[p]) for p in sorted(result.players) if p not in result.inactive],
              "inactive": [(p, urls[p], result.inactive[p]) for p in sorted(result.inactive) if p in urls]}),
    ]
    for t in result.tournaments:
        context, made = _tournament_page(t, settings, urls, seeds)
        all_tables += made
        pages.append(Page(f"{base}tournaments/{t.slug}/", f"{TEMPLATES}/tournament.html",
                          f"{t.tournament.game} — {info.name}", {**common, **context}))
    for g, shown in zip(result.groups, shown_groups):
        standings = tables.group_standings_table(g, settings, urls, seeds)
        final = tables.group_final_table(g, urls, seeds) if g.final is not None else None
        final_marks = ([] if g.final_complete else
                       certainty.shown(certainty.group_final_marks(g, settings), [r.player for r in g.final or ()], True))
        all_tables += [standings] + ([final] if final else [])
        pages.append(Page(f"{base}groups/{g.group.slug}/", f"{TEMPLATES}/group.html", f"{g.group.name} — {info.name}",
                          {**common, "g": shown, "table": standings, "final": final, "final_marks": final_marks,
                           "final_games": [{"game": games.get(x.game, x.game), **_game_row(x, urls)} for x in g.final_games],
                           "tournament_urls": {t.slug: f"{base}tournaments/{t.slug}/" for t in g.tournaments},
                           "csv": [standings.slug] + ([final.slug] if final else [])}))
    look = _lookups(result, base)
    for player in result.players:
        pages.append(Page(urls[player], f"{TEMPLATES}/player.html", f"{player} — {info.name}",
                          {**common, **_player_context(player, result, base, look)}))
    search = [SearchEntry(info.name, base, "competition")] + [
        SearchEntry(name, url, "player", info.name) for name, url in sorted(urls.items())
    ]
    return CompetitionSite(
        pages=pages,
        tables=all_tables,
        document=document(settings, result),
        search=search,
        updated=None,  # the files carry no dates
        status=_status(result),
        summary=summary_table(marathon, SUMMARY_KEYS[:3], 10),
        summary_url=standings_url,
    )


# The marathon standings at a glance: the points (rule 9) and the first tie-break (the
# overview; a home card, narrower, the first three)
SUMMARY_KEYS = ("rank", "player", "points", "won")


def _shown_group(g: GroupResult) -> dict[str, Any]:
    """What the overview, groups and group pages show of a thematic group: its tournaments'
    names, not their results (every page's context is pickled for its digest: page_cache)."""
    return {"group": g.group, "tournaments": [{"slug": t.slug, "tournament": t.tournament} for t in g.tournaments],
            "standings": g.standings, "finalists": g.finalists, "final": g.final, "winner": g.winner,
            "final_complete": g.final_complete,
            "unfinished": sum(t.status != FINISHED for t in g.tournaments)}


def _game_row(game, urls: dict[str, str]) -> dict[str, Any]:
    return {"round": game.round, "group": game.group or "", "board": game.board, "first": game.first,
            "first_url": urls.get(game.first), "second": game.second, "second_url": urls.get(game.second),
            "result": game.result or Text(N_("not yet played"))}


def _status(result: MarathonResult) -> str:
    """Finished once nothing is provisional (rule 11: every tournament and group final)."""
    states = [t.status for t in result.tournaments]
    if not result.provisional:
        return Text(N_("finished"))
    if all(s == NOT_STARTED for s in states):
        return Text(N_("not started"))
    done = states.count(FINISHED)
    return Text(N_("in progress: %(done)s of %(total)s tournaments finished"), done=done, total=len(states))


def standings_table(settings: Settings, result: MarathonResult, stage: int | None) -> Table | None:
    """The marathon standings, or with `--stage N` the standings of the N-th thematic group."""
    if stage is None:
        return tables.marathon_table(result, {})
    if 1 <= stage <= len(result.groups):
        return tables.group_standings_table(result.groups[stage - 1], settings, {}, tables.seed_positions(result))
    return None
