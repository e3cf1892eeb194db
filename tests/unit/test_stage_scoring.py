"""Spec steps 4-8: a player's stage games, best series, averages, stage table, norm rating."""

import datetime as dt
from fractions import Fraction as F

from site_gen.rules.online_marathon.model import Sanctions, StagePenalty
from site_gen.rules.online_marathon.scoring import compute
from site_gen.rules.online_marathon.stage import PlayedGame, best_series, norm_ratings

from marathon_helpers import MSK, data, day_series, game, settings

T0 = dt.datetime(2015, 2, 2, 20, 0, tzinfo=MSK)


def played(tps, gps=None):
    gps = gps or [0] * len(tps)
    return tuple(
        PlayedGame(str(i), T0 + dt.timedelta(days=i), gp, 0, F(tp), (1, 1), ())
        for i, (tp, gp) in enumerate(zip(tps, gps))
    )


# --- step 5: best series ------------------------------------------------------------------


def test_series_is_all_games_when_fewer_than_length():
    assert best_series(played([4, 0, 1]), 10) == (0, 3)


def test_series_of_exactly_length_games_is_all_of_them():
    assert best_series(played([0] * 10), 10) == (0, 10)


def test_series_is_highest_tp_run():
    # runs of 3 over TP 0,1,4,4,2,0: sums 5, 9, 10, 6 -> the run starting at index 2
    assert best_series(played([0, 1, 4, 4, 2, 0]), 3) == (2, 5)


def test_series_tie_on_tp_broken_by_game_points():
    # TP 4,0,4,0,4: runs of 3 at 0 and 2 both sum 8; game points 10+5+10=25 vs 10+5+30=45
    tps = [4, 0, 4, 0, 4]
    gps = [10, 5, 10, 5, 30]
    assert best_series(played(tps, gps), 3) == (2, 5)


def test_series_tie_on_tp_and_gp_takes_earliest():
    assert best_series(played([4, 0, 4, 0, 4], [10, 5, 10, 5, 10]), 3) == (0, 3)


def test_series_compares_thirds_exactly():
    # 7/3 + 7/3 + 7/3 = 7 equals 4 + 2 + 1 = 7: tie on TP, decided by game points
    # runs of 3: 7, 14/3, 7/3, 0, 4, 6, 7 -> the first and last tie on 7 exactly
    tps = [F(7, 3), F(7, 3), F(7, 3), 0, 0, 0, 4, 2, 1]
    gps = [0, 0, 0, 0, 0, 0, 0, 0, 1]
    assert best_series(played(tps, gps), 3) == (6, 9)


# --- step 6: components, n < L, n = L, n > L --------------------------------------------


def four(a, b, c, d, **names):
    return [("P", a), ("Q", b), ("R", c), ("S", d)]


def stage_row(result, player, stage=1):
    return result.stages[stage - 1].row(player)


def test_components_with_fewer_than_ten_games():
    # P: 1st, 2nd, 3rd = 4 + 2 + 1 = 7 TP in 3 games; both averages divide by 10
    games = day_series([four(30, 10, 0, -40), four(10, 30, 0, -40), four(0, 30, 10, -40)])
    row = stage_row(compute(data(games), settings()), "P")
    assert row.n == 3
    assert row.best_average == F(7, 10)
    assert row.stage_average == F(7, 10)
    assert row.score == F(7, 10)
    assert row.series_game_points == 40


def test_components_with_exactly_ten_games():
    # P wins 6 (24 TP) and is last in 4: 24 TP; both averages 24/10
    wins = [four(30, 10, 0, -40)] * 6 + [four(-40, 30, 10, 0)] * 4
    row = stage_row(compute(data(day_series(wins)), settings()), "P")
    assert (row.n, row.best_average, row.stage_average, row.score) == (10, F(12, 5), F(12, 5), F(12, 5))
    assert (row.series_start, row.series_end) == (0, 10)
    assert row.series_game_points == 6 * 30 - 4 * 40


def test_components_with_more_than_ten_games():
    # two losses then ten wins: best series = the ten wins (40 TP);
    # best_average = 40/10 = 4, stage_average = 40/12 = 10/3, score = (4 + 10/3)/2 = 11/3
    seq = [four(-40, 30, 10, 0)] * 2 + [four(30, 10, 0, -40)] * 10
    row = stage_row(compute(data(day_series(seq)), settings()), "P")
    assert row.n == 12
    assert (row.series_start, row.series_end) == (2, 12)
    assert row.best_average == 4
    assert row.stage_average == F(10, 3)
    assert row.score == F(11, 3)
    assert row.series_game_points == 300


def test_stage_penalties_lower_the_stage_average_and_series_game_points():
    # P: 7 TP in 3 games, game points 30+10+0 = 40.
    games = day_series([four(30, 10, 0, -40), four(10, 30, 0, -40), four(0, 30, 10, -40)])
    pens = Sanctions(stage_penalties=(
        StagePenalty("P", 1, 50, 2, "", 1),
        StagePenalty("P", 1, 0, 4, "", 2),
    ))
    row = stage_row(compute(data(games, pens), settings()), "P")
    assert row.penalty_table_points == 6
    assert row.best_average == F(7, 10)  # the series is untouched by a stage penalty
    assert row.stage_average == F(7 - 6, 10)
    assert row.score == F(8, 20)
    assert row.series_game_points == 40 - 50  # not clipped
    assert row.table_points == 7  # the published TP sum is before stage penalties


def test_stage_penalty_may_make_the_average_negative():
    games = day_series([four(-40, 30, 10, 0)])  # P last: 0 TP
    pens = Sanctions(stage_penalties=(StagePenalty("P", 1, 0, 4, "", 1),))
    row = stage_row(compute(data(games, pens), settings()), "P")
    assert row.stage_average == F(-4, 10)
    assert row.score == F(-2, 10)


# --- step 4: order of a player's games ----------------------------------------------------


def test_games_ordered_by_start_then_numeric_id():
    same = "2015-02-10 20:00"
    games = [
        game("10", same, four(30, 10, 0, -40)),
        game("9", same, four(-40, 30, 10, 0)),
        game("8", "2015-02-09 20:00", four(0, 30, 10, -40)),
    ]
    row = stage_row(compute(data(games), settings()), "P")
    assert [g.game_id for g in row.games] == ["8", "9", "10"]


def test_games_with_text_ids_order_as_text():
    same = "2015-02-10 20:00"
    games = [game("b10", same, four(30, 10, 0, -40)), game("b9", same, four(-40, 30, 10, 0))]
    row = stage_row(compute(data(games), settings()), "P")
    assert [g.game_id for g in row.games] == ["b10", "b9"]


# --- step 7: stage table ----------------------------------------------------------------------


def test_stage_table_ties_broken_by_series_game_points_then_games():
    s = settings(series_length=2, rating_min_games=1)
    # Game 1: A and B share 1-2 (3 TP each) with 30; C 1 TP; D 0 TP.
    # Game 2: A 1st (4), C 2nd (2), E 3rd (1), F 4th (0).
    # Game 3: B 1st (4), C 2nd (2), E 3rd (1), F 4th (0).  B scores 50 there, A scored 40.
    games = [
        game(1, "2015-02-10 20:00", [("A", 30), ("B", 30), ("C", 0), ("D", -60)]),
        game(2, "2015-02-11 20:00", [("A", 40), ("C", 0), ("E", -10), ("F", -30)]),
        game(3, "2015-02-12 20:00", [("B", 50), ("C", 0), ("E", -10), ("F", -40)]),
    ]
    result = compute(data(games), s)
    rows = {r.player: r for r in result.stages[0].rows}
    # A: TP 3+4 = 7 in 2 games -> (7/2 + 7/2)/2 = 3.5; series GP 70
    # B: TP 3+4 = 7 -> 3.5; series GP 80 -> B ahead of A
    assert rows["A"].score == rows["B"].score == F(7, 2)
    assert (rows["B"].rank, rows["A"].rank) == (1, 2)


def test_stage_table_full_tie_shares_rank_and_lists_by_code_point():
    s = settings(rating_min_games=1)
    g = game(1, "2015-02-10 20:00", [("b", 0), ("a", 0), ("Б", 0), ("B", 0)])
    rows = compute(data([g]), s).stages[0].rows
    assert [(r.rank, r.player) for r in rows] == [(1, "B"), (1, "a"), (1, "b"), (1, "Б")]


def test_more_games_breaks_a_tie_on_score_and_series_points():
    # X: one win (4 TP, 10 GP). Y: one win (4 TP, 10 GP) and a last place with 0 GP.
    # Both: score = (4/10 + 4/10)/2 = 2/5, series GP 10; Y has 2 games, X 1: Y ahead.
    s = settings(rating_min_games=1)
    games = [
        game(1, "2015-02-10 20:00", [("X", 10), ("A", 0), ("B", -5), ("C", -6)]),
        game(2, "2015-02-11 20:00", [("Y", 10), ("D", 0), ("E", -5), ("F", -6)]),
        game(3, "2015-02-12 20:00", [("Y", 0), ("G", 10), ("H", 11), ("I", 12)]),
    ]
    rows = {r.player: r for r in compute(data(games), s).stages[0].rows}
    assert rows["X"].score == rows["Y"].score == F(2, 5)
    assert rows["X"].series_game_points == rows["Y"].series_game_points == 10
    # I (one win with 12 GP) is first; then Y, then X
    assert (rows["I"].rank, rows["Y"].rank, rows["X"].rank) == (1, 2, 3)


# --- step 8: norm rating ----------------------------------------------------------------------


class R:
    def __init__(self, player, n, keys):
        self.player, self.n, self.keys = player, n, keys


def test_norm_rating_first_last_and_middle():
    rows = [R(p, 5, (F(3 - i),)) for i, p in enumerate("ABC")]
    assert norm_ratings(rows, 4) == {"A": 1000, "B": 500, "C": 0}


def test_norm_rating_single_eligible_player_gets_1000():
    assert norm_ratings([R("A", 4, (F(1),)), R("B", 3, (F(0),))], 4) == {"A": 1000}


def test_norm_rating_shared_place_uses_the_best_position():
    # ranks 1, 2, 2, 4 among four eligible: NR 1000, 667, 667, 0  (2000/3 = 666.67 -> 667)
    rows = [R("A", 5, (3,)), R("B", 5, (2,)), R("C", 5, (2,)), R("D", 5, (1,))]
    assert norm_ratings(rows, 4) == {"A": 1000, "B": 667, "C": 667, "D": 0}


def test_norm_rating_rounds_halves_up():
    # N = 17: 1000 * (17 - 16) / 16 = 62.5 -> 63; 1000 * 15 / 16 = 937.5 -> 938
    rows = [R(f"p{i:02d}", 4, (100 - i,)) for i in range(17)]
    nr = norm_ratings(rows, 4)
    assert nr["p15"] == 63
    assert nr["p01"] == 938
    assert nr["p00"] == 1000 and nr["p16"] == 0


def test_ineligible_players_do_not_count_in_positions():
    # B has 3 games: not eligible (NR 0) and not counted in N or in P of those behind him
    rows = [R("A", 4, (4,)), R("B", 3, (3,)), R("C", 4, (2,)), R("D", 9, (1,))]
    assert norm_ratings(rows, 4) == {"A": 1000, "C": 500, "D": 0}


def test_stage_rows_carry_nr_zero_when_not_eligible():
    s = settings(rating_min_games=2)
    games = day_series([four(30, 10, 0, -40), four(30, 10, 0, -40)])
    games.append(game(99, "2015-02-20 20:00", [("P", 30), ("X", 10), ("Y", 0), ("Z", -40)]))
    stage = compute(data(games), s).stages[0]
    by = {r.player: r for r in stage.rows}
    assert by["X"].eligible is False and by["X"].norm_rating == 0
    assert stage.eligible == 4  # P, Q, R, S with 2+ games
    assert by["P"].norm_rating == 1000 and by["S"].norm_rating == 0
