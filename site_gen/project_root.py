"""Finding the project from the current folder: kept apart from project.py, which imports
every rule set, so that a command that has nothing to do starts fast (os.path, not
pathlib, whose import is a quarter of an unchanged build)."""

from __future__ import annotations

import os


class NotAProject(Exception):
    """The folder holds no site.yaml: a usage error, not a data error."""


def find_root(start: str | os.PathLike) -> str:
    """The folder holding site.yaml, from the folder `start` (resolved) upwards."""
    start = folder = os.fspath(start)
    while True:
        if os.path.isfile(os.path.join(folder, "site.yaml")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            raise NotAProject(f"no site.yaml in {start} or any folder above it: run site-gen inside your site's "
                                 "folder, or start a site here with `site-gen init`")
        folder = parent
