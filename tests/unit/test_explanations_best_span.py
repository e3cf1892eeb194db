"""best-span: every standings rank says why it is above the next one.

A hand-made month (target 8 points, place points 4, 2, 1, 0, every game plain, weight 1.00):
  A: 1st, 1st            -> 8 points in 2 games: a span of weight 2.00
  B: 1st, 2nd, 2nd       -> 8 points in 3 games: a span of weight 3.00
  C: 3rd                 -> 1 point, no span (1.00 weighted game)
  D: no game
Keys (PlayerResult.keys): a span at all, then the span's weight (lighter first), then points,
then fewer weighted games. A and B both have a span (first key equal) and are separated by
the second key, span weight 2.00 to 3.00.
"""

from __future__ import annotations

from fractions import Fraction

from site_gen.model import RankReason
from site_gen.render.i18n import use_language
from site_gen.render.table_view import reason_text
from site_gen.rules.best_span.events import _results_table
from site_gen.rules.best_span.pages import standings_rows
from site_gen.rules.best_span.scoring import compute

from best_span_helpers import data, seated, settings

SETTINGS = settings(target=Fraction(8))
GAMES = [seated("A", 1, 0), seated("A", 1, 1), seated("B", 1, 2), seated("B", 2, 3), seated("B", 2, 4), seated("C", 3, 5)]


def table():
    result = compute(data(GAMES, players=("A", "B", "C", "D")), SETTINGS)
    return standings_rows(SETTINGS, result, {})


def test_two_spans_are_separated_by_the_second_key_the_span_weight():
    t = table()
    assert [r["player"] for r in t.rows] == ["A", "B", "C", "D"]
    assert t.reasons[0] == RankReason("span weight", Fraction(2), Fraction(3), "B", 2)
    assert reason_text(t.reasons[0]) == "Ahead of B on span weight: 2.00 to 3.00."


def test_a_span_beats_no_span_and_points_beat_no_game():
    t = table()
    assert reason_text(t.reasons[1]) == "Ahead of C on best span: a span to no span yet."
    assert reason_text(t.reasons[2]) == "Ahead of D on best span: no span yet to no game."
    assert 3 not in t.reasons  # the last row is above nobody


def test_the_explanation_in_russian_and_italian():
    t = table()
    with use_language("ru"):
        assert reason_text(t.reasons[0]) == "Выше, чем B, по критерию «вес отрезка»: 2,00 против 3,00."
        assert "есть отрезок против отрезка пока нет" in reason_text(t.reasons[1])
    with use_language("it"):
        assert reason_text(t.reasons[0]) == "Davanti a B per peso della serie: 2,00 a 3,00."


def test_lobby_results_fall_back_to_the_score_total():
    """Direct-event lobby results: points, then the score total (tenths of Tenhou's score)."""
    from site_gen.rules.best_span.scoring import GameOutcome
    from best_span_helpers import game
    # two games in lobby L1: X 1st then 2nd, Y 2nd then 1st -> 6 points each; scores decide
    g1 = game(("X", "Y", "Z", "W"), lobby="L1", family="sca", scores=(500, 100, -200, -400), line=1)
    g2 = game(("Y", "X", "Z", "W"), lobby="L1", family="sca", time="13:00", scores=(300, 200, -100, -400), line=2)
    outcomes = [GameOutcome(g1, "direct"), GameOutcome(g2, "direct")]
    t = _results_table("l1", "L1", outcomes, SETTINGS, {})
    assert [r["player"] for r in t.rows][:2] == ["X", "Y"]
    # X: 50.0 + 20.0 = 70.0; Y: 10.0 + 30.0 = 40.0
    assert t.reasons[0] == RankReason("score total", Fraction(70), Fraction(40), "Y", 1)
    assert reason_text(t.reasons[0]) == "Ahead of Y on score total: 70.0 to 40.0."
