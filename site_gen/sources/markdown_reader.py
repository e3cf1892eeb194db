"""Markdown pages with an optional YAML front matter block (title, date, order)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.sources.text import MAX_MARKDOWN_BYTES, read_text
from site_gen.sources.yaml_reader import YamlMap, parse_yaml
from site_gen.values import parse_date

FRONT_MATTER_KEYS = ("title", "date", "order", "description")
# Python-Markdown re-examines the rest of a block for each of its lines (quadratic: 65,536
# one-line headings took 135 s); real pages have blocks of a few dozen lines, and at
# 500 a 128 KiB page renders in ~2 s of CPU whatever it holds.
MAX_BLOCK_LINES = 500
MARKDOWN_EXTENSIONS = ["tables", "fenced_code", "sane_lists", "attr_list", "toc"]


@dataclass(frozen=True)
class MarkdownPage:
    source: Path
    slug: str
    title: str
    date: dt.date | None
    order: int
    description: str
    html: str


def render_markdown(body: str, raw_html: bool = False) -> str:
    """HTML of a Markdown body, never able to run script: raw HTML in it is shown as text
    unless `raw_html`, and then goes through an allow-list sanitiser."""
    # imported by the first page: a site without Markdown pages never loads Python-Markdown
    # (~20 ms of every build's start)
    import markdown

    from site_gen.sources.markdown_safety import SafeTreeprocessor, bound_link_scans, sanitise
    from site_gen.sources.markdown_scroll import ScrollBoxTreeprocessor, focusable_pre

    md = markdown.Markdown(extensions=MARKDOWN_EXTENSIONS, output_format="html")
    # after every other treeprocessor (attr_list, toc), so nothing adds attributes later
    md.treeprocessors.register(SafeTreeprocessor(md), "site_gen_safety", -100)
    # after the safety one, which would drop the focus and region attributes it adds
    md.treeprocessors.register(ScrollBoxTreeprocessor(md), "site_gen_scroll_boxes", -110)
    bound_link_scans(md)
    if not raw_html:
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        return focusable_pre(md.convert(body))
    return focusable_pre(sanitise(md.convert(body)))


def read_markdown(path: Path, slug: str, diags: Diagnostics, raw_html: bool = False) -> MarkdownPage | None:
    text = read_text(path, diags, MAX_MARKDOWN_BYTES)
    if text is None:
        return None
    long_block = _long_block(text)
    if long_block is not None:
        diags.error(path, long_block, f"more than {MAX_BLOCK_LINES} lines without a blank line between them; "
                                      "separate paragraphs with blank lines")
        return None
    meta: dict = {}
    body = text
    if text.startswith("---\n") or text.startswith("---\r\n"):
        lines = text.split("\n")  # "\n" only, as editors count lines (splitlines also breaks at \x0c, U+2028...)
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
        if end is None:
            diags.error(path, 1, "front matter starts with --- but never ends with ---")
            return None
        # a leading newline keeps YAML line numbers equal to the file's
        ok, value = parse_yaml("\n" + "\n".join(lines[1:end]) + "\n", path, diags)
        if not ok:
            return None
        if value is not None and not isinstance(value, dict):
            diags.error(path, 2, "front matter must be a mapping of keys (title, date, order)")
            return None
        meta = value or {}
        body = "\n".join(lines[end + 1 :])
    return _page(path, slug, meta, body, raw_html, diags)


def _page(path, slug, meta, body, raw_html, diags) -> MarkdownPage | None:
    line_of = meta.line_of if isinstance(meta, YamlMap) else (lambda k: 1)
    for key in meta:
        if key not in FRONT_MATTER_KEYS:
            diags.error(path, line_of(key), f'unknown front matter key "{key}"{did_you_mean(str(key), FRONT_MATTER_KEYS)}')
    date = None
    if meta.get("date") is not None:
        date = parse_date(meta["date"])
        if date is None:
            diags.error(path, line_of("date"), f'date must be YYYY-MM-DD, not "{meta["date"]}"')
    order = meta.get("order", 0)
    if not isinstance(order, int) or isinstance(order, bool):
        diags.error(path, line_of("order"), f'order must be a whole number, not "{order}"')
        order = 0
    html = render_markdown(body, raw_html)
    title = str(meta.get("title") or _first_heading(body) or slug.replace("-", " ").title())
    return MarkdownPage(path, slug, title, date, order, str(meta.get("description") or ""), html)


def _first_heading(body: str) -> str | None:
    for line in body.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None


def _long_block(text: str, fences: bool = True) -> int | None:
    """The first line of a block (lines between blank lines, closed fenced code left out)
    that is longer than MAX_BLOCK_LINES lines, or None."""
    start, count, fence = 0, 0, None
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        marker = stripped[:3] if fences and stripped[:3] in ("```", "~~~") else None
        if fence is not None:
            fence = None if marker == fence else fence
            continue
        if marker is not None:
            fence, count = marker, 0
            continue
        if not stripped:
            count = 0
            continue
        start, count = (number, 1) if count == 0 else (start, count + 1)
        if count > MAX_BLOCK_LINES:
            return start
    # a fence never closed is no code block for Markdown: count its lines too
    return _long_block(text, fences=False) if fence is not None else None
