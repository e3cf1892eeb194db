"""Refusing symbolic links that lead out of the repository.

A pull request can add `data/x/games.csv -> /etc/passwd` or `content/ -> /home`; the build
would then publish, or quote in a public CI log, files that are not the site's. Every
link under the folders the build reads is checked before any of them is read, and a link
whose target lies outside the repository is an error. Links inside it are fine.
"""

from __future__ import annotations

import os
from pathlib import Path

from site_gen.diagnostics import Diagnostics

READ_BY_THE_BUILD = ("site.yaml", "data", "content", "templates", "themes", "static")


def refuse_outside_links(root: Path, diags: Diagnostics) -> bool:
    """Report every symbolic link under `root`'s sources that leaves `root`; True if any."""
    found = False
    for name in READ_BY_THE_BUILD:
        found = refuse_links_under(root / name, root, diags) or found
    return found


def refuse_links_under(start: Path, root: Path, diags: Diagnostics) -> bool:
    """Report every symbolic link at or under `start` that leaves `root`; True if any."""
    top = root.resolve()
    found = False
    for link in _links(start):
        target = _target(link)
        if target is None or not target.is_relative_to(top):
            where = "a loop" if target is None else "outside the repository"
            diags.error(link, None, f"symbolic link to {os.readlink(link)} ({where}); "
                                    "the site is built only from files inside the repository: copy the file in")
            found = True
    return found


def _links(start: Path):
    """Every symbolic link at or under `start`, without following any, in os.walk's order
    (a folder's links among its folders, then among its files, then its subfolders'). The
    entries' types come from the folder listing: no stat per file (a year of Tenhou logs
    is thousands of files, looked at on every build)."""
    if start.is_symlink():
        yield start
        return
    if start.is_dir():
        yield from _links_in(str(start))


def _links_in(folder: str):
    try:
        with os.scandir(folder) as listing:
            entries = list(listing)
    except OSError:  # as os.walk's onerror: a folder that can't be listed holds nothing to refuse
        return
    dirs, files = [], []
    for entry in entries:
        try:
            (dirs if entry.is_dir() else files).append(entry)  # a link to a folder is among the folders
        except OSError:
            files.append(entry)
    for entry in (*dirs, *files):
        if entry.is_symlink():
            yield Path(entry.path)
    for entry in dirs:
        if not entry.is_symlink():
            yield from _links_in(entry.path)


def _target(link: Path) -> Path | None:
    """Where the link finally leads; None for a loop (a missing target still has a path)."""
    try:
        return link.resolve(strict=False)
    except (OSError, RuntimeError):
        return None
