"""The pages and tables a swiss-cut tournament publishes (data only; no rendering here).

Addresses: <slug>/ (overview, what is on now, the ranking), rounds/ (the bracket),
rounds/<N>/ (seating and results), rounds/<N>/standings/, rounds/final/, rounds/next/
(the seating players look up during the event), players/ and players/<slug>/.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from site_gen.i18n import N_, Text
from site_gen.lookups import grouped
from site_gen.model import Column, CompetitionInfo, CompetitionSite, Page, RankReason, SearchEntry, Table
from site_gen.ranking import rank_reasons
from site_gen.rules.swiss_cut import bracket
from site_gen.rules.swiss_cut.live_day import live_pages
from site_gen.rules.swiss_cut.certainty import DECIDED, OUT, THROUGH, UNBOUNDED, CutOutlook
from site_gen.rules.swiss_cut.document import document
from site_gen.rules.swiss_cut.model import WINDS, Settings, TournamentData
from site_gen.rules.swiss_cut.player_pages import place_text, player_pages
from site_gen.rules.swiss_cut.scoring import RoundResult, TournamentResult
from site_gen.rules.swiss_cut.seating import METHOD, finalists, qualified
from site_gen.rules.swiss_cut.standings import Standings
from site_gen.slugs import unique_slugs
from site_gen.summary_table import full_table_page, summary_table

TEMPLATES = "swiss-cut"


@dataclass(frozen=True)
class Progress:
    status: str  # one line for the home page
    current: int | None  # the round seated or being played
    waiting: int | None  # the next round, not seated yet
    final_pending: bool  # every round played, the final not yet
    finished: bool


def progress(data: TournamentData, settings: Settings, result: TournamentResult) -> Progress:
    current = next((r.number for r in result.rounds if not r.played), None)
    if current is not None:
        started = result.round(current).scored > 0
        status = (Text(N_("round %(number)s in progress"), number=current) if started
                  else Text(N_("round %(number)s seated"), number=current))
        return Progress(status, current, None, False, False)
    if not result.rounds:
        return Progress(Text(N_("not started")), None, None, False, False)
    if result.last_played < settings.rounds:
        return Progress(Text(N_("round %(number)s to be seated"), number=result.last_played + 1), None,
                        result.last_played + 1, False, False)
    if result.final:
        return Progress(Text(N_("finished")), None, None, False, True)
    return Progress(Text(N_("final seated")) if data.final else Text(N_("final to be played")), None, None, True, False)


# --- tables ---------------------------------------------------------------------------------

SEAT_COLUMNS = (
    Column("wind", N_("Wind")),
    Column("player", N_("Player"), link_key="player_url"),
    Column("score", N_("Score"), numeric=True),
    Column("points", N_("MI"), numeric=True, decimals=2),  # the outcome first: what a phone shows
    Column("place", N_("Place"), csv_key="first_place"),  # "3–4" on the page: 3 and "Shared place" yes
    Column("place_points", N_("Place MI"), numeric=True, decimals=2),
    Column("limit_points", N_("Limit MI"), numeric=True),
    Column("scale_points", N_("Scale MI"), numeric=True),
    Column("penalty", N_("Penalty"), numeric=True),
)

# The keys of the standings after a round (spec step 2), named for "why this place"
STANDING_KEYS = (N_("MI"), N_("game score"), N_("mahjongs"), N_("the judge's order"))


def _seat_rows(round_result: RoundResult, urls: dict[str, str]) -> list[dict[str, Any]]:
    rows = []
    for table in round_result.tables:
        for s in table.seats:
            rows.append({
                "table": table.table, "wind": WINDS[s.wind] if s.wind < len(WINDS) else str(s.wind + 1),
                "player": s.player, "player_url": urls.get(s.player), "score": s.seat.score,
                "mahjongs": s.seat.mahjongs if s.scored else None, "limit_hands": s.seat.limit_hands if s.scored else None,
                "place": place_text(s.places), "first_place": s.places[0] if s.places else None,
                "shared_place": "" if s.places is None else "yes" if s.places[0] != s.places[1] else "no",
                "place_points": s.place_points, "limit_points": s.limit_points,
                "scale_points": s.scale_points, "penalty": s.seat.penalty if s.scored else None, "points": s.points,
            })
    return rows


def round_table(round_result: RoundResult, urls: dict[str, str]) -> Table:
    """Every seat of a round in one table: the round's CSV."""
    columns = (Column("table", N_("Table"), numeric=True),) + SEAT_COLUMNS[:3] + (
        Column("mahjongs", N_("Mahjongs"), numeric=True), Column("limit_hands", N_("Limit hands"), numeric=True),
    ) + SEAT_COLUMNS[3:]
    return Table(f"round-{round_result.number}",
                 Text(N_("Round %(number)s: seating and results"), number=round_result.number), columns,
                 _seat_rows(round_result, urls), csv_columns=(Column("shared_place", "Shared place"),))


def table_blocks(round_result: RoundResult, urls: dict[str, str]) -> list[Table]:
    """One small table per game table: how a player finds their seat and result."""
    rows = _seat_rows(round_result, urls)
    by_table = grouped((r["table"], r) for r in rows)  # one pass, not one per table
    blocks = []
    for table in round_result.tables:
        mine = by_table.get(table.table, [])
        total = table.score_sum
        note = "" if total in (None, 0) else Text(N_("The scores add up to %(total)s, not 0."), total=total)
        blocks.append(Table("", Text(N_("Table %(number)s"), number=table.table), SEAT_COLUMNS, mine, note=note))
    return blocks


def _target(settings: Settings, round_number: int):
    """What a cut leads to, as a reader says it: "round 5", or "the final"."""
    return Text(N_("the final")) if round_number > settings.rounds else Text(N_("round %(number)s"), number=round_number)


def _next_status(mark: str | None, decided: bool, target) -> Text | str:
    """The "Next" cell: once the cut is made, through, out or equal at the cut (the judge
    decides); before it, sure of the next stage, out of its reach, or nothing yet."""
    if decided:
        return (Text(N_("through to %(next)s"), next=target) if mark == THROUGH else
                Text(N_("out")) if mark == OUT else Text(N_("equal at the cut: the judge decides")))
    return (Text(N_("sure of %(next)s"), next=target) if mark == THROUGH else
            Text(N_("cannot reach %(next)s"), next=target) if mark == OUT else "")


def standings_table(settings: Settings, standings: Standings, data: TournamentData, urls: dict[str, str],
                    all_standings: dict[int, Standings], outlook: CutOutlook | None = None) -> Table:
    number = standings.after
    if number < settings.rounds:
        through = set(qualified(number + 1, data, settings, all_standings) or ())
        cut, what = settings.cut(number + 1), _target(settings, number + 1)
    else:
        through = set(finalists(settings, all_standings) or ())
        cut, what = settings.final_players, _target(settings, number + 1)
    # no cut into the next round: the column tells who is already sure of the next cut, or out of its reach
    ahead = outlook if cut is None and outlook is not None and outlook.how != UNBOUNDED else None
    judged = bool(data.judge_order) and any(r.judge for r in standings.rows)  # unknown to `standings` alone
    columns = (
        Column("rank", N_("Rank"), numeric=True),
        Column("player", N_("Player"), link_key="player_url"),
        Column("points", N_("MI"), numeric=True, decimals=2),
        Column("score", N_("Score"), numeric=True),
        Column("mahjongs", N_("Mahjongs"), numeric=True),
    ) + ((Column("judge", N_("Judge's order"), numeric=True),) if judged else ()) + (
        (Column("status", N_("Next")),) if cut is not None or ahead else ())  # no cut: everyone plays on
    judge_position = {p: i + 1 for i, p in enumerate(data.judge_order)}
    rows = []
    for r in standings.rows:
        if ahead is not None:
            status = _next_status(ahead.marks.get(r.player), ahead.how == DECIDED, _target(settings, ahead.leads_to))
        elif cut is not None:
            equal = outlook is not None and outlook.how == DECIDED and outlook.marks.get(r.player) is None
            status = _next_status(None if equal else THROUGH if r.player in through else OUT, True, what)
        else:
            status = ""
        rows.append({"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "points": r.points,
                     "score": r.score, "mahjongs": r.mahjongs, "judge": judge_position.get(r.player) if r.judge else None,
                     "status": status})
    note = N_("Ranked by MI, then score, then mahjongs, then the judge's order; players equal on all of them share a rank.")
    if cut is not None and cut < len(rows):
        note = Text(N_("Ranked by MI, then score, then mahjongs, then the judge's order; players equal on all of them "
                       "share a rank. The line under place %(cut)s is the cut: the best %(cut)s play %(next)s."),
                    cut=cut, next=what)
    elif outlook is not None and cut is None:
        note = Text(N_("%(ranking)s %(cut)s"), ranking=note, cut=_outlook_note(settings, outlook))
    sure = ({i for i, r in enumerate(rows) if ahead.marks.get(r["player"]) == THROUGH} if ahead is not None else
            {i for i, r in enumerate(rows) if r["player"] in through and cut is not None})
    return Table(f"standings-{number}", Text(N_("Standings after round %(number)s"), number=number), columns, rows,
                 highlighted=sure, note=note,
                 reasons=standing_reasons(standings.rows, len(data.judge_order)))


def _outlook_note(settings: Settings, outlook: CutOutlook):
    """Why the standings mark some players sure of the next cut, or mark nobody yet."""
    target = _target(settings, outlook.leads_to)
    if outlook.how == UNBOUNDED:
        return Text(N_("The best %(count)s after round %(last)s play %(next)s. A player's MI can still rise without "
                       "limit (there is no limit on limit hands), so nobody is marked sure of it before then."),
                    count=outlook.places, last=outlook.leads_to - 1, next=target)
    if outlook.how == DECIDED:
        return Text(N_("The best %(count)s after round %(last)s play %(next)s: that cut is made."),
                    count=outlook.places, last=outlook.leads_to - 1, next=target)
    return Text(N_("The best %(count)s after round %(last)s play %(next)s. Marked sure of it, or unable to reach it: "
                   "whatever happens in the %(left)s round(s) left (at most %(limit)s limit hands a round), "
                   "penalties aside."),
                count=outlook.places, last=outlook.leads_to - 1, next=target, left=outlook.rounds_left,
                limit=settings.max_limit_hands_per_round)


def _judge_position(listed: int):
    """The judge key (listed players count down from `listed`, 0: not listed) as a reader sees it."""
    return lambda key: Text(N_("listed %(position)s"), position=listed - key + 1) if key else Text(N_("not listed"))


def standing_reasons(rows, listed: int) -> dict[int, RankReason]:
    """Why each row of the standings after a round is above the next: MI, then score, then
    mahjongs, then the judge's order (players equal on all four share the place)."""
    return rank_reasons(rows, lambda r: r.keys, STANDING_KEYS, lambda r: r.player, (2, 0, 0, 0),
                        shown=(None, None, None, _judge_position(listed)))


def cut_line(settings: Settings, number: int, rows: int) -> tuple[int | None, str]:
    """(index of the last row above the cut, what the cut leads to) for the standings after round N."""
    cut, what = ((settings.cut(number + 1), Text(N_("round %(number)s"), number=number + 1)) if number < settings.rounds
                 else (settings.final_players, Text(N_("the final"))))
    if cut is None or cut >= rows:
        return None, ""
    return cut - 1, Text(N_("the best %(cut)s play %(next)s"), cut=cut, next=what)


def ranking_table(result: TournamentResult, urls: dict[str, str], listed: int = 0) -> Table:
    """The tournament ranking; `listed`: how many players the judge's order lists."""
    columns = (
        Column("rank", N_("Rank"), numeric=True),
        Column("player", N_("Player"), link_key="player_url"),
        Column("reached", N_("Reached")),
        Column("points", N_("MI"), numeric=True, decimals=2),
        Column("score", N_("Score"), numeric=True),
    )
    final = {f.player: f for f in result.final}
    rows = []
    for r in result.ranking:
        reached = Text(N_("final")) if r.reached == "final" else Text(N_("round %(number)s"), number=r.reached)
        points = r.standing.points if r.standing else None
        score = final[r.player].score if r.player in final else (r.standing.score if r.standing else None)
        rows.append({"rank": r.rank, "player": r.player, "player_url": urls.get(r.player), "reached": reached,
                     "points": points, "score": score})
    return Table("ranking", N_("Tournament ranking"), columns, rows,
                 note=N_("Finalists by the final (their score is the final's); the others by the standings after the "
                         "last round they played (MI and score up to it)."),
                 reasons=ranking_reasons(result, rows, listed))


def ranking_reasons(result: TournamentResult, rows: list[dict[str, Any]], listed: int) -> dict[int, RankReason]:
    """Finalists by their final places (see final_reasons); a finalist above everyone who
    left earlier; a later round reached above an earlier one; leavers of the same round by
    that round's standings keys."""
    final = final_reasons(result, [r.player for r in result.final])
    reasons: dict[int, RankReason] = {}
    ranking = result.ranking
    for i in range(len(ranking) - 1):
        a, b = ranking[i], ranking[i + 1]
        if a.reached == "final" and b.reached == "final":
            if i in final:
                reasons[i] = final[i]
        elif a.reached != b.reached:
            reasons[i] = RankReason(N_("stage reached"), rows[i]["reached"], rows[i + 1]["reached"], b.player)
        elif a.standing is not None and b.standing is not None:
            reasons[i] = standing_reasons((a.standing, b.standing), listed)[0]
    return reasons


def final_reasons(result: TournamentResult, names: list[str]) -> dict[int, RankReason]:
    """The final's places: the judge's word, else the final's score, equal scores by the
    standings after the last round."""
    rows = {f.player: f for f in result.final}
    reasons: dict[int, RankReason] = {}
    for i in range(len(names) - 1):
        a, b = rows.get(names[i]), rows.get(names[i + 1])
        if a is None or b is None:
            continue
        if a.by_judge:
            reasons[i] = RankReason(N_("the judge's places"), a.place, b.place, b.player, 0)
        elif a.score != b.score:
            reasons[i] = RankReason(N_("final score"), a.score, b.score, b.player, 0)
        else:
            reasons[i] = RankReason(N_("the standings after the last round"), None, None, b.player, 0,
                                    detail=Text(N_("(Equal scores in the final.)")))
    return reasons


def final_table(data: TournamentData, settings: Settings, result: TournamentResult, urls: dict[str, str]) -> Table:
    # the final's score (what its places come from, step 4) right after the player
    columns = (Column("place", N_("Place"), numeric=True), Column("player", N_("Player"), link_key="player_url"),
               Column("score", N_("Score"), numeric=True), Column("wind", N_("Wind")))
    seats = {s.player: (i, s) for i, s in enumerate(data.final)}
    names = [f.player for f in result.final] or [s.player for s in data.final] or list(finalists(settings, result.all_standings) or ())
    places = {f.player: f.place for f in result.final}
    rows = []
    for name in names:
        index, seat = seats.get(name, (names.index(name), None))
        rows.append({"place": places.get(name), "wind": WINDS[index] if index < len(WINDS) else "", "player": name,
                     "player_url": urls.get(name), "score": seat.score if seat else None})
    judged = any(f.by_judge for f in result.final)
    note = (N_("Places as the judge gave them.") if judged else
            N_("Places by the final's score; equal scores are ordered by the standings after the last round."))
    return Table("final", N_("Final"), columns, rows, note=note if result.final else "",
                 reasons=final_reasons(result, names) if result.final else {})


def next_table(players: list[tuple[int, str, str]], urls: dict[str, str], caption: str) -> Table:
    columns = (Column("table", N_("Table"), numeric=True), Column("wind", N_("Wind")),
               Column("player", N_("Player"), link_key="player_url"))
    rows = [{"table": t, "wind": w, "player": p, "player_url": urls.get(p)} for t, w, p in players]
    return Table("", caption, columns, rows, note=N_("Type your name in the filter box to find your table."))


# --- publish ----------------------------------------------------------------------------------


def _next_seating(data: TournamentData, settings: Settings, result: TournamentResult, state: Progress,
                  urls: dict[str, str]) -> Table | None:
    if state.current is not None:
        current = result.round(state.current)
        seats = [(t.table, WINDS[s.wind], s.player) for t in current.tables for s in t.seats]
        return next_table(seats, urls, Text(N_("Round %(number)s: seating"), number=state.current))
    if state.final_pending:
        names = [s.player for s in data.final] or list(finalists(settings, result.all_standings) or ())
        return next_table([(1, WINDS[i] if i < len(WINDS) else "", p) for i, p in enumerate(names)], urls, Text(N_("Final: seating")))
    return None


def publish(info: CompetitionInfo, settings: Settings, data: TournamentData, result: TournamentResult) -> CompetitionSite:
    base = f"{info.slug}/"
    names = [p.player for p in data.players]
    urls = {name: f"{base}players/{slug}/" for name, slug in unique_slugs(names, fallback="player").items()}
    state = progress(data, settings, result)
    cols = bracket.columns(data, settings, result)
    all_standings = result.all_standings
    rounds_url = {r.number: f"{base}rounds/{r.number}/" for r in result.rounds}
    standings_url = {n: f"{base}rounds/{n}/standings/" for n in all_standings}
    ranking = ranking_table(result, urls, len(data.judge_order))
    final = final_table(data, settings, result, urls)
    upcoming = _next_seating(data, settings, result, state, urls)
    # what every page shows (its navigation): the rounds' links, not the rounds, whose
    # results would make every page's digest change with any result (serve renders it again)
    common = {"settings": settings, "state": state, "rounds_url": rounds_url, "standings_url": standings_url,
              "base": base, "has_final": bool(data.final or result.final or state.final_pending)}
    round_tables = [round_table(r, urls) for r in result.rounds]
    standing_tables = {n: standings_table(settings, s, data, urls, all_standings, result.outlooks.get(n))
                       for n, s in sorted(all_standings.items())}
    ranking_url = f"{base}ranking/"
    pages = [
        Page(base, f"{TEMPLATES}/overview.html", info.name,
             {**common, "table": summary_table(ranking, SUMMARY_KEYS), "full_url": ranking_url, "upcoming": upcoming, "final_table": final, "result": result, "rounds": result.rounds,
              "csv": ["ranking"] + [t.slug for t in round_tables] + [t.slug for t in standing_tables.values()]
              + (["final"] if final.rows else [])}),
        full_table_page(ranking_url, info.name, ranking, common, TEMPLATES),
        Page(f"{base}rounds/", f"{TEMPLATES}/bracket.html", Text(N_("%(competition)s: bracket"), competition=info.name),
             {**common, "columns": cols, "urls": urls}),
        Page(f"{base}rounds/next/", f"{TEMPLATES}/next.html", Text(N_("%(competition)s: next round"), competition=info.name),
             {**common, "upcoming": upcoming, "final_table": final}),
        Page(f"{base}rounds/final/", f"{TEMPLATES}/final.html", Text(N_("%(competition)s: final"), competition=info.name),
             {**common, "final_table": final, "finished": bool(result.final)}),
        Page(f"{base}players/", f"{TEMPLATES}/players.html", Text(N_("%(competition)s: players"), competition=info.name),
             {**common, "players": [(p, urls[p.player]) for p in sorted(data.players, key=lambda p: p.player)]}),
    ]
    for round_result, table in zip(result.rounds, round_tables):
        n = round_result.number
        pages.append(Page(rounds_url[n], f"{TEMPLATES}/round.html", Text(N_("%(competition)s: round %(number)s"), competition=info.name, number=n),
                          {**common, "round": round_result, "blocks": table_blocks(round_result, urls), "csv": table.slug,
                           "method": METHOD if n == 1 else "", "seed": settings.seed}))
    for round_result in result.rounds:
        # the projector shows the standings the round was seated from, or after it once it is played
        after = [k for k in standing_tables if k <= round_result.number]
        pages += live_pages(info, round_result, rounds_url[round_result.number],
                            standing_tables[max(after)] if after else None, common)
    for n, table in standing_tables.items():
        line, label = cut_line(settings, n, len(table.rows))
        pages.append(Page(standings_url[n], f"{TEMPLATES}/standings.html", Text(N_("%(competition)s: standings after round %(number)s"),
                                                                                        competition=info.name, number=n),
                          {**common, "number": n, "table": table, "cut_after": line, "cut_label": label}))
    pages += player_pages(info, data, settings, result, cols, urls, common)
    search = [SearchEntry(info.name, base, "competition")] + [
        SearchEntry(name, url, "player", info.name) for name, url in sorted(urls.items())
    ]
    tables = [ranking, *round_tables, *standing_tables.values()] + ([final] if final.rows else [])
    return CompetitionSite(pages=pages, tables=tables, document=document(settings, result), search=search,
                           updated=None, status=state.status, summary=summary_table(ranking, SUMMARY_KEYS[:3], 8),
                           summary_url=ranking_url)


# The tournament ranking at a glance: what it goes by (step 5) and the MI (the overview; a
# home card, narrower, the first three)
SUMMARY_KEYS = ("rank", "player", "reached", "points")


def standings_table_for(settings: Settings, result: TournamentResult, stage: int | None) -> Table | None:
    """`site-gen standings`: the ranking, or with --stage N the standings after round N."""
    if stage is None:
        return ranking_table(result, {})
    standings = result.standings(stage)
    if standings is None:
        return None
    empty = TournamentData((), ())
    return standings_table(settings, standings, empty, {}, result.all_standings)
