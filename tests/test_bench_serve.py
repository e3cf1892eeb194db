"""bench/serve_rebuild.py: the serve cases of bench/run time real rebuilds of one process (and
of a serve started again on its last session's output), and what such a rebuild writes is
what a clean build of the changed project writes."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from output_tree import tree

from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from serve_rebuild import save_originals  # noqa: E402 - bench/ is not a package


def _generated(tmp_path: Path, generator: str, scale: str) -> tuple[Path, dict[Path, bytes]]:
    """A bench project with PROJECT.orig/ kept as bench/run keeps it: (root, the changed files' bytes before)."""
    root = tmp_path / "om"
    subprocess.run([sys.executable, str(BENCH / generator), str(root), "--scale", scale],
                   check=True, capture_output=True)
    change = tmp_path / "om.change"
    changed = [p.relative_to(change) for p in change.rglob("*") if p.is_file()]
    assert changed, "the generator changes one result"
    save_originals(root)  # what bench/run keeps before copying the change in
    return root, {rel: (root / rel).read_bytes() for rel in changed}


def _run(*args: str) -> list[str]:
    # outside CI, as serve on an organiser's machine: what it keeps between builds in use
    env = {name: value for name, value in os.environ.items() if name != "CI"}
    return subprocess.run([sys.executable, str(BENCH / "serve_rebuild.py"), *args],
                          check=True, capture_output=True, text=True, env=env).stdout.split()


def _equals_a_clean_build_of_the_change(root: Path, served: Path, before: dict[Path, bytes], tmp_path: Path) -> None:
    assert all((root / rel).read_bytes() != old for rel, old in before.items())  # it ends with the change in
    clean = tmp_path / "clean"
    assert build(root, clean, Diagnostics(root=root), base_url="http://127.0.0.1:8000/", serving=True,
                 incremental=False) is not None
    assert tree(served) == tree(clean)


@pytest.mark.parametrize("generator, scale", [("generate_online_marathon.py", "0.02"), ("generate_best_span.py", "0.05")])
def test_the_serve_rebuild_writes_what_a_clean_build_of_the_change_writes(tmp_path, generator, scale):
    root, before = _generated(tmp_path, generator, scale)
    out = _run(str(root), str(tmp_path / "served"))
    pages, seconds = int(out[0]), float(out[1])
    assert pages > 50 and seconds > 0
    _equals_a_clean_build_of_the_change(root, tmp_path / "served", before, tmp_path)


def test_a_restarted_serve_s_first_edit_writes_what_a_clean_build_of_the_change_writes(tmp_path):
    """--prime leaves the output up to date with the originals; --restarted, a new process,
    builds on it, then rebuilds after the change (the first edit of a session)."""
    root, before = _generated(tmp_path, "generate_online_marathon.py", "0.02")
    served = tmp_path / "served"
    _run(str(root), str(served), "--prime")
    assert all((root / rel).read_bytes() == old for rel, old in before.items())  # primed with the originals
    out = _run(str(root), str(served), "--restarted")
    pages, seconds, start = int(out[0]), float(out[1]), float(out[2])
    assert pages > 50 and seconds > 0 and start > 0
    _equals_a_clean_build_of_the_change(root, served, before, tmp_path)
