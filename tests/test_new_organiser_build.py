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
    assert result.stderr.splitlines()[-1] == "data/marathon/games.csv: 2 games counted, 1 left out: see `site-gen check`"
    assert result.stdout.startswith("built ")  # the organiser sees the line after it, on stderr with the warnings
    again = site_gen("build", cwd=project)  # nothing changed: the build is replayed, and says the same
    assert again.stderr.splitlines()[-1] == "data/marathon/games.csv: 2 games counted, 1 left out: see `site-gen check`"


def test_build_shows_the_game_in_no_stage_as_a_warning_with_its_line(tmp_path):
    project = _project("game-in-no-stage-warning", tmp_path)
    result = site_gen("build", cwd=project)
    assert result.returncode == 0, result.stderr
    assert "data/marathon/games.csv:5: warning: game 1004 is inside the period but in no stage" in result.stderr
    assert result.stderr.splitlines()[-1] == "data/marathon/games.csv: 3 games counted, 1 left out: see `site-gen check`"


def test_build_says_nothing_of_games_when_none_is_left_out(tmp_path):
    project = _project("stage-penalty-without-games-warning", tmp_path)
    result = site_gen("build", cwd=project)
    assert result.returncode == 0, result.stderr
    assert "left out" not in result.stdout + result.stderr


# -- `site-gen new`: dates around today, examples commented out, rule sets in --help ------

import datetime as dt  # noqa: E402

import pytest  # noqa: E402

from site_gen.rules.registry import RULESETS  # noqa: E402
from site_gen.rules.scaffold_dates import month_end, month_start  # noqa: E402


def test_month_arithmetic_of_the_scaffold_dates():
    day = dt.date(2026, 12, 6)
    assert month_start(day) == dt.date(2026, 12, 1)
    assert month_start(day, 2) == dt.date(2027, 2, 1)
    assert month_end(day, 1) == dt.date(2027, 1, 31)
    assert month_end(dt.date(2028, 1, 15), 1) == dt.date(2028, 2, 29)  # a leap year's February


def test_the_online_marathon_scaffold_lies_around_the_day_it_is_made():
    files = RULESETS["online-marathon"].scaffold("Club", dt.date(2026, 12, 6))
    # two stages of two months from the month `new` runs in
    assert "  from: 2026-12-01\n  to: 2027-03-31\n" in files["competition.yaml"]
    assert "{from: 2026-12-01, to: 2027-01-31, name: Stage 1}" in files["competition.yaml"]
    assert "{from: 2027-02-01, to: 2027-03-31, name: Stage 2}" in files["competition.yaml"]
    # every example row is a comment
    rows = [line for line in files["games.csv"].splitlines() if not line.startswith("#")]
    assert rows == ["game,table,started_at,player1,score1,player2,score2,player3,score3,player4,score4"]
    assert "# 1001,RU-Marathon-1,2026-12-06T21:15:00+03:00,Example-A,48" in files["games.csv"]


def test_new_help_lists_every_rule_set(tmp_path):
    result = site_gen("new", "--help", cwd=tmp_path)
    text = " ".join(result.stdout.replace("│", " ").split())
    for name in RULESETS:
        assert name in text


@pytest.mark.parametrize("rules", list(RULESETS))
def test_a_scaffold_checks_clean_and_builds_without_example_pages(rules, tmp_path):
    root = tmp_path / "site"
    root.mkdir()
    (root / "site.yaml").write_text("title: Club\n", encoding="utf-8")
    made = site_gen("new", rules, "cup", cwd=root)
    assert made.returncode == 0, made.stderr
    checked = site_gen("check", cwd=root)
    assert checked.returncode == 0, checked.stderr
    assert " 0 error(s), 0 warning(s)" in " " + checked.stderr.splitlines()[-1]
    built = site_gen("build", "--out", str(tmp_path / "out"), cwd=root)
    assert built.returncode == 0, built.stderr
    # no example player has a page: the players' list is the only page under players/
    players = tmp_path / "out" / "cup" / "players"
    assert [p.name for p in players.iterdir()] == ["index.html"]
    published = [p for p in (tmp_path / "out").rglob("*") if p.is_file()]
    assert not [p for p in published if "example" in p.relative_to(tmp_path / "out").as_posix().lower()]
    assert not [p for p in published if p.suffix in (".html", ".json", ".csv") and "Example" in p.read_text(encoding="utf-8")]


# -- online-marathon shows what players.csv says of a player --------------------------------

def test_the_player_page_and_list_show_name_country_and_city(tmp_path):
    project = _project("table-not-matching-notice", tmp_path)
    (project / "data/marathon/players.csv").write_text(
        "player,name,country,city\nNomWise,Anna Rossi,Italy,Roma\nComboRus,,Russia,\nAnryChan,,,\nFoo,,,\n",
        encoding="utf-8")
    result = site_gen("build", "--out", str(tmp_path / "out"), cwd=project)
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "out/marathon/players/nomwise/index.html").read_text(encoding="utf-8")
    assert '<h1>NomWise</h1>\n<p class="lead">Anna Rossi · Italy · Roma</p>' in page
    combo = (tmp_path / "out/marathon/players/comborus/index.html").read_text(encoding="utf-8")
    assert '<h1>ComboRus</h1>\n<p class="lead">Russia</p>' in combo
    foo = (tmp_path / "out/marathon/players/foo/index.html").read_text(encoding="utf-8")
    assert '<h1>Foo</h1>\n<p class="lead">Rank' in foo  # nothing listed: no line for it
    listing = (tmp_path / "out/marathon/players/index.html").read_text(encoding="utf-8")
    assert '>NomWise</a> <span class="meta">Anna Rossi · Italy · Roma</span></li>' in listing
    assert '>Foo</a></li>' in listing
