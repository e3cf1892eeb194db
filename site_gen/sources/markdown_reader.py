"""Markdown pages with an optional YAML front matter block (title, date, order)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

import markdown

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.sources.text import read_text
from site_gen.sources.yaml_reader import YamlMap, parse_yaml
from site_gen.values import parse_date

FRONT_MATTER_KEYS = ("title", "date", "order", "description")
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
    """HTML of a Markdown body; raw HTML in it is shown as text unless `raw_html`."""
    md = markdown.Markdown(extensions=MARKDOWN_EXTENSIONS, output_format="html")
    if not raw_html:
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
    return md.convert(body)


def read_markdown(path: Path, slug: str, diags: Diagnostics, raw_html: bool = False) -> MarkdownPage | None:
    text = read_text(path, diags)
    if text is None:
        return None
    meta: dict = {}
    body = text
    if text.startswith("---\n") or text.startswith("---\r\n"):
        lines = text.splitlines(keepends=True)
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
        if end is None:
            diags.error(path, 1, "front matter starts with --- but never ends with ---")
            return None
        # a leading newline keeps YAML line numbers equal to the file's
        ok, value = parse_yaml("\n" + "".join(lines[1:end]), path, diags)
        if not ok:
            return None
        if value is not None and not isinstance(value, dict):
            diags.error(path, 2, "front matter must be a mapping of keys (title, date, order)")
            return None
        meta = value or {}
        body = "".join(lines[end + 1 :])
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
