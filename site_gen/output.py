"""Writing the site: everything goes to a staging folder, which replaces the output only
once the whole build has succeeded, so readers never see half a site."""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def output_path(url: str) -> str:
    """The file of a site-relative URL: folders get an index.html."""
    return url + "index.html" if url == "" or url.endswith("/") else url


def check_output_folder(out: Path, root: Path) -> str | None:
    """Why `out` must not be used (the repository itself or a folder holding its data)."""
    out_r, root_r = out.resolve(), root.resolve()
    if out_r == root_r or out_r in root_r.parents:
        return f"the output folder {out} would replace the repository; choose a folder such as _site"
    for part in ("data", "content", "templates", "themes"):
        source = root_r / part
        if out_r == source or source in out_r.parents or out_r in source.parents:
            return f"the output folder {out} overlaps {part}/; choose a folder such as _site"
    return None


def write_site(out: Path, files: dict[str, bytes]) -> None:
    """Write every file into a fresh staging folder, then swap it in for `out`."""
    out = out.resolve()
    staging = out.with_name(f".{out.name}.staging")
    previous = out.with_name(f".{out.name}.previous")
    for leftover in (staging, previous):
        if leftover.exists():
            shutil.rmtree(leftover)
    for rel in sorted(files):
        target = staging / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(files[rel])
    _fsync_tree(staging)
    if out.exists():
        os.rename(out, previous)
    os.rename(staging, out)
    if previous.exists():
        shutil.rmtree(previous)


def _fsync_tree(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
