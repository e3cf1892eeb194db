"""The layers of site_gen/ (docs/architecture.md) as import-linter checks them: the contracts
in pyproject.toml hold, and they are not empty words (a module that breaks one is found)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from required_tool import unavailable

ROOT = Path(__file__).resolve().parents[2]
LINT = shutil.which("lint-imports", path=str(Path(sys.executable).parent))


def _lint(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([LINT, "--config", str(root / "pyproject.toml"), "--no-cache"], cwd=root,
                          capture_output=True, text=True, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})


@pytest.fixture(scope="module")
def lint():
    if LINT is None:
        unavailable("lint-imports missing (make install-test installs import-linter)")
    return _lint


def test_the_layers_hold(lint):
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout


def _with_import(tmp_path: Path, module: str) -> Path:
    """A copy of the project whose `module` (a path under site_gen/) imports rebuild/."""
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "site_gen", copy / "site_gen", symlinks=True)
    shutil.copyfile(ROOT / "pyproject.toml", copy / "pyproject.toml")
    path = copy / "site_gen" / module
    path.write_text(path.read_text(encoding="utf-8") + "\nfrom site_gen.rebuild import build_state  # noqa\n",
                    encoding="utf-8")
    return copy


def test_a_rule_set_that_imports_the_rebuild_layer_breaks_them(lint, tmp_path):
    done = lint(_with_import(tmp_path, "rules/swiss_cut/scoring.py"))
    assert done.returncode == 1
    assert "site_gen.rules is not allowed to import site_gen.rebuild" in done.stdout


def test_a_command_that_imports_the_rebuild_layer_breaks_them(lint, tmp_path):
    # above the pipeline in the layers, yet only the pipeline and serve may know rebuild/
    done = lint(_with_import(tmp_path, "commands/new.py"))
    assert done.returncode == 1
    assert "site_gen.commands.new -> site_gen.rebuild.build_state" in done.stdout
