"""serve keeps what it made of the very tables and results of the last build: a table's
digest (PageMemo.tables), a table's CSV (PageMemo.exports)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from site_gen.rebuild import page_cache
from site_gen.csv_export import table_csv
from site_gen.model import Column, Later, Page, Table
from site_gen.rebuild.page_cache import PageCache, PageMemo
from site_gen.pipeline.page_renderer import PageRenderer
from site_gen.render import table_memo


def _table(name="Ann") -> Table:
    return Table("t", "c", (Column("player", "Player"), Column("points", "Points", numeric=True)),
                 [{"player": name, "points": Fraction(5, 2)}])


def _cache(tmp_path: Path, memo: PageMemo | None) -> PageCache:
    cache = PageCache(tmp_path / "project", tmp_path / "out", "fingerprint", {"site": "the site"})
    cache.memo = memo
    return cache


def _digests(tmp_path, memo, *pages, counted=None):
    cache = _cache(tmp_path, memo)
    cache.share(list(pages))
    return [cache.digest(page, "en") for page in pages]


def test_the_very_table_of_the_last_build_keeps_its_digest_without_a_pickle(tmp_path, monkeypatch):
    memo, table = PageMemo(), _table()
    page = Page("p/", "t.html", "P", {"table": table})
    first = _digests(tmp_path, memo, page)
    assert memo.tables[id(table)][0] is table
    pickled = []
    digest = page_cache.value_digest
    monkeypatch.setattr(page_cache, "value_digest", lambda value: pickled.append(value) or digest(value))
    again = _digests(tmp_path, memo, Page("p/", "t.html", "P", {"table": table}))
    assert again == first and table not in pickled
    equal = _digests(tmp_path, memo, Page("p/", "t.html", "P", {"table": _table()}))  # a new, equal table: pickled
    assert equal == first and len([v for v in pickled if isinstance(v, Table)]) == 1
    other = _digests(tmp_path, memo, Page("p/", "t.html", "P", {"table": _table("Bob")}))
    assert other != first
    # only the last build's tables are kept
    assert [entry[0].rows[0]["player"] for entry in memo.tables.values()] == ["Bob"]


def test_a_table_digested_apart_in_serve_still_tells_pages_apart(tmp_path):
    memo = PageMemo()
    a, b = _table("A"), _table("B")
    digests = _digests(tmp_path, memo, Page("p/", "t.html", "P", {"table": a}), Page("q/", "t.html", "P", {"table": b}),
                       Page("r/", "t.html", "P", {"table": a, "x": 1}))
    assert len(set(digests)) == 3 and None not in digests


def test_serve_hands_the_tables_digests_to_the_table_memo(tmp_path, monkeypatch):
    """The table memo's keys of these tables' bodies start from the page cache's digests
    (table_memo.TableMemo.key): the very objects, with value_digest's digest."""
    monkeypatch.setattr(table_memo, "MEMO", table_memo.TableMemo())
    table = _table()
    _digests(tmp_path, PageMemo(), Page("p/", "t.html", "P", {"table": table}))
    assert table_memo.MEMO.known_tables == {id(table): (table, page_cache.value_digest(table))}
    _digests(tmp_path, None, Page("p/", "t.html", "P", {"table": _table()}))  # the command line: nothing handed
    assert table_memo.MEMO.known_tables == {id(table): (table, page_cache.value_digest(table))}

def _renderer(tmp_path: Path, memo: PageMemo | None) -> PageRenderer:
    renderer = PageRenderer.__new__(PageRenderer)  # only what _export uses
    renderer.cache, renderer._exports = _cache(tmp_path, memo), {}
    return renderer


def test_the_csv_of_the_very_table_of_the_last_build_is_not_made_again(tmp_path):
    memo, table = PageMemo(), _table()
    made = []

    def csv_of(t):
        made.append(t)
        return table_csv(t)

    renderer = _renderer(tmp_path, memo)
    export = ("c/t.csv", Later(csv_of, table))
    first, as_last = renderer._export(*export)
    renderer._remember_exports([export])  # as render_all ends
    assert first == table_csv(table) and len(made) == 1 and not as_last
    export = ("c/t.csv", Later(csv_of, table))  # the next build's Later, of the very table
    assert renderer._export(*export) == (first, True) and len(made) == 1  # the last build's file's bytes
    renderer._remember_exports([export])
    # made again: another table (equal or not), another function, another file
    assert not renderer._export("c/t.csv", Later(csv_of, _table()))[1]
    assert not renderer._export("c/u.csv", Later(csv_of, table))[1]
    assert len(made) == 3
    assert renderer._export("c/t.csv", Later(lambda t: b"other", table)) == (b"other", False)
    changed = _table("Bob")
    assert renderer._export("c/t.csv", Later(csv_of, changed)) == (table_csv(changed), False)
    # arguments other than tables, or no memo (a command-line build): always made
    assert _renderer(tmp_path, memo)._export("x.json", Later(lambda v: v, b"{}")) == (b"{}", False)
    plain = _renderer(tmp_path, None)
    plain._export("c/t.csv", Later(csv_of, table)), plain._export("c/t.csv", Later(csv_of, table))
    assert len(made) == 6
