"""swiss-cut: every rank of the standings after a round, of the tournament ranking and of
the final says why it is above the next one.

Round 1 of swiss_cut_helpers (place MI 3/2/1/0, scale 256/512 -> 1/2), worked by hand:
  T1 Ann 500 (1 mahjong): 3 + 2 = 5    Bob 100 (2): 2 + 1 = 3   Cat -200 (1): 1 - 1 = 0   Dan -400 (0): 0 - 2 = -2
  T2 Eve 400 (1 mahjong): 3 + 2 = 5    Fay 100 (1): 2 + 1 = 3   Guy -200 (1): 1 - 1 = 0   Hal -300 (1): 0 - 2 = -2
Keys: MI, then score, then mahjongs, then the judge's order. Ann and Eve are equal on MI (5)
and separated by the second key, game score 500 to 400; Bob and Fay are equal on MI and score
and separated by mahjongs, 2 to 1; Cat and Guy are equal on everything and share 5th.
"""

from __future__ import annotations

import re
from fractions import Fraction

from site_gen.model import RankReason
from site_gen.render.i18n import use_language
from site_gen.render.table_view import reason_text
from site_gen.rules.swiss_cut.pages import standings_table
from site_gen.rules.swiss_cut.scoring import compute

from swiss_cut_helpers import REGISTERED, ROUND_1, data, settings


def table(judge=()):
    d = data(REGISTERED, [ROUND_1], judge=judge)
    s = settings(rounds=2, cuts=())
    result = compute(d, s)
    return standings_table(s, result.standings(1), d, {}, result.all_standings)


def test_two_players_equal_on_mi_are_separated_by_the_score():
    t = table()
    assert [r["player"] for r in t.rows] == ["Ann", "Eve", "Bob", "Fay", "Cat", "Guy", "Hal", "Dan"]
    assert t.reasons[0] == RankReason("game score", 500, 400, "Eve", 0)
    assert reason_text(t.reasons[0]) == "Ahead of Eve on game score: 500 to 400."


def test_every_other_row_names_its_key_or_a_shared_place():
    t = table()
    assert t.reasons[1] == RankReason("MI", Fraction(5), Fraction(3), "Bob", 2)
    assert reason_text(t.reasons[1]) == "Ahead of Bob on MI: 5.00 to 3.00."
    assert t.reasons[2] == RankReason("mahjongs", 2, 1, "Fay", 0)
    assert t.reasons[4] == RankReason(None, next_player="Guy")  # Cat and Guy share 5th
    assert reason_text(t.reasons[4]).startswith("Shares the place with Guy")
    assert t.reasons[6] == RankReason("game score", -300, -400, "Dan", 0)
    assert 7 not in t.reasons


def test_the_judge_order_is_shown_as_positions():
    """The judge lists Guy before Cat: Guy is ahead on the fourth key, listed 1st to 2nd."""
    t = table(judge=("Guy", "Cat"))
    index = [r["player"] for r in t.rows].index("Guy")
    assert t.rows[index + 1]["player"] == "Cat"
    assert reason_text(t.reasons[index]) == "Ahead of Cat on the judge's order: listed 1 to listed 2."


def test_the_explanation_in_russian_and_japanese():
    t = table()
    with use_language("ru"):
        assert reason_text(t.reasons[0]) == "Выше, чем Eve, по критерию «игровой счёт»: 500 против 400."
        assert reason_text(t.reasons[1]) == "Выше, чем Bob, по критерию «МИ»: 5,00 против 3,00."
    with use_language("ja"):
        assert reason_text(t.reasons[0]) == "素点でEveより上位：500 対 400。"
