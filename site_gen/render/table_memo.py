"""`serve`: table bodies (table_view.table_body) and `{% cache %}` blocks (fragment_cache)
kept between the builds of one process.

After one changed result, a marathon's player pages are rendered again for their rank
lines, while their games tables are the same as in the last build: their rows are found
here instead of being formatted again (~7x cheaper). A body is found by the SHA-256 of the
pickle of everything that makes its bytes: the table (its source in place of its rows,
when it has one: model.Table; its columns by their digest, kept for the same tuple; a table
a page holds by the digest serve's page cache made of it), the cut and its label, the page's
language, the catalog of that language (read afresh by each build: an edited .po file
changes it), the page's URL (links are relative to it: render.links) and the `url`
function (its code and the base path it holds). Pickles of equal
values may differ (a miss, rendered again); different values never share one.

A block is found by the digest of the values its tag lists, with the language, its
catalog and the page's URL (fragment_key).

The memory is bounded: the bodies least recently used go first beyond LIMIT bytes.
A forked render worker keeps what it makes in `made` too, for the building process to
take over (`made_here`, `take`): the worker's own copy ends with it.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import sys
from collections import OrderedDict
from types import FunctionType
from typing import Any, Callable

from markupsafe import Markup

from site_gen.rebuild import worker_memos
from site_gen.rebuild.kept_digests import value_digest
from site_gen.render import i18n
from site_gen.render.links import current_page

LIMIT = 512 << 20  # bytes of str: a 2,000-player marathon's table bodies take ~240 MB, its {% cache %} blocks ~18 MB
_COLUMNS_KEPT = 256  # tuples of columns whose digests are kept: a build makes a few per table kind


class TableMemo(worker_memos.HandedBack):
    def __init__(self, limit: int = LIMIT) -> None:
        super().__init__()  # made: (key, body)
        self.limit = limit
        self.bodies: OrderedDict[bytes, Markup] = OrderedDict()  # least recently used first
        self.size = 0
        self._url: tuple[Callable, bytes | None] | None = None  # the last url function and its key part
        self._catalogs: dict[str, tuple[Any, bytes]] = {}  # lang -> (translations, digest of its messages)
        # id -> (a tuple of columns, its digest), the most recently used last
        self._columns: OrderedDict[int, tuple[Any, bytes | None]] = OrderedDict()
        # serve: id -> (table, value_digest of it) of the tables pages hold, this build's
        self.known_tables: dict[int, tuple[Any, bytes | None]] = {}

    def key(self, table: Any, url: Callable[[str], str], cut_after: Any, cut_label: Any) -> bytes | None:
        """The digest of a body's inputs; None when one of them can't be pickled."""
        url_part = self._url_key(url)
        if url_part is None:
            return None
        known = self.known_tables.get(id(table))
        if known is not None and known[0] is table and known[1] is not None:
            # the digest of the whole table that serve's page cache made (PageCache.share): a
            # big table (2,000 rows) is not pickled twice
            return self._digest(known[1], cut_after, cut_label, url_part)
        columns = self._columns_key(table.columns)
        if columns is None:
            return None
        content = {**vars(table),
                   # the columns, most often the same tuple for many tables (a player's games
                   # tables), by their digest; the sets as StableSet pickles them, without its
                   # Python-level reduce: 40 us a key down to 18 (a player page has five)
                   "columns": columns,
                   "struck": tuple(sorted(table.struck, key=repr)),
                   "highlighted": tuple(sorted(table.highlighted, key=repr))}
        if table.source is not None:  # (model.Table) digested without the rows, which the source decides
            content["rows"] = None
        return self._digest(content, cut_after, cut_label, url_part)

    def _columns_key(self, columns: Any) -> bytes | None:
        """The digest of a tuple of columns, kept while it is the very same tuple (held)."""
        known = self._columns.get(id(columns))
        if known is not None and known[0] is columns:
            self._columns.move_to_end(id(columns))
        else:
            known = self._columns[id(columns)] = (columns, value_digest(columns))  # None: rendered every time
            if len(self._columns) > _COLUMNS_KEPT:
                self._columns.popitem(last=False)
        return known[1]

    def fragment_key(self, values: Any) -> bytes | None:
        """The digest of a `{% cache %}` block's values, in the page's language; None when
        one of them can't be pickled."""
        return self._digest(values)

    def _digest(self, *parts: Any) -> bytes | None:
        """SHA-256 of the pickle of `parts` with the page's language and its catalog, and
        the page's URL: its links are relative to it (render.links), so a body or block
        rendered for one page is never shown on another, at another depth."""
        lang = i18n.current_language()
        return value_digest((*parts, lang, self._catalog_key(lang), current_page()))  # None: rendered every time

    def get(self, key: bytes) -> Markup | None:
        body = self.bodies.get(key)
        if body is not None:
            self.bodies.move_to_end(key)
        return body

    def put(self, key: bytes, body: Markup) -> None:
        self._keep(key, body)
        self._made((key, body))

    def take(self, made: list[tuple[bytes, Markup]]) -> None:
        """Keep what a worker made (its made_here())."""
        for key, body in made:
            self._keep(key, body)

    def _keep(self, key: bytes, body: Markup) -> None:
        if key in self.bodies:
            self.bodies.move_to_end(key)
            return
        size = sys.getsizeof(body)
        if size > self.limit:
            return
        self.bodies[key] = body
        self.size += size
        while self.size > self.limit:
            _, dropped = self.bodies.popitem(last=False)
            self.size -= sys.getsizeof(dropped)

    def _url_key(self, url: Callable[[str], str]) -> bytes | None:
        """A plain function's code, defaults and closure (the environment's url holds the
        base path): what it returns for a path, as long as the globals it reads stay put."""
        if self._url is None or self._url[0] is not url:
            part = None
            if type(url) is FunctionType:
                try:
                    part = marshal.dumps(url.__code__) + pickle.dumps(
                        (url.__module__, url.__defaults__, url.__kwdefaults__,
                         [cell.cell_contents for cell in url.__closure__ or ()]), protocol=5)
                except Exception:  # noqa: BLE001 - a closure over something unpicklable
                    part = None
            self._url = (url, part)  # the function is held: its id is not reused meanwhile
        return self._url[1]

    def _catalog_key(self, lang: str) -> bytes:
        """The digest of the language's messages (headers, plural forms included)."""
        translations = i18n.translations(lang)
        known = self._catalogs.get(lang)
        if known is None or known[0] is not translations:
            messages = getattr(translations, "_catalog", None)
            digest = hashlib.sha256(pickle.dumps((type(translations).__qualname__, list(messages.items())
                                                  if messages is not None else None), protocol=5)).digest()
            known = self._catalogs[lang] = (translations, digest)
        return known[1]


MEMO = worker_memos.register(TableMemo())


def remembering() -> bool:
    """Only while serving (macros.html says so) and never under CI, as every reuse."""
    return not os.environ.get("CI")
