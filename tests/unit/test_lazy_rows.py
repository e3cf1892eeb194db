"""A table's rows made when first read (model.LazyRows): an online marathon player page
rendered again in serve, whose games tables serve's table memo finds by their source, makes
none of their rows."""

import pickle

import pytest

from marathon_edits import first_march_game, swap_two_scores

from site_gen.model import Column, LazyRows, Table
from site_gen.render import table_view
from site_gen.render.i18n import use_language
from site_gen.render.table_memo import TableMemo
from site_gen.render.table_view import table_body
from site_gen.rules.online_marathon import player_page


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


def test_a_player_page_rendered_again_makes_the_rows_of_no_memoized_table(memo, monkeypatch, marathon_project,
                                                                          tmp_path):
    """Two builds of one serve process (the example marathon), the second after a changed
    result: the player pages rendered again look their games tables up in the memo, and
    make the rows of those it does not hold only."""
    from site_gen.build import build
    from site_gen.diagnostics import Diagnostics
    from site_gen.project import CompetitionMemo

    made: list = []
    real_rows = player_page._game_rows
    monkeypatch.setattr(player_page, "_game_rows", lambda games, zone: made.append(games) or real_rows(games, zone))
    rendered: list = []
    real_body = table_view._table_body
    monkeypatch.setattr(table_view, "_table_body", lambda table, *a: rendered.append(table) or real_body(table, *a))
    looked_up: list = []
    real_key = memo.key
    monkeypatch.setattr(memo, "key", lambda table, *a: looked_up.append(table) or real_key(table, *a))

    competitions, out = CompetitionMemo(), tmp_path / "served"
    assert build(marathon_project, out, Diagnostics(root=marathon_project), serving=True, memo=competitions,
                 jobs=1) is not None
    made.clear(), rendered.clear(), looked_up.clear()
    swap_two_scores(marathon_project, first_march_game)  # stage 1: its rows, ranks and NRs move
    assert build(marathon_project, out, Diagnostics(root=marathon_project), serving=True, memo=competitions,
                 jobs=1) is not None

    def games_tables(tables):
        return [t for t in tables if t.columns is player_page.PLAYER_GAME_COLUMNS]

    assert len(made) == len(games_tables(rendered)) >= 2  # the two players' changed stage, at least
    assert len(games_tables(looked_up)) > len(made)  # the other tables of the pages rendered again: found
