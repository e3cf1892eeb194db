"""thematic-marathon: every rank of the marathon and group standings, of a tournament's
ranking and of its crosstables says why it is above the next one, with the tie-break
reasons of site_gen/tiebreak.py in words (and the mini-league's table where there is one).

A hand-made marathon, worked by hand (win 3, loss 0; fewer than 6 entrants: no phase 1, so
every entrant plays the final group; final bonus 7, 5, 3, ...; participation 1):
  t1: a, b, c.  a beats b and c twice, b beats c twice: a 12, b 6, c 0 game points.
      Ranking a 7 + 1 = 8, b 5 + 1 = 6, c 3 + 1 = 4.   a wins t1.
  t2: b, c, d.  c beats b and d twice, b beats d twice: c 12, b 6, d 0.
      Ranking c 8, b 6, d 4.                           c wins t2.
Marathon points: a 8, b 6 + 6 = 12, c 4 + 8 = 12, d 4. b and c are equal on points (the
first key) and separated by the second, tournaments won: c 1 to b 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.model import RankReason
from site_gen.pipeline.project import load_competition
from site_gen.render.i18n import translate, use_language
from site_gen.render.table_view import reason_text
from site_gen.rules.thematic_marathon import tables
from site_gen.rules.thematic_marathon.model import FINAL
from site_gen.rules.thematic_marathon.scoring import compute

from thematic_helpers import data, games, rated, settings, tournament

CASE = Path(__file__).resolve().parents[1] / "rules" / "thematic_marathon" / "cases" / "two-groups"


@pytest.fixture(scope="module")
def result():
    s = settings({"g": ["t1", "t2"]})
    t1 = tournament("t1", ["a", "b", "c"], games(FINAL, None, "a-b 1-0; b-a 0-1; a-c 1-0; c-a 0-1; b-c 1-0; c-b 0-1"))
    t2 = tournament("t2", ["b", "c", "d"], games(FINAL, None, "c-b 1-0; b-c 0-1; c-d 1-0; d-c 0-1; b-d 1-0; d-b 0-1"))
    return compute(data(rated("a", "b", "c", "d"), s, [t1, t2]), s)


def test_equal_points_are_separated_by_tournaments_won(result):
    t = tables.marathon_table(result, {})
    assert [(r["player"], r["points"], r["won"]) for r in t.rows] == [("c", 12, 1), ("b", 12, 0), ("a", 8, 1), ("d", 4, 0)]
    assert t.reasons[0] == RankReason("tournaments won", 1, 0, "b", 0)
    assert reason_text(t.reasons[0]) == "Ahead of b on tournaments won: 1 to 0."
    assert t.reasons[1] == RankReason("points", 12, 8, "a", 0)
    assert 3 not in t.reasons


def test_the_group_standings_explain_the_same_way(result):
    t = tables.group_standings_table(result.groups[0], settings({"g": ["t1", "t2"]}), {}, tables.seed_positions(result))
    assert reason_text(t.reasons[0]) == "Ahead of b on tournaments won: 1 to 0."


def test_the_seeding_order_decides_last_and_says_so(result):
    """Two rows equal on points, wins and finals: the seeding (b 2nd, d 4th) decides."""
    rows = [type("Row", (), {"player": p, "points": 5, "won": 0, "finals": 1})() for p in ("b", "d")]
    reasons = tables.standing_reasons(rows, tables.seed_positions(result))
    assert (reasons[0].key, reasons[0].ahead, reasons[0].behind, reasons[0].next_player) == ("seeding order", 2, 4, "d")
    assert reason_text(reasons[0]) == "Ahead of d on seeding order: 2 to 4. (A lower seeding position is better.)"


def test_a_tournament_ranking_explains_the_final_group(result):
    t = tables.ranking_table(result.tournament("t1"), {}, tables.seed_positions(result))
    assert [r["player"] for r in t.rows] == ["a", "b", "c"]
    assert t.reasons[0] == RankReason("points", 12, 6, "b", 0)


def test_the_explanations_in_italian_and_russian(result):
    t = tables.marathon_table(result, {})
    with use_language("it"):
        assert reason_text(t.reasons[0]) == "Davanti a b per tornei vinti: 1 a 0."
    with use_language("ru"):
        assert reason_text(t.reasons[0]) == "Выше, чем b, по критерию «выигранные турниры»: 1 против 0."


def test_crosstable_ranks_carry_the_tie_break_reasons_in_every_language():
    """The golden case's hex group 1: d and a equal on points, d ahead on head-to-head 4 to 1."""
    diags = Diagnostics(root=CASE)
    c = load_competition(CASE, SiteConfig(), diags)
    site = c.ruleset.publish(c.info, c.settings, c.data, c.result)
    group = next(p for p in site.pages if p.url == "two-groups/tournaments/hex/").resolved().context["phase1"][0]
    assert group["why"][0] == "ahead of a on head-to-head: 4 to 1"
    with use_language("it"):
        assert translate(group["why"][0]) == "davanti a a negli scontri diretti: 4 a 1"
    with use_language("ja"):
        assert translate(group["why"][0]) == "直接対決でaより上位：4 対 1"
