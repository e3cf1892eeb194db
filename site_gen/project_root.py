"""Finding the project from the current folder: kept apart from project.py, which imports
every rule set, so that a command that has nothing to do starts fast."""

from __future__ import annotations

from pathlib import Path


class NotAProject(Exception):
    """The folder holds no site.yaml: a usage error, not a data error."""


def find_root(start: Path) -> Path:
    for folder in [start, *start.parents]:
        if (folder / "site.yaml").is_file():
            return folder
    raise NotAProject(f"no site.yaml in {start} or any folder above it; run site-gen inside a site's repository")
