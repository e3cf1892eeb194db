"""What each Tenhou log file gave when it was last read, so that an unchanged file is not
read again: a year's logs are most of a best-span build, and past days' files never change.

An entry is used only when all that its reading depends on is unchanged:
- the file's bytes: the SHA-256 of a loose file as stored (gzipped or not); for a zip
  member, the CRC-32, sizes and date its zip's directory records (no need to inflate it);
- the file's path relative to the competition: its games and messages name it (the file
  name also gives the family and day);
- the reading's context, given by the reader: the participants (which games are kept), the
  counted tables and direct lobbies (which lines could count); and site-gen's code (how
  lines are read) and Python's version (what the pickle holds).

Entries are pickled in .site-gen-cache/logs-<competition>-<YYYY-MM>.pickle, one file per
month, so that a new day rewrites its month only. A file holds a digest of its two
pickles: the format and context, then the entries, unpickled only when the first matches
(after an upgrade of site-gen, a year of games is not unpickled to be thrown away). One
that cannot be read, is damaged or was written for another context is a miss (the logs
are read again), never an error. Months no longer read and competitions no longer there
lose their files. The files hold tuples, dicts, strings and numbers only, and are loaded
refusing any class: a file planted in a repository cannot make a build run code. The
cache is used only when previous builds can be trusted (never under CI): open_cache. The files
are written by a forked child while the build goes on; the command line's build waits for
it at its end. A build's LogCache first waits for writes still going on. Nothing is kept
in memory between builds: each build reads the months from disk.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
from pathlib import Path

from site_gen import parallel
from site_gen.rebuild.build_state import CACHE_DIR, code_fingerprint, trust_previous_builds, write_cache_file
from site_gen.rebuild.file_digests import file_sha256
from site_gen.sources.log_store import COLUMNS, FileRead
from site_gen.sources.tenhou_files import Archives, LogSource

FORMAT = 2  # raised when FileRead or the files' layout changes


def open_cache(competition: Path, context: object) -> LogCache | None:
    """The cache of the project holding this competition (data/<slug>/), when earlier
    builds can be trusted (sources.log_store.StoreOpener)."""
    if competition.parent.name != "data" or not trust_previous_builds():
        return None
    return LogCache(competition, context)


class LogCache:
    """The entries kept for the log files of one competition (its folder: data/<slug>/)."""

    def __init__(self, competition: Path, context: object):
        parallel.join_background()  # an earlier build's files, still being written
        self.data, self.name = competition.parent, competition.name
        self.folder = competition.parent.parent / CACHE_DIR
        seed = pickle.dumps((FORMAT, sys.version, code_fingerprint(), context), protocol=5)
        self.context = hashlib.sha256(seed).hexdigest()
        self.kept: dict[str, dict] = {}  # month -> {path: (identity, FileRead)} as found on disk
        self.keys: list[tuple[str, str, object]] = []  # (month, path, identity) of the files asked for

    def recall(self, sources: list[LogSource], paths: list[str]) -> list[FileRead | None]:
        """The entry of each source (`paths`: as its games name it), None when it must be read."""
        found = []
        with Archives() as archives:
            for source, path in zip(sources, paths):
                month = f"{source.name.day:%Y-%m}"
                identity = _identity(source, archives)
                if month not in self.kept:
                    self.kept[month] = self._load(month)
                entry = self.kept[month].get(path)
                self.keys.append((month, path, identity))
                found.append(entry[1] if identity is not None and entry and entry[0] == identity else None)
        return found

    def keep(self, reads: list[FileRead]) -> None:
        """Store what the sources given to recall() gave; rewrite only the months that changed."""
        months: dict[str, dict] = {}
        for (month, path, identity), read in zip(self.keys, reads):
            entries = months.setdefault(month, {})
            if identity is not None and not any(d[0] == "error" for d in read.diagnostics):  # a failed read is retried
                entries[path] = (identity, read)
        changed = {month: entries for month, entries in months.items()
                   if {p: e[0] for p, e in entries.items()} != {p: e[0] for p, e in self.kept.get(month, {}).items()}}
        if not changed:  # no fork of a big process only to look for files to drop
            self._write_months(changed, set(months))
            return
        # pickling a cold year of logs takes seconds: a forked child does it while the build goes on
        parallel.in_background(lambda: self._write_months(changed, set(months)))

    def _write_months(self, changed: dict[str, dict], months: set[str]) -> None:
        for month, entries in changed.items():
            kept = self.kept.get(month, {})
            self._write(month, {p: (identity, _interned(read) if p in kept and kept[p][1] is read else read)
                                for p, (identity, read) in entries.items()})
        try:
            for old in self.folder.glob("logs-*-????-??.pickle"):
                name, month = old.name[5:-15], old.name[-14:-7]
                if (name == self.name and month not in months) or not (self.data / name).is_dir():
                    old.unlink()
        except OSError:
            pass

    def _file(self, month: str) -> Path:
        return self.folder / f"logs-{self.name}-{month}.pickle"

    def _load(self, month: str) -> dict:
        try:
            data = self._file(month).read_bytes()
            if hashlib.sha256(data[32:]).digest() != data[:32]:
                return {}
            unpickler = _Plain(io.BytesIO(data[32:]))
            if unpickler.load() != (FORMAT, self.context):
                return {}
            return {path: (identity, FileRead(*read)) for path, (identity, read) in unpickler.load().items()}
        except Exception:  # noqa: BLE001 - whatever a damaged file raises, it is a miss
            return {}

    def _write(self, month: str, entries: dict) -> None:
        plain = {path: (identity, tuple(read)) for path, (identity, read) in entries.items()}
        stream = io.BytesIO()
        pickler = pickle.Pickler(stream, protocol=5)  # one memo for both pickles, as the one unpickler has
        pickler.dump((FORMAT, self.context))
        pickler.dump(plain)
        data = stream.getvalue()
        write_cache_file(self._file(month), hashlib.sha256(data).digest() + data)  # failing: read again next time


class _Plain(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        raise pickle.UnpicklingError(f"{module}.{name}: a log cache holds no objects")


def _identity(source: LogSource, archives: Archives) -> object:
    """What stands for the file's bytes; None when it cannot be read (the read reports it)."""
    try:
        if source.member is None:
            return file_sha256(source.path).hex()
        info = archives.get(source.path).getinfo(source.member)
        return (info.CRC, info.file_size, info.compress_size, info.date_time)
    except Exception:  # noqa: BLE001 - a bad zip or a vanished file: read it, which reports why
        return None


def _interned(read: FileRead) -> FileRead:
    """A kept entry whose strings are the interned ones that fresh reads hold: the pickle of
    a month rewritten with both holds each name once, not once per rewrite."""
    columns = dict(zip(COLUMNS, read.columns))
    for name in ("lobby", "rule"):
        columns[name] = tuple(map(sys.intern, columns[name]))
    columns["players"] = tuple(tuple(map(sys.intern, p)) for p in columns["players"])
    return read._replace(names=tuple(map(sys.intern, read.names)), columns=tuple(columns.values()))
