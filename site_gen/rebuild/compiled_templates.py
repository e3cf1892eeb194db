"""Compiled templates kept between builds, as Python keeps compiled modules in __pycache__.

Compiling the theme's templates is a fixed cost of every build (~0.2 s of a small site's).
Jinja hands each template's code to a BytecodeCache under a key made of its name and
file, with the checksum of its source: an edited template is compiled again. This cache
holds the code in memory for the process (serve's rebuilds) and in a per-user folder
outside any repository (`$XDG_CACHE_HOME/site-gen/templates`, else
`~/.cache/site-gen/templates`), in a subfolder named after site-gen's code, Jinja's
version and Python's, so code compiled by another environment is never loaded.

A repository cannot plant code here: the folder is the user's, made private, and an entry
is found only by the template's file and the checksum of its source, whose compilation
it is. The cache never fails a build: an unwritable or missing folder, an unreadable or
corrupt entry (each carries the SHA-256 of its code) or a racing writer (entries are
written apart and renamed into place) only means compiling as usual.

SITE_GEN_TEMPLATE_CACHE names another folder, or `off` turns the folder off. Under CI,
unless that variable names a folder, it is off, as every record of earlier builds is.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path

import jinja2
from jinja2.bccache import BytecodeCache, Bucket

ENV_VAR = "SITE_GEN_TEMPLATE_CACHE"
KEEP_FOLDERS = 4  # subfolders (site-gen versions) kept: a developer's edits make a new one each
_DIGEST = 32  # bytes of SHA-256 before an entry's code


def default_folder() -> Path | None:
    """The folder holding the subfolders of every site-gen version, None when off."""
    chosen = os.environ.get(ENV_VAR)
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off") else Path(chosen)
    if os.environ.get("CI"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or ""
    if not os.path.isabs(base):  # the XDG rule: a relative value is ignored
        try:
            base = os.path.join(os.path.expanduser("~"), ".cache")
        except (KeyError, RuntimeError):
            return None
        if not os.path.isabs(base):
            return None
    return Path(base) / "site-gen" / "templates"


def environment_key(code: str) -> str:
    """The subfolder for site-gen's code fingerprint `code` under this Jinja and Python."""
    seed = "\0".join((code, jinja2.__version__, sys.version, MAGIC_NUMBER.hex()))
    return hashlib.sha256(seed.encode()).hexdigest()[:20]


class TemplateCodeCache(BytecodeCache):
    """Compiled templates in memory for the process and, when `folder` is given, on disk
    (folder/<environment_key>/<template key>)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.compiled: dict[str, bytes] = {}
        self.folder = folder  # the environment's subfolder; None: memory only
        self._usable: bool | None = None  # the folder checked (made, private, ours) once

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.compiled.get(bucket.key)
        if code is None:
            code = self._read(bucket.key)
            if code is None:
                return
            self.compiled[bucket.key] = code
        try:
            bucket.bytecode_from_string(code)
        except Exception:  # noqa: BLE001 - anything unreadable: compiled as usual
            bucket.reset()
            self.compiled.pop(bucket.key, None)

    def dump_bytecode(self, bucket: Bucket) -> None:
        code = bucket.bytecode_to_string()
        self.compiled[bucket.key] = code
        self._write(bucket.key, code)

    def _read(self, key: str) -> bytes | None:
        if self.folder is None:
            return None
        try:
            with open(self.folder / key, "rb") as f:
                data = f.read()
        except OSError:
            return None
        code = data[_DIGEST:]
        return code if len(data) > _DIGEST and hashlib.sha256(code).digest() == data[:_DIGEST] else None

    def _write(self, key: str, code: bytes) -> None:
        if self.folder is None or not self._ready():
            return
        target = self.folder / key
        part = self.folder / f".{key}.{os.getpid()}.{os.urandom(4).hex()}"
        try:
            with open(part, "xb") as f:
                f.write(hashlib.sha256(code).digest() + code)
            os.replace(part, target)  # readers see a whole entry or none
        except OSError:
            try:
                os.unlink(part)
            except OSError:
                pass

    def _ready(self) -> bool:
        """Make the folder (private), and use it only when it is a folder of this user's
        that no one else may write into; a new one retires the oldest of its siblings."""
        if self._usable is None:
            self._usable = False
            try:
                made = not self.folder.is_dir()
                self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
                info = os.lstat(self.folder)
                self._usable = (stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
                                and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH))
                if made and self._usable:
                    retire_old_folders(self.folder.parent, self.folder.name)
            except OSError:
                pass
        return self._usable


def retire_old_folders(parent: Path, current: str) -> None:
    """Remove all but the KEEP_FOLDERS most recently changed subfolders (`current` stays)."""
    try:
        others = [entry for entry in os.scandir(parent)
                  if entry.name != current and entry.is_dir(follow_symlinks=False)]
        others.sort(key=lambda entry: entry.stat(follow_symlinks=False).st_mtime_ns, reverse=True)
        for entry in others[KEEP_FOLDERS - 1:]:
            for inner in os.scandir(entry.path):
                os.unlink(inner.path)
            os.rmdir(entry.path)
    except OSError:
        pass  # another process retiring the same folder, or not ours to remove


_process_caches: dict[Path | None, TemplateCodeCache] = {}


def shared_cache() -> TemplateCodeCache:
    """This process's cache for the folder in use: one for every environment, so serve
    compiles a template once."""
    base = default_folder()
    cache = _process_caches.get(base)
    if cache is None:
        from site_gen.rebuild.build_state import code_fingerprint

        cache = _process_caches[base] = TemplateCodeCache(base / environment_key(code_fingerprint()) if base else None)
    return cache
