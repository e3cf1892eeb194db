"""Bad input, one folder per case under tests/invalid/.

Each case folder is a tiny project (site.yaml, data/<competition>/..., content/...) plus
`expected.txt`: the exact diagnostic lines `site-gen check` prints to stderr, in order,
without the final summary line. A case whose expected lines hold an error must make
`check` and `build` exit 1, and `build` must leave an existing output folder untouched;
a case with only warnings and notices passes `check` with exit 0.

One placeholder may appear in expected.txt: `{RULE_SETS}` stands for the registry's rule
set names joined by ", " (the list grows as rule sets are added).

Adding a case is adding a folder.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from site_gen.rules.registry import RULESETS

CASES_DIR = Path(__file__).parent / "invalid"
CASES = sorted(p.name for p in CASES_DIR.iterdir() if p.is_dir())  # a folder without expected.txt fails
SUMMARY = re.compile(r"^(\d+) error\(s\), (\d+) warning\(s\), (\d+) notice\(s\)$")


def site_gen(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CI": "1", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "site_gen", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def expected_lines(case: str) -> list[str]:
    text = (CASES_DIR / case / "expected.txt").read_text(encoding="utf-8")
    return text.replace("{RULE_SETS}", ", ".join(RULESETS)).splitlines()


def has_errors(lines: list[str]) -> bool:
    return any(": error: " in line for line in lines)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file's bytes, except the build cache (.site-gen-cache/, git-ignored), which a
    successful build may write."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".site-gen-cache" not in p.relative_to(folder).parts
    }


def copy_case(case: str, tmp_path: Path) -> Path:
    """A copy of the case, so that nothing a run might write lands in the source tree."""
    target = tmp_path / "project"
    shutil.copytree(CASES_DIR / case, target, ignore=shutil.ignore_patterns("expected.txt"))
    return target


def test_there_are_enough_cases():
    assert len(CASES) >= 25


@pytest.mark.parametrize("case", CASES)
def test_check_reports_exactly_the_expected_lines(case: str, tmp_path: Path):
    expected = expected_lines(case)
    result = site_gen("check", cwd=copy_case(case, tmp_path))
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.splitlines()
    assert lines, "check printed nothing, not even its summary line"
    summary = SUMMARY.match(lines[-1])
    assert summary, f"the last line is not the summary: {lines[-1]!r}"
    assert lines[:-1] == expected
    counts = tuple(int(n) for n in summary.groups())
    assert counts == tuple(sum(f": {s}: " in line for line in expected) for s in ("error", "warning", "notice"))
    assert result.returncode == (1 if has_errors(expected) else 0), result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("case", CASES)
def test_build_leaves_the_previous_site_alone(case: str, tmp_path: Path):
    expected = expected_lines(case)
    project = copy_case(case, tmp_path)
    out = tmp_path / "published"
    (out / "old-competition").mkdir(parents=True)
    (out / "marker.html").write_bytes(b"<p>the previous site</p>\n")
    (out / "old-competition" / "standings.json").write_bytes(b'{"rules": "online-marathon"}\n')
    before, sources = snapshot(out), snapshot(project)
    neighbours = sorted(p.name for p in tmp_path.iterdir())

    result = site_gen("build", "--out", str(out), cwd=project)

    assert "Traceback" not in result.stderr, result.stderr
    assert snapshot(project) == sources
    if not has_errors(expected):
        assert result.returncode == 0, result.stderr
        assert (out / "index.html").is_file() and not (out / "marker.html").exists()
        return
    assert result.returncode == 1, result.stderr
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == neighbours  # no staging folder left behind
    # build names the same errors as check (it leaves notices out)
    printed = result.stderr.splitlines()
    assert [line for line in printed if ": error: " in line] == [line for line in expected if ": error: " in line]
    assert "the previous site was left as it was" in printed[-1]
