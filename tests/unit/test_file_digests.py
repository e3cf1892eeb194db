"""Each input file is hashed once per build: the fingerprint, serve's memo key and the log
cache's identities share the digest of a file whose stat did not change, inside one build;
across builds only the digests a build remembers (`remember`, from the last build's
record), and only of files old enough to be kept (`keepable`)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections import Counter
from pathlib import Path

import pytest

from site_gen.rebuild import build_state, file_digests
from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics

ROOT = Path(__file__).resolve().parents[2]
ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"  # FIPS 180-2's "abc"


@pytest.fixture
def hashed(monkeypatch) -> Counter:
    """How many times each file's bytes were hashed, by file name."""
    counts: Counter = Counter()
    real = hashlib.file_digest

    def counting(handle, name):
        counts[Path(handle.name).name] += 1
        return real(handle, name)

    monkeypatch.setattr(file_digests.hashlib, "file_digest", counting)
    return counts


def test_digest_is_the_sha256_of_the_bytes(tmp_path):
    (tmp_path / "f").write_bytes(b"abc")
    assert file_digests.file_sha256(tmp_path / "f").hex() == ABC_SHA256


def test_one_build_hashes_a_file_once_however_its_path_is_spelt(tmp_path, hashed, monkeypatch):
    (tmp_path / "f").write_bytes(b"abc")
    monkeypatch.chdir(tmp_path)
    with file_digests.one_build():
        first = file_digests.file_sha256(tmp_path / "f")
        assert file_digests.file_sha256("f") == first
        with file_digests.one_build():  # nested: still the outer build's digests
            assert file_digests.file_sha256(str(tmp_path / "f")) == first
    assert hashed["f"] == 1


def test_outside_a_build_and_across_unremembered_builds_nothing_is_kept(tmp_path, hashed):
    (tmp_path / "f").write_bytes(b"abc")
    file_digests.file_sha256(tmp_path / "f")
    file_digests.file_sha256(tmp_path / "f")
    with file_digests.one_build():
        file_digests.file_sha256(tmp_path / "f")
    with file_digests.one_build():
        file_digests.file_sha256(tmp_path / "f")
    assert hashed["f"] == 4


def test_a_file_changed_within_a_build_is_hashed_again(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"abc")
    with file_digests.one_build():
        assert file_digests.file_sha256(path).hex() == ABC_SHA256
        path.write_bytes(b"abcd")  # another size: another stat
        assert file_digests.file_sha256(path) == hashlib.sha256(b"abcd").digest()
        os.utime(path, ns=(1, 1))
        path.write_bytes(b"abce")  # same size, new times
        assert file_digests.file_sha256(path) == hashlib.sha256(b"abce").digest()


@pytest.fixture
def later(monkeypatch):
    """A clock a second more than RACY_NS ahead: the builds begun under it find the files
    just written old enough to be kept. Called, it sets the clock back."""
    real = file_digests.time.time_ns
    monkeypatch.setattr(file_digests.time, "time_ns", lambda: real() + file_digests.RACY_NS + 10**9)
    return lambda: monkeypatch.setattr(file_digests.time, "time_ns", real)


def _stat(path: Path) -> list[int]:
    info = path.stat()
    return [info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns]


def test_a_build_keeps_the_digests_of_files_older_than_its_beginning(tmp_path, later):
    (tmp_path / "f").write_bytes(b"abc")
    with file_digests.one_build():
        file_digests.file_sha256(tmp_path / "f")
        assert file_digests.keepable() == [[*_stat(tmp_path / "f"), ABC_SHA256]]
    assert file_digests.keepable() == []  # outside a build: nothing


def test_a_file_written_within_racy_ns_of_the_beginning_is_not_kept(tmp_path):
    (tmp_path / "f").write_bytes(b"abc")
    os.utime(tmp_path / "f", ns=(1, 1))  # an old modification time, yet a change time of now
    with file_digests.one_build():
        file_digests.file_sha256(tmp_path / "f")
        assert file_digests.keepable() == []


def test_a_remembered_digest_stands_for_the_file_while_its_stat_is_the_same(tmp_path, hashed):
    path = tmp_path / "f"
    path.write_bytes(b"abc")
    planted = "00" * 32  # not the file's digest: seen only when the file is not read
    with file_digests.one_build():
        file_digests.remember([[*_stat(path), planted]])
        assert file_digests.file_sha256(path).hex() == planted
        assert hashed["f"] == 0
        path.write_bytes(b"abd")  # same size: the change time tells
        assert file_digests.file_sha256(path) == hashlib.sha256(b"abd").digest()
    with file_digests.one_build():  # remembered until the build ends
        assert file_digests.file_sha256(path) == hashlib.sha256(b"abd").digest()
    assert hashed["f"] == 2


@pytest.mark.parametrize("entry", [["x"], [1, 2, 3, 4, 5, "ab"], [1, 2, 3, 4, "5", "00" * 32],
                                   [1, 2, 3, 4, 5, "zz" * 32]])
def test_a_malformed_remembered_entry_is_refused(entry):
    with file_digests.one_build(), pytest.raises(ValueError):
        file_digests.remember([entry])


# --- across builds: the digests of the build record (build_state), trusted by stat ---

OPTIONS = dict(base_url=None, serving=False)


@pytest.fixture
def project(tmp_path, monkeypatch, later) -> Path:
    """A project of two data files whose last build (with no files) into tmp_path/out is
    recorded, with their digests. The next build must not read them, yet see every change:
    an edit of the same size, a file replaced by another, an old modification time set on
    new content, a deleted file, an edit right after the build."""
    monkeypatch.delenv("CI", raising=False)
    build_state.code_fingerprint()  # site-gen's own files: hashed here, once for every test
    root = tmp_path / "project"
    (root / "data").mkdir(parents=True)
    (root / "data" / "a.csv").write_text("abc", encoding="utf-8")
    (root / "data" / "b.csv").write_text("xyz", encoding="utf-8")
    (tmp_path / "out").mkdir()
    _record_build(root)
    return root


def _record_build(root: Path) -> None:
    with file_digests.one_build():
        previous = build_state.previous_build(root, _out(root), **OPTIONS)
        build_state.record(root, _out(root), previous.fingerprint, {}, 0, [])


def _out(root: Path) -> Path:
    return root.parent / "out"


def _previous(root: Path) -> build_state.PreviousBuild:
    with file_digests.one_build():
        return build_state.previous_build(root, _out(root), **OPTIONS)


def _fresh_fingerprint(root: Path) -> str:
    """The fingerprint worked out from the files alone, remembering nothing."""
    with file_digests.one_build():
        return build_state.input_fingerprint(root, f"{None}\0{False}")


def _recorded_digests(root: Path) -> list:
    return json.loads(build_state.output_record(root, _out(root), "build").read_bytes())["digests"]


def test_an_unchanged_project_reads_none_of_its_files(project, hashed):
    assert len(_recorded_digests(project)) == 2
    assert _previous(project).state is not None
    assert hashed == {}


def _same_size_edit(root: Path) -> None:
    (root / "data" / "a.csv").write_text("abd", encoding="utf-8")


def _replaced_by_another_file(root: Path) -> None:
    (root / "data" / "new").write_text("abd", encoding="utf-8")
    os.replace(root / "data" / "new", root / "data" / "a.csv")


def _old_time_on_new_content(root: Path) -> None:  # touch -d: only the change time tells
    path = root / "data" / "a.csv"
    info = path.stat()
    path.write_text("abd", encoding="utf-8")
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))


def _deleted(root: Path) -> None:
    (root / "data" / "b.csv").unlink()


@pytest.mark.parametrize("change", [_same_size_edit, _replaced_by_another_file, _old_time_on_new_content, _deleted])
def test_every_change_is_seen(project, change):
    before = _fresh_fingerprint(project)
    change(project)
    previous = _previous(project)
    assert previous.state is None
    assert previous.fingerprint == _fresh_fingerprint(project) != before


def test_a_file_written_just_before_the_build_is_read_again_by_the_next(project, hashed, later):
    """The racy case: an edit within the file system's time resolution of the build could
    keep the file's stat, so the build does not hand its digest on."""
    later()  # the clock of now
    (project / "data" / "b.csv").write_text("xyw", encoding="utf-8")
    _record_build(project)
    assert hashed == {"b.csv": 1}
    assert _recorded_digests(project) == []  # both files were written within 2 s of the build
    assert _previous(project).state is not None
    assert hashed == {"a.csv": 1, "b.csv": 2}


def test_an_unchanged_build_records_the_digests_it_had_to_read(project, hashed):
    """A touched file, hashed again, is recorded by the build that found it unchanged; a
    build that read nothing leaves the record as it was."""
    record = build_state.output_record(project, _out(project), "build")
    untouched = record.stat().st_mtime_ns
    assert _previous(project).state is not None
    assert record.stat().st_mtime_ns == untouched
    os.utime(project / "data" / "a.csv", ns=(10**18, 10**18))  # a new stat, the same bytes
    assert _previous(project).state is not None
    assert _stat(project / "data" / "a.csv") in [entry[:5] for entry in _recorded_digests(project)]
    assert _previous(project).state is not None
    assert hashed == {"a.csv": 1}


def test_an_unreadable_digest_list_is_not_used(project, hashed):
    record = build_state.output_record(project, _out(project), "build")
    state = json.loads(record.read_bytes())
    state["digests"] = [["not", "a", "stat"]]
    record.write_text(json.dumps(state), encoding="utf-8")
    assert _previous(project).state is not None
    assert hashed == {"a.csv": 1, "b.csv": 1}


def test_a_build_hashes_each_log_file_once(tmp_path, hashed, monkeypatch):
    """The fingerprint and the log cache both need every Tenhou log's digest: each file is
    read for it once (before, twice: 2 × 160 files of the example competition)."""
    monkeypatch.delenv("CI", raising=False)  # CI keeps no log cache (build_state.trust_previous_builds)
    root = tmp_path / "project"
    (root / "data").mkdir(parents=True)
    shutil.copy(ROOT / "site.yaml", root / "site.yaml")
    shutil.copytree(ROOT / "data" / "tenhou-best-span", root / "data" / "tenhou-best-span")
    loose = [p.name for p in (root / "data" / "tenhou-best-span" / "logs").rglob("*") if p.is_file()]
    report = build(root, tmp_path / "out", Diagnostics(root=root), incremental=False)
    assert report is not None
    assert len(loose) > 100
    assert {name: hashed[name] for name in loose} == dict.fromkeys(loose, 1)
