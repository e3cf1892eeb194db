"""Golden cases: each folder under tests/rules/<rule set>/cases/ is a competition whose
expected.json was worked out by hand (see the NOTES.md beside it). Adding a case is
adding a folder."""

import json
from pathlib import Path

import pytest

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import load_competition

CASES = sorted(Path(__file__).parent.glob("*/cases/*/expected.json"))


@pytest.mark.parametrize("expected_path", CASES, ids=[f"{p.parent.parent.parent.name}/{p.parent.name}" for p in CASES])
def test_case(expected_path):
    folder = expected_path.parent
    diags = Diagnostics(root=folder)
    competition = load_competition(folder, SiteConfig(), diags)
    assert not diags.has_errors, diags.format()
    actual = competition.ruleset.document(competition.settings, competition.result)
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    # whole numbers may be written 3 or 3.0 (spec); JSON equality treats 3 == 3.0
    assert json.loads(json.dumps(actual)) == expected


def test_there_are_cases():
    assert CASES, "no golden cases found"
