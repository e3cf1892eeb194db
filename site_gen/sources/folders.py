"""Listing a folder's files: the Tenhou reader finds logs with it, and the record of the
last build walks inputs, output and site-gen's own files with it."""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: an unchanged build imports this
if TYPE_CHECKING:
    from collections.abc import Iterator


def entries_under(top: str, walked: list[str] | None = None) -> Iterator[tuple[str, os.DirEntry]]:
    """What the folder `top` holds but folders, each by its path there ("a/b.py"): the
    folders are walked, not those a link names (each added to `walked`: "a/"). Plain
    strings, not pathlib: an unchanged build walks its inputs, its output and site-gen's
    own files."""
    folders = [""]
    while folders:
        folder = folders.pop()
        try:
            entries = os.scandir(os.path.join(top, folder))
        except OSError:  # as os.walk: a folder that cannot be read is left out
            continue
        with entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(folder + entry.name + "/")
                    if walked is not None:
                        walked.append(folder + entry.name + "/")
                else:
                    yield folder + entry.name, entry
