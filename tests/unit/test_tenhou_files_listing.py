"""tenhou_files._files_under lists the logs folder with os.scandir's types: the same files,
in the same order, as the rglob loop it replaced, kept here."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import given, settings, strategies as st

from site_gen.sources.tenhou_files import _files_under, _hidden

import random_trees


def _globbed(folder: Path) -> list[Path]:
    """The earlier listing: rglob, a stat per path, hidden parts left out."""
    return sorted(p for p in folder.rglob("*") if p.is_file()
                  and not any(_hidden(part) for part in p.relative_to(folder).parts))


def test_the_files_of_a_hand_made_tree_in_path_order(tmp_path):
    logs = tmp_path / "logs"
    (logs / "2024" / "b").mkdir(parents=True)
    (logs / ".git").mkdir()
    (logs / "__MACOSX").mkdir()
    for name in ("z.txt", "2024/b/c.txt", "2024/a.txt", "2024-x.txt", ".hidden.txt", ".git/d.txt", "__MACOSX/e.txt"):
        (logs / name).write_text("x")
    (logs / "2024" / "linked-dir").symlink_to(logs / "2024" / "b")  # not followed
    (logs / "file-link.txt").symlink_to(logs / "z.txt")  # a file, as is_file sees it
    (logs / "broken.txt").symlink_to(tmp_path / "nowhere")
    got = _files_under(logs)
    # "2024" < "2024-x.txt": parts compare before the text of the whole path would
    assert got == [logs / "2024" / "a.txt", logs / "2024" / "b" / "c.txt", logs / "2024-x.txt",
                   logs / "file-link.txt", logs / "z.txt"]
    assert got == _globbed(logs)


@settings(max_examples=150, deadline=None)
@given(st.lists(random_trees.entries(["a", "b", ".h", "a-b", "__MACOSX"]), max_size=14))
def test_the_same_files_in_the_same_order_as_rglob(entries):
    root = Path(tempfile.mkdtemp())
    try:
        top = root / "logs"
        top.mkdir()
        (root / "outside.txt").write_text("x")
        random_trees.plant(top, entries, outside=root / "outside.txt")
        assert _files_under(top) == _globbed(top)
    finally:
        shutil.rmtree(root)
