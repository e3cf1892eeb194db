"""The layers of site_gen/ (docs/architecture.md) as import-linter checks them: the contracts
in pyproject.toml hold, and they are not empty words (a module that breaks one is found)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT = shutil.which("lint-imports", path=str(Path(sys.executable).parent))


def _lint(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([LINT, "--config", str(root / "pyproject.toml"), "--no-cache"], cwd=root,
                          capture_output=True, text=True, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})


@pytest.fixture(scope="module")
def lint():
    if LINT is None:
        reason = "lint-imports missing (make install-test installs import-linter)"
        if os.environ.get("CI", "").lower() == "true":  # as the tool tests: under CI a missing tool is an error
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    return _lint


def test_the_layers_hold(lint):
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 kept, 0 broken" in done.stdout


def test_a_rule_set_that_imports_the_rebuild_layer_breaks_them(lint, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "site_gen", copy / "site_gen", symlinks=True)
    shutil.copyfile(ROOT / "pyproject.toml", copy / "pyproject.toml")
    scoring = copy / "site_gen" / "rules" / "swiss_cut" / "scoring.py"
    scoring.write_text(scoring.read_text(encoding="utf-8") + "\nfrom site_gen.rebuild import build_state  # noqa\n",
                       encoding="utf-8")
    done = lint(copy)
    assert done.returncode == 1
    assert "site_gen.rules is not allowed to import site_gen.rebuild" in done.stdout
