"""Spec steps 3 and 9, the two time zones, and the JSON document's games list."""

import datetime as dt
from dataclasses import replace
from fractions import Fraction as F
from zoneinfo import ZoneInfo

from site_gen.rules.online_marathon.document import document
from site_gen.rules.online_marathon.model import DisqualifiedGame, DisqualifiedPlayer, GamePenalty, Sanctions
from site_gen.rules.online_marathon.scoring import compute, dropped_stages
from site_gen.rules.online_marathon.model import Stage

from marathon_helpers import data, game, settings

LA = ZoneInfo("America/Los_Angeles")


class S:
    """A stage row stub: only what the drop rule reads."""

    def __init__(self, nr, score, n):
        self.norm_rating, self.score, self.n = nr, F(score), n


# --- step 9: the dropped stage --------------------------------------------------------------


def test_drop_lowest_nr():
    rows = {1: S(900, 2, 20), 2: S(300, 3, 20), 3: S(500, 1, 20), 4: S(700, 2, 20), 5: S(800, 2, 20)}
    assert dropped_stages(rows, 5, 4) == (2,)


def test_drop_equal_nr_lowest_score():
    rows = {1: S(300, 2, 20), 2: S(300, 1, 20), 3: S(500, 1, 20), 4: S(700, 2, 20), 5: S(800, 2, 20)}
    assert dropped_stages(rows, 5, 4) == (2,)


def test_drop_equal_nr_and_score_fewer_games():
    rows = {1: S(300, 2, 12), 2: S(300, 2, 15), 3: S(500, 1, 20), 4: S(700, 2, 20), 5: S(800, 2, 20)}
    assert dropped_stages(rows, 5, 4) == (1,)


def test_drop_all_equal_later_stage():
    rows = {1: S(300, 2, 12), 2: S(300, 2, 12), 3: S(300, 2, 12), 4: S(700, 2, 20), 5: S(800, 2, 20)}
    assert dropped_stages(rows, 5, 4) == (3,)


def test_no_drop_when_a_stage_was_missed():
    rows = {1: S(0, 0, 1), 2: S(300, 2, 12), 4: S(700, 2, 20), 5: S(800, 2, 20)}
    assert dropped_stages(rows, 5, 4) == ()


def test_drop_repeats_down_to_counted_stages():
    rows = {1: S(100, 2, 12), 2: S(300, 2, 12), 3: S(0, 2, 12), 4: S(700, 2, 20), 5: S(800, 2, 20)}
    assert dropped_stages(rows, 5, 3) == (1, 3)


def _three_stage_settings(**kw):
    stages = tuple(
        Stage(i + 1, dt.date(2015, 2 + 2 * i, 1), dt.date(2015, 3 + 2 * i, 28), f"Stage {i + 1}") for i in range(3)
    )
    return settings(**{"stages": stages, "counted_stages": 2, "rating_min_games": 1, **kw})


def test_marathon_table_sums_counted_stages_and_counts_all_games():
    # Three stages, two count. A wins stage 1 and 3 (NR 1000) and is last in stage 2 (NR 0, dropped).
    s = _three_stage_settings()
    seats = lambda a, b, c, d: [("A", a), ("B", b), ("C", c), ("D", d)]
    games = [
        game(1, "2015-02-10 20:00", seats(40, 10, 0, -50)),  # stage 1: A B C D
        game(2, "2015-04-10 20:00", seats(-50, 40, 10, 0)),  # stage 2: B C D A
        game(3, "2015-06-10 20:00", seats(40, 0, 10, -50)),  # stage 3: A C B D
    ]
    result = compute(data(games), s)
    rows = {m.player: m for m in result.marathon}
    # NR with 4 eligible players: 1000, 667, 333, 0
    assert rows["A"].norm_ratings == {1: 1000, 2: 0, 3: 1000}
    assert rows["A"].dropped == (2,)
    assert rows["A"].total_norm_rating == 2000
    # A's stage scores: 4/10 in stages 1 and 3 -> score sum 4/5; games 3 (dropped stage included)
    assert rows["A"].score_sum == F(4, 5)
    assert rows["A"].games == 3
    # B: NR 667, 1000, 333 -> drops stage 3; total 1667
    assert rows["B"].norm_ratings == {1: 667, 2: 1000, 3: 333}
    assert rows["B"].dropped == (3,) and rows["B"].total_norm_rating == 1667
    assert [m.player for m in result.marathon] == ["A", "B", "C", "D"]


def test_marathon_tie_on_total_broken_by_score_sum_then_games():
    s = _three_stage_settings(counted_stages=3)
    # X wins stage 1 (NR 1000), Y wins stage 2 (NR 1000); X's score 4/10, Y's 4/10 too -> equal score sum;
    # Y played one more game (stage 3, last place: NR 0) -> more games, ahead.
    games = [
        game(1, "2015-02-10 20:00", [("X", 40), ("P", 10), ("Q", 0), ("R", -50)]),
        game(2, "2015-04-10 20:00", [("Y", 40), ("P", 10), ("Q", 0), ("R", -50)]),
        game(3, "2015-06-10 20:00", [("Y", -60), ("P", 10), ("Q", 0), ("R", -50)]),
    ]
    rows = {m.player: m for m in compute(data(games), s).marathon}
    assert rows["X"].total_norm_rating == rows["Y"].total_norm_rating == 1000
    assert rows["X"].score_sum == F(2, 5) and rows["Y"].score_sum == F(2, 5)
    assert (rows["Y"].games, rows["X"].games) == (2, 1)
    assert rows["Y"].rank < rows["X"].rank


# --- the two time zones --------------------------------------------------------------------------


def test_game_at_0500_moscow_on_first_day_is_still_january_in_san_diego():
    g = game(1, "2015-02-01 05:00", [("A", 10), ("B", 0), ("C", 0), ("D", -10)])
    result = compute(data([g]), settings())
    assert result.games[0].part_of_marathon is False
    assert result.games[0].stage is None and not result.games[0].counted


def test_game_at_1100_moscow_on_first_day_is_inside():
    # 11:00 Moscow = 00:00 in San Diego (UTC-8 in February)
    g = game(1, "2015-02-01 11:00", [("A", 10), ("B", 0), ("C", 0), ("D", -10)])
    assert compute(data([g]), settings()).games[0].stage == 1


def test_stage_decided_by_moscow_date():
    # 2015-04-01 00:30 Moscow is 2015-03-31 14:30 in San Diego: inside the period, stage 2 by Moscow date
    g = game(1, "2015-04-01 00:30", [("A", 10), ("B", 0), ("C", 0), ("D", -10)])
    assert compute(data([g]), settings()).games[0].stage == 2


def test_game_inside_period_but_in_no_stage():
    # 2015-11-30 23:00 in San Diego is inside the period; it is 1 December in Moscow, after the last stage
    s = settings(stages=settings().stages[:1] + (Stage(2, dt.date(2015, 10, 1), dt.date(2015, 11, 30), "Stage 2"),))
    g = game(1, dt.datetime(2015, 11, 30, 23, 0, tzinfo=LA), [("A", 10), ("B", 0), ("C", 0), ("D", -10)])
    r = compute(data([g]), s).games[0]
    assert r.part_of_marathon is True and r.stage is None and not r.counted


def test_table_pattern_is_a_search():
    s = settings()
    ok = game(1, "2015-02-10 20:00", [("A", 10), ("B", 0), ("C", 0), ("D", -10)], table="RU-Marathon-12")
    other = game(2, "2015-02-10 21:00", [("A", 10), ("B", 0), ("C", 0), ("D", -10)], table="RU-Marathon-Test")
    result = compute(data([ok, other]), s)
    assert [r.stage for r in result.games] == [1, None]


# --- step 3: disqualifications ------------------------------------------------------------------


def test_disqualified_game_counts_for_nobody_and_has_empty_table_points():
    g1 = game(1, "2015-02-10 20:00", [("A", 10), ("B", 0), ("C", 0), ("D", -10)])
    g2 = game(2, "2015-02-11 20:00", [("A", 10), ("B", 0), ("C", 0), ("D", -10)])
    sanctions = Sanctions(disqualified_games=(DisqualifiedGame("1", "left the table", 1),))
    result = compute(data([g1, g2], sanctions), settings())
    assert result.stages[0].row("A").n == 1
    doc = document(settings(), result)
    assert doc["games"][0] == {"game": "1", "stage": 1, "counted": False, "table_points": {}}
    assert doc["games"][1]["table_points"] == {"A": 4.0, "B": 1.5, "C": 1.5, "D": 0.0}


def test_disqualified_player_loses_only_own_games_in_window():
    games = [
        game(1, "2015-03-31 23:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)]),  # before the window
        game(2, "2015-04-01 01:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)]),  # inside (Moscow date)
        game(3, "2015-05-16 10:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)]),  # after 'to'
    ]
    sanctions = Sanctions(
        disqualified_players=(DisqualifiedPlayer("A", dt.date(2015, 4, 1), dt.date(2015, 5, 15), "two accounts", 1),)
    )
    result = compute(data(games, sanctions), settings())
    assert result.stages[0].row("A").n == 1
    assert [g.game_id for g in result.stages[1].row("A").games] == ["3"]
    # B keeps the game in the window, places unchanged: B second (2 TP) behind the disqualified A
    b_games = result.stages[1].row("B").games
    assert [(g.game_id, g.table_points) for g in b_games] == [("2", 2), ("3", 2)]
    doc = document(settings(), result)
    assert doc["games"][1] == {"game": "2", "stage": 2, "counted": True,
                               "table_points": {"A": 4.0, "B": 2.0, "C": 1.0, "D": 0.0}}


def test_open_ended_disqualification():
    games = [game(1, "2015-05-01 20:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)])]
    sanctions = Sanctions(disqualified_players=(DisqualifiedPlayer("A", dt.date(2015, 4, 1), None, "", 1),))
    result = compute(data(games, sanctions), settings())
    assert result.stages[1].row("A") is None and result.stages[1].row("B").n == 1


# --- the document's numbers -------------------------------------------------------------------


def test_document_rounds_to_six_decimals_half_away_from_zero():
    # P: 7/3 + 0 TP in 2 games -> both averages 7/30 = 0.2333...; score 0.233333
    g1 = game(1, "2015-02-10 20:00", [("P", 10), ("Q", 10), ("R", 10), ("S", -30)])
    g2 = game(2, "2015-02-11 20:00", [("P", -30), ("Q", 10), ("R", 20), ("S", 30)])
    doc = document(settings(), compute(data([g1, g2]), settings()))
    row = next(r for r in doc["stages"][0]["rows"] if r["player"] == "P")
    assert row["table_points"] == 2.333333
    assert row["best_average"] == 0.233333 and row["score"] == 0.233333
    assert row["series"] == {"first_game": "1", "last_game": "2", "table_points": 2.333333, "game_points": -20}
    assert doc["marathon"][0]["norm_ratings"].keys() <= {"1", "2"}


def test_running_stage_is_provisional_and_dated_by_the_newest_marathon_game():
    games = [
        game(1, "2015-03-10 20:00", [("A", 10), ("B", 0), ("C", 0), ("D", -10)]),
        game(2, "2015-03-20 20:00", [("A", 10), ("B", 0), ("C", 0), ("D", -10)], table="Friendly-1"),
    ]
    result = compute(data(games), settings())
    assert result.updated == dt.date(2015, 3, 10)  # the friendly game does not date the marathon
    assert result.stages[0].provisional is True


def test_finished_stage_is_not_provisional():
    games = [game(1, "2015-03-31 20:00", [("A", 10), ("B", 0), ("C", 0), ("D", -10)])]
    assert compute(data(games), settings()).stages[0].provisional is False


# --- a game's table points -----------------------------------------------------------------


def seats(a, b, c, d):
    return [("A", a), ("B", b), ("C", c), ("D", d)]


def test_a_game_s_table_points_and_a_game_penalty():
    """Game 2's table points with places 4, 2, 1, 0: A 30 first (4), B 10 (2), C 0 (1), D -40 (0);
    a 10-point penalty for A in game 1 leaves A 30 of 40, still first there."""
    s = settings()
    one, two = game(1, "2015-02-10 20:00", seats(40, 10, 0, -50)), game(2, "2015-04-10 20:00", seats(30, 10, 0, -40))
    moved = replace(one, scores=(40, 10, -50, 0))
    assert compute(data([moved, two]), s).games[1].table_points == (4, 2, 1, 0)
    penalised = compute(data([one, two], Sanctions(game_penalties=(GamePenalty("A", "1", 10, "late", 1),))), s)
    assert penalised.games[0].game_points == (30, 10, 0, -50) and penalised.games[0].table_points == (4, 2, 1, 0)
