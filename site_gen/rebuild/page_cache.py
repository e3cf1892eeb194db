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
from pathlib import Path
from typing import Any, Callable

from site_gen.rebuild.build_state import code_fingerprint, input_fingerprint_of, output_record, write_cache_file
from site_gen.rebuild.kept_digests import value_digest
from site_gen.model import Page, Table
from site_gen.pipeline.output import output_path
from site_gen.render import table_memo
from site_gen.rebuild.strict_equality import same


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
        self.memo: PageMemo | None = None  # serve: the digests of the last build's pages
        self.compared: dict[tuple[int, int], bool] = {}  # this build's values against the memo's

    def _read(self) -> dict[str, list]:
        try:
            recorded = json.loads(self.file.read_text(encoding="utf-8"))
            return recorded if isinstance(recorded, dict) else {}
        except (OSError, ValueError):
            return {}

    def share(self, pages: list[Page]) -> None:
        """Digest once the context values that several pages hold (before workers fork). In
        serve, each Table a page holds is digested apart too: one that is the very table of
        the last build (a part of a competition kept whole, as best-span's event tables) has
        that build's digest (PageMemo.tables), without being pickled again."""
        seen: set[int] = set()
        known = self.memo.tables if self.memo is not None else None
        tables: dict[int, tuple[Table, bytes | None]] = {}
        for page in pages:
            for value in page.context.values():
                if known is not None and type(value) is Table:
                    if id(value) not in tables:
                        last = known.get(id(value))
                        tables[id(value)] = (value, last[1] if last is not None and last[0] is value else value_digest(value))
                        self.shared[id(value)] = tables[id(value)][1]
                elif id(value) in seen and id(value) not in self.shared:
                    self.shared[id(value)] = value_digest(value)
                seen.add(id(value))
        if self.memo is not None:
            self.memo.tables = tables
            table_memo.MEMO.known_tables = tables  # its keys of these tables' bodies start from these digests

    def remembered(self, page: Page, lang: str) -> str | None:
        """The digest the last build of this process worked out for the same inputs, if any;
        `page` need not be resolved."""
        return self.memo.digest(page, lang, self.base.digest(), self.compared) if self.memo else None

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


class PageMemo:
    """What `serve`'s last build knew of its pages whose context a narrow Later works out
    (model.Later): one whose inputs are the same now (strict_equality) has the same digest,
    found without working its context out or pickling it. That spares the pages a change
    did not touch: most of them, as a marathon's player pages."""

    def __init__(self) -> None:
        self.pages: dict[str, tuple[bytes, str, Page, str]] = {}  # url -> (base, lang, page, digest)
        # tables are never changed once published: the very table has the same digest, and
        # the export made of the very tables has the same bytes (page_renderer)
        self.tables: dict[int, tuple[Table, bytes | None]] = {}  # id -> (the table, its digest)
        self.exports: dict[str, tuple[Callable, tuple, bytes]] = {}  # path -> (function, its tables, bytes)

    def digest(self, page: Page, lang: str, base: bytes, compared: dict[tuple[int, int], bool]) -> str | None:
        """The remembered digest when the page's inputs are the same. `compared`: the pairs
        of values already compared in this build (many pages hold the same settings)."""
        known = self.pages.get(page.url)
        if known is None or page.later is None or not page.later.narrow:
            return None
        known_base, known_lang, old, digest = known
        if (known_base != base or known_lang != lang or old.later.function is not page.later.function
                or not same((old.template, old.title), (page.template, page.title))
                or list(old.context) != list(page.context)):
            return None
        pairs = zip((*old.context.values(), *old.later.args), (*page.context.values(), *page.later.args))
        return digest if len(old.later.args) == len(page.later.args) and all(
            _same(a, b, compared) for a, b in pairs) else None

    def remember(self, pages: list[Page], digests: dict[str, tuple[str, int]], base: bytes, language) -> None:
        """Keep this build's narrow pages and their digests for the next build."""
        self.pages = {}
        for page in pages:
            rel = output_path(page.url)
            if page.later is not None and page.later.narrow and rel in digests:
                self.pages[page.url] = (base, language(page), page, digests[rel][0])


def _same(a, b, compared: dict[tuple[int, int], bool]) -> bool:
    key = (id(a), id(b))  # unique while the build runs: the memo and the build's pages hold both
    if key not in compared:
        compared[key] = same(a, b)
    return compared[key]
