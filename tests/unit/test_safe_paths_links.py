"""safe_paths._links lists a folder's entries once (their types from the listing): it finds
the same links, in the same order, as the os.walk loop it replaced, kept here."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import given, settings, strategies as st

from site_gen.sources.safe_paths import _links

import random_trees


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


@settings(max_examples=150, deadline=None)
@given(st.lists(random_trees.entries(["a", "b", "c", "d"]), max_size=12))
def test_the_same_links_in_the_same_order_as_os_walk(entries):
    root = Path(tempfile.mkdtemp())
    try:
        top = root / "data"
        top.mkdir()
        random_trees.plant(top, entries, outside=Path("/etc"))
        assert list(_links(top)) == _walked(top)
    finally:
        shutil.rmtree(root)
