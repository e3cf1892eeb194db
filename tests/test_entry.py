"""The `site-gen` program answers a build of an unchanged project before importing the
command line, with the very output the command line gives."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# after entry.main() returns (only the early answer returns: the command line ends the
# process itself), which of the big libraries the answer imported
PROBE = ("import sys; from site_gen.entry import main; main(); "
         "print('imported:', sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'pydantic', 'jinja2'}))")
COMMAND_LINE = "from site_gen.cli import main; main()"


def _run(*args: str, ci: bool = False) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = "true"
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


@pytest.fixture
def built(marathon_project: Path, tmp_path: Path) -> list[str]:
    """The build arguments, after a first build (which has a warning to give again)."""
    args = ["build", "--root", str(marathon_project), "--out", str(tmp_path / "site"), "-j", "1"]
    first = _run("-m", "site_gen", *args)
    assert first.returncode == 0, first.stderr
    assert "warning: game 103474 is inside the period but in no stage" in first.stderr
    return args


def test_an_unchanged_build_is_answered_without_the_command_line(built):
    probe = _run("-c", PROBE, *built)
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.endswith(" 0 changed) into " + built[4] + "\nimported: []\n")


def test_the_early_answer_prints_what_the_command_line_prints(built):
    early, command_line = _run("-m", "site_gen", *built), _run("-c", COMMAND_LINE, *built)
    assert command_line.returncode == early.returncode == 0
    assert "warning: game 103474" in early.stderr
    assert (early.stdout, early.stderr) == (command_line.stdout, command_line.stderr)


def test_a_changed_project_and_ci_go_to_the_command_line(built, marathon_project: Path):
    under_ci = _run("-c", PROBE, *built, ci=True)
    assert under_ci.returncode == 0 and "imported:" not in under_ci.stdout  # CI trusts no earlier build
    (marathon_project / "content" / "about.md").write_text("---\ntitle: About\n---\nChanged.\n", encoding="utf-8")
    changed = _run("-c", PROBE, *built)
    assert changed.returncode == 0, changed.stderr
    assert "imported:" not in changed.stdout and " 0 changed)" not in changed.stdout  # really built
    unusual = _run("-c", PROBE, *built[:-2], "-j1")  # a form entry does not read: the command line answers
    assert unusual.returncode == 0 and "imported:" not in unusual.stdout and " 0 changed)" in unusual.stdout


def test_a_usage_error_is_still_the_command_lines(built):
    result = _run("-m", "site_gen", *built[:-1], "0")  # --jobs 0
    assert result.returncode == 2 and "Invalid value" in result.stderr
