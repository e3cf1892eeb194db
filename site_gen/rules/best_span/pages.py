"""The pages and tables a best-span competition publishes (data only, no rendering)."""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate, count
from operator import attrgetter
from typing import Any

from site_gen.i18n import N_, Text
from site_gen.model import Column, CompetitionInfo, CompetitionSite, Later, Page, SearchEntry, Table
from site_gen.ranking import rank_reasons
from site_gen.rules.best_span.document import document
from site_gen.rules.best_span.events import event_pages
from site_gen.rules.best_span.model import KINDS, BestSpanData, Game, Settings

# the kinds of game (model.KINDS) as column labels and as cell words
KIND_LABELS = {"direct": N_("Direct"), "plain": N_("Plain"), "red": N_("Red")}
KIND_WORDS = {"direct": Text(N_("direct")), "plain": Text(N_("plain")), "red": Text(N_("red"))}
from site_gen.rules.best_span.scoring import BestSpanResult, PlayerResult
from site_gen.slugs import unique_slugs
from site_gen.summary_table import full_table_page, summary_table

TEMPLATES = "best-span"
PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))

# The standings keys (PlayerResult.keys), named for "why this place"
STANDINGS_KEYS = (N_("best span"), N_("span weight"), N_("points"), N_("weighted games"))

_DAY = attrgetter("day")
CLOCK = tuple(f"{hour:02d}:{minute:02d}" for hour in range(24) for minute in range(60))  # Game.time by minute of day


def when(game: Game) -> str:
    return f"{game.day.isoformat()} {CLOCK[game.hour * 60 + game.minute]}"


def plain_number(value: Fraction) -> str:
    """4 for a whole number, else its decimals as the organiser wrote them (0.5)."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}" if (value * 10**6).denominator == 1 else str(value)


def hundredths(value: int) -> Fraction:
    return Fraction(value, 100)


def point_decimals(settings: Settings) -> int:
    """Points are whole with whole place points: show them so."""
    return 0 if all(p.denominator == 1 for p in settings.place_points) else 2


def shown_points(points: int | Fraction | None, decimals: int) -> int | Fraction | None:
    """Points as their column shows them: a whole sum (an int, seats.py) shown with the
    column's decimals beside the fractional ones ("1177.00", not "1177")."""
    return Fraction(points) if decimals and points is not None else points


def standings_rows(settings: Settings, result: BestSpanResult, player_urls: dict[str, str]) -> Table:
    decimals = point_decimals(settings)
    columns = (
        Column("rank", N_("Rank"), numeric=True),
        Column("player", N_("Player"), link_key="player_url"),
        # what the standings go by (step 5): the span's weight, and for players without a
        # span the points collected, then the games
        Column("weight", N_("Span weight"), numeric=True, decimals=2),
        Column("points", N_("Points"), numeric=True, decimals=decimals),
        Column("games", N_("Games"), numeric=True),
        Column("first", N_("Span from")),
        Column("last", N_("Span to")),
        Column("span_games", N_("Games in span"), numeric=True),
        Column("span_points", N_("Points in span"), numeric=True, decimals=decimals),
        Column("wraps", N_("Wraps")),
        Column("red_ignored", N_("Red ignored")),
    )
    rows = []
    for p in result.standings:
        span = p.span
        rows.append({
            "rank": p.rank,
            "player": p.player,
            "player_url": player_urls.get(p.player),
            "weight": hundredths(span.weight) if span else None,
            "first": when(span.first.game) if span else "",
            "last": when(span.last.game) if span else "",
            "span_games": span.length if span else None,
            "span_points": shown_points(span.points, decimals) if span else None,
            "wraps": wrap_text(span) if span and span.wraps else "",
            "red_ignored": Text(N_("yes")) if span and span.red_ignored else "",
            "games": len(p.games),
            "points": shown_points(p.points, decimals),
        })
    return Table("standings", N_("Standings"), columns, rows,
                 note=N_("Span weight: the fewest games, weighted by kind, in which the player collected the target "
                         "over consecutive games (the run may wrap from the last game to the first). Players without "
                         "a span are listed by the points they have collected."),
                 reasons=standings_reasons(result, decimals))


def wrap_text(span) -> Text:
    """Where a span that wraps runs, as one run of game numbers ("from game 177 of 177 round
    to game 29"): its first game's date comes after its last one's."""
    n = len(span.sequence)
    return Text(N_("from game %(first)s of %(total)s round to game %(last)s"), first=span.start + 1, total=n,
                last=(span.start + span.length - 1) % n + 1)


def _has_span(key: int) -> Text:
    return Text(N_("a span")) if key == 2 else Text(N_("no span yet")) if key == 1 else Text(N_("no game"))


def standings_reasons(result: BestSpanResult, decimals: int) -> dict[int, Any]:
    """Why each standings row is above the next (PlayerResult.keys): a span at all, then the
    lighter span, then (without a span) more points, then fewer weighted games."""
    return rank_reasons(result.standings, lambda p: p.keys, STANDINGS_KEYS, lambda p: p.player, (0, 2, decimals, 2),
                        shown=(_has_span, lambda v: hundredths(-v), None, lambda v: hundredths(-v)))


def statistics_table(settings: Settings, result: BestSpanResult, player_urls: dict[str, str]) -> Table:
    decimals = point_decimals(settings)
    columns = (
        Column("player", N_("Player"), link_key="player_url"),
        Column("name", N_("Name")),
        Column("rank", N_("Rank"), numeric=True, csv_key="rank_number"),
        Column("games", N_("Games"), numeric=True),
    ) + tuple(Column(k, KIND_LABELS[k], numeric=True) for k in KINDS) + tuple(
        Column(f"place{i + 1}", label, numeric=True) for i, label in enumerate(PLACES)) + (
        Column("average_place", N_("Avg place"), numeric=True, decimals=3),
        Column("average_score", N_("Avg score"), numeric=True, decimals=2),
        Column("points", N_("Points"), numeric=True, decimals=decimals),
    )
    rows = []
    for p in result.players:
        row: dict[str, Any] = {
            "player": p.player, "player_url": player_urls.get(p.player), "name": p.participant.name,
            "rank": p.rank or (Text(N_("excluded")) if p.excluded else None), "games": len(p.games),
            "rank_number": p.rank or None, "excluded": "yes" if p.excluded else "no",  # rank 0: not ranked
            **p.kinds, "average_place": p.average_place, "average_score": p.average_score,
            "points": shown_points(p.points, decimals),
        }
        row.update({f"place{i + 1}": count for i, count in enumerate(p.places)})
        rows.append(row)
    return Table("players", N_("Participants' statistics"), columns, rows,
                 highlighted={i for i, p in enumerate(result.players) if p.excluded},
                 note=N_("Over all counted games, red ones included. Highlighted: excluded (not ranked)."),
                 csv_columns=(Column("excluded", "Excluded"),))


def span_games_table(settings: Settings, p: PlayerResult) -> Table:
    decimals = point_decimals(settings)
    columns = (
        Column("n", "#", numeric=True),
        Column("game", N_("Game"), numeric=True),
        Column("when", N_("Played (JST)")),
        Column("rule", N_("Rule")),
        Column("kind", N_("Kind")),
        Column("place", N_("Place"), numeric=True),
        Column("score", N_("Score"), numeric=True, decimals=1),
        Column("points", N_("Points"), numeric=True, decimals=decimals),
        Column("weight", N_("Weight"), numeric=True, decimals=2),
        Column("total", N_("Points so far"), numeric=True, decimals=decimals),
        Column("note", N_("Note")),
    )
    span = p.span
    n, end = len(span.sequence), span.start + span.length
    positions = [*range(span.start, min(end, n)), *range(end - n)]  # in the sequence, wrapping back to 0
    games, places, codes = span.sequence.columns(positions)
    # what a seat is worth follows from its code (seats.Seats): each cell worked out once per code
    seats = span.sequence.seats
    kinds = [KIND_WORDS[kind] for kind in seats.kinds]
    weights = [hundredths(weight) for weight in seats.weights]
    # a place worth a fraction shows every place's points with two decimals ("4.00" beside "2.50")
    place_points = tuple(shown_points(points, decimals) for points in seats.points)
    points = list(map(place_points.__getitem__, codes))
    # a table's days and scores repeat: each shown value is made once for the table (and the
    # renderer formats one Fraction object once per table)
    days = {day: f"{day.isoformat()} " for day in set(map(_DAY, games))}
    scores = [game.scores[seat] for game, seat in zip(games, places)]  # tenths
    tenths = {score: Fraction(score, 10) for score in set(scores)}
    # running totals are ints while the points are whole: shown as a Fraction, one per total
    rows = [{"n": k, "game": index + 1, "when": days[game.day] + CLOCK[game.hour * 60 + game.minute],
             "rule": f"{game.lobby} {game.rule}" if game.lobby else game.rule, "kind": kinds[code],
             "place": seat + 1, "score": tenths[score], "points": point, "weight": weights[code],
             "total": Fraction(total), "note": ""}
            for k, index, game, seat, code, score, point, total
            in zip(count(1), positions, games, places, codes, scores, points, accumulate(points))]
    if end > n:
        rows[n - span.start]["note"] = Text(N_("wraps around: back to game 1"))
    return Table("", Text(N_("The best span: %(count)s games"), count=span.length), columns, rows,
                 note=N_("Game: the game's number in the sequence the span was taken from (the sequence without red games).")
                 if span.red_ignored else N_("Game: the game's number in the sequence the span was taken from."))


def _chart(p: PlayerResult) -> dict[str, Any]:
    span = p.span
    sequence = span.sequence if span else p.games
    return {
        "points": sequence.point_list(),
        "start": span.start if span else None,
        "length": span.length if span else 0,
        "title": Text(N_("Cumulative points of %(player)s over %(count)s games without red games"), player=p.player,
                      count=len(sequence)) if span and span.red_ignored
        else Text(N_("Cumulative points of %(player)s over %(count)s games"), player=p.player, count=len(sequence)),
    }


def _places(p: PlayerResult) -> list[tuple[str, int, bool]]:
    return [(Text(label), count, False) for label, count in zip(PLACES, p.places)]


def _shown(p: PlayerResult) -> dict[str, Any]:
    """What the page shows of a player's result: figures, not every game again (the span's
    games are in its table; a page's inputs are digested, page_cache)."""
    span = p.span and {"length": p.span.length, "points": p.span.points, "red_ignored": p.span.red_ignored,
                       "wraps": p.span.wraps}
    return {"player": p.player, "participant": p.participant, "excluded": p.excluded, "rank": p.rank, "span": span,
            "game_count": len(p.games), "kinds": p.kinds, "points": p.points, "average_place": p.average_place,
            "average_score": p.average_score}


def player_page(info: CompetitionInfo, settings: Settings, p: PlayerResult, url: str, common: dict) -> Page:
    return Page(url, f"{TEMPLATES}/player.html", f"{p.player} — {info.name}", common, Later(_player_context, settings, p))


def _player_context(settings: Settings, p: PlayerResult) -> dict[str, Any]:
    return {"player": _shown(p), "chart": _chart(p), "places": _places(p), "places_max": max(max(p.places), 1),
            "span_table": span_games_table(settings, p) if p.span else None, "decimals": point_decimals(settings),
            "weight": hundredths(p.span.weight) if p.span else None,
            "weighted_games": hundredths(p.weighted_games)}


def publish(info: CompetitionInfo, settings: Settings, data: BestSpanData, result: BestSpanResult) -> CompetitionSite:
    base = f"{info.slug}/"
    slugs = unique_slugs([p.player for p in result.players], fallback="player")
    player_urls = {name: f"{base}players/{slug}/" for name, slug in slugs.items()}
    standings = standings_rows(settings, result, player_urls)
    statistics = statistics_table(settings, result, player_urls)
    events, event_tables, event_links = event_pages(info, settings, result, player_urls, TEMPLATES)
    weights = {kind: hundredths(settings.weights.of(kind)) for kind in KINDS}
    common = {"settings": settings, "event_links": event_links, "target": settings.target, "weights": weights,
              "place_points": ", ".join(plain_number(p) for p in settings.place_points),
              "target_text": plain_number(settings.target)}
    standings_url = f"{base}standings/"
    pages = [
        Page(base, f"{TEMPLATES}/overview.html", info.name,
             {**common, "table": summary_table(standings, SUMMARY_KEYS, note=standings.note), "full_url": standings_url,
              "counted": result.counted, "csv": ["standings", "players"] + [t.slug for t in event_tables]}),
        full_table_page(standings_url, info.name, standings, common, TEMPLATES),
        Page(f"{base}players/", f"{TEMPLATES}/players.html", Text(N_("%(competition)s: participants"), competition=info.name),
             {**common, "table": statistics}),
    ]
    pages += [player_page(info, settings, p, player_urls[p.player], common) for p in result.players]
    pages += [Page(page.url, page.template, page.title, {**common, **page.context}) for page in events]
    search = [SearchEntry(info.name, base, "competition")] + [
        SearchEntry(name, url, "player", info.name) for name, url in sorted(player_urls.items())]
    return CompetitionSite(
        pages=pages,
        tables=[standings, statistics, *event_tables],
        document=Later(document, settings, result),
        search=search,
        updated=result.updated,
        status=_status(settings, result),
        summary=summary_table(standings, SUMMARY_KEYS[:3], 10),
        summary_url=standings_url,
    )


# The standings at a glance: what they go by (step 5): the span's weight, else the points
# collected (the overview; a home card, narrower, the first three)
SUMMARY_KEYS = ("rank", "player", "weight", "points")


def _status(settings: Settings, result: BestSpanResult) -> str:
    if result.updated is None:
        return Text(N_("not started"))
    return Text(N_("finished")) if result.updated >= settings.period.last else Text(N_("in progress"))


def standings_table(settings: Settings, result: BestSpanResult, stage: int | None) -> Table | None:
    return standings_rows(settings, result, {}) if stage is None else None
