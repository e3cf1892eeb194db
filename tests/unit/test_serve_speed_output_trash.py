"""The files of a reused spare that a build replaces are moved aside into one trash folder
beside the output (unlinking each costs a wait for the disk), removed at the commit: at once
by a build, by a thread after the swap in serve, and with the staging folder on a failure."""

import os
import time
from pathlib import Path

from output_tree import tree

from site_gen.pipeline.output import Staging


def _beside(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir())


def _two_sites(tmp_path: Path) -> tuple[Path, Path]:
    """The output holds "two"; the spare the first site, "one", its own files (not links)."""
    out, spare = tmp_path / "site", tmp_path / "cache" / "spare"
    spare.parent.mkdir()
    for text in (b"one", b"two"):
        staging = Staging(out, spare)
        staging.put("a/page.html", text)
        staging.put("b.html", text + b"!")
        staging.prune({"a/page.html", "b.html"})
        staging.commit()
    assert tree(spare) == {"a/page.html": b"one", "b.html": b"one!"}
    return out, spare


def test_replaced_spare_files_wait_in_the_trash_until_the_commit_removes_it(tmp_path):
    out, spare = _two_sites(tmp_path)
    staging = Staging(out, spare)
    assert staging.reused and staging.trash is not None and staging.trash.parent == tmp_path
    staging.put("a/page.html", b"three")
    staging.put("b.html", b"three!")
    staging.prune({"a/page.html", "b.html"})
    assert sorted(p.read_bytes() for p in staging.trash.iterdir()) == [b"one", b"one!"]  # moved, not unlinked
    trash = staging.trash
    staging.commit()
    assert not trash.exists()
    assert tree(out) == {"a/page.html": b"three", "b.html": b"three!"}
    assert tree(spare) == {"a/page.html": b"two", "b.html": b"two!"}
    assert _beside(out) == ["cache", "site"]


def test_serve_removes_the_trash_after_the_swap(tmp_path):
    out, spare = _two_sites(tmp_path)
    staging = Staging(out, spare)
    staging.put("a/page.html", b"three")
    trash = staging.trash
    staging.commit(remove_later=True)
    assert (out / "a" / "page.html").read_bytes() == b"three"
    deadline = time.monotonic() + 30  # a guard against a removal that never happens, not a speed bound
    while trash.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _beside(out) == ["cache", "site"]


def test_a_failed_build_removes_its_trash_with_the_staging_folder(tmp_path):
    out, spare = _two_sites(tmp_path)
    staging = Staging(out, spare)
    staging.put("a/page.html", b"three")
    staging.discard()
    assert _beside(out) == ["cache", "site"]
    assert tree(out) == {"a/page.html": b"two", "b.html": b"two!"}


def test_a_forked_worker_sets_files_aside_into_the_same_trash(tmp_path):
    out, spare = _two_sites(tmp_path)
    staging = Staging(out, spare)
    pid = os.fork()
    if pid == 0:  # the worker: stages one file and ends
        try:
            staging.put("b.html", b"three!")
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    staging.put("a/page.html", b"three")
    assert sorted(p.read_bytes() for p in staging.trash.iterdir()) == [b"one", b"one!"]
    staging.commit()
    assert tree(out) == {"a/page.html": b"three", "b.html": b"three!"}
    assert _beside(out) == ["cache", "site"]
