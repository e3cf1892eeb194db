"""The swiss-cut live day in headless Chromium: a round's print page printed to an A4 PDF
(the seating by table, then by name, each sheet on a page of its own; one score slip per
table, never cut between two pages) and the projector view (large type, no scrolling, the
screens shown in turn). The example is data/kiev-2006: 32 players, 8 tables in round 3."""

from __future__ import annotations

import io

import pytest

pytestmark = pytest.mark.browser

COMPETITION = "kiev-2006"
TABLES = 8  # round 3: 32 players


def _pdf_pages(page) -> list[str]:
    from pypdf import PdfReader

    return [p.extract_text() for p in PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True))).pages]


def test_the_print_page_prints_wall_sheets_and_whole_slips(site, open_page):
    page = open_page(viewport={"width": 1280, "height": 900}).page
    page.goto(site.url(f"{COMPETITION}/rounds/3/print/"))
    texts = _pdf_pages(page)
    assert texts[0].startswith("Kiev-2006 mahjong tournament: round 3, seating by table")
    assert "seating by name" not in texts[0] and "Score slip" not in texts[0]
    assert texts[1].startswith("Kiev-2006 mahjong tournament: round 3, seating by name")
    assert "Round 3 · Table" not in texts[1]  # the slips begin on a page of their own
    slips = texts[2:]
    assert slips, "no page of score slips"
    numbers = []
    for text in slips:
        starts = [line for line in text.splitlines() if line.startswith("Kiev-2006 mahjong tournament · Round 3 · Table ")]
        # a slip begins and ends on the same page: as many ends as beginnings on each page
        assert len(starts) == text.count("Judge's signature:"), f"a slip is cut between two pages:\n{text}"
        numbers += [int(line.rsplit(" ", 1)[1]) for line in starts]
    assert numbers == list(range(1, TABLES + 1))
    # the sheet by name lists the 32 players in the order of their names
    names = [line.rsplit(" ", 2)[0] for line in texts[1].splitlines()[2:] if line.strip()]
    assert len(names) == 4 * TABLES and names == sorted(names, key=str.casefold)
    # the site's header, menus and footer are not printed
    assert "Atom feed" not in "".join(texts) and "Find a player" not in "".join(texts)


def test_the_round_page_links_its_print_page_and_projector(site, open_page):
    page = open_page(viewport={"width": 1280, "height": 900}).page
    page.goto(site.url(f"{COMPETITION}/rounds/3/"))
    page.get_by_role("link", name="Print the seating and score slips").click()
    page.wait_for_load_state()
    assert "rounds/3/print/" in page.url
    page.go_back()
    page.wait_for_load_state()
    page.get_by_role("link", name="Projector view").click()
    page.wait_for_load_state()
    assert "rounds/3/projector/" in page.url


def test_the_projector_fits_the_screen_and_turns_its_pages(site, open_page):
    page = open_page(viewport={"width": 1280, "height": 720}).page
    page.goto(site.url(f"{COMPETITION}/rounds/3/projector/"))
    page.wait_for_function("document.querySelector('.sc-screen-status').textContent !== ''")

    def screen():
        return page.evaluate("""() => ({
            scroll: document.documentElement.scrollHeight - window.innerHeight,
            part: [...document.querySelectorAll('.sc-screen')].filter(s => !s.hidden).map(s => s.querySelector('h1').textContent),
            items: [...document.querySelectorAll('.sc-screen:not([hidden]) .sc-screen-items > li:not([hidden])')].map(li => li.textContent.trim().split(/\\s+/).slice(0, 2).join(' ')),
            status: document.querySelector('.sc-screen-status').textContent })""")

    shown = []
    while not shown or screen()["items"] != shown[0]["items"]:  # the operator steps round every screen
        now = screen()
        assert now["scroll"] <= 0, f"the projector view scrolls: {now}"
        assert len(now["part"]) == 1 and now["items"]
        shown.append(now)
        assert len(shown) <= 40, "the screens never come round again"
        page.keyboard.press("ArrowRight")
    seating = [s for s in shown if "seating" in s["part"][0]]
    standings = [s for s in shown if "Standings after round 3" in s["part"][0]]
    assert len(seating) + len(standings) == len(shown)
    # every table once, in order, and every player of the standings once
    assert [item for s in seating for item in s["items"]] == [f"Table {n}" for n in range(1, TABLES + 1)]
    assert [int(item.split()[0]) for s in standings for item in s["items"]] == sorted(
        int(item.split()[0]) for s in standings for item in s["items"])
    assert sum(len(s["items"]) for s in standings) == 4 * TABLES
    assert [s["status"] for s in seating] == [f"{n} of {len(seating)}" for n in range(1, len(seating) + 1)] or len(seating) == 1
    assert len(seating) < TABLES  # several tables on a screen
    # large type: at least 20 px
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 20
