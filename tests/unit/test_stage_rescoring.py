"""A stage scored again after a small change: only the rows of the players whose games or
penalties changed are made again, the others are the earlier rows, and the result is
exactly the stage scored from scratch (rescore_stage, and through it recompute and the
feed's marathon without the newest day)."""

import datetime as dt
from dataclasses import replace
from fractions import Fraction as F

from hypothesis import given, settings as hypothesis_settings, strategies as st

from site_gen.rules.online_marathon.history import _without_day
from site_gen.rules.online_marathon.model import (
    DisqualifiedGame,
    DisqualifiedPlayer,
    GamePenalty,
    Sanctions,
    StagePenalty,
)
from site_gen.rules.online_marathon.scoring import compute, recompute, score_marathon
from site_gen.rules.online_marathon.rescoring import (
    _as_before,
    _changed_games,
    _common_head,
    _in_a_total_order,
    changed_players,
    rescore_stage,
)
from site_gen.rules.online_marathon.stage import (
    _in_game_order,
    _placed,
    _played_games,
    _table_points_in_units,
    copy_row,
    penalties_by_player,
    ranked_stage,
    score_stage_inputs,
    stage_inputs,
    stage_rows,
)
from site_gen.strict_equality import same

from marathon_helpers import MSK, data, game, settings


def stage_1(d, s):
    return compute(d, s).stages[0]


def seats(**scores):
    return list(scores.items())


# --- hand-worked: what a change does to the table -----------------------------------------

# rating_min_games 1 and L = 10: with n < 10 both averages divide by 10, so score = TP / 10
S1 = settings(rating_min_games=1)


def test_a_player_whose_only_game_is_removed_disappears_and_an_unchanged_row_is_kept():
    """Before: game 1 A 30, B 10, C 0, D -40 (TP 4, 2, 1, 0); game 2 E 20, B 10, C 0, D -50
    (TP 4, 2, 1, 0). A, B and E score 4/10: A first on game points (30 against 20 and 20),
    then B on games (2 against 1); C 2/10, D 0. Without game 2: A 4/10, B 2/10, C 1/10,
    D 0; four eligible: NR 1000, 2000/3 -> 667, 1000/3 -> 333, 0. A (not in game 2) stays
    1st with NR 1000: its row is the earlier object itself."""
    g1 = game(1, "2015-02-10 20:00", seats(A=30, B=10, C=0, D=-40))
    g2 = game(2, "2015-02-11 20:00", seats(E=20, B=10, C=0, D=-50))
    before = stage_1(data([g1, g2]), S1)
    assert [(r.player, r.rank) for r in before.rows] == [("A", 1), ("B", 2), ("E", 3), ("C", 4), ("D", 5)]
    new = stage_1(data([g1]), S1)
    after = rescore_stage(before, new.inputs)
    assert [(r.player, r.rank, r.norm_rating) for r in after.rows] == [
        ("A", 1, 1000), ("B", 2, 667), ("C", 3, 333), ("D", 4, 0)]
    assert after.row("E") is None and after.eligible == 4
    assert after.row("B").score == F(1, 5)
    assert after.row("A") is before.row("A")
    assert after == new


def test_a_changed_game_moves_two_players_and_keeps_a_row_that_came_out_the_same():
    """Game 1 A 40, B 10, C 0, D -50 (TP 4, 2, 1, 0); game 2 A 30, B 20, C -10, D -40
    (4, 2, 1, 0): A 8/10, B 4/10, C 2/10, D 0, NR 1000, 667, 333, 0. C's -10 in game 2
    becomes 50: game 2 is C 4, A 2, B 1, D 0, so A 6/10, C 5/10, B 3/10, D 0: B and C
    change places (3rd 333 and 2nd 667). D's game 2 (last, -40, same opponents) and its
    rank and NR are as before, so its row is the earlier one although its game changed."""
    g1 = game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, D=-50))
    g2 = game(2, "2015-02-11 20:00", seats(A=30, B=20, C=-10, D=-40))
    before = stage_1(data([g1, g2]), S1)
    assert [(r.player, r.norm_rating) for r in before.rows] == [("A", 1000), ("B", 667), ("C", 333), ("D", 0)]
    new = stage_1(data([g1, replace(g2, scores=(30, 20, 50, -40))]), S1)
    after = rescore_stage(before, new.inputs)
    assert [(r.player, r.rank, r.norm_rating) for r in after.rows] == [
        ("A", 1, 1000), ("C", 2, 667), ("B", 3, 333), ("D", 4, 0)]
    assert (after.row("A").score, after.row("C").score, after.row("B").score) == (F(3, 5), F(1, 2), F(3, 10))
    assert after.row("D") is before.row("D")
    assert after.row("A") is not before.row("A")  # same rank and NR, but 6 TP where it had 8
    assert after == new


def test_a_start_time_change_reorders_games_and_moves_the_best_series():
    """L = 2. A: game 1 first (30, TP 4), game 2 last (-40, TP 0), game 3 first (30, TP 4).
    In order 1, 2, 3 both runs of two have TP 4 and GP -10: the earliest, games 1-2, is
    the series. Game 2 moved after game 3: order 1, 3, 2 and the series is games 1 and 3,
    TP 8, GP 60. best_average 8/2 = 4, stage_average 8/3 (n = 3 > L), score
    (4 + 8/3)/2 = 10/3, where it was (2 + 8/3)/2 = 7/3."""
    s = settings(series_length=2, rating_min_games=1)
    g1 = game(1, "2015-02-10 20:00", seats(A=30, B=10, C=0, D=-40))
    g2 = game(2, "2015-02-11 20:00", seats(A=-40, B=10, C=0, D=30))
    g3 = game(3, "2015-02-12 20:00", seats(A=30, B=10, C=0, D=-40))
    before = stage_1(data([g1, g2, g3]), s)
    assert (before.row("A").series_start, before.row("A").score) == (0, F(7, 3))
    moved = replace(g2, started_at=dt.datetime(2015, 2, 13, 20, 0, tzinfo=MSK))
    new = stage_1(data([g1, moved, g3]), s)
    a = rescore_stage(before, new.inputs).row("A")
    assert [g.game_id for g in a.games] == ["1", "3", "2"]
    assert (a.series_start, a.series_end, a.series_table_points, a.series_game_points) == (0, 2, 8, 60)
    assert (a.best_average, a.stage_average, a.score) == (4, F(8, 3), F(10, 3))
    assert a == new.row("A")


def test_a_changed_stage_penalty_rescores_that_player():
    """A 8/10 as in the test above; a stage penalty of 2 TP: stage_average (8 - 2)/10,
    score (8/10 + 6/10)/2 = 7/10, series game points 70 - 50 = 20."""
    g1 = game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, D=-50))
    g2 = game(2, "2015-02-11 20:00", seats(A=30, B=20, C=-10, D=-40))
    before = stage_1(data([g1, g2]), S1)
    fined = Sanctions(stage_penalties=(StagePenalty("A", 1, 50, 2, "late", 0),))
    new = stage_1(data([g1, g2], fined), S1)
    after = rescore_stage(before, new.inputs)
    assert (after.row("A").score, after.row("A").series_game_points) == (F(7, 10), 20)
    assert all(after.row(p) is before.row(p) for p in "BCD")
    assert after == new


def test_other_settings_score_from_scratch():
    g1 = game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, D=-50))
    before = stage_1(data([g1]), S1)
    stricter = settings(rating_min_games=2)
    after = rescore_stage(before, stage_1(data([g1]), stricter).inputs)
    assert after == stage_1(data([g1]), stricter)
    assert after.eligible == 0 and not any(r is before.row(r.player) for r in after.rows)


def test_a_result_without_inputs_is_scored_from_scratch():
    g1 = game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, D=-50))
    scratch = stage_1(data([g1]), S1)
    after = rescore_stage(replace(scratch, inputs=None), scratch.inputs)
    assert after == scratch and after.row("A") is not scratch.row("A")


# --- hand-worked: the parts ----------------------------------------------------------------


def test_stage_rows_of_some_players_are_unranked():
    """B: 2nd in both games, TP 2 + 2 = 4, GP 10 + 20 = 30; score 4/10."""
    g1 = game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, D=-50))
    g2 = game(2, "2015-02-11 20:00", seats(A=30, B=20, C=-10, D=-40))
    (b,) = stage_rows(stage_1(data([g1, g2]), S1).inputs, {"B", "nobody"})
    assert (b.player, b.rank, b.norm_rating, b.n, b.table_points, b.series_game_points, b.score) == (
        "B", 0, 0, 2, 4, 30, F(2, 5))


def test_played_games_gather_only_the_players_asked_for_and_only_counted_seats():
    """B is banned on 11 February: game 2 counts for A, C and D only. Asked for B and C:
    B has game 1 (2nd: 2 TP, GP 10), C games 1 and 2 (1 TP, GP 0; 1 TP, GP -10)."""
    g1 = game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, D=-50))
    g2 = game(2, "2015-02-11 20:00", seats(A=30, B=20, C=-10, D=-40))
    ban = DisqualifiedPlayer("B", dt.date(2015, 2, 11), dt.date(2015, 2, 11), "second account", 0)
    inputs = stage_1(data([g1, g2], Sanctions(disqualified_players=(ban,))), S1).inputs
    ordered = _in_game_order(inputs.games)
    unit, units = _table_points_in_units(ordered)
    played = _played_games(ordered, units, {"B", "C"})
    assert sorted(played) == ["B", "C"]
    games, tps, gps = played["B"]
    assert [g.game_id for g in games] == ["1"] and [F(t, unit) for t in tps] == [2] and gps == [10]
    games, tps, gps = played["C"]
    assert [g.game_id for g in games] == ["1", "2"] and [F(t, unit) for t in tps] == [1, 1] and gps == [0, -10]


def test_ranked_stage_keeps_a_row_whose_rank_and_rating_come_out_the_same():
    g1 = game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, D=-50))
    scored = stage_1(data([g1]), S1)
    a, b, c, d = scored.rows
    again = ranked_stage(scored.inputs, [d, copy_row(c, rank=0, norm_rating=0), b, a])
    assert again.rows[0] is a and again.rows[1] is b and again.rows[3] is d
    assert again.rows[2] is not c and again.rows[2] == c
    assert again == scored


def test_placed_copies_only_a_row_that_moved():
    row = stage_1(data([game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, D=-50))]), S1).row("B")
    assert (row.rank, row.norm_rating) == (2, 667)
    assert _placed(row, 2, 667) is row
    moved = _placed(row, 3, 333)
    assert (moved.rank, moved.norm_rating, moved.player, moved.games) == (3, 333, "B", row.games)


def test_as_before_takes_the_earlier_row_only_when_it_is_the_same_apart_from_its_place():
    g1 = game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, D=-50))
    earlier = stage_1(data([g1]), S1).row("A")
    (fresh,) = stage_rows(stage_1(data([g1]), S1).inputs, {"A"})
    assert _as_before(fresh, earlier) is earlier
    assert _as_before(fresh, None) is fresh
    # the same instant written in UTC: a played game starts in the stage zone, so the row is the same
    utc = replace(g1, started_at=dt.datetime(2015, 2, 10, 17, 0, tzinfo=dt.timezone.utc))
    (shifted,) = stage_rows(stage_1(data([utc]), S1).inputs, {"A"})
    assert shifted.games[0].started_at == earlier.games[0].started_at
    assert _as_before(shifted, earlier) is earlier
    (weaker,) = stage_rows(stage_1(data([replace(g1, scores=(5, 10, 0, -50))]), S1).inputs, {"A"})
    assert _as_before(weaker, earlier) is weaker


def test_changed_games_in_place_added_and_removed():
    assert _changed_games("abcde", "abXde") == ["c", "X"]  # as many: the positions that differ
    assert _changed_games("abcde", "aXcYe") == ["b", "d", "X", "Y"]
    assert _changed_games("abcde", "abde") == ["c"]  # one removed: between head "ab" and tail "de"
    assert _changed_games("abcd", "abcdef") == ["e", "f"]  # added at the end
    assert _changed_games("aab", "ab") == ["a"]  # head "a", tail "b": one "a" went
    assert _changed_games("", "x") == ["x"]


def test_common_head():
    assert _common_head("abc", "abd") == 2
    assert _common_head("ab", "abc") == 2
    assert _common_head("", "x") == 0
    assert _common_head("x", "y") == 0


def test_penalties_by_player_groups_them_in_order():
    p1, p2, p3 = (StagePenalty(p, 1, gp, 0, "", line) for p, gp, line in [("A", 50, 1), ("B", 100, 2), ("A", 200, 3)])
    assert penalties_by_player((p1, p2, p3)) == {"A": [p1, p3], "B": [p2]}


def test_changed_players_of_a_changed_game_and_a_changed_penalty():
    """Game 2 (A, B, C, D) changes, game 3 (E, G, J, H) is added with H banned that day,
    and E's penalty goes; game 1 (A, B, C, I) and F's penalty stay: A B C D E G J."""
    g1 = game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, I=-50))
    g2 = game(2, "2015-02-11 20:00", seats(A=30, B=20, C=-10, D=-40))
    g3 = game(3, "2015-02-12 20:00", seats(E=30, G=20, J=-10, H=-40))
    fines = (StagePenalty("E", 1, 50, 0, "", 1), StagePenalty("F", 1, 50, 0, "", 2))
    ban = DisqualifiedPlayer("H", dt.date(2015, 2, 12), None, "", 0)
    old = stage_1(data([g1, g2], Sanctions(stage_penalties=fines)), S1).inputs
    new = stage_1(data([g1, replace(g2, scores=(30, 20, 50, -40)), g3],
                       Sanctions(stage_penalties=fines[1:], disqualified_players=(ban,))), S1).inputs
    assert changed_players(old, new) == set("ABCDEGJ")


def test_a_disqualified_game_changes_the_rows_of_its_players():
    g1 = game(1, "2015-02-10 20:00", seats(A=40, B=10, C=0, D=-50))
    g2 = game(2, "2015-02-11 20:00", seats(A=30, B=20, C=-10, E=-40))
    out = Sanctions(disqualified_games=(DisqualifiedGame("2", "collusion", 0),))
    plain, without = (stage_1(data([g1, g2], sanctions), S1).inputs for sanctions in (Sanctions(), out))
    assert changed_players(plain, without) == set("ABCE")
    assert changed_players(without, plain) == set("ABCE")


def test_in_a_total_order_when_no_two_start_at_once_or_every_id_is_a_number():
    g = {gid: game(gid, "2015-02-10 20:00", seats(A=30, B=10, C=0, D=-40)) for gid in ("9", "10", "10a")}
    inputs = stage_1(data([g["9"], g["10"], g["10a"]]), S1).inputs
    assert not _in_a_total_order(inputs.games)  # 10a starts with 9 and 10
    assert _in_a_total_order(inputs.games[:2])  # numbers only
    later = replace(g["10a"], started_at=dt.datetime(2015, 2, 10, 21, 0, tzinfo=MSK))
    apart = stage_1(data([g["9"], g["10"], later]), S1).inputs
    assert not _in_a_total_order(apart.games)  # 9 and 10 still start at once, and 10a is text
    assert _in_a_total_order(apart.games[1:])  # 10 and 10a do not


def test_a_changed_player_whose_games_are_in_no_total_order_is_scored_from_scratch():
    """Ids compare as numbers when both are digits, else as text: 9 < 10, 10 < 10a and
    10a < 9. Sorted in data order 9, 10, 10a the three stay so, and X plays 9 before 10a;
    X's two games sorted alone would be 10a, 9."""
    at = "2015-02-10 20:00"
    g9 = game("9", at, seats(X=30, A=10, B=0, C=-40))
    g10 = game("10", at, seats(D=30, E=10, F=0, G=-40))
    g10a = game("10a", at, seats(X=-40, A=10, B=0, C=30))
    before = stage_1(data([g9, g10, g10a]), S1)
    assert [g.game_id for g in before.row("X").games] == ["9", "10a"]
    new = stage_1(data([g9, g10, replace(g10a, scores=(-50, 10, 0, 30))]), S1)
    after = rescore_stage(before, new.inputs)
    assert [g.game_id for g in after.row("X").games] == ["9", "10a"]
    assert after == new


def test_an_unchanged_player_whose_games_are_in_no_total_order_is_scored_from_scratch():
    """Y plays 9 and 11x at once: alone they sort 11x, 9 ("11x" < "9" as text). Game 10 of
    four others comes: 9, 10, 11x sort so (9 < 10 as numbers, 10 < 11x as text), and Y's
    games are 9, 11x although none of them changed."""
    at = "2015-02-10 20:00"
    g9 = game("9", at, seats(Y=30, A=10, B=0, C=-40))
    g11x = game("11x", at, seats(Y=-40, A=10, B=0, C=30))
    g10 = game("10", at, seats(D=30, E=10, F=0, G=-40))
    before = stage_1(data([g9, g11x]), S1)
    assert [g.game_id for g in before.row("Y").games] == ["11x", "9"]
    new = stage_1(data([g9, g10, g11x]), S1)
    after = rescore_stage(before, new.inputs)
    assert [g.game_id for g in after.row("Y").games] == ["9", "11x"]
    assert after == new


# --- properties: equal to scoring from scratch --------------------------------------------

PLAYERS = "ABCDEFG"
# stage 1 days (Moscow); a game moved out of stage 1 goes to 10 April
DAYS = ["2015-02-10", "2015-02-11", "2015-02-12"]
TIMES = ["09:00", "20:00"]  # few: games often start at once


@st.composite
def a_game(draw, gid, mixed_ids=False):
    when = f"{draw(st.sampled_from(DAYS))} {draw(st.sampled_from(TIMES))}"
    players = draw(st.permutations(PLAYERS))[:4]
    scores = draw(st.lists(st.sampled_from([-40, -10, 0, 10, 30]), min_size=4, max_size=4))  # ties often
    # ids of digits and of text: among games starting at once they compare as numbers or as
    # text, which is no total order (9 < 10 < 11x < 9)
    gid = f"{gid}x" if mixed_ids and draw(st.booleans()) else str(gid)
    return game(gid, when, list(zip(players, scores)))


def a_stage_penalty():
    return st.builds(StagePenalty, st.sampled_from(PLAYERS), st.just(1), st.sampled_from([0, 50, 100]),
                     st.sampled_from([0, 1, 2]), st.just("late"), st.integers(0, 2))


def a_ban():
    days = [dt.date(2015, 2, 10), dt.date(2015, 2, 11)]
    return st.builds(DisqualifiedPlayer, st.sampled_from(PLAYERS), st.sampled_from(days),
                     st.sampled_from([None, *days]), st.just("ban"), st.just(0))


@st.composite
def an_edit(draw, games: list, sanctions: Sanctions, mixed_ids: bool):
    """One change of the data: (games, sanctions) after it."""
    games = list(games)
    kinds = ["add", "stage penalty", "ban"] + (["scores", "players", "start", "remove", "out of the stage",
                                                  "disqualify", "game penalty", "fine undone"] if games else [])
    kind = draw(st.sampled_from(kinds))
    i = draw(st.integers(0, max(len(games) - 1, 0)))
    if kind == "add":
        new_id = 1 + max((int(g.id.rstrip("x")) for g in games), default=0)
        games.insert(draw(st.integers(0, len(games))), draw(a_game(new_id, mixed_ids)))
    elif kind == "stage penalty":
        sanctions = replace(sanctions, stage_penalties=sanctions.stage_penalties + (draw(a_stage_penalty()),))
    elif kind == "ban":
        sanctions = replace(sanctions, disqualified_players=sanctions.disqualified_players + (draw(a_ban()),))
    elif kind == "scores":
        games[i] = replace(games[i], scores=tuple(draw(st.lists(st.integers(-40, 40), min_size=4, max_size=4))))
    elif kind == "players":
        games[i] = replace(games[i], players=tuple(draw(st.permutations(PLAYERS))[:4]))
    elif kind == "start":
        games[i] = replace(games[i], started_at=draw(a_game(0)).started_at)
    elif kind == "remove":
        del games[i]
    elif kind == "out of the stage":
        games[i] = replace(games[i], started_at=dt.datetime(2015, 4, 10, 20, 0, tzinfo=MSK))
    elif kind == "disqualify":
        out = DisqualifiedGame(games[i].id, "collusion", 0)
        sanctions = replace(sanctions, disqualified_games=sanctions.disqualified_games + (out,))
    elif kind == "game penalty":
        fine = GamePenalty(games[i].players[draw(st.integers(0, 3))], games[i].id, 10, "late", 0)
        sanctions = replace(sanctions, game_penalties=sanctions.game_penalties + (fine,))
    else:
        sanctions = replace(sanctions, stage_penalties=sanctions.stage_penalties[1:])
    return games, sanctions


@st.composite
def a_stage_and_edits(draw):
    """Settings, the data before and after one to three edits."""
    mixed_ids = draw(st.sampled_from([False, False, True]))  # mostly numbers, as real ids are
    games = [draw(a_game(gid, mixed_ids)) for gid in range(1, draw(st.integers(0, 14)) + 1)]
    sanctions = Sanctions(stage_penalties=tuple(draw(st.lists(a_stage_penalty(), max_size=3))),
                          disqualified_players=tuple(draw(st.lists(a_ban(), max_size=1))))
    s = settings(series_length=draw(st.integers(1, 4)), rating_min_games=draw(st.integers(1, 3)))
    new_games, new_sanctions = games, sanctions
    for _ in range(draw(st.integers(1, 3))):
        new_games, new_sanctions = draw(an_edit(new_games, new_sanctions, mixed_ids))
    return s, data(games, sanctions), data(new_games, new_sanctions)


def assert_same_stage(got, expected):
    """Field by field, strictly (types, time zones), rows with their games."""
    assert [r.player for r in got.rows] == [r.player for r in expected.rows]
    for row, scratch in zip(got.rows, expected.rows):
        assert same(row, scratch), (row, scratch)
    assert (got.stage, got.eligible, got.provisional) == (expected.stage, expected.eligible, expected.provisional)
    assert got == expected and got.by_player == expected.by_player


def assert_earlier_rows_kept(got, earlier):
    """A row the same as the earlier result's row of its player is that very object (when
    not scored from scratch, as the stage is when its games are in no total order)."""
    if not (_in_a_total_order(earlier.inputs.games) and _in_a_total_order(got.inputs.games)):
        return
    for row in got.rows:
        old = earlier.row(row.player)
        assert old is None or not same(row, old) or row is old, row.player


@hypothesis_settings(max_examples=400, deadline=None)
@given(a_stage_and_edits())
def test_rescoring_after_edits_equals_scoring_from_scratch(case):
    s, old, new = case
    earlier, scratch = stage_1(old, s), stage_1(new, s)
    got = rescore_stage(earlier, scratch.inputs)
    assert_same_stage(got, scratch)
    assert_earlier_rows_kept(got, earlier)


@hypothesis_settings(max_examples=150, deadline=None)
@given(a_stage_and_edits())
def test_recompute_after_edits_equals_compute(case):
    s, old, new = case
    before = compute(old, s)
    got, expected = recompute(new, s, before), compute(new, s)
    for stage, scratch, earlier in zip(got.stages, expected.stages, before.stages):
        assert_same_stage(stage, scratch)
        assert_earlier_rows_kept(stage, earlier)
    assert got == expected


@hypothesis_settings(max_examples=150, deadline=None)
@given(a_stage_and_edits())
def test_without_the_newest_day_equals_the_stage_scored_from_scratch(case):
    s, _, d = case
    result = compute(d, s)
    day_of = {g.game.id: g.game.started_at.astimezone(s.stage_timezone).date() for g in result.games if g.counted}
    if not day_of:
        return
    newest = max(day_of.values())
    # the way before rescoring: the whole stage of that day scored again without the day's games
    stages = tuple(
        score_stage_inputs(stage_inputs(stage.stage, [g for g in stage.inputs.games if day_of.get(g.game.id) != newest],
                                        d.sanctions.stage_penalties, s, None))
        if newest in (day_of.get(g.game.id) for g in stage.inputs.games) else stage
        for stage in result.stages
    )
    assert _without_day(newest, d, s, result) == score_marathon(stages, s)
