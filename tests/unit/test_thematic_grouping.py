"""thematic-marathon spec steps 2-4: seeding order, phase-1 snake groups, phase-2 structure.
Every expected value worked out by hand (players are numbered by seed: 1 is the top seed)."""

import pytest

from site_gen.rules.thematic_marathon.grouping import (
    group_sizes,
    has_phase1,
    phase1_groups,
    phase2,
    seeding,
    takes_runners_up,
)
from site_gen.rules.thematic_marathon.model import AUTO, WINNERS, WINNERS_AND_RUNNERS_UP, Player


def numbered(n):
    return [str(i) for i in range(1, n + 1)]


def as_ints(groups):
    return [[int(p) for p in g] for g in groups]


# --- step 2: seeding ---------------------------------------------------------------------


def test_seeding_order_e_then_p_then_unrated():
    players = {p.userid: p for p in [
        Player("zed", rating=1500, status="P"),
        Player("amy", rating=1400, status="E"),
        Player("bob", rating=1900, status=""),  # unrated: a rating written for them is ignored
        Player("cat", rating=None, status="E"),  # E without a rating: after the rated E players
        Player("dan", rating=1600, status="E"),
        Player("eve", rating=None, status=""),
        Player("fox", rating=None, status="P"),
    ]}
    # E rated by rating desc: dan 1600, amy 1400; then E unrated: cat; then P rated: zed;
    # P unrated: fox; then the unrated by userid: bob, eve.
    assert seeding(list(players), players) == ["dan", "amy", "cat", "zed", "fox", "bob", "eve"]


def test_equal_ratings_go_by_userid_case_insensitively_then_exactly():
    players = {p.userid: p for p in [
        Player("bob", rating=1700, status="E"),
        Player("Alice", rating=1700, status="E"),
        Player("alice", rating=1700, status="E"),
        Player("Carl", rating=1700, status="E"),
    ]}
    # case-insensitive: alice = Alice < bob < carl; then exactly: "Alice" < "alice" (A is 0x41)
    assert seeding(list(players), players) == ["Alice", "alice", "bob", "Carl"]


def test_players_missing_from_players_csv_are_unrated():
    players = {"rated": Player("rated", rating=1000, status="P")}
    assert seeding(["Zoe", "rated", "adam"], players) == ["rated", "adam", "Zoe"]


# --- step 3: phase-1 groups ----------------------------------------------------------------


def test_group_sizes_as_equal_as_possible_larger_first():
    assert group_sizes(11, 3) == [4, 4, 3]
    assert group_sizes(26, 6) == [5, 5, 4, 4, 4, 4]
    assert group_sizes(10, 2) == [5, 5]


@pytest.mark.parametrize("n, expected", [
    # k = ceil(6/5) = 2, sizes 3, 3; snake 1 2 | 2 1 | 1 2
    (6, [[1, 4, 5], [2, 3, 6]]),
    # k = 2, sizes 4, 3; snake 1 2 | 2 1 | 1 2 -> group 2 full (2, 3, 6), player 7 skips it: group 1
    (7, [[1, 4, 5, 7], [2, 3, 6]]),
    # k = 2, sizes 5, 4; snake 1 2 | 2 1 | 1 2 | 2 1 | 1
    (9, [[1, 4, 5, 8, 9], [2, 3, 6, 7]]),
    # the spec's example: k = 3, sizes 4, 4, 3; 1 2 3 | 3 2 1 | 1 2 3 | (3 full) 2 1
    (11, [[1, 6, 7, 11], [2, 5, 8, 10], [3, 4, 9]]),
    # k = 3, sizes 5, 4, 4; 1 2 3 | 3 2 1 | 1 2 3 | 3 (full after 10) 2 (full after 11) 1 | 1
    (13, [[1, 6, 7, 12, 13], [2, 5, 8, 11], [3, 4, 9, 10]]),
    # k = 6, sizes 5 5 4 4 4 4; four full laps give every group 4, then 25 -> 1, 26 -> 2
    (26, [[1, 12, 13, 24, 25], [2, 11, 14, 23, 26], [3, 10, 15, 22], [4, 9, 16, 21], [5, 8, 17, 20], [6, 7, 18, 19]]),
])
def test_phase1_groups_as_a_snake(n, expected):
    assert as_ints(phase1_groups(numbered(n), 5)) == expected


def test_no_group_of_five_follows_a_group_of_four():
    for n in range(1, 60):
        sizes = [len(g) for g in phase1_groups(numbered(n), 5)]
        assert sizes == sorted(sizes, reverse=True) and max(sizes) - min(sizes) <= 1 and sum(sizes) == n


def test_phase1_needs_the_minimum_number_of_entrants():
    assert not has_phase1(5, 6) and has_phase1(6, 6)


def test_runners_up_join_phase2_with_at_most_three_groups_under_auto():
    assert takes_runners_up(AUTO, 3) and not takes_runners_up(AUTO, 4)
    assert takes_runners_up(WINNERS_AND_RUNNERS_UP, 6) and not takes_runners_up(WINNERS, 2)


# --- step 4: phase 2 -----------------------------------------------------------------------


def test_phase2_of_4_is_a_single_final():
    structure = phase2(numbered(4))
    assert structure.semifinals == () and structure.advance == 0


def test_phase2_of_6_two_semifinal_groups_best_two_go_through():
    # s = floor(6/3) = 2, sizes 3, 3, snake 1 2 | 2 1 | 1 2; final of 2 x 2 = 4 (regulation: 6 - 2(3) - 2 - 4)
    structure = phase2(numbered(6))
    assert as_ints(structure.semifinals) == [[1, 4, 5], [2, 3, 6]]
    assert structure.advance == 2


def test_phase2_of_9_three_groups_of_three_winners_only():
    # s = 3, sizes 3, 3, 3, snake 1 2 3 | 3 2 1 | 1 2 3; final of 3 (regulation: 9 - 3(3) - 1 - 3)
    structure = phase2(numbered(9))
    assert as_ints(structure.semifinals) == [[1, 6, 7], [2, 5, 8], [3, 4, 9]]
    assert structure.advance == 1


def test_phase2_of_13_four_groups_the_first_of_four():
    # s = floor(13/3) = 4, sizes 4, 3, 3, 3; snake 1 2 3 4 | 4 3 2 1 | 1 2 3 4 (groups 2-4 full
    # after 10, 11, 12) | 4, 3, 2 full, player 13 -> group 1. Final of 4 (regulation: 13 - 4(3-4) - 1 - 4)
    structure = phase2(numbered(13))
    assert as_ints(structure.semifinals) == [[1, 8, 9, 13], [2, 7, 10], [3, 6, 11], [4, 5, 12]]
    assert structure.advance == 1


@pytest.mark.parametrize("m, groups, sizes, advance, final", [
    (6, 2, [3, 3], 2, 4), (7, 2, [4, 3], 2, 4), (8, 2, [4, 4], 2, 4),
    (9, 3, [3, 3, 3], 1, 3), (10, 3, [4, 3, 3], 1, 3), (11, 3, [4, 4, 3], 1, 3),
    (12, 4, [3, 3, 3, 3], 1, 4), (13, 4, [4, 3, 3, 3], 1, 4),
])
def test_phase2_reproduces_the_regulations_table(m, groups, sizes, advance, final):
    structure = phase2(numbered(m))
    assert [len(g) for g in structure.semifinals] == sizes and len(structure.semifinals) == groups
    assert structure.advance == advance and advance * groups == final
