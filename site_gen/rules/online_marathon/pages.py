"""The pages and tables an online marathon publishes (no rendering here: data only).

Words are English messages marked with N_() or Text(): the theme translates them into the
competition's language when it renders the page.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Iterator

from site_gen.csv_export import csv_file
from site_gen.i18n import N_, Text
from site_gen.lookups import grouped
from site_gen.model import Column, CompetitionInfo, CompetitionSite, Later, Page, SearchEntry, Table
from site_gen.ranking import rank_reasons
from site_gen.render.formatting import csv_value
from site_gen.rules.online_marathon.document import document
from site_gen.rules.online_marathon.history import recent_updates
from site_gen.rules.online_marathon.model import MarathonData
from site_gen.rules.online_marathon.scoring import MarathonResult, MarathonRow
from site_gen.rules.online_marathon.model import Settings, Stage
from site_gen.rules.online_marathon.stage import StageResult, StageRow
from site_gen.slugs import unique_slugs

TEMPLATES = "online-marathon"


# The ranking keys of the stage table (score, series game points, games: step 7) and of
# the marathon table (step 9), named for the "why this place" explanations.
STAGE_KEYS = (N_("score"), N_("best-series game points"), N_("games"))
MARATHON_KEYS = (N_("total norm rating"), N_("score sum"), N_("games"))


@cache  # a few distinct places (seats at a table), shown in the 400,000 rows of a large marathon's player pages
def _place(places: tuple[int, int]) -> str:
    return str(places[0]) if places[0] == places[1] else f"{places[0]}–{places[1]}"


def stage_name(stage: Stage) -> str:
    """The stage's name; the default "Stage N" (no `name` in competition.yaml) is translated."""
    return Text(N_("Stage %(number)s"), number=stage.number) if stage.name == f"Stage {stage.number}" else stage.name


def stage_table(result: StageResult, player_urls: dict[str, str]) -> Table:
    columns = (
        Column("rank", N_("Rank"), numeric=True),
        Column("player", N_("Player"), link_key="player_url"),
        Column("games", N_("Games"), numeric=True),
        Column("table_points", N_("TP"), numeric=True, decimals=2),
        Column("series_tp", N_("Series TP"), numeric=True, decimals=2),
        Column("series_gp", N_("Series GP"), numeric=True),
        Column("best_average", N_("Best average"), numeric=True),
        Column("stage_average", N_("Stage average"), numeric=True),
        Column("score", N_("Score"), numeric=True),
        Column("norm_rating", N_("NR"), numeric=True),
    )
    rows = [
        {
            "rank": r.rank,
            "player": r.player,
            "player_url": player_urls.get(r.player),
            "games": r.n,
            "table_points": r.table_points,
            "series_tp": r.series_table_points,
            "series_gp": r.series_game_points,
            "best_average": r.best_average,
            "stage_average": r.stage_average,
            "score": r.score,
            "norm_rating": r.norm_rating,
        }
        for r in result.rows
    ]
    caption = (N_("%(stage)s (%(first)s – %(last)s), provisional") if result.provisional
               else N_("%(stage)s (%(first)s – %(last)s)"))
    return Table(
        slug=f"stage-{result.stage.number}",
        caption=Text(caption, stage=stage_name(result.stage), first=result.stage.first, last=result.stage.last),
        columns=columns,
        rows=rows,
        highlighted={i for i, r in enumerate(result.rows) if not r.eligible},
        note=N_("Highlighted rows played fewer games than a norm rating needs; their NR is 0."),
        reasons=rank_reasons(result.rows, lambda r: r.keys, STAGE_KEYS, lambda r: r.player, (3, 0, 0)),
    )


def marathon_table(settings: Settings, rows: tuple[MarathonRow, ...], player_urls: dict[str, str]) -> Table:
    stage_cols = tuple(Column(f"nr{s.number}", Text(N_("NR %(stage)s"), stage=s.number), numeric=True)
                       for s in settings.stages)
    columns = (
        (Column("rank", N_("Rank"), numeric=True), Column("player", N_("Player"), link_key="player_url"))
        + stage_cols
        + (
            Column("total_norm_rating", N_("Total NR"), numeric=True),
            Column("score_sum", N_("Score sum"), numeric=True),
            Column("games", N_("Games"), numeric=True),
        )
    )
    table_rows, struck = [], set()
    for index, m in enumerate(rows):
        row: dict[str, Any] = {"rank": m.rank, "player": m.player, "player_url": player_urls.get(m.player)}
        for s in settings.stages:
            row[f"nr{s.number}"] = m.norm_ratings.get(s.number, "")
            if s.number in m.dropped:
                struck.add((index, f"nr{s.number}"))
        row.update(total_norm_rating=m.total_norm_rating, score_sum=m.score_sum, games=m.games)
        table_rows.append(row)
    return Table(
        "marathon",
        N_("Marathon standings"),
        columns,
        table_rows,
        struck=struck,
        note=N_("A struck-through NR is the dropped stage of a player who played in every stage."),
        reasons=rank_reasons(rows, lambda m: m.keys, MARATHON_KEYS, lambda m: m.player, (0, 3, 0)),
    )


GAMES_HEADER = ["game", "table", "started_at", "stage", "counted",
                *(f"{key}{seat}" for seat in range(1, 5) for key in ("player", "score", "tp"))]


def games_csv(result: MarathonResult) -> bytes:
    """games.csv: every game of the file with its stage, whether it counts, and each seat's
    player, game points and table points (empty for a disqualified game). Written row by
    row, not as a Table: 100,000 row dicts made for one export cost as much as the file.
    A table's few points patterns are shared tuples (places.shared_place_points), so each
    tuple's texts are worked out once, by identity, as the document's games rows do."""
    patterns = {id(g.table_points): g.table_points for g in result.games}
    texts = {key: tuple(map(csv_value, points)) for key, points in patterns.items()}
    no_points = ("",) * 4

    def rows() -> Iterator[tuple]:
        for g in result.games:
            game = g.game
            (p1, p2, p3, p4), (s1, s2, s3, s4) = game.players, g.game_points
            t1, t2, t3, t4 = no_points if g.disqualified else texts[id(g.table_points)]
            yield (game.id, game.table, game.started_at.isoformat(), "" if g.stage is None else g.stage,
                   "yes" if g.counted else "no", p1, s1, t1, p2, s2, t2, p3, s3, t3, p4, s4, t4)

    return csv_file(GAMES_HEADER, rows)


@dataclass(frozen=True)
class PlayerStage:
    """What a player's page shows of one stage: its page's inputs are these, not the whole
    result, so that `serve` can tell a page whose inputs did not change (Later's narrow)."""

    stage: Stage
    provisional: bool
    eligible: int  # N of the NR formula
    row: StageRow | None  # None: the player has no game in the stage
    nr_place: int | None  # P of the NR formula; None when not eligible


def player_stages(result: MarathonResult, nr_places: dict[int, dict[str, int]], player: str) -> tuple[PlayerStage, ...]:
    return tuple(PlayerStage(s.stage, s.provisional, s.eligible, s.row(player), nr_places[s.stage.number].get(player))
                 for s in result.stages)


# The columns of a player's games in a stage: the same for every such table, so made once
# (and page_cache pickles them once per page rather than once per stage)
PLAYER_GAME_COLUMNS = (
    Column("number", "#", numeric=True),
    Column("started_at", N_("Started")),
    Column("game", N_("Game")),
    Column("opponents", N_("Opponents")),
    Column("game_points", N_("Game points"), numeric=True),
    Column("place", N_("Place")),
    Column("table_points", N_("TP"), numeric=True, decimals=2),
)


def _player_stage(stage: PlayerStage, name: str, dropped: bool, settings: Settings) -> dict[str, Any]:
    """A stage the player has games in (stage.row is theirs); `name` is stage_name(stage.stage)."""
    row = stage.row
    zone = settings.stage_timezone
    rows = [
        {
            "number": number,
            "started_at": g.started_at.astimezone(zone),  # shown in the page's language
            "game": g.game_id,
            "opponents": ", ".join(g.opponents),
            "game_points": g.game_points,
            "place": _place(g.places),
            "table_points": g.table_points,
        }
        for number, g in enumerate(row.games, 1)
    ]
    table = Table(
        "",
        Text(N_("%(stage)s: games in order"), stage=name),
        PLAYER_GAME_COLUMNS,
        rows,
        highlighted=set(range(row.series_start, row.series_end)),
        note=N_("Highlighted rows are the best series."),
    )
    return {"stage": stage.stage, "name": name, "provisional": stage.provisional, "row": _figures(row),
            "dropped": dropped, "table": table, "series_length": settings.series_length,
            "divisor": max(row.n, settings.series_length), "series_first": row.series_start + 1,
            "series_last": row.series_end, **_norm_rating_terms(stage)}


def _figures(row: StageRow) -> dict[str, Any]:
    """What the page shows of a stage row, without its games: the page's table holds them,
    and a page's inputs are digested (page_cache), so once is enough."""
    figures = {**vars(row), "n": row.n}  # its fields (as stage.copy_row reads them), without dataclasses.fields per row
    del figures["games"]
    return figures


def norm_rating_places(stage: StageResult) -> dict[str, int]:
    """P of each eligible player: 1 + the eligible players with better keys. One pass over
    the stage's rows, which are in table order (best keys first)."""
    places: dict[str, int] = {}
    previous = None
    for row in (r for r in stage.rows if r.eligible):
        if previous is None or row.keys != previous.keys:
            place = len(places) + 1
        places[row.player] = place
        previous = row
    return places


def _norm_rating_terms(stage: PlayerStage) -> dict[str, Any]:
    """N, P and the unrounded 1000·(N − P)/(N − 1) of a player's NR (step 8)."""
    if not stage.row.eligible:
        return {"nr_n": stage.eligible, "nr_p": None, "nr_exact": None}
    n, p = stage.eligible, stage.nr_place
    return {"nr_n": n, "nr_p": p, "nr_exact": Fraction(1000 * (n - p), n - 1) if n > 1 else None}


def drop_reasons(m: MarathonRow, stages: tuple[PlayerStage, ...]) -> list[Text]:
    """Why each dropped stage was dropped (step 9): the key on which it came last among the
    stages still counted, against the lowest stage that stays."""
    rows = {s.stage.number: (s, s.row) for s in stages if s.row is not None}
    # the order in which step 9 drops stages: lowest NR, lowest score, fewer games, later stage
    order = sorted(rows, key=lambda k: (rows[k][1].norm_rating, rows[k][1].score, rows[k][1].n, -k))
    kept = [k for k in order if k not in m.dropped]
    if not m.dropped or not kept:
        return []
    other_stage, other = rows[kept[0]]
    reasons = []
    for number in (k for k in order if k in m.dropped):
        stage, row = rows[number]
        names = {"stage": stage_name(stage.stage), "other": stage_name(other_stage.stage)}
        if row.norm_rating != other.norm_rating:
            reasons.append(Text(N_("%(stage)s is dropped: its norm rating %(value)s is lower than %(other_value)s in %(other)s."),
                                value=row.norm_rating, other_value=other.norm_rating, **names))
        elif row.score != other.score:
            reasons.append(Text(N_("%(stage)s is dropped: its norm rating equals that of %(other)s, and its score %(value)s is lower than %(other_value)s."),
                                value=row.score, other_value=other.score, **names))
        elif row.n != other.n:
            reasons.append(Text(N_("%(stage)s is dropped: its norm rating and score equal those of %(other)s, and it has fewer games, %(value)s to %(other_value)s."),
                                value=row.n, other_value=other.n, **names))
        else:
            reasons.append(Text(N_("%(stage)s is dropped: equal to %(other)s on norm rating, score and games, it is the later stage."),
                                **names))
    return reasons


def sanctions_by_player(data: MarathonData) -> dict[str, list[dict[str, Any]]]:
    """The sanctions that touched each player, with their reasons, in the order of
    sanctions.yaml's lists: one pass over the games and the sanctions, not one per player."""
    return grouped(_sanctions(data))


def _sanctions(data: MarathonData) -> Iterator[tuple[str, dict[str, Any]]]:
    """(player, what touched them and why) for every sanction, in the file's order."""
    s = data.sanctions
    disqualified = {d.game for d in s.disqualified_games}
    seated = grouped((g.id, player) for g in data.games if g.id in disqualified for player in g.players)
    for d in s.disqualified_games:
        for player in sorted(set(seated.get(d.game, ()))):
            yield player, {"what": Text(N_("Game %(game)s disqualified"), game=d.game), "reason": d.reason}
    for d in s.disqualified_players:
        yield d.player, {"what": Text(N_("Disqualified from %(first)s to %(last)s"), first=d.first, last=d.last) if d.last
                         else Text(N_("Disqualified from %(first)s"), first=d.first), "reason": d.reason}
    for p in s.game_penalties:
        yield p.player, {"what": Text(N_("−%(points)s game points in game %(game)s"), points=p.game_points, game=p.game),
                         "reason": p.reason}
    for p in s.stage_penalties:
        if p.game_points and p.table_points:
            what = Text(N_("Stage %(stage)s: −%(game_points)s game points, −%(table_points)s table points"),
                        stage=p.stage, game_points=p.game_points, table_points=p.table_points)
        elif p.game_points:
            what = Text(N_("Stage %(stage)s: −%(game_points)s game points"), stage=p.stage, game_points=p.game_points)
        else:
            what = Text(N_("Stage %(stage)s: −%(table_points)s table points"), stage=p.stage, table_points=p.table_points)
        yield p.player, {"what": what, "reason": p.reason}


@dataclass(frozen=True)
class StageSummary:
    """A stage as the navigation and the overview show it."""

    stage: Stage
    players: int
    eligible: int
    provisional: bool


def publish(info: CompetitionInfo, settings: Settings, data: MarathonData, result: MarathonResult) -> CompetitionSite:
    base = f"{info.slug}/"
    slugs = unique_slugs([m.player for m in result.marathon], fallback="player")
    player_urls = {name: f"{base}players/{slug}/" for name, slug in slugs.items()}
    marathon = marathon_table(settings, result.marathon, player_urls)
    stage_tables = [stage_table(s, player_urls) for s in result.stages]
    stage_urls = {s.stage.number: f"{base}stages/{s.stage.number}/" for s in result.stages}
    stage_names = {s.stage.number: stage_name(s.stage) for s in result.stages}
    # every page gets the stages' summaries, never their results: a page's inputs are what
    # it shows, so a changed game renders again only the pages that show it (page_cache)
    summaries = tuple(StageSummary(s.stage, len(s.rows), s.eligible, s.provisional) for s in result.stages)
    common = {"settings": settings, "stage_urls": stage_urls, "stage_names": stage_names, "stages": summaries,
              "calendar_url": f"{base}calendar.ics"}
    pages = [
        Page(base, f"{TEMPLATES}/overview.html", info.name,
             {**common, "table": marathon, "updated": result.updated, "csv": ["marathon", "games"]
              + [t.slug for t in stage_tables]}),
        Page(f"{base}players/", f"{TEMPLATES}/players.html", Text(N_("%(competition)s: players"), competition=info.name),
             {**common, "players": sorted(player_urls.items())}),
        Page(f"{base}calendar.ics", "calendar.ics", info.name,
             {"events": _calendar_events(info, settings, stage_urls), "stamp": _stamp(settings, result)}),
    ]
    for stage, summary, table in zip(result.stages, summaries, stage_tables):
        pages.append(Page(stage_urls[stage.stage.number], f"{TEMPLATES}/stage.html",
                          Text(N_("%(competition)s: %(stage)s"), competition=info.name, stage=stage_name(stage.stage)),
                          {**common, "stage": summary, "table": table}))
    nr_places = {s.stage.number: norm_rating_places(s) for s in result.stages}
    sanctions = sanctions_by_player(data)
    for m in result.marathon:
        pages.append(Page(player_urls[m.player], f"{TEMPLATES}/player.html", f"{m.player} — {info.name}",
                          {**common, "player": m.player, "marathon": m},
                          Later(_player_context, m, settings, player_stages(result, nr_places, m.player),
                                sanctions.get(m.player, []), narrow=True)))
    search = [SearchEntry(info.name, base, "competition")] + [
        SearchEntry(name, url, "player", info.name) for name, url in sorted(player_urls.items())
    ]
    return CompetitionSite(
        pages=pages,
        tables=[marathon, *stage_tables],
        exports={"games.csv": Later(games_csv, result)},
        document=Later(document, settings, result),
        search=search,
        updated=result.updated,
        status=_status(settings, result),
        summary=_top(marathon, 10),
        updates=Later(recent_updates, data, settings, result),
    )


def _player_context(m: MarathonRow, settings: Settings, stages: tuple[PlayerStage, ...],
                    sanctions: list[dict[str, Any]]) -> dict[str, Any]:
    """A player page's stages, chart, drops and sanctions."""
    names = [stage_name(s.stage) for s in stages]  # made once: the page shows each two or three times
    per_stage = [_player_stage(s, name, s.stage.number in m.dropped, settings)
                 for s, name in zip(stages, names) if s.row is not None]
    chart = [(str(s.stage.number), m.norm_ratings.get(s.stage.number), s.stage.number in m.dropped, name)
             for s, name in zip(stages, names)]
    return {"per_stage": per_stage, "chart": chart, "drop_reasons": drop_reasons(m, stages), "sanctions": sanctions}


def _calendar_events(info: CompetitionInfo, settings: Settings, stage_urls: dict[int, str]) -> list[dict[str, Any]]:
    """Each stage's window: from its first day's midnight to the midnight after its last
    day, in the stage time zone (the days that decide a game's stage)."""
    zone = settings.stage_timezone
    return [
        {"uid": f"{info.slug}-stage-{s.number}",
         "start": dt.datetime.combine(s.first, dt.time(0), zone),
         "end": dt.datetime.combine(s.last + dt.timedelta(days=1), dt.time(0), zone),
         "summary": Text(N_("%(competition)s: %(stage)s"), competition=info.name, stage=stage_name(s)),
         "url": stage_urls.get(s.number)}
        for s in settings.stages
    ]


def _stamp(settings: Settings, result: MarathonResult) -> dt.date:
    """The calendar's DTSTAMP: the day of the newest result, else the marathon's first day."""
    return result.updated or settings.period.first


def _top(table: Table, count: int) -> Table:
    return Table("", table.caption, table.columns, table.rows[:count],
                 struck={(i, k) for i, k in table.struck if i < count},
                 reasons={i: r for i, r in table.reasons.items() if i < count})


def _status(settings: Settings, result: MarathonResult) -> str:
    if result.updated is None:
        return N_("not started")
    running = [s for s in result.stages if s.provisional and s.rows]
    if running:
        return Text(N_("in progress: %(stage)s (provisional)"), stage=stage_name(running[-1].stage))
    return N_("finished") if result.updated >= settings.stages[-1].last else N_("in progress")


def standings_table(settings: Settings, result: MarathonResult, stage: int | None) -> Table | None:
    slugs = {}
    if stage is None:
        return marathon_table(settings, result.marathon, slugs)
    if not 1 <= stage <= len(result.stages):
        return None
    return stage_table(result.stages[stage - 1], slugs)


