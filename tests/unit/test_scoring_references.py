"""The faster scoring paths (pattern-cached places, integer-unit series and scores, ranks
with keys made once, time-only game order) against plain reference implementations."""

import datetime as dt
import math
from fractions import Fraction as F

from hypothesis import given, settings as hsettings, strategies as st

from site_gen.places import shared_place_points
from site_gen.ranking import rank_desc
from site_gen.rules.online_marathon.model import DisqualifiedPlayer, Sanctions, StagePenalty
from site_gen.rules.online_marathon.scoring import compute, score_games
from site_gen.rules.online_marathon.stage import PlayedGame, _game_order, _in_game_order, best_series
from site_gen.values import round_half_up

from marathon_helpers import MSK, data, game, settings

fractions = st.builds(F, st.integers(-40, 40), st.integers(1, 12))


def reference_places(scores, points):
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    shares, places = [None] * len(scores), [None] * len(scores)
    for i in order:
        first = sum(1 for s in scores if s > scores[i])
        last = first + scores.count(scores[i]) - 1
        occupied = [points[k] if k < len(points) else 0 for k in range(first, last + 1)]
        shares[i], places[i] = F(sum(occupied), last - first + 1), (first + 1, last + 1)
    return tuple(shares), tuple(places)


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=6), st.lists(st.integers(0, 9), max_size=6))
def test_shared_place_points_matches_reference(scores, points):
    assert shared_place_points(tuple(scores), tuple(points)) == reference_places(scores, points)


@given(st.lists(st.tuples(st.tuples(fractions, st.integers(0, 2)), st.text(max_size=3)), max_size=25,
                unique_by=lambda t: t[1]))
def test_rank_desc_matches_reference(items):
    ranked = rank_desc(items, keys=lambda t: t[0], name=lambda t: t[1])
    expected = sorted(items, key=lambda t: t[1])
    expected.sort(key=lambda t: t[0], reverse=True)
    assert [r.item for r in ranked] == expected
    assert [r.rank for r in ranked] == [1 + sum(1 for o in items if o[0] > t[0]) for t in expected]


def reference_series(tps, gps, length):
    if len(tps) < length:
        return 0, len(tps)
    runs = [(sum(tps[i:i + length]), sum(gps[i:i + length])) for i in range(len(tps) - length + 1)]
    start = runs.index(max(runs))
    return start, start + length


@given(st.lists(st.tuples(fractions, st.integers(-500, 500)), max_size=30), st.integers(1, 8))
def test_best_series_matches_reference(pairs, length):
    tps, gps = [p[0] for p in pairs], [p[1] for p in pairs]
    games = tuple(PlayedGame(str(i), None, gp, 0, tp, (1, 1), ()) for i, (tp, gp) in enumerate(pairs))
    assert best_series(games, length) == reference_series(tps, gps, length)


@given(st.integers(0, 10**6), st.integers(1, 10**4))
def test_round_half_up_matches_fraction_floor(n, d):
    assert round_half_up(F(n, d)) == math.floor(F(n, d) + F(1, 2))


PLAYERS = [f"P{i}" for i in range(7)]
T0 = dt.datetime(2015, 3, 31, 20, 0, tzinfo=MSK)
a_game = st.tuples(
    st.integers(0, 6 * 24),  # hours after T0: across the stage 1/2 border
    st.permutations(PLAYERS).map(lambda p: p[:4]),
    st.lists(st.integers(-4, 4).map(lambda s: 10 * s), min_size=4, max_size=4),
    st.booleans(),  # numeric id or not
)


def games_of(specs):
    return [game(i if numeric else f"g{i}", T0 + dt.timedelta(hours=h), list(zip(seats, scores)))
            for i, (h, seats, scores, numeric) in enumerate(specs)]


@hsettings(max_examples=60, deadline=None)
@given(st.lists(a_game, max_size=25))
def test_game_order_matches_the_full_key(specs):
    results = list(score_games(data(games_of(specs)), settings()))
    assert _in_game_order(results) == sorted(results, key=_game_order(results))


@hsettings(max_examples=60, deadline=None)
@given(st.lists(a_game, max_size=40), st.lists(st.tuples(st.sampled_from(PLAYERS), st.integers(-3, 3)), max_size=3),
       st.lists(st.tuples(st.sampled_from(PLAYERS), st.integers(0, 6), st.sampled_from([None, 0, 2])), max_size=2))
def test_stage_rows_match_plain_fraction_arithmetic(specs, fines, bans):
    penalties = tuple(StagePenalty(p, 1, 5 * tp, tp, "", 0) for p, tp in fines)
    banned = tuple(DisqualifiedPlayer(p, T0.date() + dt.timedelta(days=d), None if n is None else
                                      T0.date() + dt.timedelta(days=d + n), "", 0) for p, d, n in bans)
    s = settings(series_length=3, rating_min_games=2)
    result = compute(data(games_of(specs), Sanctions(stage_penalties=penalties, disqualified_players=banned)), s)
    days = [r.game.started_at.astimezone(s.stage_timezone).date() for r in result.games if r.part_of_marathon]
    assert result.updated == max(days, default=None)
    for r in result.games:
        day = r.game.started_at.astimezone(s.stage_timezone).date()
        allowed = {p for p in r.game.players if not any(b.player == p and b.covers(day) for b in banned)}
        assert r.counts_for == (allowed if r.stage is not None else set())
    for stage in result.stages:
        for row in stage.rows:
            series = row.games[row.series_start:row.series_end]
            pen_tp = sum(p.table_points for p in penalties if p.player == row.player and p.stage == stage.stage.number)
            assert row.table_points == sum(g.table_points for g in row.games)
            assert row.series_table_points == sum(g.table_points for g in series)
            assert row.best_average == row.series_table_points / 3
            assert row.stage_average == (row.table_points - pen_tp) / max(row.n, 3)
            assert row.score == (row.best_average + row.stage_average) / 2
            assert row.rank == 1 + sum(1 for other in stage.rows if other.keys > row.keys)
        assert [r.keys for r in stage.rows] == sorted((r.keys for r in stage.rows), reverse=True)
