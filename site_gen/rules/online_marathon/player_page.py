"""What an online marathon player's page shows (no rendering here: data only): each stage
with the player's games in order, the terms of their norm ratings, why a stage was dropped,
and the sanctions that touched them.
"""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from typing import Any, Iterator, NamedTuple

from site_gen.i18n import N_, Text
from site_gen.model import Column, Table
from site_gen.rules.online_marathon.model import MarathonData, Settings, Stage
from site_gen.rules.online_marathon.scoring import MarathonResult, MarathonRow
from site_gen.rules.online_marathon.stage import StageResult, StageRow


def _place(places: tuple[int, int]) -> str:
    return str(places[0]) if places[0] == places[1] else f"{places[0]}–{places[1]}"


# the text of each place (or shared places) at a table of four, shown in every games table
_PLACES_OF_FOUR = {(first, last): _place((first, last)) for first in range(1, 5) for last in range(first, 5)}


def stage_name(stage: Stage) -> str:
    """The stage's name; the default "Stage N" (no `name` in competition.yaml) is translated."""
    return Text(N_("Stage %(number)s"), number=stage.number) if stage.name == f"Stage {stage.number}" else stage.name


class PlayerStage(NamedTuple):
    """What a player's page shows of one stage."""

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
    table = Table(
        "",
        Text(N_("%(stage)s: games in order"), stage=name),
        PLAYER_GAME_COLUMNS,
        _game_rows(row),
        highlighted=set(range(row.series_start, row.series_end)),
        note=N_("Highlighted rows are the best series."),
    )
    shown = {"stage": stage.stage, "name": name, "provisional": stage.provisional, "row": _figures(row),
             "dropped": dropped, "series_length": settings.series_length,
             "divisor": max(row.n, settings.series_length), "series_first": row.series_start + 1,
             "series_last": row.series_end, **_norm_rating_terms(stage)}
    return {**shown, "table": table}


def _game_rows(row: StageRow) -> list[dict[str, Any]]:
    """The rows of a player's games table, made straight from the games' results (the
    starts are in the stage zone: scoring.py)."""
    rows = []
    for number, (result, seat) in enumerate(zip(row.results, row.seats), 1):
        seated, places = result.game.players, result.places[seat]
        rows.append({"number": number, "started_at": result.started, "game": result.game.id,
                     "opponents": ", ".join(seated[:seat] + seated[seat + 1:]), "game_points": result.game_points[seat],
                     "place": _PLACES_OF_FOUR.get(places) or _place(places), "table_points": result.table_points[seat]})
    return rows


def _figures(row: StageRow) -> dict[str, Any]:
    """What the page shows of a stage row, without its games: the page's table holds them,
    and a page's inputs are digested (page_cache), so once is enough."""
    return {f.name: getattr(row, f.name) for f in fields(row) if f.name not in ("results", "seats")} | {"n": row.n}


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
    touched: dict[str, list[dict[str, Any]]] = {}
    for player, sanction in _sanctions(data):
        touched.setdefault(player, []).append(sanction)
    return touched


def _sanctions(data: MarathonData) -> Iterator[tuple[str, dict[str, Any]]]:
    """(player, what touched them and why) for every sanction, in the file's order."""
    s = data.sanctions
    disqualified = {d.game for d in s.disqualified_games}
    seated = {g.id: g.players for g in data.games if g.id in disqualified}
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


def player_context(m: MarathonRow, settings: Settings, stages: tuple[PlayerStage, ...],
                    sanctions: list[dict[str, Any]]) -> dict[str, Any]:
    """A player page's stages, chart, drops and sanctions."""
    names = [stage_name(s.stage) for s in stages]  # made once: the page shows each two or three times
    per_stage = [_player_stage(s, name, s.stage.number in m.dropped, settings)
                 for s, name in zip(stages, names) if s.row is not None]
    chart = [(str(s.stage.number), m.norm_ratings.get(s.stage.number), s.stage.number in m.dropped, name)
             for s, name in zip(stages, names)]
    return {"per_stage": per_stage, "chart": chart, "drop_reasons": drop_reasons(m, stages), "sanctions": sanctions}
