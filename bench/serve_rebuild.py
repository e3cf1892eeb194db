"""The bench's serve cases: one result changed while `site-gen serve` runs.

    python bench/serve_rebuild.py PROJECT OUT
    python bench/serve_rebuild.py PROJECT OUT --prime        # a serve's session, ended
    python bench/serve_rebuild.py PROJECT OUT --restarted    # the next one, on its output

In one process, as `serve` keeps it (the competition memo, the page cache, the log cache's
entries in memory, every core, the log cache's files written in the organiser's pause and
at the end): puts back the files PROJECT.orig/ saved, builds, copies in PROJECT.change/
(the one changed result) and times the rebuild only. Prints "PAGES SECONDS".
bench/run runs it in a fresh process after its command-line rebuilds; the project ends with
the change in, as they left it.

--prime puts back PROJECT.orig/'s files and builds as serve does, then ends: the output is
up to date. --restarted is serve started again on it (a new process): it times its first
build, then the rebuild after the change, the first edit of a session. Prints
"PAGES SECONDS START_SECONDS".
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def copy_tree(source: Path, target: Path) -> None:
    """Copy the files under `source` over the same paths under `target`."""
    for path in sorted(source.rglob("*")):
        if path.is_file():
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)


def save_originals(root: Path) -> None:
    """Keep in PROJECT.orig/ the files PROJECT.change/ replaces (bench/run does, before it
    copies the change in: this script, serve_browser.py and the repeated one-result
    rebuilds start from them)."""
    change, originals = root.with_name(root.name + ".change"), root.with_name(root.name + ".orig")
    shutil.rmtree(originals, ignore_errors=True)
    for path in sorted(change.rglob("*")):
        rel = path.relative_to(change)
        if path.is_file() and (root / rel).is_file():
            (originals / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(root / rel, originals / rel)


def serve_rebuild(root: Path, out: Path, mode: str = "") -> tuple[int, float, float]:
    """(pages, seconds of the rebuild after the change, seconds of the build before it)."""
    from site_gen.pipeline.build import build
    from site_gen.parallel import default_jobs
    from site_gen.diagnostics import Diagnostics
    from site_gen.pipeline.project import competition_memo
    from site_gen.serve.server import end_session

    memo = competition_memo()

    def rebuild():
        report = build(root, out, Diagnostics(root=root), base_url="http://127.0.0.1:8000/", serving=True,
                       memo=memo, jobs=default_jobs())
        if report is None:
            raise SystemExit("the build failed")
        return report

    if mode != "--restarted":  # the restarted serve finds the project as the primed one left it
        copy_tree(root.with_name(root.name + ".orig"), root)
    start = time.perf_counter()
    report = rebuild()
    first = time.perf_counter() - start
    # serve writes what its first build left (a Tenhou log cache's months) while the organiser
    # pauses, and when it stops: done here, untimed, before the edit or the end of the session
    end_session()
    if mode == "--prime":
        return report.pages, first, first
    copy_tree(root.with_name(root.name + ".change"), root)
    start = time.perf_counter()
    report = rebuild()
    seconds = time.perf_counter() - start
    end_session()
    return report.pages, seconds, first


if __name__ == "__main__":
    pages, seconds, first = serve_rebuild(Path(sys.argv[1]), Path(sys.argv[2]), *sys.argv[3:4])
    print(pages, seconds, first)
