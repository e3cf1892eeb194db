"""swiss-cut spec step 4: equal scores in the final are ordered by the standings after the
last round, not by name (issue 40: a mutation ordering them by name went unseen, because
the one existing tie had the standings order and the name order agree)."""

from site_gen.rules.swiss_cut.document import document
from site_gen.rules.swiss_cut.model import Settings
from site_gen.rules.swiss_cut.outcome import final_places
from site_gen.rules.swiss_cut.scoring import compute

from swiss_cut_helpers import data, final, players, round_file, seats

# One round then the final (rounds 1, no cuts). Registered Ann, Bob, Cat, Dan: registration
# order = name order, and both differ from the standings order below.
SETTINGS = Settings(rounds=1, cuts=())
# Round 1, one table (place MI 3/2/1/0; scale 256 -> 1, 512 -> 2, sign of the score):
#   Dan 500: 3+2 = 5;  Cat 100: 2+1 = 3;  Bob -200: 1-1 = 0;  Ann -400: 0-2 = -2  (scores sum 0)
# Standings after round 1: Dan 5, Cat 3, Bob 0, Ann -2.
ROUND_1 = round_file(1, seats(1, ("Dan", 500, 1), ("Cat", 100, 1), ("Bob", -200, 0), ("Ann", -400, 0)))
# Final: Ann 300 and Bob 300 equal, Cat -300 and Dan -300 equal. Step 4: equal scores are
# ordered by the standings after the last round -> Bob (0) before Ann (-2), Dan (5) before
# Cat (3): places 1 Bob, 2 Ann, 3 Dan, 4 Cat. (By name it would be Ann, Bob, Cat, Dan.)
FINAL = final(("Ann", 300), ("Bob", 300), ("Cat", -300), ("Dan", -300))
EXPECTED = [(1, "Bob", 300), (2, "Ann", 300), (3, "Dan", -300), (4, "Cat", -300)]


def test_equal_final_scores_go_by_the_standings_after_the_last_round_not_by_name():
    tournament = data(players("Ann", "Bob", "Cat", "Dan"), [ROUND_1], FINAL)
    result = compute(tournament, SETTINGS)
    assert [r.player for r in result.standings(1).rows] == ["Dan", "Cat", "Bob", "Ann"]
    assert [(f.place, f.player, f.score) for f in result.final] == EXPECTED
    assert not any(f.by_judge for f in result.final)
    # the tournament ranking and the JSON document follow the final's places
    assert [(r.rank, r.player, r.reached) for r in result.ranking] == [
        (1, "Bob", "final"), (2, "Ann", "final"), (3, "Dan", "final"), (4, "Cat", "final")]
    assert document(SETTINGS, result)["final"] == [
        {"place": p, "player": n, "score": s} for p, n, s in EXPECTED]


def test_final_places_directly_with_the_seats_listed_in_name_order():
    tournament = data(players("Ann", "Bob", "Cat", "Dan"), [ROUND_1])
    standings = compute(tournament, SETTINGS).standings(1)
    rows = final_places(FINAL, standings, tournament.registration)
    assert [(f.place, f.player, f.score) for f in rows] == EXPECTED
