"""The feed's view of the newest data: games per day and rank movements (hand-worked)."""

import datetime as dt

from site_gen.rules.online_marathon.history import recent_updates
from site_gen.rules.online_marathon.scoring import compute

from marathon_helpers import data, game, settings


def test_newest_day_names_the_rank_movements():
    s = settings(rating_min_games=1)
    games = [
        # day 1: A 1st, B 2nd, C 3rd, D 4th -> marathon ranks A 1, B 2, C 3, D 4
        game(1, "2015-02-10 20:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)]),
        # day 2, reversed: TP A 4+0, B 2+1, C 1+2, D 0+4; score = TP/10 (n < 10);
        # A and D tie on every key (0.4, GP -10, 2 games): NR 1000, rank 1;
        # B and C tie (0.3, GP 10, 2 games): P = 3, NR 333, rank 3.
        game(2, "2015-02-11 20:00", [("D", 30), ("C", 10), ("B", 0), ("A", -40)]),
        # not part of the marathon: never an update
        game(3, "2015-02-12 20:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)], table="Friendly-1"),
    ]
    d = data(games)
    result = compute(d, s)
    updates = recent_updates(d, s, result)
    assert [(u.day, u.new_games) for u in updates] == [(dt.date(2015, 2, 11), 1), (dt.date(2015, 2, 10), 1)]
    # D moved 4 -> 1 (3 places), B 2 -> 3 (1 place); A and C kept their ranks
    assert updates[0].movements == (("D", 4, 1), ("B", 2, 3))
    assert updates[1].movements == ()


def test_a_newcomer_is_named_as_new():
    s = settings(rating_min_games=1)
    games = [
        game(1, "2015-02-10 20:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)]),
        game(2, "2015-02-11 20:00", [("E", 30), ("B", 10), ("C", 0), ("D", -40)]),
    ]
    d = data(games)
    updates = recent_updates(d, s, compute(d, s))
    assert ("E", None, 1) in updates[0].movements


def test_no_counted_games_no_updates():
    s = settings()
    d = data([game(1, "2015-02-10 20:00", [("A", 1), ("B", 0), ("C", 0), ("D", -1)], table="Friendly-1")])
    assert recent_updates(d, s, compute(d, s)) == ()


# --- the movements come from re-scoring one stage only: same ranks as a full computation --

from dataclasses import replace  # noqa: E402

from hypothesis import given, settings as hypothesis_settings, strategies as st  # noqa: E402

from site_gen.rules.online_marathon.history import without_day  # noqa: E402

PLAYERS = "ABCDEF"
# days in both stages: the newest may fall in stage 1 or stage 2
DAYS = ["2015-03-30", "2015-03-31", "2015-04-01", "2015-04-02"]


@st.composite
def marathon_games(draw):
    games = []
    for gid in range(1, draw(st.integers(1, 12)) + 1):
        seats = draw(st.permutations(PLAYERS))[:4]
        scores = draw(st.lists(st.integers(-30, 40), min_size=4, max_size=4))
        games.append(game(gid, f"{draw(st.sampled_from(DAYS))} 20:00", list(zip(seats, scores))))
    return games


@hypothesis_settings(max_examples=150, deadline=None)
@given(marathon_games())
def test_scoring_one_stage_again_equals_a_full_computation_without_the_day(games):
    s = settings(rating_min_games=1)
    d = data(games)
    result = compute(d, s)
    day_of = {g.game.id: g.game.started_at.astimezone(s.stage_timezone).date() for g in result.games if g.counted}
    newest = max(day_of.values())
    expected = compute(replace(d, games=tuple(g for g in games if day_of[g.id] != newest)), s).marathon
    assert without_day(newest, d, s, result) == expected
