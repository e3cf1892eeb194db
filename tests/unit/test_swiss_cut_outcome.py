"""swiss-cut spec steps 4-5: the final's places and the tournament ranking."""

from fractions import Fraction as F

from site_gen.rules.swiss_cut.outcome import FinalRow, final_places, tournament_ranking
from site_gen.rules.swiss_cut.standings import StandingRow, Standings

from swiss_cut_helpers import final


def standings(after: int, *rows) -> Standings:
    """rows: (player, rank, MI) in published order; score/mahjongs follow MI so that equal MI
    means equal on every key."""
    made = tuple(StandingRow(p, rank, F(mi), int(mi * 10), 1, 0, after) for p, rank, mi in rows)
    return Standings(after, made, tuple(r.player for r in made))


AFTER_3 = standings(3, ("A", 1, 20), ("B", 2, 18), ("C", 3, 15), ("D", 3, 15), ("E", 5, 12), ("F", 6, 11),
                    ("G", 7, 10), ("H", 8, 9))
# round 2 had twelve players; L1-L4 were cut after it (L2 and L3 equal on every key)
AFTER_2 = standings(2, ("A", 1, 14), ("B", 2, 13), ("C", 3, 12), ("D", 4, 11), ("E", 5, 10), ("F", 6, 9),
                    ("G", 7, 8), ("H", 8, 7), ("L1", 9, 6), ("L2", 10, 5), ("L3", 10, 5), ("L4", 12, 4))
AFTER_1 = standings(1, *[(p, i + 1, 12 - i) for i, p in enumerate(["L4", "A", "B", "C", "D", "E", "F", "G", "H", "L1", "L2", "L3"])])


def test_the_judges_place_wins_over_the_scores():
    # by score B would be 2nd and A 1st; the judge's places are taken as they are
    rows = final_places(final(("A", 1000, 2), ("B", 500, 1), ("C", -500, 3), ("D", -1000, 4)), AFTER_3, {})
    assert [(f.place, f.player, f.score, f.by_judge) for f in rows] == [
        (1, "B", 500, True), (2, "A", 1000, True), (3, "C", -500, True), (4, "D", -1000, True)]


def test_places_by_score_and_equal_scores_by_the_standings():
    # C and D both 400: the standings after round 3 list C before D (C registered first
    # in the strict order) -> C 2nd, D 3rd
    rows = final_places(final(("D", 400), ("A", -1200), ("C", 400), ("B", 400 - 400)), AFTER_3, {})
    assert [(f.place, f.player) for f in rows] == [(1, "C"), (2, "D"), (3, "B"), (4, "A")]
    assert not any(f.by_judge for f in rows)


def test_a_final_without_every_score_is_not_played():
    assert final_places(final(("A", 100), ("B", None), ("C", -50), ("D", -50)), AFTER_3, {}) == ()
    assert final_places((), AFTER_3, {}) == ()


def test_the_ranking_finalists_then_each_rounds_leavers():
    played = (FinalRow(1, "D", 900, True), FinalRow(2, "C", 100, True), FinalRow(3, "A", -400, True),
              FinalRow(4, "B", -600, True))
    ranking = tournament_ranking(played, [AFTER_1, AFTER_2, AFTER_3])
    assert [(r.rank, r.player, r.reached) for r in ranking] == [
        (1, "D", "final"), (2, "C", "final"), (3, "A", "final"), (4, "B", "final"),
        # the other round-3 players in the standings after round 3
        (5, "E", 3), (6, "F", 3), (7, "G", 3), (8, "H", 3),
        # then those cut after round 2, in its standings; L2 and L3 share 10, so L4 is 12th
        (9, "L1", 2), (10, "L2", 2), (10, "L3", 2), (12, "L4", 2),
    ]


def test_before_the_final_the_ranking_starts_with_the_last_played_round():
    ranking = tournament_ranking((), [AFTER_1, AFTER_2, AFTER_3])
    # C and D are equal on every key after round 3: they share 3rd, E is 5th
    assert [(r.rank, r.player, r.reached) for r in ranking][:6] == [
        (1, "A", 3), (2, "B", 3), (3, "C", 3), (3, "D", 3), (5, "E", 3), (6, "F", 3)]
    assert [r.player for r in ranking][8:] == ["L1", "L2", "L3", "L4"]


def test_nothing_played_gives_an_empty_ranking():
    assert tournament_ranking((), []) == ()
