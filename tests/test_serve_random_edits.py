"""`serve` after a walk of random edits of the example's four competitions: after each
edit, the site its builds of one process write equals a clean build of the same files,
byte for byte. serve keeps much between builds (competitions, games parsed again line by
line, recomputed stages and marathon rows, tables, export parts, page and table digests,
the feed's day); a walk of slips and corrections, valid or not, crosses those memos in
orders no single-change test does. An edit the build refuses is undone, and serve's next
build must come back to the clean site.

serve's builds run in a forked child: switched on, its memos stay for the whole process.
The clean builds run here, on a twin of the project walked with the same edits."""

from __future__ import annotations

import json
import os
import random
import shutil
import traceback
from pathlib import Path

from output_tree import tree
from random_edits import random_edit

from site_gen import page_renderer
from site_gen.build import build
from site_gen.diagnostics import Diagnostics
from site_gen.project import CompetitionMemo
from site_gen.rules import registry

ROOT = Path(__file__).resolve().parents[1]
SEED, STEPS = 10, 12  # a walk that keeps an edit of every competition and refuses others (asserted below)
COMPETITIONS = sorted(path.name for path in (ROOT / "data").iterdir() if path.is_dir())  # edited in turn


def _project(folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(ROOT / "site.yaml", folder / "site.yaml")
    shutil.copytree(ROOT / "content", folder / "content")
    shutil.copytree(ROOT / "data", folder / "data")
    return folder


def _serve_walk(root: Path, served: Path, steps: Path) -> list[bool]:
    """serve's builds after each edit (an edit refused is undone and built again); each
    step's site is copied under `steps`. Whether each edit was kept."""
    registry.keep_between_builds()
    page_renderer._PARALLEL_MIN_PAGES = 1  # forked render workers too, handing their memos back
    memo = CompetitionMemo()

    def serve_build() -> bool:
        return build(root, served, Diagnostics(root=root), serving=True, memo=memo, jobs=2) is not None

    assert serve_build()
    rng, kept = random.Random(SEED), []
    for step in range(STEPS):
        path, before, _ = random_edit(root, rng, COMPETITIONS[step % len(COMPETITIONS)])
        kept.append(serve_build())
        if not kept[-1]:
            path.write_bytes(before)
            assert serve_build()
        shutil.copytree(served, steps / str(step))
    return kept


def test_serve_after_a_walk_of_random_edits_equals_clean_builds(tmp_path: Path, monkeypatch):
    monkeypatch.delenv("CI", raising=False)  # serve's memos are off under CI (build_state.trust_previous_builds)
    steps, record = tmp_path / "steps", tmp_path / "kept.json"
    pid = os.fork()
    if pid == 0:  # the child: serve
        code = 1
        try:
            record.write_text(json.dumps(_serve_walk(_project(tmp_path / "served-project"), tmp_path / "served", steps)))
            code = 0
        except BaseException:  # noqa: BLE001 - reported by the parent's assertion
            traceback.print_exc()
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "serve's walk failed (see the captured stderr)"
    kept = json.loads(record.read_text())
    twin, rng = _project(tmp_path / "clean-project"), random.Random(SEED)
    walked = []
    for step, was_kept in enumerate(kept):
        path, before, what = random_edit(twin, rng, COMPETITIONS[step % len(COMPETITIONS)])
        walked.append(f"{path.relative_to(twin)}: {what}{'' if was_kept else ' (refused, undone)'}")
        if not was_kept:
            path.write_bytes(before)
        clean = tmp_path / f"clean-{step}"
        assert build(twin, clean, Diagnostics(root=twin), serving=True, incremental=False) is not None
        served, made = tree(steps / str(step)), tree(clean)
        differ = sorted(name for name in served.keys() | made.keys() if served.get(name) != made.get(name))
        assert not differ, f"{differ[:5]} differ after: " + "; ".join(walked)
    # edits refused, and one built in every competition (after new example data, another SEED may be needed)
    assert not all(kept), "; ".join(walked)
    assert {COMPETITIONS[step % len(COMPETITIONS)] for step, was_kept in enumerate(kept) if was_kept} == set(COMPETITIONS), \
        "; ".join(walked)
