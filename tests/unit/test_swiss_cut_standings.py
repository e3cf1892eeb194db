"""swiss-cut spec step 2: standings after a round; keys MI, score, mahjongs, the judge's
order; equal players share the rank (listed by name) and are ordered by registration
where a strict order is needed."""

from fractions import Fraction as F

from hypothesis import given, strategies as st

from site_gen.rules.swiss_cut.scoring import compute

from swiss_cut_helpers import REGISTERED, ROUND_1, data, players, round_file, seats, settings

def standings(judge=()):
    return compute(data(REGISTERED, [ROUND_1], judge=judge), settings()).standings(1)


def test_score_then_mahjongs_then_a_shared_rank():
    table = standings()
    got = [(r.rank, r.player, r.points, r.score, r.mahjongs) for r in table.rows]
    assert got == [
        (1, "Ann", 5, 500, 1),  # ahead of Eve on score (500 > 400)
        (2, "Eve", 5, 400, 1),
        (3, "Bob", 3, 100, 2),  # ahead of Fay on mahjongs (2 > 1), score equal
        (4, "Fay", 3, 100, 1),
        (5, "Cat", 0, -200, 1),  # Cat and Guy equal on MI, score, mahjongs: rank 5 shared,
        (5, "Guy", 0, -200, 1),  # listed by name
        (7, "Hal", -2, -300, 1),  # ahead of Dan on score
        (8, "Dan", -2, -400, 0),
    ]


def test_the_strict_order_puts_equal_players_in_registration_order():
    # Guy registered 2nd, Cat 6th: Guy first for cuts and seatings
    assert standings().order == ("Ann", "Eve", "Bob", "Fay", "Guy", "Cat", "Hal", "Dan")
    assert standings().tie_groups() == [(4, ("Guy", "Cat"))]


def test_the_judges_order_decides_equal_players():
    table = standings(judge=("Cat",))
    assert [(r.rank, r.player) for r in table.rows][4:6] == [(5, "Cat"), (6, "Guy")]
    assert table.order[4:6] == ("Cat", "Guy") and table.tie_groups() == []
    table = standings(judge=("Guy", "Cat"))  # both listed: list order
    assert [(r.rank, r.player) for r in table.rows][4:6] == [(5, "Guy"), (6, "Cat")]


def test_the_judges_order_never_beats_a_real_key():
    # Dan listed first is still last: the judge's order only separates equal players
    table = standings(judge=("Dan", "Hal"))
    assert [r.player for r in table.rows][-2:] == ["Hal", "Dan"]
    assert [r.rank for r in table.rows][-2:] == [7, 8]


def test_a_judge_listing_other_players_leaves_a_tie_alone():
    table = standings(judge=("Ann",))
    assert table.tie_groups() == [(4, ("Guy", "Cat"))]


def test_totals_sum_over_rounds_and_a_late_registrant_counts_from_round_2():
    # Round 2 (seated by the rule from round 1 plus four late registrants at table 3):
    # T1 Ann 0, Eve 0, Bob 0, Fay 0: four-way share 3/2 each, scale 0.
    # T2 Guy, Cat, Hal, Dan: same, 3/2 each.
    # T3 late: Wes 1100: 3 + 4 (1025..2000) = 7; Xia -100: 2nd, 2 - 1 = 1;
    # Yan, Zed -500 share 3-4: (1+0)/2 - 2 = -3/2 each.
    registered = REGISTERED + players("Wes", "Xia", "Yan", "Zed", late={"Wes": 2, "Xia": 2, "Yan": 2, "Zed": 2})
    round_2 = round_file(
        2,
        seats(1, ("Ann", 0), ("Eve", 0), ("Bob", 0), ("Fay", 0)),
        seats(2, ("Guy", 0), ("Cat", 0), ("Hal", 0), ("Dan", 0)),
        seats(3, ("Wes", 1100, 2), ("Xia", -100), ("Yan", -500), ("Zed", -500)),
    )
    result = compute(data(registered, [ROUND_1, round_2]), settings())
    table = result.standings(2)
    row = {r.player: r for r in table.rows}
    # Ann: 5 + 3/2 = 13/2, score 500, 1 mahjong over two rounds
    assert (row["Ann"].points, row["Ann"].score, row["Ann"].mahjongs, row["Ann"].rounds) == (F(13, 2), 500, 1, 2)
    # Wes played round 2 only: 7 MI, 1100, 2 mahjongs, 1 round -> first overall
    assert (row["Wes"].points, row["Wes"].score, row["Wes"].rounds, row["Wes"].rank) == (7, 1100, 1, 1)
    # Yan and Zed: 3-4 shared (1+0)/2 = 1/2, scale -2: -3/2 each, equal everywhere
    assert row["Yan"].points == row["Zed"].points == F(-3, 2) and row["Yan"].rank == row["Zed"].rank
    assert row["Xia"].points == 1
    assert len(table.rows) == 12


def test_a_round_with_a_missing_score_has_no_standings():
    partial = round_file(1, seats(1, ("Ann", 500), ("Bob", None), ("Cat", -200), ("Dan", -300)),
                         seats(2, ("Eve", 0), ("Fay", 0), ("Guy", 0), ("Hal", 0)))
    result = compute(data(REGISTERED, [partial]), settings())
    assert result.round(1).played is False and result.standings(1) is None
    assert result.last_played == 0 and result.ranking == ()
    # the finished table has its MI already: Eve, Fay, Guy, Hal share 1-4 (3/2 each)
    assert [s.points for s in result.round(1).tables[1].seats] == [F(3, 2)] * 4


# --- properties ---------------------------------------------------------------------------

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Guy", "Hal"]


@given(st.lists(st.integers(-600, 600), min_size=8, max_size=8), st.lists(st.integers(0, 3), min_size=8, max_size=8),
       st.permutations(NAMES))
def test_ranks_follow_the_keys_and_the_order_is_a_permutation(scores, mahjongs, registration):
    rows = [(NAMES[i], scores[i], mahjongs[i]) for i in range(8)]
    result = compute(data(players(*registration), [round_file(1, seats(1, *rows[:4]), seats(2, *rows[4:]))]), settings())
    table = result.standings(1)
    assert sorted(table.order) == sorted(NAMES)
    for a, b in zip(table.rows, table.rows[1:]):
        assert a.keys >= b.keys
        assert (a.rank == b.rank) == (a.keys == b.keys)
        if a.rank == b.rank:
            assert a.player < b.player
    position = {p: i for i, p in enumerate(table.order)}
    for a, b in zip(table.order, table.order[1:]):
        ra, rb = table.row(a), table.row(b)
        assert ra.keys > rb.keys or registration.index(a) < registration.index(b)
    assert all(table.rows[i].rank <= position[table.rows[i].player] + 1 for i in range(8))
