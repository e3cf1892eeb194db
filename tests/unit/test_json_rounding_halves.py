"""The JSON documents' rounding (spec README, "The JSON documents": exact values rounded
to 6 decimals, halves away from zero) on values exactly half-way at the 7th decimal:
issue 40 found that rounding such a half down went unseen (the older checks used
2.5416666... and a property test that rarely draws an exact half)."""

from fractions import Fraction as F

import pytest

from site_gen.values import json_number


@pytest.mark.parametrize("value, expected", [
    (F(1, 128), 0.007813),            # 0.0078125: the 7th decimal is an exact 5 -> up
    (F(-1, 128), -0.007813),          # away from zero on the negative side too
    (F(1, 2_000_000), 0.000001),      # 0.0000005 -> 0.000001, not 0
    (F(-1, 2_000_000), -0.000001),
    (F(2_500_001, 2_000_000), 1.250001),   # 1.2500005
    (F(-5_000_001, 2_000_000), -2.500001),  # -2.5000005
    (F(3, 1_280_000), 0.000002),      # 0.00000234375: below the half -> down (control)
])
def test_json_number_rounds_an_exact_half_away_from_zero(value, expected):
    # whole = floor(|value| * 10**6); the rest is exactly half a millionth for all but the
    # control, so the spec's rule takes whole + 1 (and the sign back); half down would not
    assert json_number(value) == expected


def test_online_marathon_document_rounds_averages_that_end_in_an_exact_half():
    # One game in stage 1, series_length 128 (so each average divides by 128):
    #   A 30, B 10, C 0, D -40 -> TP 4, 2, 1, 0; D has a stage penalty of 2 table points.
    # C: best_average = 1/128 = 0.0078125, stage_average = 1/128, score = 1/128 -> 0.007813
    # D: best_average 0, stage_average = (0 - 2)/128 = -0.015625 (exact),
    #    score = (0 - 0.015625)/2 = -0.0078125 -> -0.007813 (away from zero)
    # The marathon: one stage played, so score_sum = the stage's score.
    from site_gen.rules.online_marathon.document import document
    from site_gen.rules.online_marathon.model import Sanctions, StagePenalty
    from site_gen.rules.online_marathon.scoring import compute

    from marathon_helpers import data, day_series, settings

    s = settings(series_length=128)
    games = day_series([[("A", 30), ("B", 10), ("C", 0), ("D", -40)]])
    penalty = Sanctions(stage_penalties=(StagePenalty("D", 1, 0, 2, "", 1),))
    doc = document(s, compute(data(games, penalty), s))
    rows = {r["player"]: r for r in doc["stages"][0]["rows"]}
    assert (rows["C"]["best_average"], rows["C"]["stage_average"], rows["C"]["score"]) == (0.007813, 0.007813, 0.007813)
    assert (rows["D"]["best_average"], rows["D"]["stage_average"], rows["D"]["score"]) == (0, -0.015625, -0.007813)
    assert (rows["B"]["best_average"], rows["A"]["best_average"]) == (0.015625, 0.03125)  # exact: as they are
    score_sums = {m["player"]: m["score_sum"] for m in doc["marathon"]}
    assert (score_sums["C"], score_sums["D"]) == (0.007813, -0.007813)
