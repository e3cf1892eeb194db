"""The staging folder's swap: the new site takes the output's place in one step, and the
previous site goes, at once (build) or after the swap returns (serve)."""

import os
import time
from pathlib import Path

from output_tree import tree

from site_gen.pipeline.output import Staging
from site_gen.rebuild.linked_spare import make_spare


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
    from site_gen.pipeline import output

    out = tmp_path / "site"
    _site(out, "first").commit()
    being_removed = (tmp_path / ".site.old-1-0").resolve()
    (being_removed / "players").mkdir(parents=True)
    monkeypatch.setattr(output, "_removing", {being_removed})  # as commit(remove_later=True) marks it
    _site(out, "second").commit()
    assert _beside(out) == [".site.old-1-0", "site"]  # the next build did not wait to remove it itself
    output._remove(being_removed)  # what the thread does
    assert _beside(out) == ["site"] and output._removing == set()


# --- a spare: the replaced site kept for the next build to stage into ----------------------


def _staged(out: Path, spare: Path, files: dict[str, bytes], kept: dict[str, int] = {}) -> Staging:
    staging = Staging(out, spare)
    for rel, data in files.items():
        staging.put(rel, data)
    for rel, size in kept.items():
        assert staging.keep(rel, size)
    staging.prune(set(files) | set(kept))
    return staging


def test_the_replaced_site_becomes_the_spare_and_the_next_build_stages_into_it(tmp_path):
    out, spare = tmp_path / "site", tmp_path / "cache" / "spare"
    (tmp_path / "cache").mkdir()
    first = {"index.html": b"first", "kept.html": b"same bytes", "gone.html": b"x", "old/a.html": b"a"}
    _staged(out, spare, first).commit()
    kept_inode = (out / "kept.html").stat().st_ino
    assert not spare.exists()  # nothing was replaced
    _staged(out, spare, {"index.html": b"second", "kept.html": b"same bytes", "gone.html": b"x",
                         "old/a.html": b"a"}).commit()
    assert tree(spare) == first  # the first site, kept
    assert _beside(out) == ["cache", "site"]
    third = _staged(out, spare, {"index.html": b"third", "new/b.html": b"b"}, kept={"kept.html": 10})
    assert third.reused and not spare.exists()
    assert (out / "index.html").read_bytes() == b"second"  # the output is untouched until the swap
    third.commit()
    assert tree(out) == {"index.html": b"third", "kept.html": b"same bytes", "new/b.html": b"b"}
    assert not (out / "old").exists()  # the folder the spare held and this build did not stage
    assert (out / "kept.html").stat().st_ino == kept_inode  # the same file throughout
    assert _beside(out) == ["cache", "site"]


def test_a_spare_file_shared_with_the_output_is_replaced_never_written_into(tmp_path):
    out, spare = tmp_path / "site", tmp_path / "spare"
    for text in (b"one", b"one"):  # the second build links the first's file: the spare shares it
        _staged(out, spare, {"page.html": text}).commit()
    assert (spare / "page.html").stat().st_ino == (out / "page.html").stat().st_ino
    staging = _staged(out, spare, {"page.html": b"two"})
    assert (out / "page.html").read_bytes() == b"one"  # readers still see the site as it was
    staging.commit()
    assert (out / "page.html").read_bytes() == b"two"
    assert (spare / "page.html").read_bytes() == b"one"


def test_a_spare_whose_paths_clash_with_the_new_site_is_set_right(tmp_path):
    out, spare = tmp_path / "site", tmp_path / "spare"
    _staged(out, spare, {"index.html": b"i"}).commit()
    spare.mkdir()
    (spare / "players").write_bytes(b"a file where a folder must be")
    (spare / "page.html").mkdir()  # a folder where a file must be
    (spare / "page.html" / "index.html").write_bytes(b"old")
    staging = _staged(out, spare, {"players/x/index.html": b"x", "page.html": b"p"}, kept={"index.html": 1})
    assert staging.reused
    staging.commit()
    assert tree(out) == {"index.html": b"i", "page.html": b"p", "players/x/index.html": b"x"}


def test_a_spare_made_from_the_output_is_links_to_its_files_and_the_next_build_stages_into_it(tmp_path):
    """serve's first build replaces no site, so it has a spare made (rebuild.linked_spare)."""
    out, spare = tmp_path / "site", tmp_path / "cache" / "spare"
    (tmp_path / "cache").mkdir()
    first = {"index.html": b"first", "players/a/index.html": b"a", "players/b/index.html": b"b", "x.css": b"c"}
    _staged(out, spare, first).commit()
    inodes = {rel: (out / rel).stat().st_ino for rel in first}
    make_spare(out, spare)
    staging = Staging(out, spare)  # waits for the child making the spare
    assert staging.reused and not spare.exists()
    assert {rel: (staging.folder / rel).stat().st_ino for rel in first} == inodes  # links, not copies
    assert [p.name for p in (tmp_path / "cache").iterdir()] == []  # no half-made folder left
    assert staging.put("players/a/index.html", b"a") is False  # already there: nothing written
    assert staging.put("index.html", b"second") is True
    assert staging.keep("x.css", 1)
    staging.prune({"index.html", "players/a/index.html", "x.css"})
    staging.commit()
    assert tree(out) == {"index.html": b"second", "players/a/index.html": b"a", "x.css": b"c"}
    assert (out / "players/a/index.html").stat().st_ino == inodes["players/a/index.html"]
    assert tree(spare) == first  # the first site is the spare again, whole: the new site replaced, never wrote into
    make_spare(out, spare)  # a spare is there: left as it is
    assert tree(spare) == first and Staging(out, spare).reused


def test_no_spare_is_made_from_an_output_that_is_not_there(tmp_path):
    out, spare = tmp_path / "site", tmp_path / "spare"
    make_spare(out, spare)
    staging = Staging(out, spare)
    assert not staging.reused
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.staging"]  # nor a half-made one


def test_a_failed_build_leaves_the_output_as_it_was(tmp_path):
    out, spare = tmp_path / "site", tmp_path / "spare"
    for text in (b"one", b"two"):
        _staged(out, spare, {"page.html": text}).commit()
    staging = _staged(out, spare, {"page.html": b"three", "more.html": b"m"})
    staging.discard()
    assert tree(out) == {"page.html": b"two"}
    assert _beside(out) == ["site"]  # the spare went with the failed build's files
