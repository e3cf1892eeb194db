"""A Markdown page's tables go in a focusable scroll box named by the heading above them."""

from site_gen.render.prose_tables import boxed_tables
from site_gen.sources.markdown_reader import render_markdown

PAGE = """# Rules

| a | b |
|---|---|
| 1 | 2 |

## Scores

| c | d |
|---|---|
| 3 | 4 |
"""


def test_each_table_is_boxed_and_named_by_the_heading_above_it():
    html = str(boxed_tables(render_markdown(PAGE), "Page"))
    assert html.count('<div class="table-scroll" tabindex="0" role="region"') == 2
    first, second = html.split('<div class="table-scroll"')[1:]
    assert first.startswith(' tabindex="0" role="region" aria-labelledby="rules"><table>')
    assert second.startswith(' tabindex="0" role="region" aria-labelledby="scores"><table>')
    assert first.rstrip().endswith("</table></div>\n<h2 id=\"scores\">Scores</h2>")
    assert second.rstrip().endswith("</table></div>")


def test_a_table_before_any_heading_is_named_by_the_page_and_nested_tables_share_one_box():
    html = str(boxed_tables('<table><tr><td><table><tr><td>x</td></tr></table></td></tr></table><p>after</p>', 'A & B'))
    assert html == ('<div class="table-scroll" tabindex="0" role="region" aria-label="A &amp; B">'
                    '<table><tr><td><table><tr><td>x</td></tr></table></td></tr></table></div><p>after</p>')


def test_a_page_without_tables_is_unchanged():
    html = render_markdown(PAGE.replace("|", " "))
    assert str(boxed_tables(html, "Page")) == html


def test_a_table_left_open_gets_its_box_closed_and_a_stray_end_tag_is_left_alone():
    assert str(boxed_tables("<table><tr><td>x", "P")) == (
        '<div class="table-scroll" tabindex="0" role="region" aria-label="P"><table><tr><td>x</div>')
    assert str(boxed_tables("<p>a</p></table>", "P")) == "<p>a</p></table>"


def test_code_blocks_scroll_and_so_can_be_focused():
    html = str(boxed_tables(render_markdown("Text\n\n```\nsite-gen build --out _site --jobs 2\n```\n"), "Page"))
    assert '<pre tabindex="0"><code>site-gen build' in html
    assert str(boxed_tables('<pre tabindex="-1">x</pre><prefix>', "Page")) == '<pre tabindex="-1">x</pre><prefix>'
