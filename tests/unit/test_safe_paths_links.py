"""safe_paths._links lists a folder's entries once (their types from the listing): it finds
the same links, in the same order, as the os.walk loop it replaced, kept here."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import given, settings, strategies as st

from site_gen.sources.safe_paths import _links


def _walked(start: Path) -> list[Path]:
    """The earlier _links: os.walk, and a stat per name."""
    if start.is_symlink():
        return [start]
    if not start.is_dir():
        return []
    found = []
    for folder, dirs, files in os.walk(start, onerror=lambda _error: None):
        for name in (*dirs, *files):
            path = Path(folder, name)
            if path.is_symlink():
                found.append(path)
    return found


def test_the_links_of_a_hand_made_tree_in_walk_order(tmp_path):
    (tmp_path / "data" / "b" / "deep").mkdir(parents=True)
    (tmp_path / "data" / "a.csv").write_text("x")
    (tmp_path / "data" / "z-dir-link").symlink_to(tmp_path / "data" / "b")  # a folder link: not entered
    (tmp_path / "data" / "c-file-link").symlink_to("/etc/hostname")
    (tmp_path / "data" / "b" / "deep" / "loop").symlink_to("loop")
    (tmp_path / "data" / "b" / "broken").symlink_to(tmp_path / "nowhere")
    data = tmp_path / "data"
    got = list(_links(data))
    # data's folder links first, then its file links (a broken link and a loop are files), then b's
    assert got[:2] == [data / "z-dir-link", data / "c-file-link"]
    assert got[2:] == [data / "b" / "broken", data / "b" / "deep" / "loop"]
    assert got == _walked(data)
    assert list(_links(data / "z-dir-link")) == [data / "z-dir-link"]
    assert list(_links(data / "a.csv")) == [] and list(_links(tmp_path / "missing")) == []


NAMES = st.sampled_from(["a", "b", "c", "d"])
ENTRY = st.tuples(st.lists(NAMES, min_size=1, max_size=3), st.sampled_from(["file", "dir", "link-in", "link-out",
                                                                           "link-dir", "broken", "loop"]))


@settings(max_examples=150, deadline=None)
@given(st.lists(ENTRY, max_size=12))
def test_the_same_links_in_the_same_order_as_os_walk(entries):
    root = Path(tempfile.mkdtemp())
    try:
        top = root / "data"
        top.mkdir()
        for parts, kind in entries:
            path = top.joinpath(*parts)
            if os.path.lexists(path) or not path.parent.is_dir() or path.parent.is_symlink():
                continue
            if kind == "file":
                path.write_text("x")
            elif kind == "dir":
                path.mkdir()
            elif kind == "link-in":
                path.symlink_to(top)
            elif kind == "link-out":
                path.symlink_to("/etc")
            elif kind == "link-dir":
                path.symlink_to(path.parent)
            elif kind == "broken":
                path.symlink_to(root / "missing")
            else:
                path.symlink_to(path.name)
        assert list(_links(top)) == _walked(top)
    finally:
        shutil.rmtree(root)
