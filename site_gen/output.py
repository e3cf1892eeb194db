"""Writing the site: everything goes to a staging folder, which takes the output's place in
one atomic step only once the whole build has succeeded, so readers (and a build killed
half way) never see half a site.

Files whose bytes did not change are hard-linked from the previous output instead of
written again, so they keep their modification times and a deploy uploads only what changed.
"""

from __future__ import annotations

import ctypes
import os
import shutil
from pathlib import Path

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def output_path(url: str) -> str:
    """The file of a site-relative URL: folders get an index.html."""
    return url + "index.html" if url == "" or url.endswith("/") else url


def check_output_folder(out: Path, root: Path) -> str | None:
    """Why `out` must not be used (the repository itself or a folder holding its data)."""
    out_r, root_r = out.resolve(), root.resolve()
    if out_r == root_r or out_r in root_r.parents:
        return f"the output folder {out} would replace the repository; choose a folder such as _site"
    if out_r.exists() and not out_r.is_dir():
        return f"the output folder {out} is a file; choose a folder such as _site"
    for part in (".git", "data", "content", "templates", "themes", "static"):
        source = root_r / part
        if out_r == source or source in out_r.parents or out_r in source.parents:
            return f"the output folder {out} overlaps {part}/; choose a folder such as _site"
    return None


def write_site(out: Path, files: dict[str, bytes]) -> int:
    """Put exactly `files` in `out`; returns how many files were (re)written."""
    out = out.resolve()
    staging = out.with_name(f".{out.name}.staging")
    if staging.exists():
        shutil.rmtree(staging)  # left by a build that was killed
    written = 0
    made: set[Path] = set()
    for rel in sorted(files):
        target = staging / rel
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        if not _link_if_unchanged(out / rel, target, files[rel]):
            target.write_bytes(files[rel])
            written += 1
    _swap_in(staging, out)
    return written


def _link_if_unchanged(old: Path, target: Path, data: bytes) -> bool:
    try:
        if old.stat().st_size != len(data) or old.read_bytes() != data:
            return False
        os.link(old, target)
        return True
    except OSError:
        return False


def _swap_in(staging: Path, out: Path) -> None:
    if not out.exists():
        os.rename(staging, out)
        return
    if _exchange(staging, out):
        shutil.rmtree(staging)  # now holds the previous site
        return
    # no atomic exchange on this system: the shortest possible gap between two renames
    previous = out.with_name(f".{out.name}.previous")
    if previous.exists():
        shutil.rmtree(previous)
    os.rename(out, previous)
    os.rename(staging, out)
    shutil.rmtree(previous)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two directories (Linux renameat2 RENAME_EXCHANGE)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return result == 0
