"""What the last successful build was made from, so an unchanged project is not rebuilt.

The fingerprint covers every input of a build: site-gen's own code, site.yaml, data/,
content/, templates/, themes/, static/, and the options that change bytes (base URL,
serve mode). It is kept under .site-gen-cache/ with the list of files written and the
warnings printed (an unchanged rebuild prints them again), and with the digests of the
input files by their stat (file_digests): the next build reads only the files that changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections import namedtuple
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from site_gen import __version__, file_digests
from site_gen.diagnostics import Diagnostic
from site_gen.file_digests import file_sha256

CACHE_DIR = ".site-gen-cache"
INPUTS = ("site.yaml", "data", "content", "templates", "themes", "static")
CODE_SUFFIXES = (".py", ".po", ".html", ".xml", ".ics", ".css", ".js", ".svg")


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Hash of site-gen's sources and theme: editing the engine invalidates the state."""
    digest = hashlib.sha256(__version__.encode())
    package = os.path.dirname(os.path.realpath(__file__))
    # the packaged themes folder may be a link, which _entries_under does not follow
    for top in (package, os.path.realpath(os.path.join(package, "themes"))):
        code = [(rel, entry) for rel, entry in _entries_under(top) if rel.endswith(CODE_SUFFIXES) and entry.is_file()]
        for rel, entry in sorted(code, key=lambda pair: pair[0]):
            digest.update(rel.encode() + b"\0" + file_sha256(entry.path, entry.stat()))
    return digest.hexdigest()


def _entries_under(top: str) -> Iterator[tuple[str, os.DirEntry]]:
    """What the folder `top` holds but folders, each by its path there ("a/b.py"): the
    folders are walked, not those a link names. Plain strings, not pathlib: an unchanged
    build walks its inputs, its output and site-gen's own files."""
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
                else:
                    yield folder + entry.name, entry


BIG_FILE = 64 << 20  # above this, size and time stand for the content (the build refuses such files)


def input_fingerprint(root: Path, options: str) -> str:
    return input_fingerprint_of(root, [root / name for name in INPUTS], code_fingerprint() + "\0" + options)


def input_fingerprint_of(root: Path, inputs: list[Path], seed: str) -> str:
    """Hash of the files in `inputs` (files or folders inside root). Never follows a link or
    opens anything but a regular file: the build's own checks (links out of the repository,
    devices, size limits) come later and must still run."""
    digest = hashlib.sha256(seed.encode())
    for top in inputs:
        for rel, path, info in _walk(root, top):
            digest.update(rel.encode() + b"\0")
            if stat.S_ISLNK(info.st_mode):
                digest.update(b"link:" + os.fsencode(os.readlink(path)))
            elif not stat.S_ISREG(info.st_mode) or info.st_size > BIG_FILE:
                digest.update(f"{info.st_mode}:{info.st_size}:{info.st_mtime_ns}".encode())
            else:
                digest.update(file_sha256(path, info))
            digest.update(b"\0")
    return digest.hexdigest()


def _walk(root: Path, top: Path) -> list[tuple[str, str, os.stat_result]]:
    """`top`, or what the folder `top` holds but folders, as (path from root, path, lstat),
    in the order of the paths from root."""
    try:
        info = top.lstat()
    except (FileNotFoundError, NotADirectoryError):
        return []
    rel = top.relative_to(root).as_posix()
    if not stat.S_ISDIR(info.st_mode):
        return [(rel, str(top), info)]
    found = [(f"{rel}/{under}", entry.path, entry.stat(follow_symlinks=False))
             for under, entry in _entries_under(str(top))]
    return sorted(found, key=lambda item: item[0])


def trust_previous_builds() -> bool:
    """False under CI: a fresh checkout has no previous build to keep, and what it holds
    under .site-gen-cache/ came with the commit (a pull request could plant it)."""
    return not os.environ.get("CI")


def output_record(root: Path, out: Path, kind: str) -> Path:
    """The file under .site-gen-cache/ where `kind` ("build", "pages") is recorded for
    builds into `out`: one per output folder."""
    name = hashlib.sha256(str(out.resolve()).encode()).hexdigest()[:16]
    return root / CACHE_DIR / f"{kind}-{name}.json"


def spare_folder(root: Path, out: Path) -> Path | None:
    """Where the site a build into `out` replaces is kept for the next build to stage into
    (output.Staging): under .site-gen-cache/, when that is on the output's file system (a
    folder moves only within one) and previous builds can be trusted."""
    cache = root / CACHE_DIR
    try:
        if not trust_previous_builds() or cache.stat().st_dev != out.resolve().parent.stat().st_dev:
            return None
    except OSError:  # no cache yet (a first build has no previous site), or no output folder's parent
        return None
    return output_record(root, out, "spare").with_suffix("")


def write_cache_file(path: Path, data: bytes) -> None:
    """Write a file of .site-gen-cache/ (made git-ignored) whole or not at all: a temporary
    file, then a rename. A read-only checkout still builds, it just keeps no record."""
    temporary = path.with_name(f".{path.name}.tmp{os.getpid()}")
    try:
        path.parent.mkdir(exist_ok=True)
        (path.parent / ".gitignore").write_text("*\n", encoding="utf-8")
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError:
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass


def _state_file(root: Path, out: Path) -> Path:
    return output_record(root, out, "build")


def last_build(root: Path, out: Path) -> dict | None:
    """The record of the last build into `out`, when there is one to trust."""
    if not trust_previous_builds():
        return None
    try:
        state = json.loads(_state_file(root, out).read_bytes())
    except (OSError, ValueError):
        return None
    return state if isinstance(state, dict) else None


def unchanged(root: Path, out: Path, fingerprint: str, state: dict | None = None) -> dict | None:
    """The recorded state (`state`: last_build(), when the caller has read it) when the last
    build into `out` had these inputs and its files are all still there with their sizes;
    None otherwise."""
    state = state or last_build(root, out)
    try:
        if state is None or state["fingerprint"] != fingerprint or _file_sizes(out) != state["files"]:
            return None
    except (OSError, KeyError):
        return None
    return state


def _file_sizes(out: Path) -> dict[str, int] | None:
    """The size of each file under `out` by its path there ("a/index.html"); None when it
    holds anything but folders and regular files (which a build never writes)."""
    sizes: dict[str, int] = {}
    for rel, entry in _entries_under(str(out)):
        if not entry.is_file(follow_symlinks=False):
            return None
        sizes[rel] = entry.stat(follow_symlinks=False).st_size
    return sizes


def record(root: Path, out: Path, fingerprint: str, sizes: dict[str, int], pages: int,
           reported: list[Diagnostic]) -> None:
    """Record a build into `out`: its fingerprint, the size of each file it wrote, its
    messages, and the digests of its input files that the next build may trust."""
    _write_state(root, out, {
        "fingerprint": fingerprint,
        "pages": pages,
        "files": dict(sorted(sizes.items())),
        "diagnostics": [[d.path, d.line, d.severity, d.message] for d in reported],
    })


def _write_state(root: Path, out: Path, state: dict) -> None:
    state["digests"] = file_digests.keepable()
    write_cache_file(_state_file(root, out), json.dumps(state, ensure_ascii=False).encode("utf-8"))


def replay(state: dict) -> list[Diagnostic]:
    return [Diagnostic(path, line, severity, message) for path, line, severity, message in state["diagnostics"]]


# named tuples, not dataclasses, which an unchanged build would import for these alone
class PreviousBuild(namedtuple("PreviousBuild", ["fingerprint", "state"])):
    """`fingerprint`: of this build's inputs; `state`: the last build's record when it had
    the same inputs and its files are there, else None."""

    __slots__ = ()


class BuildReport(namedtuple("BuildReport", ["out", "pages", "files", "written"])):
    """A build into the folder `out`: its pages, its files, those whose bytes changed (`written`)."""

    __slots__ = ()


def previous_build(root: Path, out: Path, base_url: str | None, serving: bool, incremental: bool = True) -> PreviousBuild:
    last = last_build(root, out)
    _remember_digests(last)
    fingerprint = input_fingerprint(root, f"{base_url}\0{serving}")
    state = unchanged(root, out, fingerprint, last) if incremental and last else None
    if state is not None and state.get("digests") != file_digests.keepable():
        _write_state(root, out, state)  # files hashed again (touched, or too new last time): not next time
    return PreviousBuild(fingerprint, state)


def _remember_digests(state: dict | None) -> None:
    """Hand the last build's digests to file_digests; an unreadable list is not used."""
    try:
        file_digests.remember(state.get("digests", ()) if state else ())
    except (ValueError, TypeError):
        pass


def built_message(report: BuildReport, out: Path) -> str:
    """The line `site-gen build` ends with; `out` as the command was given it."""
    return f"built {report.pages} pages ({report.files} files, {report.written} changed) into {out}"


def replayed(state: dict, out: Path, diags) -> BuildReport:
    """The report of a build skipped because nothing changed: its messages given again."""
    diags.items.extend(replay(state))
    return BuildReport(out, state["pages"], len(state["files"]), 0)
