"""The pages and tables an online marathon publishes (no rendering here: data only)."""

from __future__ import annotations


from typing import Any

from site_gen.model import Column, CompetitionInfo, CompetitionSite, Page, SearchEntry, Table
from site_gen.rules.online_marathon.document import document
from site_gen.rules.online_marathon.model import MarathonData
from site_gen.rules.online_marathon.scoring import MarathonResult, MarathonRow, StageResult, StageRow
from site_gen.rules.online_marathon.model import Settings
from site_gen.slugs import unique_slugs

TEMPLATES = "online-marathon"


def _place(places: tuple[int, int]) -> str:
    return str(places[0]) if places[0] == places[1] else f"{places[0]}–{places[1]}"


def stage_table(result: StageResult, player_urls: dict[str, str]) -> Table:
    columns = (
        Column("rank", "Rank", numeric=True),
        Column("player", "Player", link_key="player_url"),
        Column("games", "Games", numeric=True),
        Column("table_points", "TP", numeric=True, decimals=2),
        Column("series_tp", "Series TP", numeric=True, decimals=2),
        Column("series_gp", "Series GP", numeric=True),
        Column("best_average", "Best average", numeric=True),
        Column("stage_average", "Stage average", numeric=True),
        Column("score", "Score", numeric=True),
        Column("norm_rating", "NR", numeric=True),
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
    return Table(
        slug=f"stage-{result.stage.number}",
        caption=f"{result.stage.name} ({result.stage.first} – {result.stage.last})"
        + (" — provisional" if result.provisional else ""),
        columns=columns,
        rows=rows,
        highlighted={i for i, r in enumerate(result.rows) if not r.eligible},
        note="Highlighted rows played fewer games than a norm rating needs; their NR is 0.",
    )


def marathon_table(settings: Settings, rows: tuple[MarathonRow, ...], player_urls: dict[str, str]) -> Table:
    stage_cols = tuple(Column(f"nr{s.number}", f"NR {s.number}", numeric=True) for s in settings.stages)
    columns = (
        (Column("rank", "Rank", numeric=True), Column("player", "Player", link_key="player_url"))
        + stage_cols
        + (
            Column("total_norm_rating", "Total NR", numeric=True),
            Column("score_sum", "Score sum", numeric=True),
            Column("games", "Games", numeric=True),
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
        "Marathon standings",
        columns,
        table_rows,
        struck=struck,
        note="A struck-through NR is the dropped stage of a player who played in every stage.",
    )


def games_table(result: MarathonResult) -> Table:
    columns = (
        Column("game", "Game"),
        Column("table", "Table"),
        Column("started_at", "Started"),
        Column("stage", "Stage", numeric=True),
        Column("counted", "Counted"),
    ) + tuple(
        c
        for i in range(1, 5)
        for c in (
            Column(f"player{i}", f"Player {i}"),
            Column(f"score{i}", f"Score {i}", numeric=True),
            Column(f"tp{i}", f"TP {i}", numeric=True, decimals=2),
        )
    )
    rows = []
    for g in result.games:
        row: dict[str, Any] = {
            "game": g.game.id,
            "table": g.game.table,
            "started_at": g.game.started_at.isoformat(),
            "stage": g.stage if g.stage is not None else "",
            "counted": "yes" if g.counted else "no",
        }
        for i, player in enumerate(g.game.players, start=1):
            row[f"player{i}"] = player
            row[f"score{i}"] = g.game_points[i - 1]
            row[f"tp{i}"] = "" if g.disqualified else g.table_points[i - 1]
        rows.append(row)
    return Table("games", "All games", columns, rows)


def _player_stage(stage: StageResult, row: StageRow, dropped: bool, settings: Settings) -> dict[str, Any]:
    columns = (
        Column("number", "#", numeric=True),
        Column("started_at", "Started"),
        Column("game", "Game"),
        Column("opponents", "Opponents"),
        Column("game_points", "Game points", numeric=True),
        Column("place", "Place"),
        Column("table_points", "TP", numeric=True, decimals=2),
    )
    rows = [
        {
            "number": i + 1,
            "started_at": g.started_at.astimezone(settings.stage_timezone).strftime("%Y-%m-%d %H:%M"),
            "game": g.game_id,
            "opponents": ", ".join(g.opponents),
            "game_points": g.game_points,
            "place": _place(g.places),
            "table_points": g.table_points,
        }
        for i, g in enumerate(row.games)
    ]
    table = Table(
        "",
        f"{stage.stage.name}: games in order",
        columns,
        rows,
        highlighted=set(range(row.series_start, row.series_end)),
        note="Highlighted rows are the best series.",
    )
    return {"stage": stage.stage, "provisional": stage.provisional, "row": row, "dropped": dropped, "table": table,
            "series_length": settings.series_length, "divisor": max(row.n, settings.series_length)}


def _sanctions_of(player: str, data: MarathonData) -> list[dict[str, str]]:
    s = data.sanctions
    found = [
        {"what": f"Game {d.game} disqualified", "reason": d.reason}
        for d in s.disqualified_games
        if any(g.id == d.game and player in g.players for g in data.games)
    ]
    found += [
        {"what": f"Disqualified from {d.first}" + (f" to {d.last}" if d.last else ""), "reason": d.reason}
        for d in s.disqualified_players
        if d.player == player
    ]
    found += [
        {"what": f"−{p.game_points} game points in game {p.game}", "reason": p.reason}
        for p in s.game_penalties
        if p.player == player
    ]
    for p in s.stage_penalties:
        if p.player == player:
            parts = [f"−{p.game_points} game points"] * bool(p.game_points) + [f"−{p.table_points} table points"] * bool(p.table_points)
            found.append({"what": f"Stage {p.stage}: " + ", ".join(parts), "reason": p.reason})
    return found


def publish(info: CompetitionInfo, settings: Settings, data: MarathonData, result: MarathonResult) -> CompetitionSite:
    base = f"{info.slug}/"
    slugs = unique_slugs([m.player for m in result.marathon], fallback="player")
    player_urls = {name: f"{base}players/{slug}/" for name, slug in slugs.items()}
    marathon = marathon_table(settings, result.marathon, player_urls)
    stage_tables = [stage_table(s, player_urls) for s in result.stages]
    stage_urls = {s.stage.number: f"{base}stages/{s.stage.number}/" for s in result.stages}
    common = {"settings": settings, "stage_urls": stage_urls, "stages": result.stages}
    pages = [
        Page(base, f"{TEMPLATES}/overview.html", info.name,
             {**common, "table": marathon, "updated": result.updated, "csv": ["marathon", "games"]
              + [t.slug for t in stage_tables]}),
        Page(f"{base}players/", f"{TEMPLATES}/players.html", f"{info.name}: players",
             {**common, "players": sorted(player_urls.items())}),
    ]
    for stage, table in zip(result.stages, stage_tables):
        pages.append(Page(stage_urls[stage.stage.number], f"{TEMPLATES}/stage.html",
                          f"{info.name}: {stage.stage.name}", {**common, "stage": stage, "table": table}))
    for m in result.marathon:
        per_stage = [
            _player_stage(s, s.row(m.player), s.stage.number in m.dropped, settings)
            for s in result.stages
            if s.row(m.player) is not None
        ]
        chart = [(str(s.stage.number), m.norm_ratings.get(s.stage.number), s.stage.number in m.dropped)
                 for s in result.stages]
        pages.append(Page(player_urls[m.player], f"{TEMPLATES}/player.html", f"{m.player} — {info.name}",
                          {**common, "player": m.player, "marathon": m, "per_stage": per_stage, "chart": chart,
                           "sanctions": _sanctions_of(m.player, data)}))
    search = [SearchEntry(info.name, base, "competition")] + [
        SearchEntry(name, url, "player", info.name) for name, url in sorted(player_urls.items())
    ]
    return CompetitionSite(
        pages=pages,
        tables=[marathon, *stage_tables, games_table(result)],
        document=document(settings, result),
        search=search,
        updated=result.updated,
        status=_status(settings, result),
        summary=_top(marathon, 10),
    )


def _top(table: Table, count: int) -> Table:
    return Table("", table.caption, table.columns, table.rows[:count],
                 struck={(i, k) for i, k in table.struck if i < count})


def _status(settings: Settings, result: MarathonResult) -> str:
    if result.updated is None:
        return "not started"
    running = [s for s in result.stages if s.provisional and s.rows]
    if running:
        return f"in progress: {running[-1].stage.name} (provisional)"
    return "finished" if result.updated >= settings.stages[-1].last else "in progress"


def standings_table(settings: Settings, result: MarathonResult, stage: int | None) -> Table | None:
    slugs = {}
    if stage is None:
        return marathon_table(settings, result.marathon, slugs)
    if not 1 <= stage <= len(result.stages):
        return None
    return stage_table(result.stages[stage - 1], slugs)


