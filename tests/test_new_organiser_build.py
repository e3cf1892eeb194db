"""Issue 37 item 5: what `build` tells a new organiser about games the standings leave
out (it shows no notices, so it ends with a line per results file that left some out)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

CASES = Path(__file__).parent / "invalid"


def site_gen(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CI": "1", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "site_gen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)


def _project(case: str, tmp_path: Path) -> Path:
    target = tmp_path / "project"
    shutil.copytree(CASES / case, target, ignore=shutil.ignore_patterns("expected.txt"))
    return target


def test_build_ends_with_the_games_counted_and_left_out(tmp_path):
    # games.csv: 1001 and 1003 count; 1002's table RU-Friendly-1 does not match the pattern
    project = _project("table-not-matching-notice", tmp_path)
    result = site_gen("build", cwd=project)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "data/marathon/games.csv: 2 games counted, 1 left out: see `site-gen check`"
    again = site_gen("build", cwd=project)  # nothing changed: the build is replayed, and says the same
    assert again.stdout.splitlines()[-1] == "data/marathon/games.csv: 2 games counted, 1 left out: see `site-gen check`"


def test_build_shows_the_game_in_no_stage_as_a_warning_with_its_line(tmp_path):
    project = _project("game-in-no-stage-warning", tmp_path)
    result = site_gen("build", cwd=project)
    assert result.returncode == 0, result.stderr
    assert "data/marathon/games.csv:5: warning: game 1004 is inside the period but in no stage" in result.stderr
    assert result.stdout.splitlines()[-1] == "data/marathon/games.csv: 3 games counted, 1 left out: see `site-gen check`"


def test_build_says_nothing_of_games_when_none_is_left_out(tmp_path):
    project = _project("stage-penalty-without-games-warning", tmp_path)
    result = site_gen("build", cwd=project)
    assert result.returncode == 0, result.stderr
    assert "left out" not in result.stdout + result.stderr
