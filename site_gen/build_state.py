"""What the last successful build was made from, so an unchanged project is not rebuilt.

The fingerprint covers every input of a build: site-gen's own code, site.yaml, data/,
content/, templates/, themes/, static/, and the options that change bytes (base URL,
serve mode). It is kept under .site-gen-cache/ with the list of files written and the
warnings printed, which an unchanged rebuild prints again.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from site_gen import __version__
from site_gen.diagnostics import Diagnostic
from site_gen.file_digests import file_sha256

CACHE_DIR = ".site-gen-cache"
INPUTS = ("site.yaml", "data", "content", "templates", "themes", "static")


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Hash of site-gen's sources and theme: editing the engine invalidates the state."""
    digest = hashlib.sha256(__version__.encode())
    package = Path(__file__).resolve().parent
    # the packaged themes folder may be a link, which rglob does not follow
    for top in (package, (package / "themes").resolve()):
        for path in sorted(top.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".po", ".html", ".xml", ".ics", ".css", ".js", ".svg"):
                digest.update(path.relative_to(top).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


BIG_FILE = 64 << 20  # above this, size and time stand for the content (the build refuses such files)


def input_fingerprint(root: Path, options: str) -> str:
    return input_fingerprint_of(root, [root / name for name in INPUTS], code_fingerprint() + "\0" + options)


def input_fingerprint_of(root: Path, inputs: list[Path], seed: str) -> str:
    """Hash of the files in `inputs` (files or folders inside root). Never follows a link or
    opens anything but a regular file: the build's own checks (links out of the repository,
    devices, size limits) come later and must still run."""
    digest = hashlib.sha256(seed.encode())
    for top in inputs:
        for path in _walk(top):
            info = path.lstat()
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            if stat.S_ISLNK(info.st_mode):
                digest.update(b"link:" + os.fsencode(os.readlink(path)))
            elif not stat.S_ISREG(info.st_mode) or info.st_size > BIG_FILE:
                digest.update(f"{info.st_mode}:{info.st_size}:{info.st_mtime_ns}".encode())
            else:
                digest.update(file_sha256(path, info))
            digest.update(b"\0")
    return digest.hexdigest()


def _walk(top: Path) -> list[Path]:
    if top.is_symlink() or not top.is_dir():
        return [top] if top.is_symlink() or top.exists() else []
    found = []
    for folder, dirs, files in os.walk(top):  # does not descend into linked folders
        dirs.sort()
        found += [Path(folder) / f for f in files] + [Path(folder) / d for d in dirs if (Path(folder) / d).is_symlink()]
    return sorted(found)


def trust_previous_builds() -> bool:
    """False under CI: a fresh checkout has no previous build to keep, and what it holds
    under .site-gen-cache/ came with the commit (a pull request could plant it)."""
    return not os.environ.get("CI")


def output_record(root: Path, out: Path, kind: str) -> Path:
    """The file under .site-gen-cache/ where `kind` ("build", "pages") is recorded for
    builds into `out`: one per output folder."""
    name = hashlib.sha256(str(out.resolve()).encode()).hexdigest()[:16]
    return root / CACHE_DIR / f"{kind}-{name}.json"


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


def unchanged(root: Path, out: Path, fingerprint: str) -> dict | None:
    """The recorded state when the last build into `out` had these inputs and its files
    are all still there with their sizes; None otherwise."""
    if not trust_previous_builds() or not out.is_dir():
        return None
    try:
        state = json.loads(_state_file(root, out).read_text(encoding="utf-8"))
        if state["fingerprint"] != fingerprint:
            return None
        for rel, size in state["files"].items():
            if (out / rel).stat().st_size != size:
                return None
        actual = sum(len(files) for _, _, files in os.walk(out))
        return state if actual == len(state["files"]) else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def record(root: Path, out: Path, fingerprint: str, sizes: dict[str, int], pages: int,
           reported: list[Diagnostic]) -> None:
    """Record a build into `out`: its fingerprint, the size of each file it wrote, its messages."""
    state = {
        "fingerprint": fingerprint,
        "pages": pages,
        "files": dict(sorted(sizes.items())),
        "diagnostics": [[d.path, d.line, d.severity, d.message] for d in reported],
    }
    write_cache_file(_state_file(root, out), json.dumps(state, ensure_ascii=False).encode("utf-8"))


def replay(state: dict) -> list[Diagnostic]:
    return [Diagnostic(path, line, severity, message) for path, line, severity, message in state["diagnostics"]]


@dataclass(frozen=True)
class PreviousBuild:
    fingerprint: str  # of this build's inputs
    state: dict | None  # the last build's record when it had the same inputs and its files are there


@dataclass(frozen=True)
class BuildReport:
    out: Path
    pages: int
    files: int
    written: int  # files whose bytes changed


def previous_build(root: Path, out: Path, base_url: str | None, serving: bool, incremental: bool = True) -> PreviousBuild:
    fingerprint = input_fingerprint(root, f"{base_url}\0{serving}")
    return PreviousBuild(fingerprint, unchanged(root, out, fingerprint) if incremental else None)


def built_message(report: BuildReport, out: Path) -> str:
    """The line `site-gen build` ends with; `out` as the command was given it."""
    return f"built {report.pages} pages ({report.files} files, {report.written} changed) into {out}"


def replayed(state: dict, out: Path, diags) -> BuildReport:
    """The report of a build skipped because nothing changed: its messages given again."""
    diags.items.extend(replay(state))
    return BuildReport(out, state["pages"], len(state["files"]), 0)
