"""The feed's marathon without its newest day, made from the rows it had: a game's stage
day, a row of a player's first games, a stage without its newest games (hand-worked)."""

import datetime as dt
from fractions import Fraction as F

from site_gen.rules.online_marathon.model import Sanctions, StagePenalty
from site_gen.rules.online_marathon.rescoring import without_last_games
from site_gen.rules.online_marathon.scoring import compute, score_games
from site_gen.rules.online_marathon.stage import row_of_games, score_stage_inputs, stage_inputs

from marathon_helpers import data, game, settings

# rating_min_games 1 and L = 10: with n < 10 both averages divide by 10, so score = TP / 10
S1 = settings(rating_min_games=1)


def seats(**scores):
    return list(scores.items())


def test_a_game_part_of_the_marathon_has_its_start_s_day_in_the_stage_zone():
    """01:00 Moscow on 10 February is still 9 February in San Diego; 05:00 Moscow on
    1 February is 31 January there, before the period; a friendly table is never part."""
    results = score_games(data([
        game(1, "2015-02-10 01:00", seats(A=30, B=10, C=0, D=-40)),
        game(2, "2015-02-01 05:00", seats(A=30, B=10, C=0, D=-40)),
        game(3, "2015-02-10 20:00", seats(A=30, B=10, C=0, D=-40), table="Friendly-1"),
        game(4, "2015-04-01 20:00", seats(A=30, B=10, C=0, D=-40)),
    ]), S1)
    assert [(r.part_of_marathon, r.stage, r.day) for r in results] == [
        (True, 1, dt.date(2015, 2, 10)), (False, None, None), (False, None, None), (True, 2, dt.date(2015, 4, 1))]


def test_a_row_of_a_player_s_first_games():
    """A: 1st (30, TP 4), 3rd (0, TP 1), then 1st-2nd shared (20, TP 3). The first two
    make TP 5 and game points 30; a stage penalty of 1 TP and 50 GP: stage_average
    (5 - 1)/10, score (5/10 + 4/10)/2 = 9/20, series game points 30 - 50 = -20."""
    s = settings(rating_min_games=2)
    games = [game(1, "2015-02-10 20:00", seats(A=30, B=10, C=0, D=-40)),
             game(2, "2015-02-11 20:00", seats(B=30, C=10, A=0, D=-40)),
             game(3, "2015-02-12 20:00", seats(A=20, B=20, C=0, D=-40))]
    fine = StagePenalty("A", 1, 50, 1, "late", 0)
    full = compute(data(games, Sanctions(stage_penalties=(fine,))), s).stages[0].row("A")
    assert full.table_points == 8
    row = row_of_games("A", full.games[:2], [fine], s)
    assert [g.game_id for g in row.games] == ["1", "2"]
    assert (row.rank, row.norm_rating, row.eligible) == (0, 0, True)
    assert (row.table_points, row.series_table_points, row.series_raw_game_points) == (5, 5, 30)
    assert (row.best_average, row.stage_average, row.score) == (F(1, 2), F(2, 5), F(9, 20))
    assert (row.series_start, row.series_end, row.series_game_points) == (0, 2, -20)


def _two_days():
    """Game 1 on day 10, game 2 on day 11: the stage scored, and its two games."""
    g1 = game(1, "2015-02-10 20:00", seats(A=30, B=10, C=0, D=-40))
    g2 = game(2, "2015-02-11 20:00", seats(E=20, B=10, C=0, D=-50))
    before = compute(data([g1, g2]), S1).stages[0]
    (first, second) = before.inputs.games
    return before, first, second


def test_a_stage_without_its_newest_day():
    """Day 10: game 1 A 30, B 10, C 0, D -40 (TP 4, 2, 1, 0). Day 11: game 2 E 20, B 10,
    C 0, D -50 (4, 2, 1, 0). Without day 11: A 4/10, B 2/10, C 1/10, D 0, E gone; four
    eligible: NR 1000, 667, 333, 0. A played no game on day 11 and keeps its rank and NR:
    its row is the earlier object."""
    before, first, second = _two_days()
    without = stage_inputs(before.stage, [first], (), S1, None)
    after = without_last_games(before, without, [second])
    assert [(r.player, r.rank, r.norm_rating) for r in after.rows] == [
        ("A", 1, 1000), ("B", 2, 667), ("C", 3, 333), ("D", 4, 0)]
    assert after.row("E") is None and after.row("B").score == F(1, 5)
    assert after.row("A") is before.row("A")
    assert after == score_stage_inputs(without)


def test_a_stage_whose_games_are_in_no_total_order_is_scored_from_scratch():
    """Games 9 and 10a start at once with 10 (9 < 10 as numbers, 10 < 10a as text, 10a < 9
    as text): no total order, so the rows are not cut but made again from the games."""
    at = "2015-02-10 20:00"
    g9, g10 = game("9", at, seats(X=30, A=10, B=0, C=-40)), game("10", at, seats(D=30, E=10, F=0, G=-40))
    g10a = game("10a", at, seats(X=-40, A=10, B=0, C=30))
    g11 = game("11", "2015-02-11 20:00", seats(X=30, A=10, B=0, C=-40))
    before = compute(data([g9, g10, g10a, g11]), S1).stages[0]
    *others, newest = before.inputs.games
    without = stage_inputs(before.stage, others, (), S1, None)
    after = without_last_games(before, without, [newest])
    assert after == score_stage_inputs(without)
    assert not any(after.row(p) is before.row(p) for p in "DEFG")  # not even unchanged rows are kept


def test_removed_games_that_are_not_a_player_s_last_score_the_stage_from_scratch():
    """Game 1 (day 10) removed, game 2 (day 11) kept: game 1 is B's first game, not its
    last, so B's row can't keep its first games; the stage is scored from scratch, E's
    row too (A's only game is the removed one: A has no row)."""
    before, first, second = _two_days()
    without = stage_inputs(before.stage, [second], (), S1, None)
    after = without_last_games(before, without, [first])
    assert after == score_stage_inputs(without)
    assert after.row("A") is None and after.row("E") is not before.row("E")


# --- property: whichever games are removed, exactly the stage scored from scratch ---------

from hypothesis import given, settings as hypothesis_settings, strategies as st  # noqa: E402

from site_gen.rules.online_marathon.model import DisqualifiedGame, DisqualifiedPlayer  # noqa: E402
from site_gen.strict_equality import same  # noqa: E402

PLAYERS = "ABCDEF"
DAYS = ["2015-02-10", "2015-02-11", "2015-02-12"]


@st.composite
def a_stage_and_removed_games(draw):
    """A stage's games (few start times, ids sometimes text), sanctions, and which games
    to remove: the newest day's (their players' last games) or any of them."""
    mixed_ids = draw(st.booleans())
    games = []
    for gid in range(1, draw(st.integers(1, 12)) + 1):
        when = f"{draw(st.sampled_from(DAYS))} {draw(st.sampled_from(['09:00', '20:00']))}"
        seated = draw(st.permutations(PLAYERS))[:4]
        scores = draw(st.lists(st.sampled_from([-40, -10, 0, 10, 30]), min_size=4, max_size=4))
        games.append(game(f"{gid}x" if mixed_ids and draw(st.booleans()) else gid, when, list(zip(seated, scores))))
    ids = [g.id for g in games]
    sanctions = Sanctions(
        disqualified_games=tuple(DisqualifiedGame(i, "", 0) for i in draw(st.lists(st.sampled_from(ids), max_size=2))),
        disqualified_players=tuple(draw(st.lists(st.builds(DisqualifiedPlayer, st.sampled_from(PLAYERS),
                                                           st.just(dt.date(2015, 2, 11)), st.none(), st.just(""),
                                                           st.just(0)), max_size=1))),
        stage_penalties=tuple(draw(st.lists(st.builds(StagePenalty, st.sampled_from(PLAYERS), st.just(1),
                                                      st.sampled_from([0, 50]), st.sampled_from([0, 1]), st.just(""),
                                                      st.just(0)), max_size=2))))
    s = settings(series_length=draw(st.integers(1, 3)), rating_min_games=draw(st.integers(1, 2)))
    newest_day = draw(st.booleans())
    return s, data(games, sanctions), newest_day, draw(st.sets(st.sampled_from(ids)))


@hypothesis_settings(max_examples=300, deadline=None)
@given(a_stage_and_removed_games())
def test_without_last_games_equals_the_stage_scored_from_scratch(case):
    s, d, newest_day, chosen = case
    before = compute(d, s).stages[0]
    games = before.inputs.games
    if newest_day:
        newest = max((r.day for r in games if r.counts_for), default=None)
        removed = [r for r in games if r.day == newest]
    else:
        removed = [r for r in games if r.game.id in chosen]
    without = stage_inputs(before.stage, [r for r in games if r not in removed], d.sanctions.stage_penalties, s, None)
    got, expected = without_last_games(before, without, removed), score_stage_inputs(without)
    assert [r.player for r in got.rows] == [r.player for r in expected.rows]
    assert all(same(row, scratch) for row, scratch in zip(got.rows, expected.rows))
    assert got == expected
