"""serve's table bodies kept between builds (render/table_memo): a body is reused only for
inputs that make the same bytes, and the memory stays bounded."""

import datetime as dt
from fractions import Fraction
from zoneinfo import ZoneInfo

import pytest

from site_gen.model import Column, Table
from site_gen.render import i18n, table_memo, table_view
from site_gen.render.i18n import use_language
from site_gen.render.table_memo import TableMemo
from site_gen.render.table_view import table_body

ROW = '<tr>\n<td class="num" data-sort="{sort}">{points}</td><th scope="row">{name}</th>\n</tr>\n'


def _table(points=Fraction(5, 2), name="Ann") -> Table:
    columns = (Column("points", "Points", numeric=True, decimals=2), Column("player", "Player"))
    return Table("t", "caption", columns, [{"points": points, "player": name}])


def _link_table() -> Table:
    return Table("t", "c", (Column("player", "Player", link_key="url"),), [{"player": "Ann", "url": "p/ann/"}])


def _url(path: str) -> str:
    return "/club/" + path


def _url_of(prefix: str):
    """As make_environment makes `url` for each build."""
    def url(path: str) -> str:
        return prefix + path
    return url


@pytest.fixture
def memo(monkeypatch):
    """A fresh memo, outside CI, and a count of the bodies actually rendered."""
    monkeypatch.delenv("CI", raising=False)
    fresh = TableMemo()
    monkeypatch.setattr(table_view, "MEMO", fresh)
    rendered = []
    real = table_view._table_body
    monkeypatch.setattr(table_view, "_table_body", lambda *args: rendered.append(args) or real(*args))
    fresh.rendered = rendered
    return fresh


def test_an_equal_table_of_a_later_build_is_the_remembered_body(memo):
    with use_language("en"):
        first = table_body(_table(), _url, remember=True)
        again = table_body(_table(), _url, remember=True)  # a new Table object, the same values
    assert first == ROW.format(sort="2.500000", points="2.50", name="Ann")
    assert again is first
    assert len(memo.rendered) == 1


def test_a_changed_value_is_rendered_again(memo):
    with use_language("en"):
        table_body(_table(), _url, remember=True)
        changed = table_body(_table(points=Fraction(-1, 3)), _url, remember=True)
        exact_type = table_body(_table(points=3), _url, remember=True)  # == Fraction(3) yet shown "3"
        table_body(_table(points=Fraction(3)), _url, remember=True)
    assert changed == ROW.format(sort="-0.333333", points="-0.33", name="Ann")
    assert exact_type == ROW.format(sort="3", points="3", name="Ann")
    assert len(memo.rendered) == 4


def test_a_moment_in_another_zone_is_rendered_again(memo):
    moment = dt.datetime(2015, 2, 1, 12, 0, tzinfo=dt.timezone.utc)
    columns = (Column("at", "Started"),)
    with use_language("en"):
        utc = table_body(Table("t", "c", columns, [{"at": moment}]), _url, remember=True)
        moscow = table_body(Table("t", "c", columns, [{"at": moment.astimezone(ZoneInfo("Europe/Moscow"))}]),
                            _url, remember=True)  # the same instant: == holds
    assert "12:00" in utc and "3:00" in moscow
    assert len(memo.rendered) == 2


def test_the_language_the_base_path_and_the_cut_are_part_of_the_key(memo):
    with use_language("en"):
        table_body(_table(), _url, remember=True)
        table_body(_table(), _url, 0, "cut", remember=True)
        club = table_body(_link_table(), _url_of("/club/"), remember=True)
        other = table_body(_link_table(), _url_of("/other/"), remember=True)  # the same code, another base
        table_body(_link_table(), _url_of("/other/"), remember=True)  # a later build's function: the same again
    with use_language("ru"):
        russian = table_body(_table(), _url, remember=True)
    with use_language("fr"):  # no catalog, as English: its decimal comma tells them apart
        french = table_body(_table(), _url, remember=True)
    assert russian == french == ROW.format(sort="2.500000", points="2,50", name="Ann")
    assert '<a href="/club/p/ann/">' in club and '<a href="/other/p/ann/">' in other
    assert len(memo.rendered) == 6


def test_the_page_is_part_of_the_key(memo):
    """The environment's url() makes links relative to the page being rendered
    (render.links): a body kept for one page is not the body of a page at another depth,
    nor of another page at the same depth, whose links could differ."""
    from site_gen.render.links import url, use_page

    bodies = {}
    with use_language("en"):
        for page in ["p/", "c/stages/1/", "c/stages/2/", "p/"]:
            with use_page(page):
                bodies[page] = table_body(_link_table(), url, remember=True)
    assert '<a href="ann/index.html">' in bodies["p/"]
    assert '<a href="../../../p/ann/index.html">' in bodies["c/stages/1/"] == bodies["c/stages/2/"]
    assert len(memo.rendered) == 3  # the second visit of p/ only is the remembered body


def test_an_edited_catalog_renders_again(memo, monkeypatch):
    table = Table("t", "c", (Column("player", "Player"),), [{"player": "Ann"}], reasons={})
    with use_language("ru"):
        table_body(table, _url, remember=True)
        i18n.translations.cache_clear()  # the next build reads the catalog again: the same messages
        table_body(table, _url, remember=True)
        assert len(memo.rendered) == 1
        i18n.translations.cache_clear()
        edited = i18n.translations("ru")
        monkeypatch.setitem(edited._catalog, "dropped", "выбыл")
        table_body(table, _url, remember=True)
    i18n.translations.cache_clear()
    assert len(memo.rendered) == 2


def test_no_memo_unless_asked_and_never_under_ci(memo, monkeypatch):
    with use_language("en"):
        table_body(_table(), _url)
        table_body(_table(), _url)
        monkeypatch.setenv("CI", "true")
        table_body(_table(), _url, remember=True)
        table_body(_table(), _url, remember=True)
    assert len(memo.rendered) == 4
    assert not memo.bodies


def test_the_least_recently_used_bodies_go_beyond_the_limit(memo):
    with use_language("en"):
        one = table_body(_table(name="A"), _url, remember=True)
    memo.limit = 3 * memo.size  # room for three bodies of this size
    with use_language("en"):
        table_body(_table(name="B"), _url, remember=True)
        table_body(_table(name="C"), _url, remember=True)
        table_body(_table(name="A"), _url, remember=True)  # used again: now the most recent
        table_body(_table(name="D"), _url, remember=True)  # B goes
        assert len(memo.rendered) == 4
        table_body(_table(name="A"), _url, remember=True)
        table_body(_table(name="B"), _url, remember=True)
    assert len(memo.rendered) == 5
    assert memo.size <= memo.limit and len(memo.bodies) == 3
    assert one == ROW.format(sort="2.500000", points="2.50", name="A")


def test_a_worker_hands_over_what_it_made(memo, monkeypatch):
    with use_language("en"):
        table_body(_table(name="A"), _url, remember=True)
    assert memo.made_here() == []  # the building process keeps its own
    monkeypatch.setattr(memo, "owner", -1)  # as in a forked worker
    with use_language("en"):
        body = table_body(_table(name="B"), _url, remember=True)
    made = memo.made_here()
    assert [b for _, b in made] == [body] and memo.made_here() == []
    building = TableMemo()
    building.take(made)
    assert building.get(made[0][0]) is body


def test_an_unpicklable_value_is_rendered_every_time(memo):
    table = _table(name="A")
    table.rows[0]["extra"] = lambda: None  # not shown, but part of the table
    with use_language("en"):
        table_body(table, _url, remember=True)
        table_body(table, _url, remember=True)
    assert len(memo.rendered) == 2 and not memo.bodies


def test_a_table_with_a_source_is_found_by_it_in_place_of_its_rows(memo):
    """The builder of a table with a source promises that the source decides its rows
    (model.Table): the rows are then not part of the key; all the rest still is."""
    def sourced(name, source, highlighted=()):
        return Table("t", "caption", _table().columns, [{"points": Fraction(5, 2), "player": name}],
                     highlighted=set(highlighted), source=source)

    with use_language("en"):
        first = table_body(sourced("A", ("games", 1)), _url, remember=True)
        same_source = table_body(sourced("B", ("games", 1)), _url, remember=True)
        other_source = table_body(sourced("A", ("games", 2)), _url, remember=True)
        highlighted = table_body(sourced("A", ("games", 1), highlighted=[0]), _url, remember=True)
    assert same_source is first and len(memo.rendered) == 3
    assert other_source == first and other_source is not first
    assert str(highlighted) == str(first).replace("<tr>", '<tr class="highlight">')


def test_the_columns_are_keyed_by_their_digest_kept_for_the_very_same_tuple(memo):
    """A tuple of columns shared by many tables is pickled once; an equal tuple made anew
    finds the same body, a column changed renders again, as does a cell struck or not."""
    shared = _table().columns
    with use_language("en"):
        first = table_body(Table("t", "caption", shared, [{"points": Fraction(5, 2), "player": "Ann"}]), _url, remember=True)
        again = table_body(Table("t", "caption", shared, [{"points": Fraction(5, 2), "player": "Ann"}]), _url, remember=True)
        equal = table_body(_table(), _url, remember=True)
        relabelled = (Column("points", "Score", numeric=True, decimals=2), shared[1])
        other = table_body(Table("t", "caption", relabelled, [{"points": Fraction(5, 2), "player": "Ann"}]), _url, remember=True)
        struck = table_body(Table("t", "caption", shared, [{"points": Fraction(5, 2), "player": "Ann"}],
                                  struck={(0, "points")}), _url, remember=True)
    assert again is first and equal is first and len(memo.rendered) == 3
    assert other == first and other is not first  # the label is the header's, outside the body: a key apart
    assert '<s title="dropped">2.50</s>' in str(struck)
    assert [digest for columns, digest in memo._columns.values() if columns is shared] == [
        table_memo.hashlib.sha256(table_memo.pickle.dumps(shared, protocol=5)).digest()]  # pickled once, kept


def test_columns_that_cannot_be_pickled_render_every_time(memo):
    odd = (Column("points", "Points", numeric=True, decimals=2), Column("player", lambda: "Player"))
    with use_language("en"):
        table_body(Table("t", "c", odd, [{"points": 1, "player": "Ann"}]), _url, remember=True)
        table_body(Table("t", "c", odd, [{"points": 1, "player": "Ann"}]), _url, remember=True)
    assert len(memo.rendered) == 2 and not memo.bodies


def test_a_table_the_page_cache_digested_is_keyed_by_that_digest(memo):
    """serve's page cache digests the tables pages hold (PageCache.share): the memo's key of
    such a table starts from that digest rather than pickling the table again (here it could
    not: a row holds a function)."""
    one, two, other = _table(), _table(), _table()
    for table in (one, two, other):
        table.rows[0]["extra"] = lambda: None
    memo.known_tables = {id(one): (one, b"1" * 32), id(two): (two, b"1" * 32), id(other): (other, b"2" * 32)}
    with use_language("en"):
        first = table_body(one, _url, remember=True)
        same_digest = table_body(two, _url, remember=True)
        other_digest = table_body(other, _url, remember=True)
        unknown = table_body(_table(), _url, remember=True)  # not digested by the page cache: pickled here
    assert same_digest is first and other_digest == first and other_digest is not first
    assert unknown == first and len(memo.rendered) == 3 and len(memo.bodies) == 3
