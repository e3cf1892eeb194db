"""A table's rows made when first read (model.LazyRows), and a table body found by its
source in serve's table memo, which reads none of them."""

import pickle

import pytest

from site_gen.model import Column, LazyRows, Table
from site_gen.render import table_view
from site_gen.render.i18n import use_language
from site_gen.render.table_memo import TableMemo
from site_gen.render.table_view import table_body


def _made(calls: list, *rows: str):
    def make(prefix: str) -> list[dict]:
        calls.append(prefix)
        return [{"player": prefix + row} for row in rows]
    return make


def test_the_rows_are_made_once_when_first_read():
    calls: list = []
    rows = LazyRows(_made(calls, "Ann", "Bo"), "")
    assert calls == []
    assert len(rows) == 2 and rows[1] == {"player": "Bo"} and [r["player"] for r in rows] == ["Ann", "Bo"]
    assert rows[:1] == [{"player": "Ann"}]
    assert calls == [""]


def test_lazy_rows_equal_and_pickle_as_their_list():
    rows = LazyRows(_made([], "Ann"), "x")
    assert rows == [{"player": "xAnn"}] and rows == LazyRows(_made([], "Ann"), "x")
    assert rows != [{"player": "Ann"}] and rows != LazyRows(_made([], "Ann"), "y")
    copied = pickle.loads(pickle.dumps(rows, protocol=5))
    assert type(copied) is list and copied == [{"player": "xAnn"}]
    columns = (Column("player", "Player"),)
    assert Table("t", "c", columns, LazyRows(_made([], "Ann"), "")) == Table("t", "c", columns, [{"player": "Ann"}])


@pytest.fixture
def memo(monkeypatch):
    """A fresh table memo, outside CI."""
    monkeypatch.delenv("CI", raising=False)
    fresh = TableMemo()
    monkeypatch.setattr(table_view, "MEMO", fresh)
    return fresh


def _url(path: str) -> str:
    return "/" + path


def test_a_body_found_by_its_source_reads_no_row(memo):
    calls: list = []
    columns = (Column("player", "Player"),)
    with use_language("en"):
        first = table_body(Table("t", "c", columns, LazyRows(_made(calls, "Ann"), ""), source=("games", 1)), _url,
                           remember=True)
        again = table_body(Table("t", "c", columns, LazyRows(_made(calls, "Ann"), ""), source=("games", 1)), _url,
                           remember=True)
    assert '<th scope="row">Ann</th>' in first and again is first
    assert calls == [""]  # made for the first body only
