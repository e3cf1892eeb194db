"""An unchanged build looks at each recorded output file alone, without walking the output
(opening a folder per page), while the output's folders keep the times they had, settled,
when a walk last found just those files: any entry added, removed or renamed since changes
its folder's times, and a walk then decides, as before."""

import os
import shutil
import time

import pytest

from site_gen.rebuild import build_state, file_digests

SIZES = {"a/b/index.html": 3, "a/index.html": 2, "c/d/index.html": 1, "index.html": 5}  # c holds a folder only


@pytest.fixture
def out(tmp_path, monkeypatch):
    """An output folder holding SIZES, its times settled: RACY_NS is 0 and a tick has passed."""
    monkeypatch.setattr(file_digests, "RACY_NS", 0)
    out = tmp_path / "out"
    for rel, size in SIZES.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(b"x" * size)
    _tick()
    return out


@pytest.fixture
def walks(monkeypatch) -> list:
    """The walks of an output folder."""
    done, real = [], build_state._file_sizes
    monkeypatch.setattr(build_state, "_file_sizes", lambda out, walked=None: done.append(out) or real(out, walked))
    return done


def _tick() -> None:
    time.sleep(0.05)  # more than a tick of the clock that stamps files


def _unchanged(out, state: dict) -> dict | None:
    with file_digests.one_build():
        return build_state.unchanged(out.parent, out, "f", state)


def _state() -> dict:
    return {"fingerprint": "f", "files": dict(SIZES)}


def test_a_walk_that_finds_the_files_lets_the_next_check_look_at_each_alone(out, walks):
    state = _state()
    assert _unchanged(out, state) is state and len(walks) == 1
    assert state["folders"] is not None
    assert _unchanged(out, state) is state and len(walks) == 1  # no walk
    assert _unchanged(out, _state()) is not None and len(walks) == 2  # a record without folders: walked


def _add_file(out):
    (out / "a" / "b" / "extra.html").write_bytes(b"")


def _add_file_beside_folders(out):
    (out / "c" / "extra.html").write_bytes(b"")


def _remove(out):
    (out / "a" / "b" / "index.html").unlink()


def _resize(out):
    (out / "a" / "index.html").write_bytes(b"xyz")  # written in place: its folder keeps its times


def _link(out):
    (out / "a" / "index.html").unlink()
    (out / "a" / "index.html").symlink_to(out / "index.html")


def _rename(out):
    (out / "a" / "b").rename(out / "a" / "c")


@pytest.mark.parametrize("change", [_add_file, _add_file_beside_folders, _remove, _resize, _link, _rename])
def test_every_change_to_the_output_is_seen(out, walks, change):
    state = _state()
    assert _unchanged(out, state) is state and state["folders"] is not None
    change(out)
    assert _unchanged(out, state) is None
    if change in (_add_file, _add_file_beside_folders, _link):
        assert len(walks) == 2  # the folder changed: walked


def test_an_empty_folder_added_is_walked_and_not_watched(out, walks):
    """As before: only files count (a build leaves no empty folder). The walk that finds it
    records no folders: something put into it would change no watched folder's times."""
    state = _state()
    assert _unchanged(out, state) is state and state["folders"] is not None
    (out / "a" / "empty").mkdir()
    assert _unchanged(out, state) is state and len(walks) == 2 and state["folders"] is None
    (out / "a" / "empty" / "x.html").write_bytes(b"")
    assert _unchanged(out, state) is None


def test_a_folder_made_again_with_the_same_files_is_walked_and_found_unchanged(out, walks):
    state = _state()
    assert _unchanged(out, state) is state
    key = state["folders"]
    shutil.rmtree(out / "a" / "b")
    (out / "a" / "b").mkdir()
    (out / "a" / "b" / "index.html").write_bytes(b"xyz")
    assert _unchanged(out, state) is state and len(walks) == 2
    assert state["folders"] not in (None, key)  # the folders as they are now (RACY_NS is 0 here)


def test_folders_changed_less_than_racy_ns_ago_are_not_trusted(out, walks, monkeypatch):
    monkeypatch.setattr(file_digests, "RACY_NS", 3 * 10**9)  # the folders were made a tick ago
    state = _state()
    assert _unchanged(out, state) is state and state["folders"] is None
    assert _unchanged(out, state) is state and len(walks) == 2


def test_a_build_records_the_folders_only_when_settled_and_holding_just_its_files(out):
    with file_digests.one_build():
        assert build_state._output_key(str(out), dict(SIZES)) is not None
        assert build_state._output_key(str(out), {**SIZES, "a/other.html": 1}) is None  # not there
        assert build_state._output_key(str(out), {"index.html": 5}) is None  # files it does not know of
        (out / "new.html").write_bytes(b"12345")
        os.replace(out / "new.html", out / "index.html")  # replaced: the output folder changed since the build began
        assert build_state._output_key(str(out), dict(SIZES)) is None
    assert build_state._output_key(str(out), dict(SIZES)) is None  # outside a build: never


def test_an_unchanged_build_records_the_folders_it_walked_once(out, walks, tmp_path, monkeypatch):
    monkeypatch.delenv("CI", raising=False)  # under CI no record is trusted
    root = tmp_path / "project"
    root.mkdir()

    def previous() -> build_state.PreviousBuild:
        with file_digests.one_build():
            return build_state.previous_build(root, out, None, False)

    build_state.record(root, out, previous().fingerprint, dict(SIZES), 4, [])  # outside a build: no folders
    assert build_state.last_build(root, out)["folders"] is None
    assert previous().state is not None and len(walks) == 1
    assert build_state.last_build(root, out)["folders"] is not None
    assert previous().state is not None and len(walks) == 1
