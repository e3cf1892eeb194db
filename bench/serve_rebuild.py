"""The bench's serve case: one result changed while `site-gen serve` runs.

    python bench/serve_rebuild.py PROJECT OUT

In one process, as `serve` keeps it (the competition memo, the page cache, the log cache's
entries in memory, every core): puts back the files PROJECT.orig/ saved, builds, copies in
PROJECT.change/ (the one changed result) and times the rebuild only. Prints "PAGES SECONDS". bench/run runs it in a fresh
process after its command-line rebuilds; the project ends with the change in, as they left it.
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


def serve_rebuild(root: Path, out: Path) -> tuple[int, float]:
    from site_gen.build import build
    from site_gen.parallel import default_jobs
    from site_gen.diagnostics import Diagnostics
    from site_gen.project import CompetitionMemo
    from site_gen.rules import registry

    memo = CompetitionMemo()
    registry.keep_between_builds()  # as serve does

    def rebuild():
        report = build(root, out, Diagnostics(root=root), base_url="http://127.0.0.1:8000/", serving=True,
                       memo=memo, jobs=default_jobs())
        if report is None:
            raise SystemExit("the build failed")
        return report

    copy_tree(root.with_name(root.name + ".orig"), root)
    rebuild()
    copy_tree(root.with_name(root.name + ".change"), root)
    start = time.perf_counter()
    report = rebuild()
    return report.pages, time.perf_counter() - start


if __name__ == "__main__":
    pages, seconds = serve_rebuild(Path(sys.argv[1]), Path(sys.argv[2]))
    print(pages, seconds)
