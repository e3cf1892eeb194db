"""Later values: worked out where they are used, arguments first; pages merge them in."""

from site_gen.model import Later, Page, now


def test_later_works_out_its_later_arguments_first():
    calls = []

    def total(*values):
        calls.append(values)
        return sum(values)

    inner = Later(total, 1, 2)
    outer = Later(total, inner, 10)
    assert calls == []  # nothing is worked out until asked
    assert outer.get() == 13
    assert calls == [(1, 2), (3, 10)]
    assert now(outer) == 13 and now(7) == 7


def test_a_resolved_page_has_its_whole_context():
    page = Page("a/", "t.html", "A", {"shared": 1, "person_url": "players/a/"}, Later(lambda: {"own": 2}))
    resolved = page.resolved()
    assert resolved.context == {"shared": 1, "person_url": "players/a/", "own": 2}
    assert resolved.later is None
    assert page.context == {"shared": 1, "person_url": "players/a/"}  # the planned page is unchanged
    assert resolved.resolved() is resolved
