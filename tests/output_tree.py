"""An output folder's files, for tests that compare two builds byte for byte."""

from __future__ import annotations

from pathlib import Path


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` by its relative path, with its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
