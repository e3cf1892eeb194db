"""Random folder trees for the tests that list folders (hypothesis draws the entries):
files, folders and every kind of link a repository may hold."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import strategies as st

KINDS = ("file", "dir", "link-in", "link-out", "link-dir", "broken", "loop")


def entries(names: list[str]):
    """A strategy of (path parts, kind) for plant()."""
    return st.tuples(st.lists(st.sampled_from(names), min_size=1, max_size=3), st.sampled_from(KINDS))


def plant(top: Path, drawn: list[tuple[list[str], str]], outside: Path) -> None:
    """Make the drawn entries under `top` (an existing folder): an entry whose path is taken
    or whose folder is missing or a link is skipped. link-in names `top`, link-out
    `outside`, link-dir the entry's own folder, loop itself; broken names nothing."""
    for parts, kind in drawn:
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
            path.symlink_to(outside)
        elif kind == "link-dir":
            path.symlink_to(path.parent)
        elif kind == "broken":
            path.symlink_to(top.parent / "missing")
        else:
            path.symlink_to(path.name)
