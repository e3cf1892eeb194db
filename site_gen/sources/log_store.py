"""What reading one Tenhou log file gives, and where a reader may find it from an earlier
read. The reader asks `store_for(competition, context)`; whoever runs the reader may
install a store with `stores_from(...)` (the build installs an on-disk one). With none
installed every file is read, as under CI."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple, Protocol

from site_gen.sources.tenhou_files import LogSource

COLUMNS = ("line", "hour", "minute", "lobby", "rule", "players", "scores", "log")  # a kept game's fields in a FileRead


class FileRead(NamedTuple):
    """What reading one log file gave, in the order a read gives it."""

    lines: int
    names: tuple[str, ...]  # the players of its lines that could count
    diagnostics: tuple[tuple[str, int | None, str], ...]  # (severity, line, message), all about this file
    columns: tuple[tuple, ...]  # the kept games' fields, one tuple per name in COLUMNS


class LogStore(Protocol):
    def recall(self, sources: list[LogSource], paths: list[str]) -> list[FileRead | None]:
        """Each source's earlier read (`paths`: as its games name it), None when it must be read."""

    def keep(self, reads: list[FileRead]) -> None:
        """Keep the reads of the sources given to recall(), in the same order."""


StoreOpener = Callable[[Path, object], "LogStore | None"]
_opener: StoreOpener | None = None


@contextmanager
def stores_from(opener: StoreOpener | None) -> Iterator[None]:
    """Readers inside the block get their store from `opener(competition folder, context)`;
    `context`: all besides a file's bytes that its read depends on."""
    global _opener
    outer, _opener = _opener, opener
    try:
        yield
    finally:
        _opener = outer


def store_for(competition: Path, context: object) -> LogStore | None:
    return _opener(competition, context) if _opener is not None else None
