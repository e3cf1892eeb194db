"""The JSON Schema of each rule set's standings.json (issue 38): documents of generated
competitions (the bench's generators, small; Hypothesis's tournaments and marathons) are
valid against their rule set's schema with format checking, and the schemas are strict
enough to reject a key of the wrong type. The example site's documents are checked as
published in tests/test_site_output.py."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings as hypothesis_settings, strategies as st
from jsonschema import Draft202012Validator

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.json_document import competition_header, document_json, with_header
from site_gen.model import CompetitionInfo
from site_gen.pipeline.project import load_competition
from site_gen.rules.registry import RULESETS
from site_gen.rules.swiss_cut.model import Settings as SwissSettings
from site_gen.rules.swiss_cut.scoring import compute as swiss_compute
from site_gen.rules.online_marathon.scoring import compute as marathon_compute
from site_gen.standings_schema import schema_reference, schema_text

import marathon_helpers
from swiss_cut_helpers import data as swiss_data, final, players, round_file, seats
from test_marathon_history import marathon_games

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
CASES = ROOT / "tests" / "rules"


def validator(rules: str) -> Draft202012Validator:
    schema = json.loads(schema_text(rules))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def problems(document: dict) -> list[str]:
    return [f"{e.json_path}: {e.message}" for e in validator(document["rules"]).iter_errors(document)]


def published(info: CompetitionInfo, settings, result, base_url: str = "https://example.org/club/") -> dict:
    """The document as standings.json publishes it, written and read back."""
    ruleset = RULESETS[info.rules]
    header = competition_header(info, ruleset.state(settings, result))
    document = with_header(header, ruleset.document(settings, result), schema_reference(info.rules, base_url))
    return json.loads(document_json(document))


def loaded(folder: Path) -> dict:
    diags = Diagnostics(root=folder)
    competition = load_competition(folder, SiteConfig(), diags)
    assert competition is not None and not diags.has_errors, diags.format()
    return published(competition.info, competition.settings, competition.result)


# --- where a document's $schema points -------------------------------------------------------

def test_the_schema_is_named_by_its_absolute_url_when_the_base_has_a_host():
    assert schema_reference("swiss-cut", "https://example.org/club/") == "https://example.org/club/schemas/swiss-cut.schema.json"
    assert schema_reference("best-span", "https://example.org/club") == "https://example.org/club/schemas/best-span.schema.json"


def test_without_a_host_the_schema_is_named_relative_to_the_document():
    # standings.json sits in <competition>/, the schemas in schemas/ at the site's root
    assert schema_reference("online-marathon", "/") == "../schemas/online-marathon.schema.json"
    assert schema_reference("online-marathon", "/club/") == "../schemas/online-marathon.schema.json"


def test_schema_comes_first():
    document = loaded(CASES / "swiss_cut" / "cases" / "hand-worked-eight")
    assert list(document)[:3] == ["$schema", "competition", "rules"]


# --- documents of generated competitions -------------------------------------------------------

GENERATED = [("generate_swiss_cut.py", "0.125", "big-swiss"), ("generate_online_marathon.py", "0.02", "big-marathon"),
             ("generate_best_span.py", "0.05", "big-span"), ("generate_thematic_marathon.py", "0.1", "big-thematic")]


@pytest.mark.parametrize("generator, scale, slug", GENERATED, ids=[g[2] for g in GENERATED])
def test_a_generated_competition_s_document_is_valid(tmp_path, generator, scale, slug):
    subprocess.run([sys.executable, str(BENCH / generator), str(tmp_path / "project"), "--scale", scale],
                   check=True, capture_output=True, timeout=300)
    assert problems(loaded(tmp_path / "project" / "data" / slug)) == []


@pytest.mark.parametrize("case", sorted(CASES.glob("*/cases/*/expected.json")), ids=lambda p: p.parent.name)
def test_a_golden_case_s_document_is_valid(case):
    assert problems(loaded(case.parent)) == []


def _scores(draw) -> list[int]:
    """Four scores adding up to 0."""
    first = [draw(st.sampled_from([0, 100, 300, 700, 3000, -100, -600, -2500])) for _ in range(3)]
    return first + [-sum(first)]


@st.composite
def swiss_tournaments(draw):
    """Eight players, two rounds and a final of four: round 2 and the final each played,
    seated only (no scores) or absent."""
    names = [f"P{i}" for i in range(8)]
    settings = SwissSettings(rounds=2, cuts=(), final_players=4, seed=1)
    registered = players(*names)

    def a_round(number: int, played: bool):
        order = draw(st.permutations(names))
        tables = []
        for t in range(2):
            scores = _scores(draw) if played else [None] * 4
            tables.append(seats(t + 1, *[(order[4 * t + i], scores[i], draw(st.integers(0, 2)), draw(st.integers(0, 1)),
                                          draw(st.sampled_from([0, 0, 5]))) for i in range(4)]))
        return round_file(number, *tables)

    second = draw(st.sampled_from(["played", "seated", "absent"]))
    rounds = [a_round(1, True)] + ([a_round(2, second == "played")] if second != "absent" else [])
    tournament = swiss_data(registered, rounds)
    if second == "played" and draw(st.booleans()):
        best = swiss_compute(tournament, settings).all_standings[2].order[:4]
        tournament = swiss_data(registered, rounds, final(*zip(best, _scores(draw))))
    return settings, tournament


@hypothesis_settings(max_examples=60, deadline=None)
@given(swiss_tournaments())
def test_a_random_swiss_cut_document_is_valid(case):
    settings, tournament = case
    info = CompetitionInfo(slug="cup", name="Cup", rules="swiss-cut", language="en", description="", folder=None)
    assert problems(published(info, settings, swiss_compute(tournament, settings))) == []


@hypothesis_settings(max_examples=60, deadline=None)
@given(marathon_games())
def test_a_random_online_marathon_document_is_valid(games):
    settings = marathon_helpers.settings(rating_min_games=1)
    info = CompetitionInfo(slug="om", name="Marathon", rules="online-marathon", language="en", description="", folder=None)
    assert problems(published(info, settings, marathon_compute(marathon_helpers.data(games), settings))) == []


# --- strict enough to fail ----------------------------------------------------------------------

def test_the_schema_rejects_a_key_of_the_wrong_type():
    document = loaded(CASES / "swiss_cut" / "cases" / "hand-worked-eight")
    assert problems(document) == []
    wrong = copy.deepcopy(document)
    wrong["ranking"][0]["last_round"] = "final"  # one type per key: the round is a number
    assert problems(wrong) == ["$.ranking[0].last_round: 'final' is not of type 'integer'"]
    wrong = copy.deepcopy(document)
    wrong["ranking"][4]["reached"] = "2"  # "final" or a round number, never a numeral
    assert len(problems(wrong)) == 1


def test_the_schema_rejects_an_unknown_key_and_a_date_that_is_not_one():
    document = loaded(CASES / "online_marathon" / "cases" / "hand-worked-two-stages")
    assert problems(document) == []
    unknown = copy.deepcopy(document)
    unknown["marathon"][0]["nr"] = 1000
    assert problems(unknown) == ["$.marathon[0]: Additional properties are not allowed ('nr' was unexpected)"]
    no_date = copy.deepcopy(document)
    no_date["stages"][0]["from"] = "2015-02-30"  # format checking: February has no 30th
    assert problems(no_date) == ["$.stages[0].from: '2015-02-30' is not a 'date'"]
