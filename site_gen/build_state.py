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
from functools import lru_cache
from pathlib import Path

from site_gen import __version__
from site_gen.diagnostics import Diagnostic

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


def input_fingerprint(root: Path, options: str) -> str:
    digest = hashlib.sha256((code_fingerprint() + "\0" + options).encode())
    for name in INPUTS:
        top = root / name
        paths = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file()) if top.is_dir() else []
        for path in paths:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            with path.open("rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)
            digest.update(b"\0")
    return digest.hexdigest()


def _state_file(root: Path, out: Path) -> Path:
    name = hashlib.sha256(str(out.resolve()).encode()).hexdigest()[:16]
    return root / CACHE_DIR / f"build-{name}.json"


def unchanged(root: Path, out: Path, fingerprint: str) -> dict | None:
    """The recorded state when the last build into `out` had these inputs and its files
    are all still there with their sizes; None otherwise."""
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


def record(root: Path, out: Path, fingerprint: str, files: dict[str, bytes], pages: int,
           reported: list[Diagnostic]) -> None:
    state = {
        "fingerprint": fingerprint,
        "pages": pages,
        "files": {rel: len(data) for rel, data in sorted(files.items())},
        "diagnostics": [[d.path, d.line, d.severity, d.message] for d in reported],
    }
    try:
        folder = root / CACHE_DIR
        folder.mkdir(exist_ok=True)
        (folder / ".gitignore").write_text("*\n", encoding="utf-8")
        target = _state_file(root, out)
        temporary = target.with_suffix(f".tmp{os.getpid()}")
        temporary.write_text(json.dumps(state, ensure_ascii=False), encoding="utf-8")
        os.replace(temporary, target)
    except OSError:
        pass  # a read-only checkout still builds, just never skips


def replay(state: dict) -> list[Diagnostic]:
    return [Diagnostic(path, line, severity, message) for path, line, severity, message in state["diagnostics"]]
