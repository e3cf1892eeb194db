"""build_state's walks without pathlib: the output folder must hold the recorded files and
nothing else; linked folders are not entered."""

from __future__ import annotations

from site_gen.rebuild import build_state
from site_gen.sources import folders


def test_the_output_folder_must_hold_the_recorded_files_and_nothing_else(tmp_path):
    out = tmp_path / "out"
    (out / "a").mkdir(parents=True)
    (out / "index.html").write_bytes(b"12345")
    (out / "a" / "index.html").write_bytes(b"12")
    assert build_state._file_sizes(out) == {"index.html": 5, "a/index.html": 2}
    (out / "a" / "link").symlink_to(out / "index.html")
    assert build_state._file_sizes(out) is None  # a build writes no links


def test_a_walk_does_not_enter_linked_folders(tmp_path):
    (tmp_path / "b" / "c").mkdir(parents=True)
    (tmp_path / "b" / "c" / "x.py").write_text("")
    (tmp_path / "a.py").write_text("")
    (tmp_path / "z.html").symlink_to(tmp_path / "a.py")
    (tmp_path / "themes").symlink_to(tmp_path / "b")
    walked = sorted(rel for rel, _ in folders.entries_under(str(tmp_path)))
    assert walked == ["a.py", "b/c/x.py", "themes", "z.html"]
