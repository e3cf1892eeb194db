"""Decided before the end (swiss-cut): after a round, who is sure of the next cut and who
can no longer reach it, from the MI each can still gain (rules/swiss_cut/certainty.py).

Hand-worked setting for the cases: 8 players, 3 rounds, round 3 played by the best 4 after
round 2 (so after round 1 one round is left before the cut), place MI 3/2/1/0, 2 MI a
limit hand, at most 1 limit hand a round, scale MI 1 up to 256 wists and 2 above. A round
then gains at most 3 + 2x1 + 2 = 7 MI and at least 0 - 2 = -2 (penalties aside)."""

from __future__ import annotations

import random

from hypothesis import given, settings as hypothesis_settings, strategies as st

from site_gen.rules.swiss_cut.certainty import BOUNDED, DECIDED, OUT, THROUGH, UNBOUNDED, gain_per_round, next_cut, outlook
from site_gen.rules.swiss_cut.model import Settings
from site_gen.rules.swiss_cut.scoring import compute
from swiss_cut_helpers import data, players, round_file, seats

SETTINGS = Settings(rounds=3, cuts=((3, 4),), final_players=4, score_scale=((256, 1), (None, 2)),
                    max_limit_hands_per_round=1)
EIGHT = players("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Guy", "Hal")


def round_1(guy_penalty: int):
    """T1: Ann 500 + a limit hand: 3+2+2 = 7; Bob 100: 2+1 = 3; Cat -200, penalty 10: 1-1-10 = -10;
    Dan -400, penalty 20: 0-2-20 = -22. T2: Eve 400: 3+2 = 5; Fay 100: 3; Guy -200: 1-1 = 0 minus
    his penalty; Hal -300, penalty 10: 0-2-10 = -12. (Both tables add up to 0.)"""
    return round_file(1, seats(1, ("Ann", 500, 1, 1), ("Bob", 100, 1), ("Cat", -200, 1, 0, 10), ("Dan", -400, 0, 0, 20)),
                      seats(2, ("Eve", 400, 1), ("Fay", 100, 1), ("Guy", -200, 1, 0, guy_penalty), ("Hal", -300, 1, 0, 10)))


def marks(tournament, settings=SETTINGS, after=1):
    result = compute(tournament, settings)
    return outlook(tournament, settings, result.all_standings, after)


def test_the_gain_of_a_round():
    assert gain_per_round(SETTINGS) == (-2, 7)
    assert gain_per_round(Settings()) is None  # limit hands without a bound
    assert gain_per_round(Settings(max_limit_hands_per_round=2)) == (0 - 5, 3 + 2 * 2 + 5)


def test_the_next_cut():
    assert next_cut(Settings(), 1) == (5, 16) and next_cut(Settings(), 4) == (5, 16)
    assert next_cut(Settings(), 5) == (6, 8)
    assert next_cut(Settings(), 6) == (7, 4)  # the final's four
    assert next_cut(SETTINGS, 2) == (3, 4) and next_cut(SETTINGS, 3) == (4, 4)


def test_sure_undecided_and_out_one_round_before_the_cut():
    """Guy's penalty 6: Guy -6. MI after round 1 and [lowest, highest] after round 2:
    Ann 7 [5, 14], Eve 5 [3, 12], Bob 3 [1, 10], Fay 3 [1, 10], Guy -6 [-8, 1],
    Cat -10 [-12, -3], Hal -12 [-14, -5], Dan -22 [-24, -15].
    Ann: only Eve, Bob, Fay can end at 5 or more: 3 < 4, sure. Eve likewise (Ann, Bob, Fay).
    Bob: Ann, Eve, Fay and Guy (highest 1 = Bob's lowest: the score would decide) can: not sure.
    Guy: only Ann and Eve are sure to end above 1: undecided. Cat: Ann, Eve, Bob, Fay all end
    above -3 for sure: out. Hal and Dan: out."""
    outcome = marks(data(EIGHT, [round_1(guy_penalty=6)]))
    assert (outcome.how, outcome.leads_to, outcome.places, outcome.rounds_left) == (BOUNDED, 3, 4, 1)
    assert outcome.marks == {"Ann": THROUGH, "Eve": THROUGH, "Bob": None, "Fay": None, "Guy": None,
                             "Cat": OUT, "Hal": OUT, "Dan": OUT}


def test_a_late_registrant_can_still_reach_the_cut():
    """Ivy joins in round 2 with 0 MI: [-2, 7] at the cut. Now Ann (lowest 5) can be reached by
    Eve, Bob, Fay and Ivy: not sure; Eve (3) likewise. Cat stays out: Ann, Eve, Bob, Fay and Ivy
    (lowest -2 > -3) all end above her."""
    registered = players("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Guy", "Hal", "Ivy", late={"Ivy": 2})
    outcome = marks(data(registered, [round_1(guy_penalty=6)]))
    assert outcome.marks["Ann"] is None and outcome.marks["Eve"] is None
    assert outcome.marks["Cat"] == OUT and "Ivy" not in outcome.marks


def test_without_a_bound_on_limit_hands_nobody_is_marked():
    unbounded = Settings(rounds=3, cuts=((3, 4),), final_players=4, score_scale=((256, 1), (None, 2)))
    outcome = marks(data(EIGHT, [round_1(guy_penalty=6)]), unbounded)
    assert outcome.how == UNBOUNDED and set(outcome.marks.values()) == {None}


def test_once_the_cut_is_made_it_is_certain():
    """Round 2 played (T1: Ann 300: 3+2, Eve 200: 2+1, Bob -200: 1-1, Fay -300: 0-2; T2: Guy 300,
    Cat 100, Hal -100, Dan -300 likewise): Ann 12, Eve 8, Bob 3, Fay 1, Guy -1, Cat -7, Hal -12,
    Dan -24. The cut is made: the best four are through, and the standings after round 1 carry
    the same marks (history now)."""
    round_2 = round_file(2, seats(1, ("Ann", 300, 1), ("Eve", 200, 1), ("Bob", -200, 1), ("Fay", -300, 1)),
                         seats(2, ("Guy", 300, 1), ("Cat", 100, 1), ("Hal", -100, 1), ("Dan", -300, 1)))
    tournament = data(EIGHT, [round_1(guy_penalty=6), round_2])
    result = compute(tournament, SETTINGS)
    best_four = set(result.all_standings[2].order[:4])
    assert best_four == {"Ann", "Eve", "Bob", "Fay"}
    for after in (1, 2):
        outcome = outlook(tournament, SETTINGS, result.all_standings, after)
        assert outcome.how == DECIDED
        assert {p for p, mark in outcome.marks.items() if mark == THROUGH} == best_four
        assert {p for p, mark in outcome.marks.items() if mark == OUT} == set(result.all_standings[after].order) - best_four


# --- no mark is ever contradicted by a completion of the round left ----------------------------

def _table_scores(draw, size: int = 4):
    """Four scores adding up to 0, extremes included."""
    first = [draw(st.sampled_from([0, 100, 300, 600, 3000, -100, -600, -3000])) for _ in range(size - 1)]
    return first + [-sum(first)]


@st.composite
def tournaments(draw):
    count = draw(st.sampled_from([8, 12]))
    names = [f"P{i:02d}" for i in range(count)]
    limit = draw(st.integers(0, 2))
    cut = draw(st.sampled_from([4, 8][: count // 4 - 1] or [4]))
    settings = Settings(rounds=3, cuts=((3, cut),), final_players=4, max_limit_hands_per_round=limit)

    def a_round(number: int):
        order = names[:]
        random.Random(draw(st.integers(0, 10**6))).shuffle(order)
        tables = []
        for t in range(count // 4):
            scores = _table_scores(draw)
            tables.append(seats(t + 1, *[(order[4 * t + i], scores[i], draw(st.integers(0, 2)), draw(st.integers(0, limit)),
                                          draw(st.sampled_from([0, 0, 0, 5])) if number == 1 else 0)
                                         for i in range(4)]))
        return round_file(number, *tables)

    return settings, players(*names), a_round(1), a_round(2)


@hypothesis_settings(max_examples=150, deadline=None)
@given(tournaments())
def test_no_mark_is_contradicted_by_any_completion(case):
    settings, registered, first, second = case
    before = compute(data(registered, [first]), settings)
    outcome = outlook(data(registered, [first]), settings, before.all_standings, 1)
    after = compute(data(registered, [first, second]), settings)
    through = set(after.all_standings[2].order[: settings.cut(3)])
    for player, mark in outcome.marks.items():
        if mark == THROUGH:
            assert player in through, (player, outcome)
        elif mark == OUT:
            assert player not in through, (player, outcome)


# --- what the standings page and the JSON document say -----------------------------------------

def _published(tournament, settings):
    from site_gen.model import CompetitionInfo
    from site_gen.rules.swiss_cut.document import document
    from site_gen.rules.swiss_cut.pages import publish

    result = compute(tournament, settings)
    info = CompetitionInfo(slug="cup", name="Cup", rules="swiss-cut", language="en", description="", folder=None)
    site = publish(info, settings, tournament, result)
    table = next(t for t in site.tables if t.slug == "standings-1")
    return table, document(settings, result)


def test_the_standings_page_and_document_carry_the_marks():
    table, doc = _published(data(EIGHT, [round_1(guy_penalty=6)]), SETTINGS)
    status = {row["player"]: str(row["status"]) for row in table.rows}
    assert status == {"Ann": "sure of round 3", "Eve": "sure of round 3", "Bob": "", "Fay": "", "Guy": "",
                      "Cat": "cannot reach round 3", "Hal": "cannot reach round 3", "Dan": "cannot reach round 3"}
    assert {table.rows[i]["player"] for i in table.highlighted} == {"Ann", "Eve"}  # only the sure, no projected cut
    assert "at most 1 limit hands a round" in str(table.note) and "penalties aside" in str(table.note)
    certain = {row["player"]: row["certain"] for row in doc["rounds"][0]["standings"]}
    assert certain == {"Ann": "through", "Eve": "through", "Bob": None, "Fay": None, "Guy": None,
                       "Cat": "out", "Hal": "out", "Dan": "out"}


def test_without_the_setting_the_page_says_why_nobody_is_marked():
    unbounded = Settings(rounds=3, cuts=((3, 4),), final_players=4, score_scale=((256, 1), (None, 2)))
    table, doc = _published(data(EIGHT, [round_1(guy_penalty=6)]), unbounded)
    assert "status" not in [column.key for column in table.columns] and not table.highlighted
    assert "nobody is marked sure of it" in str(table.note) and "The best 4 after round 2 play round 3" in str(table.note)
    assert {row["certain"] for row in doc["rounds"][0]["standings"]} == {None}
