"""SHA-256 of input files, each read once per build.

A build asks for the same files' digests up to three times: its fingerprint (build_state),
serve's competition memo key (project) and the log cache's identities (a Tenhou year is
hundreds of MB). Within `one_build()` a file's digest is kept by its stat (device, inode,
size, times: however its path is spelt), so a file changed mid-build is read again; across
builds nothing is kept, since an edit within the file system's time resolution could keep
the same stat.
"""

from __future__ import annotations

import hashlib
import os
from contextlib import contextmanager
from typing import Iterator

_known: dict[tuple, bytes] | None = None  # stat identity -> digest, inside one_build()


@contextmanager
def one_build() -> Iterator[None]:
    """Share the digests of the files read until the outermost one_build() ends."""
    global _known
    if _known is not None:  # nested: the outer build's digests stay shared
        yield
        return
    _known = {}
    try:
        yield
    finally:
        _known = None


def file_sha256(path: str | os.PathLike, info: os.stat_result | None = None) -> bytes:
    """The SHA-256 of a regular file's bytes (`info`: its stat, when the caller has it)."""
    info = info or os.stat(path)
    key = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    if _known is not None and key in _known:
        return _known[key]
    with open(path, "rb") as handle:
        digest = hashlib.file_digest(handle, "sha256").digest()
    if _known is not None:
        _known[key] = digest
    return digest
