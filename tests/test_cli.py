"""The command line: help, exit codes (0 success, 1 data errors, 2 usage errors), and the
agreement between `standings` and the files `build` publishes.

Every project here is made in tmp_path from a few hand-written games, so the tests do not
depend on the repository's example data nor on the day `site-gen new` runs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from site_gen.cli import app
from site_gen.rules.registry import RULESETS

EXTRA_GAMES = (
    "1003,RU-Marathon-2,2015-02-10T19:00:00+03:00,NomWise,30,ComboRus,10,AnryChan,-15,Foo,-25\n"
    "1004,RU-Marathon-1,2015-04-05T19:00:00+03:00,NomWise,-5,ComboRus,25,AnryChan,5,Foo,-25\n"
    "1005,RU-Marathon-1,2015-04-07T19:00:00+03:00,Бодхи,20,ComboRus,20,AnryChan,-10,Foo,-30\n"
)


def site_gen(*args: str, cwd: Path, text: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "CI": "1", "NO_COLOR": "1", "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "site_gen", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=text,
        encoding="utf-8" if text else None,
        timeout=120,
    )


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


COMPETITION = """\
name: {name}
rules: online-marathon
period: {{from: 2015-02-01, to: 2015-11-30}}
stages:
  - {{from: 2015-02-01, to: 2015-03-31, name: Stage 1}}
  - {{from: 2015-04-01, to: 2015-05-31, name: Stage 2}}
"""

GAMES = (
    "# One row per game; seat order means nothing, places come from the scores.\n"
    "game,table,started_at,player1,score1,player2,score2,player3,score3,player4,score4\n"
    "1001,RU-Marathon-1,2015-02-03T21:15:00+03:00,NomWise,48,ComboRus,12,AnryChan,-20,Foo,-40\n"
    "1002,RU-Marathon-1,2015-02-04T20:00:00+03:00,NomWise,-10,ComboRus,30,AnryChan,-10,Foo,-10\n"
)


def make_site(folder: Path, competition: str = "spring") -> Path:
    """A site with one online marathon of two games in 2015 (the scaffold of `new` has no
    games, and its dates follow the day it runs)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "site.yaml").write_text("title: Club results\nbase_url: https://example.org/club/\n", encoding="utf-8")
    data = folder / "data" / competition
    data.mkdir(parents=True)
    (data / "competition.yaml").write_text(COMPETITION.format(name=competition.title()), encoding="utf-8")
    (data / "games.csv").write_text(GAMES, encoding="utf-8")
    return folder


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A valid project: an online marathon of five games over two stages."""
    root = make_site(tmp_path / "site")
    with open(root / "data" / "spring" / "games.csv", "a", encoding="utf-8") as games:
        games.write(EXTRA_GAMES)
    return root


# --- help --------------------------------------------------------------------------------

COMMANDS = typer.main.get_command(app).commands
# every leaf command by the words that call it ("build", "import tenhou"): a group has none of its own
LEAVES = {
    f"{name} {sub}" if sub else name: command
    for name, group in COMMANDS.items()
    for sub, command in (getattr(group, "commands", None) or {"": group}).items()
}


def test_top_level_help_lists_every_command(tmp_path: Path):
    result = site_gen("--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for name in COMMANDS:
        assert name in result.stdout


@pytest.mark.parametrize("command", sorted(LEAVES))
def test_help_of_every_command_mentions_each_option(command: str, tmp_path: Path):
    result = site_gen(*command.split(), "--help", cwd=tmp_path)  # works outside any project
    assert result.returncode == 0, result.stderr
    params = LEAVES[command].params
    assert params or command == "check"
    for param in params:
        if param.param_type_name == "option":
            for opt in param.opts:
                assert opt in result.stdout, f"{command} --help does not mention {opt}"
        else:
            assert param.name in result.stdout, f"{command} --help does not mention the argument {param.name}"
        if getattr(param, "help", None):
            assert param.help.split()[0] in result.stdout


# --- check ------------------------------------------------------------------------------


def test_check_valid_project_exits_0(site: Path):
    result = site_gen("check", cwd=site)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[-1] == "0 error(s), 0 warning(s), 0 notice(s)"


def test_check_finds_the_root_from_a_subfolder(site: Path):
    result = site_gen("check", cwd=site / "data" / "spring")
    assert result.returncode == 0, result.stderr


def test_check_project_with_errors_exits_1(site: Path):
    games = site / "data" / "spring" / "games.csv"
    games.write_text(games.read_text(encoding="utf-8").replace(",48,", ",4.8,"), encoding="utf-8")
    result = site_gen("check", cwd=site)
    assert result.returncode == 1
    assert 'data/spring/games.csv:3: error: score1 "4.8" is not a whole number' in result.stderr.splitlines()


@pytest.mark.parametrize(
    "args",
    [("check",), ("build",), ("standings", "spring"), ("new", "online-marathon", "x"), ("serve",)],
    ids=lambda a: a[0],
)
def test_outside_any_project_exits_2(args: tuple[str, ...], tmp_path: Path):
    result = site_gen(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert "no site.yaml" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [("check", "--bogus"), ("build", "--outt", "x"), ("--verbose", "check"), ("frobnicate",)])
def test_unknown_option_or_command_exits_2(args: tuple[str, ...], site: Path):
    result = site_gen(*args, cwd=site)
    assert result.returncode == 2
    assert not (site / "x").exists() and not (site / "_site").exists()


# --- standings ----------------------------------------------------------------------------


def test_standings_unknown_competition_exits_2_with_did_you_mean(site: Path):
    result = site_gen("standings", "sprnig", cwd=site)
    assert result.returncode == 2
    assert 'no competition "sprnig"' in result.stderr
    assert 'did you mean "spring"?' in result.stderr


def test_standings_json_and_csv_equal_the_built_files(site: Path, tmp_path: Path):
    out = tmp_path / "out"
    built = site_gen("build", "--out", str(out), cwd=site)
    assert built.returncode == 0, built.stderr
    as_json = site_gen("standings", "spring", "--format", "json", cwd=site, text=False)
    assert as_json.returncode == 0, as_json.stderr
    assert as_json.stdout == (out / "spring" / "standings.json").read_bytes()
    assert "Бодхи".encode("utf-8") in as_json.stdout
    as_csv = site_gen("standings", "spring", "--format", "csv", cwd=site, text=False)
    assert as_csv.returncode == 0, as_csv.stderr
    assert as_csv.stdout == (out / "spring" / "marathon.csv").read_bytes()
    stage_csv = site_gen("standings", "spring", "--format", "csv", "--stage", "2", cwd=site, text=False)
    assert stage_csv.returncode == 0, stage_csv.stderr
    assert stage_csv.stdout == (out / "spring" / "stage-2.csv").read_bytes()


def test_standings_stage_prints_the_stage_table(site: Path):
    result = site_gen("standings", "spring", "--stage", "1", cwd=site)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Stage 1 (2015-02-01 – 2015-03-31)")
    assert lines[1].split()[:2] == ["Rank", "Player"]
    body = "\n".join(lines[3:])
    for player in ("NomWise", "ComboRus", "AnryChan", "Foo"):
        assert player in body
    assert "Бодхи" not in body  # played in stage 2 only


def test_standings_default_is_the_marathon_table(site: Path):
    result = site_gen("standings", "spring", cwd=site)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Marathon standings"
    assert "Бодхи" in result.stdout


@pytest.mark.parametrize("args", [("--stage", "9"), ("--format", "xml")], ids=["unknown-stage", "unknown-format"])
def test_standings_bad_option_values_exit_2(args: tuple[str, ...], site: Path):
    result = site_gen("standings", "spring", *args, cwd=site)
    assert result.returncode == 2
    assert result.stdout == ""


def test_standings_of_a_competition_with_errors_exits_1(site: Path):
    games = site / "data" / "spring" / "games.csv"
    games.write_text(games.read_text(encoding="utf-8") + "1003,RU-Marathon-1,2015-02-11T19:00:00+03:00,A,1,B,2,C,3,D,4\n", encoding="utf-8")
    result = site_gen("standings", "spring", cwd=site)
    assert result.returncode == 1
    assert 'duplicate game id "1003"' in result.stderr
    assert result.stdout == ""


# --- new -----------------------------------------------------------------------------------


def test_new_scaffold_passes_check(tmp_path: Path):
    root = tmp_path / "site"
    root.mkdir()
    (root / "site.yaml").write_text("title: Club\n", encoding="utf-8")
    result = site_gen("new", "online-marathon", "x", cwd=root)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (root / "data" / "x").iterdir()) == ["competition.yaml", "games.csv", "players.csv",
                                                                       "sanctions.yaml"]
    checked = site_gen("check", cwd=root)
    assert checked.returncode == 0, checked.stderr
    assert "0 error(s)" in checked.stderr


def test_new_refuses_an_existing_folder(site: Path):
    before = snapshot(site)
    result = site_gen("new", "online-marathon", "spring", cwd=site)
    assert result.returncode == 1  # a file in the way, as init's and seat's: not a command written wrong
    assert "exists already" in result.stderr
    assert snapshot(site) == before


def test_new_refuses_an_unknown_rule_set(site: Path):
    result = site_gen("new", "online-marahton", "autumn", cwd=site)
    assert result.returncode == 2
    assert f"known rule sets: {', '.join(RULESETS)}" in result.stderr
    assert 'did you mean "online-marathon"?' in result.stderr
    assert not (site / "data" / "autumn").exists()


def test_new_refuses_a_folder_name_that_is_not_a_slug(site: Path):
    result = site_gen("new", "online-marathon", "Spring 2016", cwd=site)
    assert result.returncode == 2
    assert not (site / "data" / "Spring 2016").exists()


# --- build -----------------------------------------------------------------------------------


def test_build_twice_gives_byte_identical_trees(site: Path, tmp_path: Path):
    first, second = tmp_path / "first", tmp_path / "second"
    assert site_gen("build", "--out", str(first), cwd=site).returncode == 0
    tree = snapshot(first)
    assert "spring/standings.json" in tree and "index.html" in tree
    assert site_gen("build", "--out", str(second), cwd=site).returncode == 0
    assert snapshot(second) == tree
    again = site_gen("build", "--out", str(first), cwd=site)  # replacing the previous build
    assert again.returncode == 0, again.stderr
    assert snapshot(first) == tree
    assert sorted(p.name for p in tmp_path.iterdir()) == ["first", "second", "site"]


def test_build_default_out_is_site_folder(site: Path):
    result = site_gen("build", cwd=site)
    assert result.returncode == 0, result.stderr
    assert (site / "_site" / "spring" / "standings.json").is_file()


@pytest.mark.parametrize("out", [".", "data", "data/spring/out", "..", "content"])
def test_build_refuses_an_output_folder_over_the_sources(site: Path, out: str):
    (site / "content").mkdir()
    (site / "content" / "about.md").write_text("# About\n", encoding="utf-8")
    before = snapshot(site.parent)
    result = site_gen("build", "--out", out, cwd=site)
    assert result.returncode == 2
    assert "choose a folder such as _site" in result.stderr
    assert snapshot(site.parent) == before



def test_standings_table_never_prints_control_characters():
    # CSV refuses control characters, but names from YAML escapes or Tenhou logs may hold them
    from site_gen.commands.standings import text_table
    from site_gen.model import Column, Table

    table = Table("t", "Caption", (Column("player", "Player"),), [{"player": "Nom\x1b[31mWise"}])
    printed = text_table(table)
    assert "\x1b" not in printed and "Nom\\u001b[31mWise" in printed
