"""site_gen.tiebreak: points, mini-leagues among exactly the tied (again on a smaller tie),
then the final key; and the reason recorded for every pair of neighbours. Hand-worked."""

from fractions import Fraction as F

from site_gen.tiebreak import FINAL, MINI_LEAGUE, POINTS, Result, describe, order, total_points

WIN, DRAW, LOSS = 3, 1, 0


def game(first, second, outcome):
    """A 3/1/0 game: outcome 'first', 'second' or 'draw'."""
    points = {"first": (WIN, LOSS), "second": (LOSS, WIN), "draw": (DRAW, DRAW)}[outcome]
    return Result((first, second), points)


def seeded(*names):
    """A final key from a seeding list (earlier is better)."""
    return lambda p: names.index(p)


def ordered(players, results, key):
    return order(players, total_points(players, results), results, key)


# --- two tied: head-to-head --------------------------------------------------------------

HEAD_TO_HEAD = [
    game("A", "B", "first"), game("B", "A", "draw"),  # A 3+1 = 4, B 0+1 = 1
    game("A", "C", "second"), game("C", "A", "first"),  # C 6, A 0
    game("B", "C", "first"), game("C", "B", "first"),  # B 3, C 3
]


def test_head_to_head_separates_two_players_equal_on_points():
    # A = 4 + 0 = 4, B = 1 + 3 = 4, C = 6 + 3 = 9.
    # C first on points; A and B equal at 4: head-to-head A 4, B 1 -> A, although B is seeded first.
    result = ordered(["A", "B", "C"], HEAD_TO_HEAD, seeded("B", "A", "C"))
    assert result.order == ("C", "A", "B")
    first, second = result.reasons
    assert (first.by, first.values) == (POINTS, (9, 4))
    assert (second.by, second.values) == (MINI_LEAGUE, (4, 1))
    assert second.league.head_to_head and second.league.games == 2
    assert describe(second) == "ahead of B on head-to-head: 4 to 1"
    assert describe(first) == "ahead of A on points: 9 to 4"


# --- three tied: the mini-league splits only in part; the second application finishes ------

PARTIAL = [
    # among A, B, C: A-B one win each (A 3, B 3); A beats C twice (A 6, C 0);
    # B-C a draw and a win for C (B 1, C 4). Mini-league: A 9, B 4, C 4.
    game("A", "B", "first"), game("B", "A", "first"),
    game("A", "C", "first"), game("C", "A", "second"),
    game("B", "C", "draw"), game("C", "B", "first"),
    # against D and E: A draw + 3 losses (1), B 2 wins + 2 losses (6), C 2 wins + 2 losses (6)
    game("A", "D", "draw"), game("D", "A", "first"), game("A", "E", "second"), game("E", "A", "first"),
    game("B", "D", "first"), game("D", "B", "second"), game("B", "E", "second"), game("E", "B", "first"),
    game("C", "D", "first"), game("D", "C", "first"), game("C", "E", "first"), game("E", "C", "first"),
    game("D", "E", "draw"), game("E", "D", "draw"),
]


def test_a_three_way_tie_split_in_part_is_finished_by_a_second_mini_league():
    # Totals: A 9 + 1 = 10, B 4 + 6 = 10, C 4 + 6 = 10,
    #         D 1+3 (A) + 0 (B) + 3 (C) + 2 (E) = 9, E 3+3 (A) + 6 (B) + 3 (C) + 2 (D) = 17.
    # E 17 first. A, B, C at 10: mini-league A 9, B 4, C 4 -> A, then {B, C} still equal
    # and smaller: their own mini-league (head-to-head) B 1, C 4 -> C before B. D 9 last.
    # B is seeded before C: one mini-league plus seeding would wrongly give A, B, C.
    players = ["A", "B", "C", "D", "E"]
    totals = total_points(players, PARTIAL)
    assert totals == {"A": 10, "B": 10, "C": 10, "D": 9, "E": 17}
    result = ordered(players, PARTIAL, seeded("B", "C", "A", "D", "E"))
    assert result.order == ("E", "A", "C", "B", "D")
    by = [(r.ahead, r.behind, r.by, r.values) for r in result.reasons]
    assert by == [
        ("E", "A", POINTS, (17, 10)),
        ("A", "C", MINI_LEAGUE, (9, 4)),
        ("C", "B", MINI_LEAGUE, (4, 1)),
        ("B", "D", POINTS, (10, 9)),
    ]
    outer, inner = result.leagues
    assert outer.level == 1 and outer.table == (("A", 9, 4), ("C", 4, 4), ("B", 4, 4))
    assert inner.level == 2 and inner.table == (("C", 4, 2), ("B", 1, 2))
    assert describe(result.reasons[1]) == "ahead of C in the mini-league of A, C and B: 9 to 4"
    assert describe(result.reasons[2]) == "ahead of B on head-to-head: 4 to 1"


def test_the_second_mini_league_counts_only_the_games_among_the_smaller_set():
    # Were the second step to reuse the three-player mini-league, B and C (4 and 4) would
    # stay equal and seeding would put B first.
    result = ordered(["A", "B", "C", "D", "E"], PARTIAL, seeded("B", "C", "A", "D", "E"))
    assert result.order.index("C") < result.order.index("B")
    assert result.reason_above("B").league.players == ("C", "B")


# --- a tie nothing splits: the final key (seeding) decides -------------------------------

CYCLE = [
    game("A", "B", "first"), game("B", "A", "draw"),  # A 4, B 1
    game("A", "C", "draw"), game("C", "A", "first"),  # A 1, C 4
    game("B", "C", "first"), game("C", "B", "draw"),  # B 4, C 1
]


def test_a_three_way_tie_the_mini_league_does_not_split_goes_to_seeding():
    # A 4 + 1 = 5, B 1 + 4 = 5, C 4 + 1 = 5: the mini-league is the whole group, 5 each,
    # so it splits nothing and we stop: seeding order C, A, B.
    result = ordered(["A", "B", "C"], CYCLE, seeded("C", "A", "B"))
    assert result.order == ("C", "A", "B")
    assert [r.by for r in result.reasons] == [FINAL, FINAL]
    assert result.reasons[0].league.games == 6
    assert len(result.leagues) == 1  # no second application after a step that split nothing
    assert describe(result.reasons[0]) == "ahead of A on seeding order: equal in the mini-league of C, A and B (5 each)"


def test_two_players_equal_on_head_to_head_go_to_seeding():
    results = [game("A", "B", "first"), game("B", "A", "first")]  # 3 each, head-to-head 3 to 3
    result = ordered(["A", "B"], results, seeded("B", "A"))
    assert result.order == ("B", "A")
    assert describe(result.reasons[0]) == "ahead of A on seeding order: equal on head-to-head (3 to 3)"


def test_players_who_have_not_met_go_to_seeding():
    result = ordered(["A", "B"], [], seeded("B", "A"))
    assert result.order == ("B", "A")
    assert describe(result.reasons[0]) == "ahead of A on seeding order: no game between them"


# --- generic: more than two players a game, exact fractions --------------------------------


def test_a_game_of_three_counts_only_in_a_mini_league_holding_all_three():
    # X, Y, Z all at 2 (W at 5/2 is ahead on points). Mini-league of X, Y, Z: both games
    # count: X 1, Y 1/2 + 0 = 1/2, Z 1/2 + 1/2 = 1 -> {X, Z} at 1, then Y at 1/2.
    # X and Z again: the three-player game holds Y, so no game counts -> seeding: Z, X.
    results = [
        Result(("X", "Y", "Z"), (1, F(1, 2), F(1, 2))),
        Result(("Z", "Y"), (F(1, 2), 0)),
    ]
    points = {"W": F(5, 2), "X": 2, "Y": 2, "Z": 2}
    result = order(["Y", "X", "W", "Z"], points, results, seeded("Y", "Z", "X", "W"))
    assert result.order == ("W", "Z", "X", "Y")
    assert [(r.by, r.values) for r in result.reasons] == [(POINTS, (F(5, 2), 2)), (FINAL, None), (MINI_LEAGUE, (1, F(1, 2)))]
    outer, inner = result.leagues
    assert outer.games == 2 and inner.games == 0
    assert describe(result.reasons[0]) == "ahead of Z on points: 2 1/2 to 2"
    assert describe(result.reasons[1]) == "ahead of X on seeding order: no game between them"
    assert describe(result.reasons[2]) == "ahead of Y in the mini-league of Z, X and Y: 1 to 1/2"
