"""recompute: a rebuild reuses each stage result whose inputs did not change, and gives
exactly what a full computation gives."""

import datetime as dt
from dataclasses import replace
from fractions import Fraction as F
from pathlib import Path

from hypothesis import given, settings as hypothesis_settings, strategies as st

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.project import CompetitionMemo, load_competition
from site_gen.rules.online_marathon.model import DisqualifiedGame, Sanctions, Stage, StagePenalty
from site_gen.rules.online_marathon.scoring import compute, recompute

from marathon_helpers import MSK, SMALL_COMPETITION_YAML, data, game, settings

PLAYERS = "ABCDEF"
STAGES = (
    Stage(1, dt.date(2015, 2, 1), dt.date(2015, 3, 31), "Stage 1"),
    Stage(2, dt.date(2015, 4, 1), dt.date(2015, 5, 31), "Stage 2"),
    Stage(3, dt.date(2015, 6, 1), dt.date(2015, 7, 31), "Stage 3"),
)
# Moscow days by stage; None: inside the period but in no stage (it still dates the marathon)
DAYS = {1: ["2015-02-10", "2015-03-31"], 2: ["2015-04-01", "2015-05-20"], 3: ["2015-06-15", "2015-07-31"],
        None: ["2015-08-05"]}


def seats(a, b, c, d):
    return [("A", a), ("B", b), ("C", c), ("D", d)]


# --- property: recompute equals compute after any one change ---------------------------------


@st.composite
def a_game(draw, gid, stages=tuple(DAYS)):
    day = draw(st.sampled_from([d for s in stages for d in DAYS[s]]))
    when = f"{day} {draw(st.sampled_from(['00:30', '20:00', '23:45']))}"
    players = draw(st.permutations(PLAYERS))[:4]
    scores = draw(st.lists(st.integers(-30, 40), min_size=4, max_size=4))
    table = draw(st.sampled_from(["RU-Marathon-1", "RU-Marathon-1", "Friendly-1"]))
    return game(gid, when, list(zip(players, scores)), table=table)


def a_stage_penalty():
    return st.builds(StagePenalty, st.sampled_from(PLAYERS), st.integers(1, 3), st.sampled_from([0, 50, 100]),
                     st.sampled_from([0, 1, 2]), st.just("late"), st.just(0))


def _stage_number(g) -> int | None:
    day = g.started_at.astimezone(MSK).date()
    return next((s.number for s in STAGES if s.contains(day)), None)


@st.composite
def changed(draw, games: list, sanctions: Sanctions):
    """One change of the data: (games, sanctions) after it."""
    games = list(games)
    kind = draw(st.sampled_from(["scores", "add", "remove", "move", "stage penalty", "disqualify"]))
    i = draw(st.integers(0, len(games) - 1))
    if kind == "scores":
        games[i] = replace(games[i], scores=tuple(draw(st.lists(st.integers(-30, 40), min_size=4, max_size=4))))
    elif kind == "add":
        games.insert(draw(st.integers(0, len(games))), draw(a_game(str(len(games) + 100))))
    elif kind == "remove":
        del games[i]
    elif kind == "move":
        others = [s for s in DAYS if s != _stage_number(games[i])]
        games[i] = replace(games[i], started_at=draw(a_game(games[i].id, stages=others)).started_at)
    elif kind == "stage penalty":
        sanctions = replace(sanctions, stage_penalties=sanctions.stage_penalties + (draw(a_stage_penalty()),))
    else:
        out = DisqualifiedGame(games[i].id, "collusion", 0)
        sanctions = replace(sanctions, disqualified_games=sanctions.disqualified_games + (out,))
    return games, sanctions


@st.composite
def marathon_and_change(draw):
    games = [draw(a_game(str(gid))) for gid in range(1, draw(st.integers(1, 14)) + 1)]
    sanctions = Sanctions(stage_penalties=tuple(draw(st.lists(a_stage_penalty(), max_size=2))))
    s = settings(stages=STAGES, series_length=draw(st.integers(2, 4)), rating_min_games=draw(st.integers(1, 3)),
                 counted_stages=2)
    new_games, new_sanctions = draw(changed(games, sanctions))
    return s, data(games, sanctions), data(new_games, new_sanctions)


@hypothesis_settings(max_examples=300, deadline=None)
@given(marathon_and_change())
def test_recompute_after_one_change_equals_compute(case):
    s, old, new = case
    assert recompute(new, s, compute(old, s)) == compute(new, s)


# --- hand-worked: the unchanged stage is reused, the changed one scored again ---------------


def _two_stages(last_scores):
    return data([
        game(1, "2015-02-10 20:00", seats(40, 10, 0, -50)),  # stage 1
        game(2, "2015-04-10 20:00", seats(30, 10, 0, -40)),  # stage 2
        game(3, "2015-04-11 20:00", seats(*last_scores)),    # stage 2, the game that changes
    ])


def test_one_changed_game_of_stage_2_rescores_stage_2_only():
    """Game 3 changes from A 20, B 10, C 0, D -30 to A -30, B 10, C 0, D 20.

    Stage 2 table points (places 4, 2, 1, 0): game 2 A 4, B 2, C 1, D 0; game 3 now D 4,
    B 2, C 1, A 0. Sums: A 4, B 4, C 2, D 4. With 2 games < L = 10 the series is both
    games and the divisor 10: score = (4/10 + 4/10) / 2 = 2/5 for A, B and D, 1/5 for C
    (A had (8/10 + 8/10) / 2 = 4/5 before). Equal scores go by series game points:
    B 10+10 = 20, A 30-30 = 0, D -40+20 = -20, so B 1, A 2, D 3, C 4; four eligible
    players: NR = 1000 * (4 - P) / 3, A: 2000/3 = 666.7 -> 667."""
    s = settings(rating_min_games=1)
    before = compute(_two_stages((20, 10, 0, -30)), s)
    new = _two_stages((-30, 10, 0, 20))
    after = recompute(new, s, before)
    assert after.stages[0] is before.stages[0]
    assert after.stages[1] is not before.stages[1]
    assert before.stages[1].row("A").score == F(4, 5)
    a = after.stages[1].row("A")
    assert (a.score, a.series_game_points, a.rank, a.norm_rating) == (F(2, 5), 0, 2, 667)
    assert [r.player for r in after.stages[1].rows] == ["B", "A", "D", "C"]
    assert after == compute(new, s)


def test_a_changed_setting_reuses_no_stage():
    d = _two_stages((20, 10, 0, -30))
    before = compute(d, settings(rating_min_games=1))
    # rating_min_games is read by score_stage; counted_stages is not, but settings are compared whole
    for s in (settings(rating_min_games=2), settings(rating_min_games=1, counted_stages=1)):
        after = recompute(d, s, before)
        assert all(new is not old for new, old in zip(after.stages, before.stages))
        assert after == compute(d, s)


def test_a_later_game_elsewhere_ends_stage_1_being_provisional():
    # stage 1's games stay the same, but the newest game moves from stage 1 to stage 2
    s = settings(rating_min_games=1)
    stage_1 = [game(1, "2015-02-10 20:00", seats(40, 10, 0, -50))]
    before = compute(data(stage_1), s)
    new = data(stage_1 + [game(2, "2015-04-10 20:00", seats(30, 10, 0, -40))])
    after = recompute(new, s, before)
    assert before.stages[0].provisional is True  # updated 10 February < 31 March
    assert after.stages[0].provisional is False  # updated 10 April
    assert after.stages[0] is not before.stages[0]
    assert after == compute(new, s)


# --- through the serve memo: a project folder changed on disk --------------------------------

HEADER = "game,table,started_at,player1,score1,player2,score2,player3,score3,player4,score4\n"
ROWS = [
    "1,RU-Marathon-1,2015-02-10T20:00:00+03:00,A,40,B,10,C,0,D,-50\n",
    "2,RU-Marathon-1,2015-04-10T20:00:00+03:00,A,30,B,10,C,0,D,-40\n",
    "3,RU-Marathon-1,2015-04-11T20:00:00+03:00,A,20,B,10,C,0,D,-30\n",
]


def test_the_memo_recomputes_only_the_changed_stage(tmp_path: Path):
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
    assert second.result.stages[0] is first.result.stages[0]  # stage 1 was not scored again
    assert second.result.stages[1] is not first.result.stages[1]
