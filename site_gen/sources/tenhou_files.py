"""Finding Tenhou's log files and streaming their text in blocks of whole lines.

Files may be plain, gzipped, or members of a year's `scrawYYYY.zip` (members in
sub-folders, plain or gzipped). Memory stays bounded by the block size whatever the size
of the logs: nothing is read whole.
"""

from __future__ import annotations

import gzip
import os
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from site_gen.sources.folders import entries_under
from site_gen.diagnostics import Diagnostics
from site_gen.sources.tenhou_log import LogName, log_name

BLOCK = 1 << 20  # bytes read at a time
EXPECTED = "scaYYYYMMDD.log, scbYYYYMMDD[HH].log, sccYYYYMMDD[HH].html (optionally .gz) or a scrawYYYY.zip"
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class LogSource:
    """One log file: loose (`member` None) or inside a zip."""

    name: LogName
    path: Path  # the file on disk (the zip for a member)
    member: str | None = None

    @property
    def display(self) -> str:
        return f"{self.path}:{self.member}" if self.member else str(self.path)

    @property
    def gzipped(self) -> bool:
        return (self.member or self.path.name).endswith(".gz")

    @property
    def folders(self) -> tuple[str, ...]:
        """The sub-folders a zip member sits in (Tenhou's layout), safe to recreate."""
        if not self.member:
            return ()
        parts = tuple(self.member.replace("\\", "/").split("/")[:-1])
        return parts if all(p and p not in (".", "..") and ":" not in p for p in parts) else ()

    def _preference(self) -> tuple:
        return (self.member is not None, self.gzipped, self.display)


def _hidden(name: str) -> bool:
    return name.startswith(".") or name.startswith("__MACOSX")


def find_sources(paths: Iterable[Path], diags: Diagnostics) -> list[LogSource]:
    """Every log file under `paths` (files or folders), each canonical name once."""
    found: list[LogSource] = []
    for path in paths:
        if path.is_dir():
            files = _files_under(path)
        else:
            files = [path]
        for file in files:
            if file.name.endswith(".zip"):
                found += _zip_members(file, diags)
                continue
            name = log_name(file.name)
            if name is None:
                diags.warning(file, None, f"not a Tenhou log file name ({EXPECTED}); ignored")
            else:
                found.append(LogSource(name, file))
    chosen: dict[str, LogSource] = {}
    for source in sorted(found, key=LogSource._preference):
        first = chosen.get(source.name.canonical)
        if first is None:
            chosen[source.name.canonical] = source
        else:
            diags.warning(source.display, None, f"the same log file as {_short(first, diags)}; read once")
    return sorted(chosen.values(), key=lambda s: (s.name.day, s.name.canonical))


def _files_under(folder: Path) -> list[Path]:
    """The files under `folder` but hidden ones and those in hidden folders, in the order of
    their paths' parts (as sorted Paths): what path.rglob("*") finds that is_file, found by
    build_state's walk with os.scandir's types instead of a stat per file (a year of logs
    is 1,000 files, listed on every build of serve). As rglob, a link to a folder is not
    followed."""
    found: list[tuple[list[str], str]] = []
    for rel, entry in entries_under(str(folder)):
        parts = rel.split("/")
        if not any(map(_hidden, parts)) and _is_file(entry):
            found.append((parts, entry.path))
    return [Path(path) for _, path in sorted(found)]


def _is_file(entry: os.DirEntry) -> bool:
    """As Path.is_file: False for what cannot be looked at (a link loop, say)."""
    try:
        return entry.is_file()
    except OSError:
        return False


def _short(source: LogSource, diags: Diagnostics) -> str:
    return diags._rel(source.display)  # the same relative form the message's own path takes


def _zip_members(file: Path, diags: Diagnostics) -> list[LogSource]:
    try:
        with zipfile.ZipFile(file) as archive:
            members = sorted(i.filename for i in archive.infolist() if not i.is_dir())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        diags.error(file, None, f"cannot read the zip file: {exc}")
        return []
    sources = []
    for member in members:
        base = member.replace("\\", "/").rsplit("/", 1)[-1]
        if _hidden(base) or member.startswith("__MACOSX"):
            continue
        name = log_name(base)
        if name is None:
            diags.warning(f"{file}:{member}", None, f"not a Tenhou log file name ({EXPECTED}); ignored")
        else:
            sources.append(LogSource(name, file, member))
    return sources


class Archives:
    """Zip files kept open while their members are read one after the other: opening a
    year's zip reads its whole directory, which would otherwise happen once per member."""

    def __init__(self) -> None:
        self._open: dict[Path, zipfile.ZipFile] = {}

    def get(self, path: Path) -> zipfile.ZipFile:
        if path not in self._open:
            self.close()  # members of one zip come together: keep one open at a time
            self._open[path] = zipfile.ZipFile(path)
        return self._open[path]

    def close(self) -> None:
        for archive in self._open.values():
            archive.close()
        self._open.clear()

    def __enter__(self) -> "Archives":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _open(source: LogSource, stack: list, archives: Archives | None) -> BinaryIO:
    if source.member is None:
        raw: BinaryIO = open(source.path, "rb")
        stack.append(raw)
    else:
        if archives is None:
            archive = zipfile.ZipFile(source.path)
            stack.append(archive)
        else:
            archive = archives.get(source.path)
        raw = archive.open(source.member)
        stack.append(raw)
    if source.gzipped:
        raw = gzip.GzipFile(fileobj=raw, mode="rb")
        stack.append(raw)
    return raw


MAX_LINE_BYTES = 64 * 1024  # real log lines are a few hundred bytes


def read_blocks(source: LogSource, diags: Diagnostics, block: int = BLOCK,
                archives: Archives | None = None) -> Iterator[tuple[int, str]]:
    """(number of the first line, text of whole lines) for the whole file, block by block.

    A BOM is dropped; a line with bytes that are not UTF-8 is reported and left blank (so
    the numbering of the others stays right); a file that cannot be read is an error."""
    stack: list = []
    line, rest, first = 1, b"", True
    try:
        stream = _open(source, stack, archives)
        while True:
            data = stream.read(block)
            if first:
                data, first = (data[3:] if data.startswith(_BOM) else data), False
            if not data:
                break
            data = rest + data
            cut = data.rfind(b"\n") + 1
            if cut == 0:
                if len(data) > MAX_LINE_BYTES:  # not a log: stop before the buffer grows without end
                    diags.error(source.display, line, f"line {line} is longer than {MAX_LINE_BYTES} bytes: not a Tenhou log")
                    return
                rest = data
                continue
            rest = data[cut:]
            yield line, _decode(data[:cut], line, source, diags)
            line += data.count(b"\n", 0, cut)
        if rest:
            yield line, _decode(rest, line, source, diags)
    except (OSError, EOFError, zlib.error, zipfile.BadZipFile, KeyError) as exc:
        diags.error(source.display, None, f"cannot read the log file: {exc}")
    finally:
        for handle in reversed(stack):
            handle.close()


def _decode(data: bytes, line: int, source: LogSource, diags: Diagnostics) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    lines = data.split(b"\n")
    for offset, raw in enumerate(lines):
        try:
            lines[offset] = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            diags.warning(source.display, line + offset,
                          f"bytes that are not UTF-8 (0x{raw[exc.start]:02x} at byte {exc.start + 1} of the line); line skipped")
            lines[offset] = ""
    return "\n".join(lines)


def read_lines(source: LogSource, diags: Diagnostics) -> Iterator[tuple[int, str]]:
    """(line number, text without "\\n") one by one, for small jobs such as merging."""
    for first, text in read_blocks(source, diags):
        parts = text.split("\n")
        if parts and parts[-1] == "":
            parts.pop()
        for offset, part in enumerate(parts):
            yield first + offset, part
