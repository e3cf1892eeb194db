"""Keeping script out of Markdown pages, which anyone may send in a pull request, and
keeping such a page from stalling the build.

Raw HTML is escaped by the reader unless site.yaml sets `markdown_raw_html: true`; what
Markdown itself makes can still carry script: `[x](javascript:...)` links and, through
attr_list, `{: onclick=...}` attributes. `SafeTreeprocessor` keeps only the attributes
Markdown's own output uses and drops URLs whose scheme is not http(s), mailto or tel.
With raw HTML allowed, `sanitise` passes the page through nh3's allow-list as well.

Python-Markdown looks for the `]` of every `[` by walking to the end of the paragraph,
so `[[[[...` takes quadratic time (upstream issue #798: 24 KB of `[a ` took 27 s here);
`bound_link_scans` makes those walks stop after a link's realistic length.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as etree

import nh3
from markdown.treeprocessors import Treeprocessor
from markdown.util import AMP_SUBSTITUTE

from site_gen.sources.markdown_scroll import BOX_ATTRIBUTES, box_attribute

SAFE_SCHEMES = frozenset({"http", "https", "mailto", "tel"})
URL_ATTRIBUTES = frozenset({"href", "src"})
# What core Markdown and the enabled extensions write (toc: id; fenced_code: class;
# tables: style text-align; sane_lists: start), plus harmless presentation.
ALLOWED_ATTRIBUTES = frozenset({
    "href", "src", "alt", "title", "id", "class", "style", "start", "lang", "dir",
    "colspan", "rowspan", "width", "height",
})
_SAFE_STYLE = re.compile(r"^\s*text-align:\s*(left|right|center);?\s*$")
_SCHEME = re.compile(r"^([a-z][a-z0-9+.\-]*):")
# Browsers ignore these inside a URL, so "java\tscript:" is "javascript:".
_IGNORED_IN_URLS = re.compile(r"[\x00-\x20\x7f-\x9f]+")


def safe_url(value: str) -> bool:
    """False for a URL whose scheme could run script or load arbitrary content."""
    plain = html.unescape(value.replace(AMP_SUBSTITUTE, "&"))
    plain = _IGNORED_IN_URLS.sub("", plain).lower()
    scheme = _SCHEME.match(plain)
    return scheme is None or scheme.group(1) in SAFE_SCHEMES


def safe_attribute(name: str, value: str) -> bool:
    name = name.lower()
    if name not in ALLOWED_ATTRIBUTES:
        return False
    if name == "style":
        return bool(_SAFE_STYLE.match(value))
    return safe_url(value) if name in URL_ATTRIBUTES else True


MAX_LINK_TEXT = 500  # characters between [ and ]
MAX_LINK_BRACKETS = 8  # [ and ] inside a link's text
MAX_LINK_TARGET = 2_000  # characters between ( and ): URL and title
_LINK_PROCESSORS = ("reference", "link", "image_link", "image_reference", "short_reference", "short_image_ref")
_BRACKET = re.compile(r"[\[\]]")


def _bounded_get_text(data: str, index: int) -> tuple[str, int, bool]:
    """LinkInlineProcessor.getText (the text up to the matching `]`), looking at most
    MAX_LINK_TEXT characters and MAX_LINK_BRACKETS brackets ahead, at C speed between them."""
    depth, end = 1, min(len(data), index + MAX_LINK_TEXT)
    for count, m in enumerate(_BRACKET.finditer(data, index, end)):
        if count == MAX_LINK_BRACKETS:
            break
        depth += 1 if m.group() == "[" else -1
        if depth == 0:
            return data[index:m.start()], m.end(), True
    return "", end, False


def _bounded(get_link):
    """LinkInlineProcessor.getLink looking at most MAX_LINK_TARGET characters ahead."""
    def get_link_nearby(data: str, index: int):
        end = index + MAX_LINK_TARGET
        if data.find(")", index, end) == -1:  # no link can end in reach: skip the walk
            return "", None, index, False
        return get_link(data[:end], index)
    return get_link_nearby


def bound_link_scans(md) -> None:
    """Make the link and image processors of `md` look only a link's length ahead."""
    for name in _LINK_PROCESSORS:
        if name in md.inlinePatterns:
            processor = md.inlinePatterns[name]
            processor.getText = _bounded_get_text
            if hasattr(processor, "getLink"):
                processor.getLink = _bounded(processor.getLink)


class SafeTreeprocessor(Treeprocessor):
    """Drops every attribute that is not on the allow-list or holds an unsafe URL."""

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            for name, value in list(element.attrib.items()):
                if not safe_attribute(name, value):
                    del element.attrib[name]


def sanitise(page_html: str) -> str:
    """Raw HTML through nh3's tag allow-list, with the same attributes and URL schemes."""
    return nh3.clean(
        page_html,
        # the scroll boxes' focus and region attributes too (markdown_scroll), with their values
        attributes={"*": set(ALLOWED_ATTRIBUTES - {"style"})} | {tag: {"style"} for tag in ("th", "td")}
        | {tag: {"style"} | names if tag == "th" else set(names) for tag, names in BOX_ATTRIBUTES.items()},
        attribute_filter=lambda tag, name, value: (value if safe_attribute(name, value) or box_attribute(tag, name, value)
                                                   else None),
        url_schemes=set(SAFE_SCHEMES),
        link_rel="noopener noreferrer",
    )
