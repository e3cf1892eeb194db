"""Each input file is hashed once per build: the fingerprint, serve's memo key and the log
cache's identities share the digest of a file whose stat did not change, inside one build
and never across builds."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections import Counter
from pathlib import Path

import pytest

from site_gen import file_digests
from site_gen.build import build
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


def test_outside_a_build_and_across_builds_nothing_is_kept(tmp_path, hashed):
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
