"""Readable tables on a phone (360 px) and a desktop (1280 px), on one page of every page type
of the four rule sets of the example site, in headless Chromium (issue 38):

- with each table box scrolled to its right end, the first two columns (rank, player) are
  still inside the box's visible part, and the box shows which way it can still scroll;
- halfway down a long table the header row is in view, on top, over the right columns;
- opening a "why this place?" note changes neither the table's size nor the page's width,
  and Escape or a click elsewhere closes it;
- every table box can be reached with the keyboard, has a name, and shows its focus;
- no request fails, no script error (the open_page fixture).

Each page is loaded once per width. The page of each type is the one with the longest table.
"""

from __future__ import annotations

import fnmatch
import re

import pytest

pytestmark = pytest.mark.browser

WIDTHS = {360: 740, 1280: 800}  # width: height of the window
LONG_TABLE = 30  # rows: from here the header must follow the reader down

# Every page type of the example site (site-relative folders, "*" one path segment), the
# specific before the general: a page is of the first type it matches.
PAGE_TYPES = [
    "", "about/", "404.html",
    # swiss-cut (Kiev)
    "kiev-2006/", "kiev-2006/ranking/", "kiev-2006/news-*/", "kiev-2006/rules/", "kiev-2006/players/", "kiev-2006/players/*/",
    "kiev-2006/rounds/", "kiev-2006/rounds/final/", "kiev-2006/rounds/next/", "kiev-2006/rounds/*/",
    "kiev-2006/rounds/*/standings/", "kiev-2006/rounds/*/print/", "kiev-2006/rounds/*/projector/",
    # online marathon
    "online-marathon-2015/", "online-marathon-2015/standings/", "online-marathon-2015/news-*/", "online-marathon-2015/rules/",
    "online-marathon-2015/players/", "online-marathon-2015/players/*/", "online-marathon-2015/stages/*/",
    # thematic marathon (PBeM)
    "pbem-marathon/", "pbem-marathon/standings/", "pbem-marathon/news-*/", "pbem-marathon/rules/", "pbem-marathon/players/",
    "pbem-marathon/players/*/", "pbem-marathon/groups/", "pbem-marathon/groups/*/",
    "pbem-marathon/tournaments/", "pbem-marathon/tournaments/master/", "pbem-marathon/tournaments/*/",
    # best span (Tenhou)
    "tenhou-best-span/", "tenhou-best-span/standings/", "tenhou-best-span/scoring/", "tenhou-best-span/players/", "tenhou-best-span/players/*/",
    "tenhou-best-span/events/", "tenhou-best-span/events/*/",
]


def _matches(path: str, pattern: str) -> bool:
    parts, wanted = path.split("/"), pattern.split("/")
    return len(parts) == len(wanted) and all(fnmatch.fnmatchcase(p, w) for p, w in zip(parts, wanted))


def _longest_table(html: str) -> int:
    return max((body.count("<tr") for body in re.findall(r"<tbody>(.*?)</tbody>", html, re.S)), default=0)


@pytest.fixture(scope="session")
def pages_by_type(built_site) -> dict[str, str]:
    """{page type: the site-relative URL of its page with the longest table}"""
    files = built_site.files
    found: dict[str, list[tuple[int, str]]] = {}
    untyped = []
    for page in sorted(files.rglob("*.html")):
        rel = page.relative_to(files).as_posix()
        rel = rel[:-len("index.html")] if page.name == "index.html" else rel
        kind = next((t for t in PAGE_TYPES if _matches(rel, t)), None)
        if kind is None:
            untyped.append(rel)
            continue
        found.setdefault(kind, []).append((-_longest_table(page.read_text(encoding="utf-8")), rel))
    assert not untyped, f"pages of no type in PAGE_TYPES (a new page type? add it): {untyped[:10]}"
    missing = [t for t in PAGE_TYPES if t not in found]
    assert not missing, f"the example site has no page of these types: {missing}"
    return {kind: min(pages)[1] for kind, pages in found.items()}


# --- measurements in the page -------------------------------------------------------------

FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"

# The tables, each in its scroll box: the rule sets' and the Markdown pages' (a round's print
# sheets are laid out for paper, and have none).
BOXES = "Array.from(document.querySelectorAll('.table-scroll')).filter(b => b.offsetParent !== null && b.querySelector(':scope > table'))"

PINNED = """async () => {
  const boxes = %s;
  const problems = [];
  let scrolled = 0;
  for (const [i, box] of boxes.entries()) {
    const cue = box.scrollWidth > box.clientWidth + 1;
    if (cue !== box.classList.contains('more-right'))
      problems.push(`box ${i}: ${cue ? 'no' : 'a'} scroll cue at the left end (scrollWidth ${box.scrollWidth}, clientWidth ${box.clientWidth})`);
    box.scrollLeft = box.scrollWidth;
    if (box.scrollLeft > 0) scrolled += 1;
  }
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  for (const [i, box] of boxes.entries()) {
    const r = box.getBoundingClientRect();
    const left = r.left + box.clientLeft, right = left + box.clientWidth;
    if (box.scrollLeft > 0) {
      if (box.classList.contains('more-right')) problems.push(`box ${i}: a cue to the right at the right end`);
      if (!box.classList.contains('more-left')) problems.push(`box ${i}: no cue to the left at the right end`);
      if (getComputedStyle(box, '::after').opacity !== '0') problems.push(`box ${i}: the right shade shows at the right end`);
    }
    for (const row of box.querySelector(':scope > table').rows) {
      if (row.hidden) continue;
      for (const cell of Array.from(row.cells).slice(0, 2)) {
        const c = cell.getBoundingClientRect();
        if (c.left < left - 0.5 || c.right > right + 0.5)
          problems.push(`box ${i} scrolled by ${box.scrollLeft}: "${cell.textContent.trim().slice(0, 30)}" at ${c.left.toFixed(1)}..${c.right.toFixed(1)}, outside ${left.toFixed(1)}..${right.toFixed(1)}`);
      }
    }
  }
  return {boxes: boxes.length, scrolled, problems: problems.slice(0, 12)};
}""" % BOXES


HEADER = """async () => {
  const tables = %s.map(b => b.querySelector(':scope > table')).filter(t => t.tBodies.length && t.tBodies[0].rows.length > %d);
  const problems = [];
  for (const [i, table] of tables.entries()) {
    const rows = table.tBodies[0].rows, box = table.parentElement;
    const middle = rows[Math.floor(rows.length / 2)];
    window.scrollTo(0, window.scrollY + middle.getBoundingClientRect().top - innerHeight / 2);
    box.scrollLeft = box.scrollWidth;
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
    const real = Array.from(table.tHead.rows[0].cells);
    // what the reader sees at the first header cell's place: the real header or its copy
    const first = real[0].getBoundingClientRect();
    const shown = [];
    for (const head of [table.tHead, box.previousElementSibling && box.previousElementSibling.querySelector('thead')]) {
      if (!head || !head.getClientRects().length) continue;
      const cells = Array.from(head.rows[0].cells), r = head.getBoundingClientRect();
      const at = cells[0].getBoundingClientRect();
      const top = document.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2);
      if (r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && top && head.contains(top)) shown.push([head, cells]);
    }
    const label = `table ${i} (${table.id || table.caption && table.caption.textContent.trim()}) with ${rows.length} rows`;
    if (!shown.length) { problems.push(`${label}: no header row in view with row ${Math.floor(rows.length / 2)} at the window's middle`); continue; }
    const [head, cells] = shown[0];
    const m = middle.getBoundingClientRect();
    if (head.getBoundingClientRect().bottom > m.top) problems.push(`${label}: the header row is not above the middle row`);
    const words = cells.map(c => c.textContent.trim()), wanted = real.map(c => c.textContent.trim());
    if (words.join('|') !== wanted.join('|')) problems.push(`${label}: the header shows ${words} instead of ${wanted}`);
    // over the columns it names, the pinned ones included
    cells.forEach((c, j) => {
      const a = c.getBoundingClientRect(), b = real[j].getBoundingClientRect();
      if (Math.abs(a.left - b.left) > 1 || Math.abs(a.width - b.width) > 1)
        problems.push(`${label}: header cell ${j} "${words[j]}" at ${a.left.toFixed(1)}+${a.width.toFixed(1)}, its column at ${b.left.toFixed(1)}+${b.width.toFixed(1)}`);
    });
  }
  return {tables: tables.length, problems: problems.slice(0, 12)};
}""" % (BOXES, LONG_TABLE)

SIZES = """(button) => {
  const box = button.closest('.table-scroll'), row = button.closest('tr');
  return {page: document.documentElement.scrollWidth,
          table: box ? [box.scrollWidth, box.querySelector(':scope > table').getBoundingClientRect().width] : null,
          row: row ? row.getBoundingClientRect().height : null};
}"""

NOTE = """(button) => {
  const note = button.parentElement.querySelector('.why-note');
  const open = !!note && note.matches(':popover-open');
  const r = open ? note.getBoundingClientRect() : null;
  return {open, expanded: button.getAttribute('aria-expanded'), text: open ? note.textContent.trim() : '',
          inside: open ? r.left >= 0 && r.right <= document.documentElement.clientWidth : null};
}"""


# --- the test -----------------------------------------------------------------------------

@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", PAGE_TYPES)
def test_tables_stay_readable(site, open_page, pages_by_type, kind, width):
    rel = pages_by_type[kind]
    page = open_page(viewport={"width": width, "height": WIDTHS[width]}).page
    page.goto(site.url(rel))
    page.wait_for_load_state("load")
    page.evaluate(FRAMES)

    problems: list[str] = []  # every check's, so that one failing hides no other

    # every box can be reached with the keyboard, is named, and shows its focus
    regions = page.evaluate("""() => %s.map(b => { b.focus(); const s = getComputedStyle(b);
        const by = b.getAttribute('aria-labelledby'), named = by ? document.getElementById(by) : null;
        const name = by ? (named ? named.textContent : '') : (b.getAttribute('aria-label') || '');
        return [b.getAttribute('tabindex'), b.getAttribute('role'), name.trim() !== '',
                document.activeElement === b, s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2]; })""" % BOXES)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    problems += [f"table box {i}: tabindex {tabindex}, role {role}, named {named}, focusable {focused}, outline {outlined}"
                 for i, (tabindex, role, named, focused, outlined) in enumerate(regions)
                 if (tabindex, role, named, focused, outlined) != ("0", "region", True, True, True)]

    loose = page.evaluate("() => Array.from(document.querySelectorAll('main table')).filter(t => !t.closest('.table-scroll, .table-head-clip, .sc-print')).length")
    if loose:
        problems.append(f"{loose} tables outside a scroll box")

    # (a) the first two columns stay in view at the right end of each box
    problems += page.evaluate(PINNED)["problems"]

    # (b) halfway down a long table, its header row is in view
    problems += page.evaluate(HEADER)["problems"]

    # (c) a "why this place?" note opens over the page: nothing moves, and it closes again
    problems += _note_problems(page)
    assert not problems, f"{rel} at {width} px:\n  " + "\n  ".join(problems)


def _note_problems(page) -> list[str]:
    if page.locator("details.why").count():
        return ["a note is an inline disclosure, which opens inside its cell"]
    buttons = page.locator(".table-scroll .why-button")
    if not buttons.count():
        buttons = page.locator(".why-button")
    if not buttons.count():
        return []
    button = buttons.first
    button.scroll_into_view_if_needed()
    before = button.evaluate(SIZES)
    button.focus()
    page.keyboard.press("Enter")
    note = button.evaluate(NOTE)
    if not (note["open"] and note["expanded"] == "true" and note["text"]):
        return [f"Enter did not open the note: {note}"]
    problems = [] if note["inside"] else ["the note reaches past the window's edge"]
    if button.evaluate(SIZES) != before:
        problems.append(f"opening a note moved the table: {before} to {button.evaluate(SIZES)}")
    page.keyboard.press("Escape")
    note = button.evaluate(NOTE)
    if note["open"] or note["expanded"] != "false":
        problems.append(f"Escape did not close the note: {note}")
    button.click()
    if not button.evaluate(NOTE)["open"]:
        return problems + ["a click did not open the note"]
    if button.evaluate(SIZES) != before:
        problems.append("opening a note with a click moved the table")
    page.locator("h1").first.click()
    if button.evaluate(NOTE)["open"]:
        problems.append("a click elsewhere did not close the note")
    return problems


def test_the_checks_are_not_empty(site, open_page, pages_by_type):
    """On a phone, the largest stage table scrolls far, so the pinned columns are tried; it is
    long, so the header copy is tried; and it has notes."""
    page = open_page(viewport={"width": 360, "height": 740}).page
    page.goto(site.url(pages_by_type["online-marathon-2015/stages/*/"]))
    page.wait_for_load_state("load")
    assert page.evaluate(PINNED)["scrolled"] >= 1
    assert page.evaluate("() => document.querySelector('.table-scroll').scrollLeft") > 300
    assert page.evaluate(HEADER)["tables"] >= 1
    assert page.locator(".table-scroll .why-button").count() > 30
    # a label of the header's copy sorts the table as the real one does
    copy = page.locator(".table-head-pin:not([hidden]) th").nth(1)
    assert copy.is_visible()
    copy.click()
    page.evaluate(FRAMES)
    assert page.evaluate("() => document.querySelector('.table-scroll > table thead th:nth-child(2)').getAttribute('aria-sort')") == "ascending"
    assert copy.get_attribute("aria-sort") == "ascending"
