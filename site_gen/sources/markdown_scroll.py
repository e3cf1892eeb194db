"""Wide blocks of a Markdown page that a keyboard can scroll.

A table or a code block wider than a phone scrolls sideways inside the page; a keyboard user
scrolls only what has focus, so each such box must be focusable (axe's
scrollable-region-focusable). `ScrollBoxTreeprocessor` wraps every table in the box the
site's own tables have (`<div class="table-scroll" tabindex="0" role="region"
aria-label=...>`, named after the heading above it and, to keep names unique, its header
row) and gives its header
cells `scope="col"`; it runs after the safety treeprocessor. `focusable_pre` makes every
`<pre>` focusable in the finished HTML, as fenced code blocks reach it only there
(Python-Markdown stashes their HTML). `box_attribute` lets these attributes through the
raw-HTML sanitiser.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown.treeprocessors import Treeprocessor

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# the attributes this module writes, by tag, and the values it writes
BOX_ATTRIBUTES = {"div": {"tabindex", "role", "aria-label"}, "pre": {"tabindex"}, "th": {"scope"}}
_FIXED_VALUES = {"tabindex": {"0"}, "role": {"region"}, "scope": {"col", "row"}}
_PLACEHOLDER = re.compile("\x02[^\x03]*\x03")  # Python-Markdown's stash markers, never text
# an opening <pre> tag without a tabindex: Markdown and the sanitiser escape every "<" of the
# page's text, so this matches only tags (of raw HTML too, where the page allows it)
_PRE_TAG = re.compile(r"<pre(?=[\s>])(?![^>]*\btabindex=)", re.IGNORECASE)
MAX_LABEL = 200  # characters: a screen reader reads the label at every visit


def box_attribute(tag: str, name: str, value: str) -> bool:
    """True for an attribute this module writes, with a value it writes."""
    if name not in BOX_ATTRIBUTES.get(tag, ()):
        return False
    return value in _FIXED_VALUES[name] if name in _FIXED_VALUES else True


def _text(element: etree.Element) -> str:
    return " ".join(_PLACEHOLDER.sub("", "".join(element.itertext())).split())


def _header_row(table: etree.Element) -> str:
    head = table.find("thead")
    cells = [] if head is None else [_text(th) for th in head.iter("th")]
    return ", ".join(c for c in cells if c)


def _label(heading: str, header: str, used: set[str]) -> str:
    """The heading above the table; with its header row where another table of the page
    has that name already (each region's name must be unique); numbered as a last resort."""
    candidates = [c for c in (heading, f"{heading}: {header}" if heading and header else "", header) if c]
    for candidate in candidates or ["table"]:
        if candidate[:MAX_LABEL] not in used:
            return candidate[:MAX_LABEL]
    base = (candidates or ["table"])[0][:MAX_LABEL - 6]
    return next(f"{base} ({n})" for n in range(2, len(used) + 3) if f"{base} ({n})" not in used)


class ScrollBoxTreeprocessor(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        parents = {child: parent for parent in root.iter() for child in parent}
        heading, used = "", set()
        for element in list(root.iter()):  # document order, listed before any table moves
            if element.tag in HEADINGS:
                heading = _text(element)
            elif element.tag == "table" and element in parents:
                parent = parents[element]
                label = _label(heading, _header_row(element), used)
                used.add(label)
                self._box(parent, list(parent).index(element), element, label)

    @staticmethod
    def _box(parent: etree.Element, index: int, table: etree.Element, label: str) -> None:
        for th in table.iter("th"):
            th.set("scope", "col")
        box = etree.Element("div", {"class": "table-scroll", "tabindex": "0", "role": "region", "aria-label": label})
        box.text, box.tail, table.tail = "\n", table.tail, "\n"
        parent.remove(table)
        parent.insert(index, box)
        box.append(table)


def focusable_pre(page_html: str) -> str:
    """The HTML of a rendered (and, with raw HTML, sanitised) page, every <pre> focusable."""
    return _PRE_TAG.sub('<pre tabindex="0"', page_html)
