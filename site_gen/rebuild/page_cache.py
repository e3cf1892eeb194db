"""Rendered pages kept between builds: a page whose inputs did not change since the last
build into the same folder is not rendered again; that build's file is kept (linked).

A page's inputs are its template set (site-gen's code and theme, the project's templates/
and themes/, base URL, serve mode), the values every page gets (site.yaml's settings, the
navigation) and its own url, template, title and context. The digest of a value is the
SHA-256 of its pickle: everything it holds, nothing it doesn't. A value that many pages
share (a competition's settings, all its stage results) is pickled once per build.

Pickles of equal data can differ: a set's pickle follows the process's string hashing
(tables hold model.StableSet, whose pickle is sorted). A differing pickle only renders a
page again, never keeps a wrong one; a value that can't be pickled renders it every time.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
from pathlib import Path
from typing import Any

from site_gen.model import Page
from site_gen.rebuild.build_state import code_fingerprint, input_fingerprint_of, output_record, write_cache_file


def value_digest(value: Any) -> bytes | None:
    """SHA-256 of the value's pickle; None when it can't be pickled."""
    try:
        return hashlib.sha256(pickle.dumps(value, protocol=5)).digest()
    except Exception:  # noqa: BLE001 - lambdas, open files...: no digest, always rendered
        return None


def template_fingerprint(root: Path, options: str) -> str:
    """Everything of the template set: site-gen's own code and theme, the project's
    templates/ and themes/, and the options that change bytes."""
    return input_fingerprint_of(root, [root / "templates", root / "themes"], code_fingerprint() + "\0" + options)


class PageCache:
    """The digests of the last build's pages into `out`, and this build's."""

    def __init__(self, root: Path, out: Path, fingerprint: str, common: dict[str, Any]):
        self.file = output_record(root, out, "pages")
        self.previous: dict[str, list] = self._read()
        self.base = hashlib.sha256(fingerprint.encode())
        for key in sorted(common):
            self.base.update(key.encode() + (value_digest(common[key]) or os.urandom(32)))
        self.shared: dict[int, bytes | None] = {}

    def _read(self) -> dict[str, list]:
        try:
            recorded = json.loads(self.file.read_text(encoding="utf-8"))
            return recorded if isinstance(recorded, dict) else {}
        except (OSError, ValueError):
            return {}

    def share(self, pages: list[Page]) -> None:
        """Digest once the context values that several pages hold (before workers fork)."""
        seen: set[int] = set()
        for page in pages:
            for value in page.context.values():
                if id(value) in seen and id(value) not in self.shared:
                    self.shared[id(value)] = value_digest(value)
                seen.add(id(value))

    def digest(self, page: Page, lang: str) -> str | None:
        """The page's own inputs and the values only it holds in one pickle (one pickling
        is cheaper than one per value, and a thing two values hold is pickled once), then
        the digests of its shared values; which values are shared is part of the pickle."""
        values = list(page.context.values())
        shared = [id(value) in self.shared for value in values]
        own = value_digest((page.url, page.template, page.title, lang, list(page.context), shared,
                            [value for value, is_shared in zip(values, shared) if not is_shared]))
        parts = [self.shared[id(value)] for value, is_shared in zip(values, shared) if is_shared]
        if own is None or None in parts:
            return None
        digest = self.base.copy()
        digest.update(own)
        for part in parts:
            digest.update(part)
        return digest.hexdigest()

    def recorded_size(self, rel: str, digest: str | None) -> int | None:
        """The size of the last build's file `rel` when that page had the same digest (the
        file itself is then kept as it is: output.Staging.keep checks it is still there)."""
        recorded = self.previous.get(rel)
        if digest is None or not recorded or recorded[0] != digest:
            return None
        return recorded[1] if isinstance(recorded[1], int) else None

    def record(self, digests: dict[str, tuple[str, int]]) -> None:
        write_cache_file(self.file, json.dumps(digests, sort_keys=True).encode("utf-8"))  # failing: all rendered next time
