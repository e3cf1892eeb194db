"""Invariants of site_gen.tiebreak on random round robins (hypothesis)."""

from hypothesis import given, settings as hsettings, strategies as st

from site_gen.tiebreak import FINAL, MINI_LEAGUE, POINTS, Result, order, total_points

NAMES = ["ann", "Bob", "cé", "Dan", "eve", "Fay", "日本"]
OUTCOMES = {"1-0": (3, 0), "0-1": (0, 3), "draw": (1, 1), None: None}


@st.composite
def round_robins(draw):
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=7, unique=True))
    results = []
    for a in players:
        for b in players:
            if a != b:
                outcome = draw(st.sampled_from(list(OUTCOMES)))
                if outcome is not None:  # some games not played yet
                    results.append(Result((a, b), OUTCOMES[outcome]))
    seeding = draw(st.permutations(players))
    return players, results, list(seeding)


def run(players, results, seeding):
    return order(players, total_points(players, results), results, seeding.index)


@hsettings(max_examples=150, deadline=None)
@given(round_robins(), st.randoms(use_true_random=False))
def test_order_depends_neither_on_game_order_nor_player_order(case, rnd):
    players, results, seeding = case
    expected = run(players, results, seeding)
    shuffled_results, shuffled_players = list(results), list(players)
    rnd.shuffle(shuffled_results)
    rnd.shuffle(shuffled_players)
    again = run(shuffled_players, shuffled_results, seeding)
    assert again.order == expected.order
    assert again.reasons == expected.reasons


@hsettings(max_examples=150, deadline=None)
@given(round_robins())
def test_every_neighbour_pair_has_a_reason_that_holds(case):
    players, results, seeding = case
    result = run(players, results, seeding)
    points = total_points(players, results)
    assert sorted(result.order) == sorted(players)
    assert len(result.reasons) == len(players) - 1
    for reason, (a, b) in zip(result.reasons, zip(result.order, result.order[1:])):
        assert (reason.ahead, reason.behind) == (a, b)
        if reason.by == POINTS:
            assert reason.values == (points[a], points[b]) and points[a] > points[b]
        else:
            assert points[a] == points[b]
            league = reason.league
            assert a in league.players and b in league.players
            # the mini-league is among exactly a set of players equal on points
            assert {points[p] for p in league.players} == {points[a]}
            if reason.by == MINI_LEAGUE:
                assert reason.values == (league.points_of(a), league.points_of(b))
                assert reason.values[0] > reason.values[1]
            else:
                assert reason.by == FINAL
                assert league.points_of(a) == league.points_of(b)
                assert seeding.index(a) < seeding.index(b)


@hsettings(max_examples=150, deadline=None)
@given(round_robins())
def test_points_never_increase_and_each_first_mini_league_is_in_order(case):
    players, results, seeding = case
    result = run(players, results, seeding)
    points = total_points(players, results)
    values = [points[p] for p in result.order]
    assert values == sorted(values, reverse=True)
    for league in result.leagues:
        # every mini-league is a contiguous block of the order, and its table is in order
        start = result.order.index(league.players[0])
        assert result.order[start:start + len(league.players)] == league.players
        own = [v for _, v, _ in league.table]
        assert own == sorted(own, reverse=True)
        # a mini-league's games are exactly the games among its players
        members = set(league.players)
        assert league.games == sum(1 for r in results if set(r.players) <= members)
