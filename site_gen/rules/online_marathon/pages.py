"""The pages and tables an online marathon publishes (no rendering here: data only).

Words are English messages marked with N_() or Text(): the theme translates them into the
competition's language when it renders the page.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from site_gen.i18n import N_, Text
from site_gen.model import Column, CompetitionInfo, CompetitionSite, Later, Page, SearchEntry, Table
from site_gen.ranking import rank_reasons
from site_gen.rules.online_marathon.exports import games_csv, standings_document
from site_gen.rules.online_marathon.history import recent_updates
from site_gen.rules.online_marathon.model import MarathonData, Settings, Stage
from site_gen.rules.online_marathon.player_page import (
    norm_rating_places,
    player_context,
    player_stages,
    sanctions_by_player,
    stage_name,
)
from site_gen.rules.online_marathon.scoring import MarathonResult, MarathonRow
from site_gen.rules.online_marathon.stage import StageResult
from site_gen.slugs import unique_slugs
from site_gen.summary_table import full_table_page, summary_table

TEMPLATES = "online-marathon"


# The ranking keys of the stage table (score, series game points, games: step 7) and of
# the marathon table (step 9), named for the "why this place" explanations.
STAGE_KEYS = (N_("score"), N_("best-series game points"), N_("games"))
MARATHON_KEYS = (N_("total norm rating"), N_("score sum"), N_("games"))


def stage_table(result: StageResult, player_urls: dict[str, str]) -> Table:
    columns = (
        Column("rank", N_("Rank"), numeric=True),
        Column("player", N_("Player"), link_key="player_url"),
        # what the table is ranked by (step 7) right after the player, then the NR it gives
        Column("score", N_("Score"), numeric=True),
        Column("norm_rating", N_("NR"), numeric=True),
        Column("games", N_("Games"), numeric=True),
        Column("table_points", N_("TP"), numeric=True, decimals=2),
        Column("series_tp", N_("Series TP"), numeric=True, decimals=2),
        Column("series_gp", N_("Series GP"), numeric=True),
        Column("best_average", N_("Best average"), numeric=True),
        Column("stage_average", N_("Stage average"), numeric=True),
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
    # what the table is ranked by (step 9) right after the player, then the stages it adds up
    columns = (
        (Column("rank", N_("Rank"), numeric=True), Column("player", N_("Player"), link_key="player_url"),
         Column("total_norm_rating", N_("Total NR"), numeric=True))
        + stage_cols
        + (
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
        row.update(total_norm_rating=m.total_norm_rating, score_sum=m.score_sum, games=m.games,
                   dropped_stages=" ".join(map(str, m.dropped)))
        table_rows.append(row)
    return Table(
        "marathon",
        N_("Marathon standings"),
        columns,
        table_rows,
        struck=struck,
        note=N_("A struck-through NR is the dropped stage of a player who played in every stage."),
        reasons=rank_reasons(rows, lambda m: m.keys, MARATHON_KEYS, lambda m: m.player, (0, 3, 0)),
        csv_columns=(Column("dropped_stages", "Dropped stages"),),  # the stage numbers, as standings.json's
    )


# The marathon table at a glance: what it is ranked by and the games (the overview; a home
# card, narrower, the first three)
SUMMARY_KEYS = ("rank", "player", "total_norm_rating", "games")


def _details(data: MarathonData, player: str) -> str:
    """What players.csv says of a player, as a reader reads it under the nick (which stays
    the link): "Anna Rossi · Italy · Roma", or '' for a player it does not list."""
    found = data.players.get(player, {})
    return " · ".join(found[key] for key in ("name", "country", "city") if found.get(key))


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
    standings_url = f"{base}standings/"
    pages = [
        Page(base, f"{TEMPLATES}/overview.html", info.name,
             {**common, "table": summary_table(marathon, SUMMARY_KEYS), "full_url": standings_url,
              "updated": result.updated, "csv": ["marathon", "games"] + [t.slug for t in stage_tables]}),
        full_table_page(standings_url, info.name, marathon, common, TEMPLATES),
        Page(f"{base}players/", f"{TEMPLATES}/players.html", Text(N_("%(competition)s: players"), competition=info.name),
             {**common, "players": [(name, url, _details(data, name)) for name, url in sorted(player_urls.items())]}),
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
        stages, touched = player_stages(result, nr_places, m.player), sanctions.get(m.player, [])
        # the page's games tables are worked out where it is rendered (a worker, with --jobs)
        pages.append(Page(player_urls[m.player], f"{TEMPLATES}/player.html", f"{m.player} — {info.name}",
                          {**common, "player": m.player, "marathon": m, "details": _details(data, m.player)},
                          Later(player_context, m, settings, stages, touched)))
    search = [SearchEntry(info.name, base, "competition")] + [
        SearchEntry(name, url, "player", info.name) for name, url in sorted(player_urls.items())
    ]
    return CompetitionSite(
        pages=pages,
        tables=[marathon, *stage_tables],
        exports={"games.csv": Later(games_csv, result)},
        document=Later(standings_document, result),
        search=search,
        updated=result.updated,
        status=_status(settings, result),
        summary=summary_table(marathon, SUMMARY_KEYS[:3], 10),
        summary_url=standings_url,
        updates=Later(recent_updates, data, settings, result),  # the feed's
    )


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


