"""bench/serve_rebuild.py: the serve case of bench/run times a real rebuild of one process,
and what that rebuild writes is what a clean build of the changed project writes."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from output_tree import tree

from site_gen.build import build
from site_gen.diagnostics import Diagnostics

BENCH = Path(__file__).resolve().parents[1] / "bench"


@pytest.mark.parametrize("generator, scale", [("generate_online_marathon.py", "0.02"), ("generate_best_span.py", "0.05")])
def test_the_serve_rebuild_writes_what_a_clean_build_of_the_change_writes(tmp_path, generator, scale):
    root = tmp_path / "om"
    subprocess.run([sys.executable, str(BENCH / generator), str(root), "--scale", scale],
                   check=True, capture_output=True)
    change, originals = tmp_path / "om.change", tmp_path / "om.orig"
    changed = [p.relative_to(change) for p in change.rglob("*") if p.is_file()]
    assert changed, "the generator changes one result"
    for rel in changed:  # what bench/run keeps before copying the change in
        (originals / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / rel, originals / rel)
    before = {rel: (root / rel).read_bytes() for rel in changed}

    # outside CI, as serve on an organiser's machine: what it keeps between builds in use
    env = {name: value for name, value in os.environ.items() if name != "CI"}
    out = subprocess.run([sys.executable, str(BENCH / "serve_rebuild.py"), str(root), str(tmp_path / "served")],
                         check=True, capture_output=True, text=True, env=env).stdout.split()
    pages, seconds = int(out[0]), float(out[1])
    assert pages > 50 and seconds > 0
    assert all((root / rel).read_bytes() != before[rel] for rel in changed)  # it ends with the change in

    clean = tmp_path / "clean"
    assert build(root, clean, Diagnostics(root=root), base_url="http://127.0.0.1:8000/", serving=True,
                 incremental=False) is not None
    assert tree(tmp_path / "served") == tree(clean)
