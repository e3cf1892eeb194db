"""PageCache.digest (site_gen/rebuild/page_cache.py): one pickle of a page's own inputs and of the
values only it holds, then the digests of the values it shares with other pages."""

from pathlib import Path

from site_gen.model import Page
from site_gen.rebuild.page_cache import PageCache


def _digest(tmp_path: Path, page: Page, *others: Page) -> str | None:
    """The page's digest in a build whose pages are `page` and `others`."""
    cache = PageCache(tmp_path / "project", tmp_path / "out", "fingerprint", {"site": "the site"})
    cache.share([page, *others])
    return cache.digest(page, "en")


def _page(**context) -> Page:
    return Page("p/", "t.html", "P", context)


def test_equal_inputs_give_equal_digests(tmp_path):
    def build():
        settings = {"zone": "Europe/Moscow"}
        return _page(a=settings, b=["row"]), Page("o/", "t.html", "O", {"a": settings})

    assert _digest(tmp_path, *build()) == _digest(tmp_path, *build())


def test_a_changed_own_or_shared_value_changes_the_digest(tmp_path):
    settings, changed_settings = {"zone": "Europe/Moscow"}, {"zone": "Europe/Minsk"}
    digest = _digest(tmp_path, _page(a=settings, b=["row"]), Page("o/", "t.html", "O", {"a": settings}))
    assert digest != _digest(tmp_path, _page(a=settings, b=["other row"]), Page("o/", "t.html", "O", {"a": settings}))
    assert digest != _digest(tmp_path, _page(a=changed_settings, b=["row"]),
                             Page("o/", "t.html", "O", {"a": changed_settings}))


def test_swapping_a_shared_value_with_an_own_one_changes_the_digest(tmp_path):
    """Both pages pickle the same own values ([table]) and add the same shared digest
    (settings'): only the record of which keys are shared tells them apart."""
    settings, table = {"zone": "Europe/Moscow"}, ["row"]
    other = Page("o/", "t.html", "O", {"settings": settings})
    assert _digest(tmp_path, _page(a=settings, b=table), other) != _digest(tmp_path, _page(a=table, b=settings), other)


def test_a_value_that_cannot_be_pickled_leaves_the_page_without_digest(tmp_path):
    def unpicklable():
        return 1

    assert _digest(tmp_path, _page(a=unpicklable)) is None
    shared = Page("o/", "t.html", "O", {"a": unpicklable})
    assert _digest(tmp_path, _page(a=unpicklable, b=["row"]), shared) is None
