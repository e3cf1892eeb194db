"""A changed marathon computed again (plainly: compute, issue 40), by hand, and through
serve's competition memo: exactly what a fresh computation gives."""

import datetime as dt
from dataclasses import replace
from fractions import Fraction as F
from pathlib import Path

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import competition_memo, load_competition
from site_gen.rules.online_marathon.model import DisqualifiedPlayer, Sanctions, StagePenalty
from site_gen.rules.online_marathon.scoring import compute

from marathon_helpers import MSK, SMALL_COMPETITION_YAML, data, game, settings

def seats(a, b, c, d):
    return [("A", a), ("B", b), ("C", c), ("D", d)]


# --- hand-worked: one changed game -----------------------------------------------------------


def _two_stages(last_scores):
    return data([
        game(1, "2015-02-10 20:00", seats(40, 10, 0, -50)),  # stage 1
        game(2, "2015-04-10 20:00", seats(30, 10, 0, -40)),  # stage 2
        game(3, "2015-04-11 20:00", seats(*last_scores)),    # stage 2, the game that changes
    ])


def test_one_changed_game_of_stage_2():
    """Game 3 changes from A 20, B 10, C 0, D -30 to A -30, B 10, C 0, D 20.

    Stage 2 table points (places 4, 2, 1, 0): game 2 A 4, B 2, C 1, D 0; game 3 now D 4,
    B 2, C 1, A 0. Sums: A 4, B 4, C 2, D 4. With 2 games < L = 10 the series is both
    games and the divisor 10: score = (4/10 + 4/10) / 2 = 2/5 for A, B and D, 1/5 for C
    (A had (8/10 + 8/10) / 2 = 4/5 before). Equal scores go by series game points:
    B 10+10 = 20, A 30-30 = 0, D -40+20 = -20, so B 1, A 2, D 3, C 4; four eligible
    players: NR = 1000 * (4 - P) / 3, A: 2000/3 = 666.7 -> 667."""
    s = settings(rating_min_games=1)
    before = compute(_two_stages((20, 10, 0, -30)), s)
    after = compute(_two_stages((-30, 10, 0, 20)), s)
    assert after.stages[0] == before.stages[0]
    assert before.stages[1].row("A").score == F(4, 5)
    a = after.stages[1].row("A")
    assert (a.score, a.series_game_points, a.rank, a.norm_rating) == (F(2, 5), 0, 2, 667)
    assert [r.player for r in after.stages[1].rows] == ["B", "A", "D", "C"]


def test_a_later_game_elsewhere_ends_stage_1_being_provisional():
    # stage 1's games stay the same, but the newest game moves from stage 1 to stage 2
    s = settings(rating_min_games=1)
    stage_1 = [game(1, "2015-02-10 20:00", seats(40, 10, 0, -50))]
    before = compute(data(stage_1), s)
    after = compute(data(stage_1 + [game(2, "2015-04-10 20:00", seats(30, 10, 0, -40))]), s)
    assert before.stages[0].provisional is True  # updated 10 February < 31 March
    assert after.stages[0].provisional is False  # updated 10 April


# --- through the serve memo: a project folder changed on disk --------------------------------

HEADER = "game,table,started_at,player1,score1,player2,score2,player3,score3,player4,score4\n"
ROWS = [
    "1,RU-Marathon-1,2015-02-10T20:00:00+03:00,A,40,B,10,C,0,D,-50\n",
    "2,RU-Marathon-1,2015-04-10T20:00:00+03:00,A,30,B,10,C,0,D,-40\n",
    "3,RU-Marathon-1,2015-04-11T20:00:00+03:00,A,20,B,10,C,0,D,-30\n",
]


def test_the_memo_computes_a_changed_folder_as_a_fresh_load_does(tmp_path: Path):
    folder = tmp_path / "project" / "data" / "small-marathon"
    folder.mkdir(parents=True)
    (folder / "competition.yaml").write_text(SMALL_COMPETITION_YAML, encoding="utf-8")
    games_csv = folder / "games.csv"
    games_csv.write_text(HEADER + "".join(ROWS), encoding="utf-8")
    site, memo = SiteConfig(), competition_memo()
    first = memo.load(folder, site, Diagnostics(root=tmp_path / "project"))
    assert first is not None
    # game 3 as in the hand-worked test above: A 20 -> -30, D -30 -> 20
    games_csv.write_text(HEADER + "".join(ROWS[:2]) + "3,RU-Marathon-1,2015-04-11T20:00:00+03:00,A,-30,B,10,C,0,D,20\n",
                         encoding="utf-8")
    diags = Diagnostics(root=tmp_path / "project")
    second = memo.load(folder, site, diags)
    fresh = load_competition(folder, site, Diagnostics(root=tmp_path / "project"))
    assert second is not None and fresh is not None and second is not first
    assert diags.count("error") == 0
    assert second.result == fresh.result
    assert second.result.stages[1].row("A").score == F(2, 5)  # the change reached the result


# --- hand-worked: what a change does to a stage's table (moved here from the tests of the
# removed rescoring, onto the plain computation) -------------------------------------------

# rating_min_games 1 and L = 10: with n < 10 both averages divide by 10, so score = TP / 10
S1 = settings(rating_min_games=1)


def named(**scores):
    return list(scores.items())


def stage_1(d, s=S1):
    return compute(d, s).stages[0]


def test_a_player_whose_only_game_is_removed_disappears():
    """Before: game 1 A 30, B 10, C 0, D -40 (TP 4, 2, 1, 0); game 2 E 20, B 10, C 0, D -50
    (TP 4, 2, 1, 0). A, B and E score 4/10: A first on game points (30 against 20 and 20),
    then B on games (2 against 1); C 2/10, D 0. Without game 2: A 4/10, B 2/10, C 1/10,
    D 0; four eligible: NR 1000, 2000/3 -> 667, 1000/3 -> 333, 0."""
    g1 = game(1, "2015-02-10 20:00", named(A=30, B=10, C=0, D=-40))
    g2 = game(2, "2015-02-11 20:00", named(E=20, B=10, C=0, D=-50))
    before = stage_1(data([g1, g2]))
    assert [(r.player, r.rank) for r in before.rows] == [("A", 1), ("B", 2), ("E", 3), ("C", 4), ("D", 5)]
    after = stage_1(data([g1]))
    assert [(r.player, r.rank, r.norm_rating) for r in after.rows] == [
        ("A", 1, 1000), ("B", 2, 667), ("C", 3, 333), ("D", 4, 0)]
    assert after.row("E") is None and after.eligible == 4 and after.row("B").score == F(1, 5)


def test_a_changed_game_moves_two_players():
    """Game 1 A 40, B 10, C 0, D -50 (TP 4, 2, 1, 0); game 2 A 30, B 20, C -10, D -40
    (4, 2, 1, 0): A 8/10, B 4/10, C 2/10, D 0, NR 1000, 667, 333, 0. C's -10 in game 2
    becomes 50: game 2 is C 4, A 2, B 1, D 0, so A 6/10, C 5/10, B 3/10, D 0: B and C
    change places (3rd 333 and 2nd 667)."""
    g1 = game(1, "2015-02-10 20:00", named(A=40, B=10, C=0, D=-50))
    g2 = game(2, "2015-02-11 20:00", named(A=30, B=20, C=-10, D=-40))
    before = stage_1(data([g1, g2]))
    assert [(r.player, r.norm_rating) for r in before.rows] == [("A", 1000), ("B", 667), ("C", 333), ("D", 0)]
    after = stage_1(data([g1, replace(g2, scores=(30, 20, 50, -40))]))
    assert [(r.player, r.rank, r.norm_rating) for r in after.rows] == [
        ("A", 1, 1000), ("C", 2, 667), ("B", 3, 333), ("D", 4, 0)]
    assert (after.row("A").score, after.row("C").score, after.row("B").score) == (F(3, 5), F(1, 2), F(3, 10))


def test_a_start_time_change_reorders_games_and_moves_the_best_series():
    """L = 2. A: game 1 first (30, TP 4), game 2 last (-40, TP 0), game 3 first (30, TP 4).
    In order 1, 2, 3 both runs of two have TP 4 and GP -10: the earliest, games 1-2, is
    the series. Game 2 moved after game 3: order 1, 3, 2 and the series is games 1 and 3,
    TP 8, GP 60. best_average 8/2 = 4, stage_average 8/3 (n = 3 > L), score
    (4 + 8/3)/2 = 10/3, where it was (2 + 8/3)/2 = 7/3."""
    s = settings(series_length=2, rating_min_games=1)
    g1 = game(1, "2015-02-10 20:00", named(A=30, B=10, C=0, D=-40))
    g2 = game(2, "2015-02-11 20:00", named(A=-40, B=10, C=0, D=30))
    g3 = game(3, "2015-02-12 20:00", named(A=30, B=10, C=0, D=-40))
    before = stage_1(data([g1, g2, g3]), s)
    assert (before.row("A").series_start, before.row("A").score) == (0, F(7, 3))
    moved = replace(g2, started_at=dt.datetime(2015, 2, 13, 20, 0, tzinfo=MSK))
    a = stage_1(data([g1, moved, g3]), s).row("A")
    assert [g.game_id for g in a.games] == ["1", "3", "2"]
    assert (a.series_start, a.series_end, a.series_table_points, a.series_game_points) == (0, 2, 8, 60)
    assert (a.best_average, a.stage_average, a.score) == (4, F(8, 3), F(10, 3))


def test_a_stage_penalty():
    """A 8/10 as in the test above; a stage penalty of 2 TP: stage_average (8 - 2)/10,
    score (8/10 + 6/10)/2 = 7/10, series game points 70 - 50 = 20."""
    g1 = game(1, "2015-02-10 20:00", named(A=40, B=10, C=0, D=-50))
    g2 = game(2, "2015-02-11 20:00", named(A=30, B=20, C=-10, D=-40))
    fined = Sanctions(stage_penalties=(StagePenalty("A", 1, 50, 2, "late", 0),))
    a = stage_1(data([g1, g2], fined)).row("A")
    assert (a.score, a.series_game_points) == (F(7, 10), 20)


def test_a_disqualified_player_s_seat_does_not_count_for_them():
    """B is banned on 11 February: game 2 counts for A, C and D only. B has game 1 (2nd:
    2 TP, GP 10), C games 1 and 2 (3rd in both: 1 TP each, GP 0 and -10)."""
    g1 = game(1, "2015-02-10 20:00", named(A=40, B=10, C=0, D=-50))
    g2 = game(2, "2015-02-11 20:00", named(A=30, B=20, C=-10, D=-40))
    ban = DisqualifiedPlayer("B", dt.date(2015, 2, 11), dt.date(2015, 2, 11), "second account", 0)
    stage = stage_1(data([g1, g2], Sanctions(disqualified_players=(ban,))))
    b, c = stage.row("B"), stage.row("C")
    assert [g.game_id for g in b.games] == ["1"] and b.table_points == 2 and b.series_game_points == 10
    assert [g.game_id for g in c.games] == ["1", "2"] and c.table_points == 2 and c.series_game_points == -10
    assert [g.table_points for g in c.games] == [1, 1] and [g.opponents for g in c.games] == [("A", "B", "D")] * 2
