"""The staging folder's swap: the new site takes the output's place in one step, and the
previous site goes, at once (build) or after the swap returns (serve)."""

import os
import time
from pathlib import Path

from site_gen.output import Staging


def _site(out: Path, text: str) -> Staging:
    staging = Staging(out)
    staging.put("index.html", text.encode())
    staging.put("kept.html", b"same bytes")  # linked from the previous output when there is one
    return staging


def _beside(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir())


def _wait_until_gone(paths: list[Path]) -> None:
    deadline = time.monotonic() + 30  # a guard against a removal that never happens, not a speed bound
    while any(p.exists() for p in paths) and time.monotonic() < deadline:
        time.sleep(0.01)


def test_a_build_swaps_in_the_new_site_and_removes_the_previous_one_before_returning(tmp_path):
    out = tmp_path / "site"
    _site(out, "first").commit()
    _site(out, "second").commit()
    assert (out / "index.html").read_text() == "second"
    assert _beside(out) == ["site"]  # neither the staging folder nor the previous site is left


def test_serve_removes_the_previous_site_after_the_swap(tmp_path):
    out = tmp_path / "site"
    _site(out, "first").commit(remove_later=True)  # nothing to remove: the first site
    assert _beside(out) == ["site"]
    kept_inode = (out / "kept.html").stat().st_ino
    _site(out, "second").commit(remove_later=True)
    assert (out / "index.html").read_text() == "second"
    assert (out / "kept.html").stat().st_ino == kept_inode  # the unchanged file is the same file
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(".site.old-")]
    assert len(aside) <= 1  # the previous site, renamed aside until the thread has removed it
    _wait_until_gone(aside)
    assert _beside(out) == ["site"]
    assert (out / "kept.html").read_bytes() == b"same bytes"  # removing the old name left the new one


def test_a_previous_site_a_stopped_serve_left_aside_is_removed_by_the_next_build(tmp_path):
    out = tmp_path / "site"
    _site(out, "first").commit()
    left = tmp_path / f".site.old-{os.getpid() + 1}-0"
    (left / "players").mkdir(parents=True)
    (left / "players" / "index.html").write_text("old")
    (tmp_path / ".site.older").mkdir()  # not ours: a name the pattern does not match
    _site(out, "second").commit()
    assert _beside(out) == [".site.older", "site"]


def test_a_previous_site_this_process_is_still_removing_is_left_to_its_thread(tmp_path, monkeypatch):
    from site_gen import output

    out = tmp_path / "site"
    _site(out, "first").commit()
    being_removed = (tmp_path / ".site.old-1-0").resolve()
    (being_removed / "players").mkdir(parents=True)
    monkeypatch.setattr(output, "_removing", {being_removed})  # as commit(remove_later=True) marks it
    _site(out, "second").commit()
    assert _beside(out) == [".site.old-1-0", "site"]  # the next build did not wait to remove it itself
    output._remove(being_removed)  # what the thread does
    assert _beside(out) == ["site"] and output._removing == set()
