"""SHA-256 of input files, each read once per build and, unchanged, not again in the next.

A build asks for the same files' digests up to three times: its fingerprint (build_state),
serve's competition memo key (project) and the log cache's identities (a Tenhou year is
hundreds of MB). Within `one_build()` a file's digest is kept by its stat (device, inode,
size, modification and change times: however its path is spelt), so a file changed
mid-build is read again.

Across builds, the last build's record hands its digests back (`remember`), trusted by the
same stat, as git's index is: any write sets a file's change time (ctime) to the present,
and nothing sets it back (utime, `touch -d`, sets the modification time only). The stat
could still miss an edit made after the hashing within the same tick of the file system's
clock as the write before it (same times, same size: "racy git"), so a build passes on
(`keepable`) only the digests of files whose times are more than RACY_NS older than its
beginning, before it read any file: an edit since then has later times, another stat.
Newer files are hashed again by the next build, which passes them on. (The times are
compared with this machine's clock, the one that stamps a local file system's files.)
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

# SHA-256 of a few short strings (the fingerprints' own hashes) from the interpreter's
# builtin module: hashlib loads OpenSSL, ~3 ms of a build that finds nothing changed and
# hashes no file. Files are hashed by hashlib (OpenSSL's is the faster on large files);
# both give the same digests.
try:
    from _sha2 import sha256  # Python 3.12 on
except ImportError:
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:
        from hashlib import sha256


def __getattr__(name: str):
    """`file_digests.hashlib`, as before (the tests count the files hashed through it),
    imported only when asked for: see sha256 above."""
    if name == "hashlib":
        import hashlib

        return hashlib
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# more than any file system's time resolution (FAT's: 2 s), with room for the clock that
# stamps files, which runs up to a tick behind time.time_ns()
RACY_NS = 3 * 10**9

_known: dict[tuple, bytes] | None = None  # stat identity -> digest of the files read, inside one_build()
_remembered: dict[tuple, bytes] = {}  # the last build's digests, inside one_build()
_began = 0  # time.time_ns() when the outermost one_build() began


@contextmanager
def one_build() -> Iterator[None]:
    """Share the digests of the files read until the outermost one_build() ends."""
    global _known, _began
    if _known is not None:  # nested: the outer build's digests stay shared
        yield
        return
    _known, _began = {}, time.time_ns()
    try:
        yield
    finally:
        _known = None
        _remembered.clear()


def remember(entries: Iterable[list]) -> None:
    """Trust a previous build's `keepable()` digests until this build ends (nothing outside
    one_build()). A malformed entry raises ValueError or TypeError."""
    if _known is not None:
        _remembered.update(map(_recorded, entries))


def keepable() -> list[list]:
    """This build's digests a later build may trust: [device, inode, size, mtime_ns,
    ctime_ns, hex digest] of each file read in it whose times are older than its beginning
    by more than RACY_NS."""
    if _known is None:
        return []
    before = _began - RACY_NS
    return [[*key, digest.hex()] for key, digest in _known.items() if key[3] < before and key[4] < before]


def settled(info: os.stat_result) -> bool:
    """Whether a stat's times are older than this build's beginning by more than RACY_NS
    (as those of the digests kept): any change since then gives it other times. Outside
    one_build(), never."""
    before = _began - RACY_NS
    return _known is not None and info.st_mtime_ns < before and info.st_ctime_ns < before


def file_sha256(path: str | os.PathLike, info: os.stat_result | None = None) -> bytes:
    """The SHA-256 of a regular file's bytes (`info`: its stat, when the caller has it)."""
    info = info or os.stat(path)
    key = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    if _known is not None:
        digest = _known.get(key) or _remembered.get(key)
        if digest is not None:
            _known[key] = digest
            return digest
    import hashlib

    with open(path, "rb") as handle:
        digest = hashlib.file_digest(handle, "sha256").digest()
    if _known is not None:
        _known[key] = digest
    return digest


def _recorded(entry: list) -> tuple[tuple, bytes]:
    """A `keepable()` entry as (stat identity, digest)."""
    *key, digest = entry
    if len(key) != 5 or not all(type(value) is int for value in key) or len(digest) != 64:
        raise ValueError(f"not a recorded digest: {entry!r}")
    return tuple(key), bytes.fromhex(digest)
