"""A changed marathon computed again (plainly: compute, issue 40), by hand, and through
serve's competition memo: exactly what a fresh computation gives."""

from fractions import Fraction as F
from pathlib import Path

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.project import CompetitionMemo, load_competition
from site_gen.rules.online_marathon.scoring import compute

from marathon_helpers import SMALL_COMPETITION_YAML, data, game, settings

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
    site, memo = SiteConfig(), CompetitionMemo()
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
