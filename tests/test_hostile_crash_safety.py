"""Crash safety: a build killed with SIGKILL at any moment leaves the output folder as
the complete old site or the complete new one, never a mix or half of either.

Two reference sites are built first (OLD and NEW, differing in almost every file, with
files only one of them has). Then, RUNS times, the output folder is reset to OLD and a
build of NEW is started over it and killed: half the runs at a seeded random moment of
the whole build, half at a seeded random moment from the appearance of its staging
folder to a little after the swap (the write phase, where a mix could happen). Every run must leave exactly OLD or
exactly NEW, byte for byte, and a build after the last kill must finish cleanly.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from hostile_project import snapshot, write_project

RUNS = 20
SEED = 2026
PLAYERS = [f"Player {i:02d}" for i in range(32)]


def _build_command(root: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "site_gen", "build", "--root", str(root), "--out", str(out), "--jobs", "1"]


def _env() -> dict[str, str]:
    return {**os.environ, "CI": "true"}


def _build(root: Path, out: Path) -> float:
    start = time.monotonic()
    proc = subprocess.run(_build_command(root, out), capture_output=True, text=True, env=_env(), timeout=300)
    assert proc.returncode == 0, proc.stderr
    return time.monotonic() - start


def _forget_builds(root: Path) -> None:
    """Each run must really build: no record of an earlier build may let it skip work."""
    shutil.rmtree(root / ".site-gen-cache", ignore_errors=True)


def _wait_for_staging(proc: subprocess.Popen, staging: Path) -> None:
    deadline = time.monotonic() + 60
    while not staging.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.001)


def _write_phase(root: Path, out: Path, staging: Path, old_site: Path) -> float:
    """Seconds from the staging folder's appearance to the swap (the output folder
    becoming another directory) in a build over OLD."""
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(old_site, out)
    before = out.stat().st_ino
    proc = subprocess.Popen(_build_command(root, out), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_env())
    _wait_for_staging(proc, staging)
    start = time.monotonic()
    while out.stat().st_ino == before and proc.poll() is None:
        time.sleep(0.0005)
    swapped = time.monotonic() - start
    assert proc.wait(timeout=300) == 0
    _forget_builds(root)
    return max(swapped, 0.005)


def test_a_killed_build_leaves_the_old_site_or_the_new_one(tmp_path: Path):
    old_root = write_project(tmp_path / "old", name="Old marathon", players=PLAYERS[:24], games=120)
    new_root = write_project(tmp_path / "new", name="New marathon", players=PLAYERS, games=200)
    _build(old_root, tmp_path / "ref-old")
    duration = _build(new_root, tmp_path / "ref-new")
    old, new = snapshot(tmp_path / "ref-old"), snapshot(tmp_path / "ref-new")
    assert set(old) != set(new) and sum(old.get(k) != v for k, v in new.items()) > len(new) // 2

    out = tmp_path / "site" / "_site"
    staging = out.with_name(f".{out.name}.staging")
    write_phase = _write_phase(new_root, out, staging, tmp_path / "ref-old")
    rng = random.Random(SEED)
    outcomes = []
    for run in range(RUNS):
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(tmp_path / "ref-old", out)
        _forget_builds(new_root)
        during_write = run % 2 == 1
        if during_write:  # a staging folder left by the last kill would be taken for this build's
            shutil.rmtree(staging, ignore_errors=True)
        proc = subprocess.Popen(_build_command(new_root, out), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env=_env())
        if during_write:  # wait for the staging folder, then kill somewhere in the write phase
            _wait_for_staging(proc, staging)
            delay = rng.uniform(0, write_phase * 3)
        else:
            delay = rng.uniform(0, duration * 1.1)
        time.sleep(delay)
        finished_before_kill = proc.poll() is not None
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        found = snapshot(out)
        outcome = "old" if found == old else "new" if found == new else None
        assert outcome is not None, (
            f"run {run} (killed {delay:.3f} s {'into the write phase' if during_write else 'after the start'}): "
            f"the output is neither site: {len(found)} files, {sum(found.get(k) == v for k, v in new.items())} "
            f"of NEW's {len(new)} and {sum(found.get(k) == v for k, v in old.items())} of OLD's {len(old)} match")
        staged = sum(1 for p in staging.rglob("*") if p.is_file()) if during_write and staging.exists() else None
        outcomes.append((round(delay, 3), during_write, finished_before_kill, staged, outcome))
    print(f"staging to swap {write_phase:.3f} s of {duration:.3f} s; kill points (delay s, in write phase, "
          f"finished before kill, files left in staging, result): {outcomes}")
    assert any(o == "old" for *_, o in outcomes), "no kill landed before the swap: the test proves little"
    assert any(o == "new" for *_, o in outcomes), "no build got past the swap: the test proves little"

    # the next build cleans up whatever the last kill left and writes NEW
    _forget_builds(new_root)
    _build(new_root, out)
    assert snapshot(out) == new
    assert not staging.exists()
