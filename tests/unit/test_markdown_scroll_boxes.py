"""A Markdown page's tables and code blocks scroll sideways on a phone: a keyboard can reach
each one (a focusable, named region around each table; a focusable <pre>), with raw HTML
allowed or not, and a page's own markup gets no such attribute it did not earn."""

from __future__ import annotations

import re

import pytest

from site_gen.sources.markdown_reader import render_markdown

TABLE = "| Place | Points |\n|---|---|\n| 1 | 4 |\n"


@pytest.mark.parametrize("raw_html", [False, True])
def test_a_table_sits_in_a_focusable_region_named_after_its_heading(raw_html):
    html = render_markdown("## Table points\n\n" + TABLE, raw_html=raw_html)
    box = re.search(r"<div ([^>]*)>\s*<table>", html)
    assert box, html
    attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', box[1]))
    assert attributes == {"class": "table-scroll", "tabindex": "0", "role": "region", "aria-label": "Table points"}
    assert html.count('<th scope="col">') == 2
    assert re.search(r"</table>\s*</div>", html)


def test_each_region_of_a_page_has_its_own_name():
    html = render_markdown("# Rules\n\n" + TABLE + "\n| Shared places | TP each |\n|---|---|\n| 1st–2nd | 3 |\n"
                           "\n## Stages\n\n" + TABLE)
    assert re.findall(r'aria-label="([^"]*)"', html) == ["Rules", "Rules: Shared places, TP each", "Stages"]


def test_without_a_heading_the_header_row_names_the_table():
    html = render_markdown(TABLE + "\nSome words.\n\n" + TABLE)
    assert re.findall(r'aria-label="([^"]*)"', html) == ["Place, Points", "Place, Points (2)"]


def test_a_heading_in_the_name_loses_its_markup_and_stays_escaped():
    html = render_markdown('## *Stage* "winners" & <co>\n\n' + TABLE)
    assert 'aria-label="Stage &quot;winners&quot; &amp; &lt;co&gt;"' in html, html


@pytest.mark.parametrize("raw_html", [False, True])
def test_code_blocks_are_focusable_and_text_is_left_alone(raw_html):
    html = render_markdown("```\nwide <pre> line\n```\n\n    indented\n\nSay `<pre>` here.\n", raw_html=raw_html)
    assert html.count('<pre tabindex="0">') == 2, html
    assert "<code>&lt;pre&gt;</code>" in html and "wide &lt;pre&gt; line" in html


def test_raw_html_keeps_only_the_values_the_boxes_use():
    html = render_markdown('<div tabindex="5" role="button" aria-label="x">a</div>\n\n'
                           '<pre tabindex="-1">b</pre>\n\n<table><tr><th scope="nonsense">c</th></tr></table>\n',
                           raw_html=True)
    assert '<div aria-label="x">a</div>' in html, html
    assert '<pre tabindex="0">b</pre>' in html, html
    assert "<th>c</th>" in html, html
