"""online-marathon: every rank says why it is above the next one, and a player's page
explains each number (score, averages, NR with N and P, the dropped stage) with its values.

The project is i18n_project's hand-made one, where Boris and Anna are equal on score and
separated by the second key, best-series game points 60 to 45."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from site_gen.model import RankReason
from site_gen.render.table_view import reason_text
from site_gen.pipeline.project import load_project
from site_gen.diagnostics import Diagnostics

from i18n_project import build_project, page, write_project


@pytest.fixture(scope="module")
def project_root(tmp_path_factory) -> Path:
    return write_project(tmp_path_factory.mktemp("explain") / "project")


@pytest.fixture(scope="module")
def published(project_root):
    project = load_project(project_root, Diagnostics(project_root))
    c = project.competitions[0]
    return c.ruleset.publish(c.info, c.settings, c.data, c.result)


def _why(html: str, table_id: str) -> list[str]:
    """The explanation of each row of a table, in order ('' where there is none)."""
    body = html[html.index(f'id="{table_id}"'):]
    body = body[body.index("<tbody>"):body.index("</tbody>")]
    return [(re.search(r'<details class="why">.*?<p>(.*?)</p>', row) or [None, ""])[1]
            for row in body.split("<tr")[1:]]


def test_the_stage_table_names_the_separating_key_and_both_values(published):
    stage = next(t for t in published.tables if t.slug == "stage-1")
    players = [r["player"] for r in stage.rows]
    assert players == ["Boris", "Anna", "Elena", "Fedor", "Chen", "Dario"]
    assert stage.reasons[0] == RankReason("best-series game points", 60, 45, "Anna", 0)
    assert stage.reasons[1] == RankReason("score", Fraction(3, 5), Fraction(3, 10), "Elena", 3)
    assert stage.reasons[2] == RankReason(None, next_player="Fedor")  # Elena and Fedor share 3rd
    assert stage.reasons[3].key == "best-series game points" and (stage.reasons[3].ahead, stage.reasons[3].behind) == (20, -10)
    assert 5 not in stage.reasons  # the last row is above nobody


def test_the_marathon_table_explains_too(published):
    marathon = next(t for t in published.tables if t.slug == "marathon")
    assert [r["player"] for r in marathon.rows][:2] == ["Boris", "Anna"]
    assert marathon.reasons[0] == RankReason("total norm rating", 1000, 800, "Anna", 0)


def test_the_rendered_rank_cell_says_it_in_english_and_russian(tmp_path):
    english = build_project(write_project(tmp_path / "en"))
    why = _why(page(english, "spring/stages/1"), "stage")
    assert why[0] == "Ahead of Anna on best-series game points: 60 to 45."
    assert why[1] == "Ahead of Elena on score: 0.600 to 0.300."
    assert why[2].startswith("Shares the place with Fedor")
    assert why[5] == ""
    russian = build_project(write_project(tmp_path / "ru", language="ru"))
    why = _why(page(russian, "spring/stages/1"), "stage")
    assert "игровые очки лучшей серии" in why[0] and "60 против 45" in why[0]
    assert "0,600 против 0,300" in why[1]


def test_a_disclosure_is_reachable_and_named(tmp_path):
    html = page(build_project(write_project(tmp_path / "p")), "spring/stages/1")
    assert html.count('<details class="why">') == 5
    assert '<span class="visually-hidden">Why place 1?</span>' in html


def test_equal_looking_values_get_more_decimals():
    """2.5001 and 2.5 both show as 2.500: the explanation shows digits until they differ."""
    reason = RankReason("score", Fraction(25001, 10**4), Fraction(5, 2), "X", 3)
    assert reason_text(reason) == "Ahead of X on score: 2.5001 to 2.5000."


def test_player_page_explains_every_number(tmp_path):
    site = build_project(write_project(tmp_path / "p"))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page(site, "spring/players/anna")))
    for sentence in [
        "Score 0.600 = (0.600 + 0.600) / 2",
        "Best-series average 0.600 = 6.00 / 10",
        "Stage average 0.600 = 6.00 / 10",
        "NR = 1000 × (N − P) / (N − 1) = 1000 × (6 − 2) / (6 − 1) = 800.000, rounded to 800",
        "N = 6 players",
        "P = 2",
        "Stage 2 is dropped: its norm rating 667 is lower than 800 in Stage 1.",
    ]:
        assert sentence in text, sentence


@pytest.mark.parametrize("player,reason", [
    ("boris", "Stage 2 is dropped: its norm rating equals that of Stage 1, and its score 0.400 is lower than 0.600."),
    ("chen", "Stage 1 is dropped: its norm rating 200 is lower than 333 in Stage 2."),
    ("dario", "Stage 2 is dropped: its norm rating and score equal those of Stage 1, and it has fewer games, 1 to 3."),
])
def test_why_a_stage_was_dropped(tmp_path, player, reason):
    site = build_project(write_project(tmp_path / "p"))
    assert reason in page(site, f"spring/players/{player}")


def test_a_player_below_the_norm_gets_why_nr_is_zero(tmp_path):
    root = write_project(tmp_path / "p")
    yaml = root / "data" / "spring" / "competition.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("rating_min_games: 1", "rating_min_games: 2"), encoding="utf-8")
    text = page(build_project(root), "spring/players/elena")
    assert "NR = 0: 1 game, fewer than the 2 a norm rating needs." in text
