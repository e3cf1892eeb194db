"""The best-span engine's fast paths (every seat laid out flat and gathered in one pass,
a participant's games as a PlayedGames made on demand, statistics as counts of codes,
GameOutcomes made in C) against a plain reference: a Played per seat, sums game by
game, one pass per player (the engine as first written, spec steps 1-6)."""

from __future__ import annotations

import datetime as dt
import math
import pickle
from fractions import Fraction

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from site_gen.ranking import rank_desc
from site_gen.rules.best_span.model import JST, KINDS, Game, Weights, Window, game_order
from site_gen.rules.best_span.pages import _chart, span_games_table, when
from site_gen.rules.best_span.scoring import compute, kind_of
from site_gen.rules.best_span.scoring import outcomes as scoring_outcomes
from site_gen.rules.best_span.seats import Played, PlayedGames
from site_gen.rules.best_span.span import best_span

from best_span_helpers import PERIOD, data, game, removal, settings

PLAYERS = ("A", "B", "Ｃ", "D")
OTHERS = ("x", "y", "z", "NoName")
RULES = ("四特南喰赤－", "四特南喰－－", "四鳳南喰赤－", "四鳳南喰－速", "四上南喰赤－", "四特東喰赤－",
         "四般南喰－－")


# --- the reference --------------------------------------------------------------------

def reference_outcomes(d, s):
    games = sorted(d.games, key=game_order)
    removed, matches = {}, []
    for r in d.removals:
        hits = [i for i, g in enumerate(games) if r.matches(g)]
        matches.append(len(hits))
        for i in hits:
            removed.setdefault(i, r)
    return [(g, kind_of(g, s), removed.get(i)) for i, g in enumerate(games)], matches


def reference_span(sequence, s, red_ignored=False):
    scale = math.lcm(*(f.denominator for f in (*s.place_points, s.target)))
    found = best_span([int(p.points * scale) for p in sequence], [p.weight for p in sequence], int(s.target * scale))
    if found is None:
        return None
    return (sequence, found.start, found.length, found.weight, Fraction(found.points, scale), found.wraps, red_ignored)


def reference(d, s):
    """{player: (games, span, kinds, places, score, points, weighted games)}, standings order."""
    outcomes, matches = reference_outcomes(d, s)
    points = [int(x) if x.denominator == 1 else x for x in s.place_points]
    played = {p.player: [] for p in d.participants}
    for g, kind, removed_by in outcomes:
        if kind is None or removed_by is not None:
            continue
        for seat, name in enumerate(g.players):
            if name in played:
                played[name].append(Played(g, seat, kind, points[seat], s.weights.of(kind)))
    found = {}
    for name, games in played.items():
        games = tuple(games)
        span = reference_span(games, s)
        if s.ignore_red_if_better and any(p.kind == "red" for p in games):
            without = reference_span(tuple(p for p in games if p.kind != "red"), s, True)
            if without is not None and span is not None and without[3] < span[3]:
                span = without
        kinds = dict.fromkeys(KINDS, 0)
        places = [0, 0, 0, 0]
        for p in games:
            kinds[p.kind] += 1
            places[p.seat] += 1
        found[name] = (games, span, kinds, tuple(places), sum(p.game.scores[p.seat] for p in games),
                       sum(p.points for p in games), sum(p.weight for p in games))
    excluded = {e.player for e in d.excluded}

    def keys(name):
        games, span, *_, total, weighted = found[name]
        return (2, -span[3], 0, 0) if span else (1, 0, total, -weighted) if games else (0, 0, 0, 0)

    ranked = rank_desc(sorted({p.player for p in d.participants} - excluded), keys=keys, name=lambda n: n)
    return found, [(r.item, r.rank) for r in ranked], outcomes, matches


# --- random competitions ---------------------------------------------------------------

@st.composite
def competitions(draw):
    fractional = draw(st.booleans())
    if fractional:
        place_points = tuple(Fraction(draw(st.integers(0, 9)), 2) for _ in range(4))
        target = Fraction(draw(st.integers(1, 30)), draw(st.sampled_from([1, 2, 4])))
    else:
        place_points = tuple(Fraction(draw(st.sampled_from([4, 2, 1, 0]))) for _ in range(4))
        target = Fraction(draw(st.integers(1, 24)))
    window = Window(dt.datetime(2009, 3, 2, 10, 0, tzinfo=JST), dt.datetime(2009, 3, 3, 12, 0, tzinfo=JST))
    s = settings(place_points=place_points, target=target,
                 weights=Weights(draw(st.sampled_from([0, 50])), draw(st.sampled_from([100, 75])),
                                 draw(st.sampled_from([105, 100, 90, 200]))),
                 direct_lobbies=("L1234",), open_windows=(window,) if draw(st.booleans()) else (),
                 ignore_red_if_better=draw(st.booleans()))
    games = []
    for line in range(draw(st.integers(0, 60))):
        family = draw(st.sampled_from(["sca", "scb", "scc", "scb"]))
        day = PERIOD.first + dt.timedelta(days=draw(st.integers(-1, 4)))
        time = f"{draw(st.integers(0, 23)):02d}:{draw(st.sampled_from([0, 0, 30, 59])):02d}"
        players = draw(st.permutations(PLAYERS + OTHERS))[:4]
        scores = tuple(draw(st.integers(-600, 600)) for _ in range(4))
        games.append(game(players, day=day, time=time, rule=draw(st.sampled_from(RULES)), family=family,
                          lobby="L1234" if family == "sca" else "", line=draw(st.integers(1, 9)), scores=scores))
    removals = []
    for _ in range(draw(st.integers(0, 3))):
        if games:
            g = draw(st.sampled_from(games))
            kind = draw(st.sampled_from(["remove", "void"]))
            removals.append(removal(g.day, g.time, g.players[:draw(st.integers(1, 2))], kind))
    excluded = draw(st.lists(st.sampled_from(PLAYERS), max_size=2, unique=True))
    participants = list(PLAYERS) + ["nobody"]
    return data(games, players=participants, removals=removals, excluded=excluded), s


def typed(value):
    return (type(value), value)


@hsettings(max_examples=300, deadline=None)
@given(competitions())
def test_compute_matches_the_reference(competition):
    d, s = competition
    found, standings, outcomes, matches = reference(d, s)
    result = compute(d, s)
    every, removal_matches = scoring_outcomes(d, s)
    assert [(o.game, o.kind, o.removed_by) for o in every] == outcomes and removal_matches == result.removal_matches
    assert list(result.removal_matches) == matches
    assert result.counted == sum(1 for o in every if o.counted)
    days = [o.game.day for o in every if o.counted]
    assert result.updated == (max(days) if days else None)
    assert [(p.player, p.rank) for p in result.standings] == standings
    for p in result.players + result.standings:
        games, span, kinds, places, score, points, weighted = found[p.player]
        assert isinstance(p.games, PlayedGames)
        assert tuple(p.games) == games and len(p.games) == len(games) and bool(p.games) == bool(games)
        assert (p.kinds, p.places, p.weighted_games) == (kinds, places, weighted)
        assert typed(p.points) == typed(points)  # an int unless a Fraction place was taken, as the sums give
        assert p.average_score == (Fraction(score, 10 * len(games)) if games else None)
        if span is None:
            assert p.span is None
            continue
        sequence, start, length, weight, span_points, wraps, red_ignored = span
        got = p.span
        assert (got.start, got.length, got.weight, got.wraps, got.red_ignored) == (
            start, length, weight, wraps, red_ignored)
        assert typed(got.points) == typed(span_points)
        assert tuple(got.sequence) == sequence
        assert got.games == tuple(sequence[(start + k) % len(sequence)] for k in range(length))
        assert (got.first, got.last) == (got.games[0], got.games[-1])
        # what the player's page shows of them
        assert _chart(p)["points"] == [g.points for g in sequence]
        rows = span_games_table(s, p).rows
        assert [(r["game"], r["when"], r["place"], r["score"], r["points"], r["weight"], r["total"])
                for r in rows] == [
            ((start + k) % len(sequence) + 1, f"{g.game.day.isoformat()} {g.game.time}", g.place,
             Fraction(g.score, 10), g.points, Fraction(g.weight, 100),
             Fraction(sum(x.points for x in got.games[:k + 1]))) for k, g in enumerate(got.games)]


# --- PlayedGames, a sequence of Played --------------------------------------------------

def _sample():
    rules = ["四特南喰－－", "四特南喰赤－", "四鳳南喰赤－", "四特南喰－－", "四特南喰赤－"]
    games = [game(["x", "A", "y", "z"] if i % 2 else ["A", "x", "y", "z"], time=f"1{i}:00", rule=rules[i],
                  scores=(300 + i, 100, -100, -300 - i)) for i in range(5)]
    return compute(data(games, players=["A", "B"]), settings(target=Fraction(8))).players


def test_played_games_are_a_sequence_of_played():
    a, b = _sample()
    games = a.games
    made = tuple(games)
    assert len(made) == 5 and all(isinstance(p, Played) for p in made)
    assert [(p.place, p.kind, p.points, p.weight, p.score) for p in made] == [
        (1, "plain", 4, 100, 300), (2, "red", 2, 105, 100), (1, "red", 4, 105, 302), (2, "plain", 2, 100, 100),
        (1, "red", 4, 105, 304)]
    assert [p.game.time for p in made] == ["10:00", "11:00", "12:00", "13:00", "14:00"]
    assert games[0] == made[0] and games[-1] == made[-1] and games[-5] == made[0]
    assert games[1:4] == made[1:4] and games[::2] == made[::2] and games[3:1] == ()
    with pytest.raises(IndexError):
        games[5]
    assert games == made and made == games and games != made[:4] and hash(games) == hash(made)
    assert list(reversed(games)) == list(reversed(made)) and games.index(made[2]) == 2 and made[3] in games
    assert (not b.games, len(b.games), tuple(b.games), b.games == ()) == (True, 0, (), True)
    assert games.point_list() == [4, 2, 4, 2, 4]
    without = games.without("red")
    assert tuple(without) == tuple(p for p in made if p.kind != "red")
    copy = pickle.loads(pickle.dumps(a))
    assert tuple(copy.games) == made and copy.span == a.span


def test_a_counted_game_of_fewer_seats_is_scored_seat_by_seat():
    # no log line gives one (the reader wants 4 players for 四), but a game built by hand may
    g = Game(dt.date(2009, 3, 1), 12, 0, "scb2009030112.log", 1, "scb", "", "四特南喰－－", ("x", "A", "B"),
             (100, 50, -150))
    result = compute(data([g, game(["A", "x", "y", "z"], time="13:00")], players=["A", "B"]), settings())
    a, b = result.players
    assert [(p.place, p.points, p.score) for p in a.games] == [(2, 2, 50), (1, 4, 400)]
    assert (b.places, b.points, b.average_score) == ((0, 0, 1, 0), 1, Fraction(-15))


def test_when_is_the_day_and_the_games_time():
    g = game(["A", "x", "y", "z"], day=dt.date(2009, 3, 9), time="07:05")
    assert when(g) == f"{g.day.isoformat()} {g.time}" == "2009-03-09 07:05"
