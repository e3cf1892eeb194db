"""Where a competition stands (not started, in progress, final), read from its data by each
rule set, never from the clock: the header of every JSON document and the line on every
competition page. Expected values from the golden cases' NOTES.md."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.model import FINAL, IN_PROGRESS, NOT_STARTED, CompetitionState
from site_gen.pipeline.project import load_competition
from site_gen.rules.thematic_marathon.state import state as thematic_state

CASES = Path(__file__).resolve().parents[1] / "rules"


def state_of(folder: Path) -> CompetitionState:
    competition = load_competition(folder, SiteConfig(), Diagnostics(root=folder))
    return competition.ruleset.state(competition.settings, competition.result)


@pytest.mark.parametrize("case, expected", [
    # round 3 seated, not played: after round 2; the rounds carry no dates
    ("swiss_cut/cases/round-3-seated", CompetitionState(IN_PROGRESS, None, 2)),
    # every round played, the final not yet
    ("swiss_cut/cases/before-the-final", CompetitionState(IN_PROGRESS, None, 3)),
    ("swiss_cut/cases/hand-worked-eight", CompetitionState(FINAL, None, 3)),
    # the newest game of the marathon is 204 on 2015-04-05 (205 is at a Friendly table); stage 2
    # runs to 2015-05-31
    ("online_marathon/cases/hand-worked-two-stages", CompetitionState(IN_PROGRESS, dt.date(2015, 4, 5))),
    # the newest counted game is G15, 2009-03-31 23:10 Japan time: the period's last day
    ("best_span/cases/golden-month", CompetitionState(FINAL, dt.date(2009, 3, 31))),
    # one tournament in phase 2, one in phase 1, one not started
    ("thematic_marathon/cases/in-progress", CompetitionState(IN_PROGRESS)),
])
def test_the_state_of_each_golden_case(case, expected):
    assert state_of(CASES / case) == expected


def test_a_thematic_marathon_is_final_once_nothing_is_provisional():
    tournaments = [SimpleNamespace(status="finished"), SimpleNamespace(status="not_started")]
    assert thematic_state(None, SimpleNamespace(provisional=False, tournaments=tournaments)).state == FINAL
    unplayed = [SimpleNamespace(status="not_started")] * 2
    assert thematic_state(None, SimpleNamespace(provisional=True, tournaments=unplayed)).state == NOT_STARTED
    assert thematic_state(None, SimpleNamespace(provisional=True, tournaments=tournaments)).state == IN_PROGRESS


def test_the_document_starts_with_the_competition_header(tmp_path: Path):
    root = tmp_path / "site"
    (root / "data").mkdir(parents=True)
    (root / "site.yaml").write_text("title: T\nbase_url: https://example.org/\n", encoding="utf-8")
    import shutil
    shutil.copytree(CASES / "swiss_cut" / "cases" / "round-3-seated", root / "data" / "cup")
    done = subprocess.run([sys.executable, "-m", "site_gen", "standings", "cup", "--format", "json"], cwd=root,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert list(document)[:3] == ["$schema", "competition", "rules"]
    assert document["$schema"] == "https://example.org/schemas/swiss-cut.schema.json"  # site.yaml's base_url, as the build
    assert document["competition"] == {"name": "Hand-worked eight", "rules": "swiss-cut", "status": "in_progress",
                                       "results_up_to": None, "after_round": 2, "provisional": True}
    built = subprocess.run([sys.executable, "-m", "site_gen", "build"], cwd=root, capture_output=True, text=True,
                           timeout=120)
    assert built.returncode == 0, built.stderr
    assert json.loads((root / "_site" / "cup" / "standings.json").read_text(encoding="utf-8")) == document
    page = (root / "_site" / "cup" / "rounds" / "2" / "index.html").read_text(encoding="utf-8")
    assert "<strong>In progress</strong> · after round 2 · the standings are provisional" in page
