"""Issue 38 in headless Chromium: the tables a reader glances at (the home page's cards,
each competition's overview) fit a 360-px phone without scrolling sideways; a Kiev round
page shows each seating table whole (no half-width box that scrolls) at 360 and 1280 px;
the best-span chart's labels stay readable at 360 px. One browser, each page loaded once."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
OVERVIEWS = ["online-marathon-2015/", "kiev-2006/", "tenhou-best-span/", "pbem-marathon/"]

# every table's scroll box: its table's width against the box's (a box narrower than its
# table scrolls sideways)
_BOXES = """sel => [...document.querySelectorAll(sel)].map(b => ({
    caption: (b.querySelector('caption') || {}).textContent || '',
    scroll: b.scrollWidth, client: b.clientWidth,
    table: b.querySelector('table').getBoundingClientRect().width,
    box: b.getBoundingClientRect().width}))"""


def _overflowing(page, selector: str) -> list[dict]:
    boxes = page.evaluate(_BOXES, selector)
    assert boxes, f"no {selector} on {page.url}"
    return [b for b in boxes if b["scroll"] > b["client"]]


def test_glance_tables_fit_a_phone(site, open_page):
    page = open_page(**PHONE).page
    page.goto(site.url(""))
    assert page.locator(".card .table-scroll").count() == 4  # one summary per competition
    assert not _overflowing(page, ".card .table-scroll")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for overview in OVERVIEWS:
        page.goto(site.url(overview))
        # the headline table (a Kiev overview may also show the final and the next seating)
        assert not _overflowing(page, "main .table-scroll"), overview
        assert page.locator("main .full-table a").count() == 1, overview


def _round_one_tables(site) -> set[int]:
    import json

    document = json.loads((site.files / "kiev-2006" / "standings.json").read_text(encoding="utf-8"))
    return {t["table"] for t in document["rounds"][0]["tables"]}


@pytest.mark.parametrize("width", [360, 1280])
def test_a_kiev_round_shows_each_table_whole(site, open_page, width):
    page = open_page(viewport={"width": width, "height": 900}).page
    page.goto(site.url("kiev-2006/rounds/1/"))
    boxes = page.evaluate(_BOXES, ".sc-tables .table-scroll")
    assert len(boxes) == len(_round_one_tables(site))
    main = page.evaluate("document.querySelector('main').clientWidth")
    for b in boxes:
        # as wide as its table, unless the table is wider than the whole column of the page
        assert b["box"] + 0.5 >= min(b["table"], main - 32), b
        if b["table"] <= main - 32:
            assert b["scroll"] <= b["client"], b


def test_the_span_chart_labels_are_readable_on_a_phone(site, open_page):
    import json

    document = json.loads((site.files / "tenhou-best-span" / "standings.json").read_text(encoding="utf-8"))
    wrapping = next(r for r in document["standings"] if r["span"] and r["span"]["wraps"])
    search = json.loads((site.files / "search.json").read_text(encoding="utf-8"))
    url = next(e["url"] for e in search if e["title"] == wrapping["player"] and e["url"].startswith("tenhou-best-span/"))
    page = open_page(**PHONE).page
    page.goto(site.url(url))
    labels = page.evaluate("""() => {
        const svg = document.querySelector('svg.span-chart').getBoundingClientRect();
        return [...document.querySelectorAll('svg.span-chart text')].map(t => {
            const r = t.getBoundingClientRect();
            return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                    inside: r.left >= svg.left - 0.5 && r.right <= svg.right + 0.5 && r.top >= svg.top - 0.5
                            && r.bottom <= svg.bottom + 0.5};
        });
    }""")
    assert any(label["text"].startswith("wraps to game 1") for label in labels)
    for label in labels:
        assert label["inside"], label
        assert label["bottom"] - label["top"] >= 9, label  # about 10-px type, not the 5 px of a 640-wide drawing
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            apart = a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]
            assert apart, (a, b)
