"""swiss-cut spec step 3: round 1 from the seed, later rounds strongest with strongest,
and the refusals of `seat` (incomplete round, not a multiple of 4, a cut inside a tie)."""

import random

import pytest
from hypothesis import given, strategies as st

from site_gen.rules.swiss_cut.scoring import compute
from site_gen.rules.swiss_cut.seating import draw, plan_round, qualified, to_tables

from swiss_cut_helpers import REGISTERED, ROUND_1, data, players, round_file, seats, settings

CYRILLIC = ["Анна", "Борис", "Вера", "Глеб", "Дмитрий", "Елена", "Женя", "Игорь"]


# --- round 1: the draw ----------------------------------------------------------------------

def test_the_draw_is_pinned_for_any_machine():
    # These orders are what CPython's own random.Random(seed).shuffle gives (3.2 and later);
    # written down so that a different Python or machine that drew otherwise fails here.
    assert draw(CYRILLIC, 2006) == ("Борис", "Дмитрий", "Глеб", "Вера", "Игорь", "Елена", "Анна", "Женя")
    assert draw(CYRILLIC, "kiev-2006") == ("Елена", "Игорь", "Вера", "Борис", "Глеб", "Анна", "Женя", "Дмитрий")
    assert draw(list(range(1, 33)), 20061105) == (
        27, 29, 9, 8, 24, 7, 11, 26, 1, 18, 31, 19, 4, 30, 25, 14,
        12, 3, 20, 2, 32, 10, 16, 28, 23, 6, 22, 17, 21, 13, 15, 5)


@given(st.lists(st.text(min_size=1, max_size=5), max_size=40, unique=True),
       st.one_of(st.integers(-10**12, 10**12), st.text(min_size=1, max_size=12)))
def test_the_draw_is_the_standard_library_shuffle(names, seed):
    expected = list(names)
    random.Random(seed).shuffle(expected)
    assert draw(names, seed) == tuple(expected)
    assert sorted(draw(names, seed)) == sorted(names)


def test_round_1_plan_seats_the_draw_four_to_a_table():
    registered = players(*CYRILLIC)
    plan = plan_round(1, data(registered), settings(seed=2006), {})
    assert plan.refusals == ()
    assert plan.seating.tables == (("Борис", "Дмитрий", "Глеб", "Вера"), ("Игорь", "Елена", "Анна", "Женя"))


def test_round_1_without_a_seed_is_refused():
    plan = plan_round(1, data(players(*CYRILLIC)), settings(), {})
    assert plan.seating is None and "seed" in plan.refusals[0]


def test_late_registrants_are_not_drawn_in_round_1():
    registered = players(*CYRILLIC, "Late1", "Late2", "Late3", "Late4",
                         late={"Late1": 2, "Late2": 2, "Late3": 2, "Late4": 2})
    plan = plan_round(1, data(registered), settings(seed=2006), {})
    assert sorted(p for t in plan.seating.tables for p in t) == sorted(CYRILLIC)


# --- round 2 from known standings -------------------------------------------------------------

def _standings(judge=(), rounds=(ROUND_1,), registered=REGISTERED, **kw):
    made = data(registered, list(rounds), judge=judge)
    return made, compute(made, settings(**kw)).all_standings


def test_round_2_table_by_table_and_seat_by_seat():
    # standings after round 1 (worked in swiss_cut_helpers and test_swiss_cut_standings): Ann, Eve, Bob, Fay, then Cat and
    # Guy equal (Guy registered first), Hal, Dan
    made, table = _standings()
    plan = plan_round(2, made, settings(), table)
    assert plan.refusals == ()
    assert plan.seating.tables == (
        ("Ann", "Eve", "Bob", "Fay"),  # table 1: places 1-4, East = 1st
        ("Guy", "Cat", "Hal", "Dan"),  # table 2: places 5-8
    )
    # the tie decided by registration is reported, not refused (no cut here)
    assert len(plan.warnings) == 1 and '"Guy", "Cat"' in plan.warnings[0]


def test_round_2_follows_the_judges_order():
    made, table = _standings(judge=("Cat",))
    plan = plan_round(2, made, settings(), table)
    assert plan.seating.tables[1] == ("Cat", "Guy", "Hal", "Dan") and plan.warnings == ()


def test_late_registrants_sit_after_the_standings_in_registration_order():
    registered = REGISTERED + players("Zed", "Wes", "Yan", "Xia", late={"Zed": 2, "Wes": 2, "Yan": 2, "Xia": 2})
    made, table = _standings(registered=registered)
    assert qualified(2, made, settings(), table)[-4:] == ("Zed", "Wes", "Yan", "Xia")
    plan = plan_round(2, made, settings(), table)
    assert plan.seating.tables[2] == ("Zed", "Wes", "Yan", "Xia")


def test_a_cut_keeps_the_best_k():
    made, table = _standings(cuts=((2, 4),))
    plan = plan_round(2, made, settings(cuts=((2, 4),)), table)
    assert plan.seating.tables == (("Ann", "Eve", "Bob", "Fay"),)


# A round 1 made for ties (hand-worked, every player 1 mahjong):
# T1 A 300, B 300 share 1-2: 5/2 + 2 = 9/2 each; C -300, D -300 share 3-4: 1/2 - 2 = -3/2 each.
# T2 E 300: 3 + 2 = 5; F, G, H -100 share 2-4: (2+1+0)/3 = 1, scale -1: 0 each.
# Strict order: E | A B (equal) | F G H (equal) | C D (equal).
TIES = players("A", "B", "C", "D", "E", "F", "G", "H")
TIE_ROUND = round_file(1, seats(1, ("A", 300, 1), ("B", 300, 1), ("C", -300, 1), ("D", -300, 1)),
                       seats(2, ("E", 300, 1), ("F", -100, 1), ("G", -100, 1), ("H", -100, 1)))


def test_a_cut_inside_an_undecided_tie_is_refused():
    cut = settings(cuts=((2, 4),))
    made = data(TIES, [TIE_ROUND])
    plan = plan_round(2, made, cut, compute(made, cut).all_standings)
    assert plan.seating is None
    assert len(plan.refusals) == 1
    assert "cut to 4" in plan.refusals[0] and '"F", "G", "H"' in plan.refusals[0]


def test_the_judge_decides_the_cut_and_seat_goes_ahead():
    cut = settings(cuts=((2, 4),))
    made = data(TIES, [TIE_ROUND], judge=("H",))
    plan = plan_round(2, made, cut, compute(made, cut).all_standings)
    # H now 4th (the judge listed H); F and G stay equal but both are out: no refusal
    assert plan.refusals == () and plan.seating.tables == (("E", "A", "B", "H"),)
    assert len(plan.warnings) == 1 and '"A", "B"' in plan.warnings[0]  # A-B still in registration order


def test_a_player_count_that_is_not_a_multiple_of_4_is_refused():
    registered = REGISTERED + players("Late1", "Late2", late={"Late1": 2, "Late2": 2})
    made, table = _standings(registered=registered)
    plan = plan_round(2, made, settings(), table)
    assert plan.seating is None and "10 players" in plan.refusals[0] and "multiple of 4" in plan.refusals[0]


def test_an_incomplete_previous_round_is_refused():
    partial = round_file(1, seats(1, ("Ann", 500), ("Bob", None), ("Cat", -200), ("Dan", -300)),
                         seats(2, ("Eve", 0), ("Fay", 0), ("Guy", 0), ("Hal", 0)))
    made, table = _standings(rounds=(partial,))
    plan = plan_round(2, made, settings(), table)
    assert plan.seating is None and "round 1 is not complete" in plan.refusals[0] and '"Bob"' in plan.refusals[0]


def test_a_missing_previous_round_is_refused():
    made, table = _standings(rounds=())
    plan = plan_round(2, made, settings(), table)
    assert plan.seating is None and "round 1 has no file" in plan.refusals[0]


@pytest.mark.parametrize("count", [4, 8, 12])
def test_to_tables(count):
    names = [f"p{i}" for i in range(count)]
    tables = to_tables(names)
    assert len(tables) == count // 4 and all(len(t) == 4 for t in tables)
    assert [p for t in tables for p in t] == names
