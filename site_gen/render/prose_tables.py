"""A Markdown page's tables in the scroll box of the rule sets' tables (macros.html): a
table wider than the page scrolls inside it, and a keyboard can reach and scroll it (a box
that scrolls must be focusable, and a focusable region needs a name). The name is the
heading above the table, else the page's title. A code block, which scrolls sideways too,
is made focusable likewise."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

# the tags that matter here: headings with an id (Markdown's toc gives each one) and tables
_PRE = re.compile(r"<pre(?=[\s>])(?![^>]*\btabindex=)", re.I)
_TAGS = re.compile(r'<h[1-6]\s[^>]*?\bid="([^"]*)"|<(/?)table\b', re.I)


def boxed_tables(html: str, name: str) -> Markup:
    """`html` (a Markdown page's, already safe) with each outermost table in a focusable,
    named scroll box, and each code block focusable."""
    out: list[str] = []
    heading: str | None = None
    depth = 0
    done = 0
    for match in _TAGS.finditer(html):
        if match.group(1) is not None:
            heading = match.group(1)
            continue
        closing = match.group(2) == "/"
        if not closing:
            if depth == 0:
                label = f'aria-labelledby="{escape(heading)}"' if heading else f'aria-label="{escape(name)}"'
                out += [html[done:match.start()], f'<div class="table-scroll" tabindex="0" role="region" {label}>']
                done = match.start()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                end = html.index(">", match.end()) + 1
                out += [html[done:end], "</div>"]
                done = end
    out.append(html[done:])
    if depth:  # a table left open (raw HTML): its box closes at the end
        out.append("</div>")
    return Markup(_PRE.sub('<pre tabindex="0"', "".join(out)))
