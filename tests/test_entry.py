"""The `site-gen` program runs a build written plainly without importing the command line
(typer), with the very output the command line gives, and answers an unchanged project
before importing the pipeline."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# which of the big libraries the program imported, printed as it ends (it ends the process
# itself, after the exit handlers)
PROBE = ("import atexit, sys; atexit.register(lambda: print('imported:', "
         "sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'pydantic', 'jinja2'}))); "
         "from site_gen.entry import main; main()")
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


def test_the_early_answer_imports_none_of_the_slow_standard_modules(built):
    """dataclasses (with inspect and ast), typing, shutil, ctypes and difflib took ~14 of its ~60 ms."""
    slow = {"dataclasses", "inspect", "typing", "shutil", "ctypes", "difflib"}
    probe = _run("-c", "import atexit, sys; before = set(sys.modules); atexit.register(lambda: print('imported:', "
                 f"sorted((set(sys.modules) - before) & {slow!r}))); from site_gen.entry import main; main()", *built)
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.endswith(" 0 changed) into " + built[4] + "\nimported: []\n")


def test_the_early_answer_prints_what_the_command_line_prints(built):
    early, command_line = _run("-m", "site_gen", *built), _run("-c", COMMAND_LINE, *built)
    assert command_line.returncode == early.returncode == 0
    assert "warning: game 103474" in early.stderr
    assert (early.stdout, early.stderr) == (command_line.stdout, command_line.stderr)


def test_a_build_that_must_run_runs_without_the_command_line(built, marathon_project: Path):
    under_ci = _run("-c", PROBE, *built, ci=True)  # CI trusts no earlier build: built again
    assert under_ci.returncode == 0, under_ci.stderr
    assert under_ci.stdout.endswith(" 0 changed) into " + built[4] + "\nimported: ['jinja2']\n")
    (marathon_project / "content" / "about.md").write_text("---\ntitle: About\n---\nChanged.\n", encoding="utf-8")
    changed = _run("-c", PROBE, *built)
    assert changed.returncode == 0, changed.stderr
    assert " 1 changed) into " in changed.stdout and changed.stdout.endswith("imported: ['jinja2']\n")
    unusual = _run("-c", PROBE, *built[:-2], "-j1")  # a form entry does not read: the command line answers
    assert unusual.returncode == 0 and " 0 changed)" in unusual.stdout
    assert unusual.stdout.endswith("imported: ['pydantic', 'typer']\n")


def test_the_plain_build_fails_as_the_command_line_does(built, marathon_project: Path, tmp_path: Path):
    (marathon_project / "site.yaml").write_text("title: [unclosed\n", encoding="utf-8")
    plain, command_line = _run("-m", "site_gen", *built), _run("-c", COMMAND_LINE, *built)
    assert plain.returncode == command_line.returncode == 1
    assert "build failed: 1 error(s)" in plain.stderr and "site.yaml:" in plain.stderr
    assert (plain.stdout, plain.stderr) == (command_line.stdout, command_line.stderr)
    for args in (["build", "--root", str(tmp_path / "nowhere")],  # no site.yaml: usage errors (2)
                 ["build", "--root", str(marathon_project), "--out", str(marathon_project / "data")]):
        plain, command_line = _run("-m", "site_gen", *args), _run("-c", COMMAND_LINE, *args)
        assert plain.returncode == command_line.returncode == 2
        assert plain.stderr.startswith("site-gen: ") and (plain.stdout, plain.stderr) == (command_line.stdout, command_line.stderr)


def test_a_usage_error_is_still_the_command_lines(built):
    result = _run("-m", "site_gen", *built[:-1], "0")  # --jobs 0
    assert result.returncode == 2 and "Invalid value" in result.stderr
