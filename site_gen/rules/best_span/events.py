"""The direct events: one page per direct lobby with its games and its results."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from site_gen.i18n import N_, Text
from site_gen.model import Column, CompetitionInfo, Page, Table
from site_gen.ranking import rank_desc, rank_reasons
from site_gen.rules.best_span.model import NO_NAME, Settings
from site_gen.rules.best_span.scoring import BestSpanResult, GameOutcome
from site_gen.slugs import unique_slugs

PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
KIND_WORDS = {"direct": Text(N_("direct")), "plain": Text(N_("plain")), "red": Text(N_("red"))}


def _games_table(lobby: str, games: list[GameOutcome], player_urls: dict[str, str]) -> Table:
    columns = (Column("when", N_("Played (JST)")), Column("rule", N_("Rule")), Column("kind", N_("Counts as"))) + tuple(
        c for i in range(1, 5) for c in (Column(f"p{i}", PLACES[i - 1]),
                                         Column(f"s{i}", N_("Score"), numeric=True, decimals=1)))
    rows = []
    for o in games:
        g = o.game
        row: dict[str, Any] = {"when": f"{g.day.isoformat()} {g.time}", "rule": g.rule,
                               "kind": Text(N_("%(kind)s: not counted"), kind=o.removed_by.kind) if o.removed_by
                               else KIND_WORDS.get(o.kind, o.kind)}
        for i, (name, score) in enumerate(zip(g.players, g.scores), start=1):
            row[f"p{i}"], row[f"s{i}"] = name, Fraction(score, 10)
        rows.append(row)
    return Table("", Text(N_("Games in lobby %(lobby)s"), lobby=lobby), columns, rows,
                 highlighted={i for i, o in enumerate(games) if o.removed_by},
                 note=N_("Highlighted: removed or void games. A game inside an open window counts as plain."))


def _results_table(slug: str, lobby: str, games: list[GameOutcome], settings: Settings,
                   player_urls: dict[str, str]) -> Table:
    totals: dict[str, dict[str, Any]] = {}
    for o in games:
        if not o.counted:
            continue
        for seat, name in enumerate(o.game.players):
            if name == NO_NAME:
                continue
            row = totals.setdefault(name, {"player": name, "player_url": player_urls.get(name), "games": 0,
                                           "points": None, "score": 0, "places": [0, 0, 0, 0]})
            row["games"] += 1
            row["score"] += o.game.scores[seat]  # tenths, in integers: a Fraction once per row below
            row["places"][seat] += 1
    # (points, score) as whole numbers in the same order: the sort compares ints, not Fractions
    scale = math.lcm(*(p.denominator for p in settings.place_points))
    units = [int(p * scale) for p in settings.place_points]
    order: dict[str, tuple[int, int]] = {}
    for row in totals.values():
        order[row["player"]] = (sum(n * u for n, u in zip(row["places"], units)), row["score"])
        row["points"] = sum((n * p for n, p in zip(row["places"], settings.place_points)), Fraction(0))
        row["score"] = Fraction(row["score"], 10)
    ranked = rank_desc(list(totals.values()), keys=lambda r: order[r["player"]], name=lambda r: r["player"])
    rows = [{**r.item, "rank": r.rank, **{f"place{i + 1}": c for i, c in enumerate(r.item["places"])}}
            for r in ranked]
    for row in rows:
        del row["places"]
    decimals = 0 if all(p.denominator == 1 for p in settings.place_points) else 2
    # what the results go by (points, then the score total) right after the player
    columns = (Column("rank", N_("Rank"), numeric=True), Column("player", N_("Player"), link_key="player_url"),
               Column("points", N_("Points"), numeric=True, decimals=decimals),
               Column("score", N_("Score total"), numeric=True, decimals=1), Column("games", N_("Games"), numeric=True)) + tuple(
        Column(f"place{i}", label, numeric=True) for i, label in enumerate(PLACES, start=1))
    reasons = rank_reasons(rows, lambda r: (r["points"], r["score"]), (N_("points"), N_("score total")),
                           lambda r: r["player"], (decimals, 1))
    return Table(f"event-{slug}", Text(N_("Results of lobby %(lobby)s"), lobby=lobby), columns, rows,
                 note=N_("Place points of the counted games in this lobby; ties go to the score total."), reasons=reasons)


def event_pages(info: CompetitionInfo, settings: Settings, result: BestSpanResult, player_urls: dict[str, str],
                templates: str) -> tuple[list[Page], list[Table], list[tuple[str, str]]]:
    """(pages, CSV tables, [(lobby, url)]) for every lobby in direct_lobbies."""
    slugs = unique_slugs(list(settings.direct_lobbies), fallback="lobby")
    pages, tables, links = [], [], []
    by_lobby: dict[str, list[GameOutcome]] = {lobby: [] for lobby in settings.direct_lobbies}
    for o in result.direct:
        by_lobby[o.game.lobby].append(o)
    for lobby in settings.direct_lobbies:
        games = by_lobby[lobby]
        url = f"{info.slug}/events/{slugs[lobby]}/"
        results = _results_table(slugs[lobby], lobby, games, settings, player_urls)
        pages.append(Page(url, f"{templates}/event.html", Text(N_("%(competition)s: lobby %(lobby)s"),
                                                                competition=info.name, lobby=lobby), {
            "lobby": lobby, "results": results, "games": _games_table(lobby, games, player_urls),
            "direct": sum(1 for o in games if o.counted and o.kind == "direct"),
            "plain": sum(1 for o in games if o.counted and o.kind == "plain"),
        }))
        tables.append(results)
        links.append((lobby, url))
    if links:
        pages.append(Page(f"{info.slug}/events/", f"{templates}/events.html",
                          Text(N_("%(competition)s: direct events"), competition=info.name), {}))
    return pages, tables, links
