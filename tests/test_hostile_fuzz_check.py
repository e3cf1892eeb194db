"""Fuzzing a whole `site-gen check`: a small valid online marathon with the bytes of
games.csv, competition.yaml or sanctions.yaml mutated never makes check crash; it exits
0 or 1, and every line it prints is a diagnostic or its summary.

In process (typer's runner) for speed; a few examples also run as real subprocesses so
that a traceback on the real stderr would be seen.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from hostile_project import site_gen, write_project
from site_gen.cli import app
from test_hostile_fuzz_readers import NASTY, mutated

SCALE = int(os.environ.get("SITE_GEN_FUZZ_EXAMPLES", "1"))
EXAMPLES = 150  # ~4 s: one in-process check of the small project takes ~25 ms
FILES = ["data/om/games.csv", "data/om/competition.yaml", "data/om/sanctions.yaml"]
DIAGNOSTIC = re.compile(r"^[^\s:][^:]*(:\d+)?: (error|warning|notice): \S")
SUMMARY = re.compile(r"^\d+ error\(s\), \d+ warning\(s\), \d+ notice\(s\)$")


def assert_clean_report(exit_code: int, stderr: str) -> None:
    assert "Traceback" not in stderr, stderr
    assert exit_code in (0, 1), (exit_code, stderr)
    lines = stderr.splitlines()
    assert lines and SUMMARY.match(lines[-1]), stderr[-2000:]
    for line in lines[:-1]:
        # a message may quote the data, but it is one line that starts with a position
        assert DIAGNOSTIC.match(line), line
    assert (exit_code == 1) == (" error: " in stderr), stderr[-2000:]


@st.composite
def mutation(draw):
    rel = draw(st.sampled_from(FILES))
    return rel, draw(mutated([b"\0"]))  # the seed is replaced by the file's bytes in the test


def test_check_survives_mutated_projects():
    work = Path(tempfile.mkdtemp(prefix="site-gen-fuzz-check-"))
    pristine = write_project(work / "pristine")
    originals = {rel: (pristine / rel).read_bytes() for rel in FILES}
    project = work / "project"
    shutil.copytree(pristine, project)
    runner = CliRunner()
    ran = []

    @settings(max_examples=EXAMPLES * SCALE, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(rel=st.sampled_from(FILES), data=st.data())
    def run(rel, data):
        ran.append(1)
        for name, original in originals.items():
            (project / name).write_bytes(original)
        broken = data.draw(mutated([originals[rel]]))
        (project / rel).write_bytes(broken)
        result = runner.invoke(app, ["check", "--root", str(project)])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        assert_clean_report(result.exit_code, result.stderr)

    try:
        run()
        print(f"fuzz check: {len(ran)} examples")
        assert len(ran) >= EXAMPLES * SCALE // 2
    finally:
        shutil.rmtree(work)


def test_check_subprocess_on_broken_files_prints_no_traceback(tmp_path: Path):
    """Three hand-picked breakages, one per competition, through the real command line."""
    for slug in ("om", "om2", "om3"):
        project = write_project(tmp_path / "p", slug=slug)
    games = project / "data/om/games.csv"
    games.write_bytes(games.read_bytes()[:-37] + NASTY[0] + "Странник".encode("cp1251"))
    competition = project / "data/om2/competition.yaml"
    competition.write_bytes(competition.read_bytes().replace(b"stages:", b"stages: [[[[" * 400))
    (project / "data/om3/sanctions.yaml").write_bytes(b"penalties: &a [*a]\n\x01")
    result = site_gen("check", cwd=project)
    assert_clean_report(result.returncode, result.stderr)
    assert result.returncode == 1
    assert "data/om/games.csv:13: error: the file holds a NUL byte" in result.stderr
    assert "data/om2/competition.yaml:6: error: the YAML document is nested too deeply" in result.stderr
    assert "data/om3/sanctions.yaml:2: error: the character U+0001" in result.stderr
