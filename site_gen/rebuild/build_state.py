"""What the last successful build was made from, so an unchanged project is not rebuilt.

The fingerprint covers every input of a build: site-gen's own code, site.yaml, data/,
content/, templates/, themes/, static/, and the options that change bytes (base URL,
serve mode). It is kept under .site-gen-cache/ with the list of files written and the
warnings printed (an unchanged rebuild prints them again), and with the digests of the
input files by their stat (file_digests): the next build reads only the files that changed.
"""

from __future__ import annotations

import os
import stat
import sys
from collections import namedtuple
from functools import lru_cache

from site_gen import __version__

from site_gen.rebuild import file_digests
from site_gen.diagnostics import Diagnostic
from site_gen.sources.folders import entries_under
from site_gen.rebuild.file_digests import file_sha256, sha256

# Plain strings and os.path, not pathlib (which imports re, fnmatch, urllib.parse...: a
# quarter of an unchanged build's time): this module is all an unchanged build runs. The
# functions take str or Path; those that give other modules a path give a Path.
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

CACHE_DIR = ".site-gen-cache"
INPUTS = ("site.yaml", "data", "content", "templates", "themes", "static")
CODE_SUFFIXES = (".py", ".po", ".html", ".xml", ".ics", ".css", ".js", ".svg")


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Hash of what turns the same data into pages: site-gen's sources and theme, the Python
    that runs them and the installed version of every package it imports (a Markdown or
    Babel that renders differently must not leave the old pages standing)."""
    digest = sha256(__version__.encode())
    digest.update(runtime_versions().encode())
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # site_gen/
    # the packaged themes folder may be a link, which entries_under does not follow
    for top in (package, os.path.realpath(os.path.join(package, "themes"))):
        code = [(rel, entry) for rel, entry in entries_under(top) if rel.endswith(CODE_SUFFIXES) and entry.is_file()]
        for rel, entry in sorted(code, key=lambda pair: pair[0]):
            digest.update(rel.encode() + b"\0" + file_sha256(entry.path, entry.stat()))
    return digest.hexdigest()


def runtime_versions() -> str:
    """The Python version and the name-version of every distribution installed where this
    Python imports from (its *.dist-info / *.egg-info folders on sys.path). Every one, not
    only site-gen's requirements: reading which those are takes importlib.metadata, ~20 ms
    of a build that finds nothing changed; an unrelated install costing one full build is
    the cheaper mistake."""
    names: set[str] = set()
    for folder in sys.path[1:]:  # [0] is the script's or the current folder, no installed package
        try:
            entries = os.scandir(folder)
        except OSError:  # a zip file, a folder gone: it installs nothing
            continue
        with entries:
            names.update(entry.name for entry in entries if entry.name.endswith((".dist-info", ".egg-info")))
    return "\n".join([sys.version, *sorted(names)])  # the folders' order aside: what is installed


BIG_FILE = 64 << 20  # above this, size and time stand for the content (the build refuses such files)


def input_fingerprint(root: str | os.PathLike, options: str) -> str:
    root = os.fspath(root)
    return _fingerprint([(name, os.path.join(root, name)) for name in INPUTS], code_fingerprint() + "\0" + options)


def input_fingerprint_of(root: Path, inputs: list[Path], seed: str) -> str:
    """Hash of the files in `inputs` (files or folders inside root). Never follows a link or
    opens anything but a regular file: the build's own checks (links out of the repository,
    devices, size limits) come later and must still run."""
    return _fingerprint([(top.relative_to(root).as_posix(), os.fspath(top)) for top in inputs], seed)


def _fingerprint(inputs: list[tuple[str, str]], seed: str) -> str:
    """input_fingerprint_of() of the inputs given as (path from the root, path)."""
    digest = sha256(seed.encode())
    for top_rel, top in inputs:
        for rel, path, info in _walk(top_rel, top):
            digest.update(rel.encode() + b"\0")
            if stat.S_ISLNK(info.st_mode):
                digest.update(b"link:" + os.fsencode(os.readlink(path)))
            elif not stat.S_ISREG(info.st_mode) or info.st_size > BIG_FILE:
                digest.update(f"{info.st_mode}:{info.st_size}:{info.st_mtime_ns}".encode())
            else:
                digest.update(file_sha256(path, info))
            digest.update(b"\0")
    return digest.hexdigest()


def _walk(rel: str, top: str) -> list[tuple[str, str, os.stat_result]]:
    """`top`, or what the folder `top` holds but folders, as (path from root, path, lstat),
    in the order of the paths from root; `rel`: the path of `top` from root."""
    try:
        info = os.lstat(top)
    except (FileNotFoundError, NotADirectoryError):
        return []
    if not stat.S_ISDIR(info.st_mode):
        return [(rel, top, info)]
    found = [(f"{rel}/{under}", entry.path, entry.stat(follow_symlinks=False))
             for under, entry in entries_under(top)]
    return sorted(found, key=lambda item: item[0])


def trust_previous_builds() -> bool:
    """False under CI: a fresh checkout has no previous build to keep, and what it holds
    under .site-gen-cache/ came with the commit (a pull request could plant it)."""
    return not os.environ.get("CI")


def output_record(root: Path, out: Path, kind: str) -> Path:
    """The file under .site-gen-cache/ where `kind` ("build", "pages") is recorded for
    builds into `out`: one per output folder."""
    from pathlib import Path

    return Path(_record_file(root, out, kind))


def _record_file(root: str | os.PathLike, out: str | os.PathLike, kind: str) -> str:
    """output_record() as a string: Path.resolve() is os.path.realpath() (and a check for
    link loops, which leave no state to find)."""
    name = sha256(os.path.realpath(out).encode()).hexdigest()[:16]
    return os.path.join(root, CACHE_DIR, f"{kind}-{name}.json")


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


def write_cache_file(path: str | os.PathLike, data: bytes) -> None:
    """Write a file of .site-gen-cache/ (made git-ignored) whole or not at all: a temporary
    file, then a rename. A read-only checkout still builds, it just keeps no record."""
    folder, name = os.path.split(os.fspath(path))
    temporary = os.path.join(folder, f".{name}.tmp{os.getpid()}")
    try:
        try:
            os.mkdir(folder)
        except FileExistsError:
            pass
        with open(os.path.join(folder, ".gitignore"), "w", encoding="utf-8") as ignore:
            ignore.write("*\n")
        with open(temporary, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass


def _state_file(root: str | os.PathLike, out: str | os.PathLike) -> str:
    return _record_file(root, out, "build")


def last_build(root: str | Path, out: str | Path) -> dict | None:
    """The record of the last build into `out`, when there is one to trust."""
    if not trust_previous_builds():
        return None
    try:
        with open(_state_file(root, out), "rb") as handle:
            state = _json_value(handle.read())
    except (OSError, ValueError):
        return None
    return state if isinstance(state, dict) else None


def unchanged(root: str | Path, out: str | Path, fingerprint: str, state: dict | None = None) -> dict | None:
    """The recorded state (`state`: last_build(), when the caller has read it) when the last
    build into `out` had these inputs and its files are all still there with their sizes,
    and nothing else; None otherwise. The state's "folders" is brought up to date."""
    state = state or last_build(root, out)
    try:
        if state is None or state["fingerprint"] != fingerprint or not _output_holds(os.fspath(out), state):
            return None
    except (OSError, KeyError, TypeError, AttributeError):  # TypeError, AttributeError: a malformed record
        return None
    return state


def _output_holds(out: str, state: dict) -> bool:
    """Whether `out` holds the recorded files with their sizes, and nothing else.

    Walking the output (opening each of its folders: a folder per page) was most of an
    unchanged build's time. A folder's times change whenever an entry is added to it,
    removed or renamed, and can't be set back (ctime): while every folder of the output
    has the times it had when a walk found only the recorded files, settled (older than
    that build's beginning by more than file_digests.RACY_NS, so that no change made after
    shares them), it still holds only those, and each file is looked at alone, as
    `state["folders"]` records. Otherwise the output is walked, and a walk that finds the
    recorded files and nothing else records its folders' times if they have settled."""
    files = state["files"]
    folders = _folders_of(files)
    recorded = state.get("folders")
    if recorded is not None and recorded == _folders_key(out, folders, settled=False):  # settled, if recorded
        under, lstat, regular = os.path.join(out, ""), os.lstat, stat.S_ISREG
        for rel, size in files.items():
            info = lstat(under + rel)
            if not regular(info.st_mode) or info.st_size != size:
                return False
        return True
    walked: list[str] = []
    if _file_sizes(out, walked) != files:
        return False
    # after the walk: a change since gives unsettled times
    state["folders"] = _folders_key(out, folders) if len(walked) + 1 == len(folders) else None
    return True


def _output_key(out: str, files: dict[str, int]) -> str | None:
    """The "folders" of a build's record (see _output_holds): seldom any, as a build writes
    into most folders; when every one has settled, a walk checks they hold just `files`."""
    folders = _folders_of(files)
    try:
        key = _folders_key(out, folders)  # before the walk: a change since gives other times
        return key if key is not None and _only(out, files, folders) else None
    except OSError:
        return None


def _only(out: str, files: dict[str, int], folders: dict[str, None]) -> bool:
    """Whether a walk of `out` finds `files` (with these sizes), in `folders` and no other
    folder: an empty one (a build leaves none) would not be watched."""
    walked: list[str] = []
    return _file_sizes(out, walked) == files and len(walked) + 1 == len(folders)


def _folders_of(files: dict[str, int]) -> dict[str, None]:
    """The folders holding `files` (by path under the output folder) and theirs, in a fixed
    order: "" (the output folder), "a", "a/b"..."""
    folders = {"": None}
    for rel in files:
        folder = rel.rpartition("/")[0]
        while folder not in folders:
            folders[folder] = None
            folder = folder.rpartition("/")[0]
    return folders


def _folders_key(out: str, folders: dict[str, None], settled: bool = True) -> str | None:
    """A digest of the folders' identities and times; None when one is not a folder or
    (`settled`) its times have not settled (file_digests.settled)."""
    under, lstat, folder_mode = os.path.join(out, ""), os.lstat, stat.S_ISDIR
    seen = []
    for folder in folders:
        info = lstat(under + folder)
        if not folder_mode(info.st_mode) or (settled and not file_digests.settled(info)):
            return None
        seen.append((info.st_dev, info.st_ino, info.st_mtime_ns, info.st_ctime_ns))
    return sha256(repr([*folders, *seen]).encode()).hexdigest()


def _file_sizes(out: str | os.PathLike, walked: list[str] | None = None) -> dict[str, int] | None:
    """The size of each file under `out` by its path there ("a/index.html"); None when it
    holds anything but folders and regular files (which a build never writes). The
    folders under `out` are added to `walked`."""
    sizes: dict[str, int] = {}
    for rel, entry in entries_under(os.fspath(out), walked):
        if not entry.is_file(follow_symlinks=False):
            return None
        sizes[rel] = entry.stat(follow_symlinks=False).st_size
    return sizes


def record(root: Path, out: Path, fingerprint: str, sizes: dict[str, int], pages: int,
           reported: list[Diagnostic]) -> None:
    """Record a build into `out`: its fingerprint, the size of each file it wrote, its
    messages, and the digests of its input files that the next build may trust."""
    files = dict(sorted(sizes.items()))
    _write_state(root, out, {
        "fingerprint": fingerprint,
        "pages": pages,
        "files": files,
        "diagnostics": [[d.path, d.line, d.severity, d.message] for d in reported],
        "folders": _output_key(os.fspath(out), files),
    })


def _write_state(root: str | Path, out: str | Path, state: dict) -> None:
    import json

    state["digests"] = file_digests.keepable()
    write_cache_file(_state_file(root, out), json.dumps(state, ensure_ascii=False).encode("utf-8"))


class _JSONOptions:
    """What json.loads() hands its C scanner by default (NaN and ±Infinity: float reads them too)."""

    strict = True
    object_hook = object_pairs_hook = None
    parse_float, parse_int, parse_constant = float, int, float


def _json_value(data: bytes):
    """json.loads(data) for a record written by _write_state (UTF-8), without importing json:
    its decoder compiles regular expressions as it is imported (re and enum: ~5 ms of a build
    that finds nothing changed). The C scanner json.loads() runs, else json itself. Not
    JSON: ValueError."""
    text = data.decode("utf-8", "surrogatepass")
    try:
        from _json import make_scanner
    except ImportError:  # a Python without json's C accelerator
        import json

        return json.loads(text)
    try:
        value, end = make_scanner(_JSONOptions())(text, 0)
    except StopIteration:  # no value at the start
        raise ValueError("not a JSON value") from None
    if end != len(text):
        raise ValueError("more than one JSON value")
    return value


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


def previous_build(root: str | Path, out: str | Path, base_url: str | None, serving: bool,
                   incremental: bool = True) -> PreviousBuild:
    last = last_build(root, out)
    _remember_digests(last)
    folders = last.get("folders") if last else None
    fingerprint = input_fingerprint(root, f"{base_url}\0{serving}")
    state = unchanged(root, out, fingerprint, last) if incremental and last else None
    if state is not None and (state.get("digests") != file_digests.keepable() or state.get("folders") != folders):
        _write_state(root, out, state)  # files hashed again, or the output walked (touched, or too new last time): not next time
    return PreviousBuild(fingerprint, state)


def _remember_digests(state: dict | None) -> None:
    """Hand the last build's digests to file_digests; an unreadable list is not used."""
    try:
        file_digests.remember(state.get("digests", ()) if state else ())
    except (ValueError, TypeError):
        pass


def built_message(report: BuildReport, out: str | Path) -> str:
    """The line `site-gen build` ends with; `out` as the command was given it."""
    return f"built {report.pages} pages ({report.files} files, {report.written} changed) into {out}"


def replayed(state: dict, out: str | Path, diags) -> BuildReport:
    """The report of a build skipped because nothing changed: its messages given again."""
    diags.items.extend(replay(state))
    return BuildReport(out, state["pages"], len(state["files"]), 0)
