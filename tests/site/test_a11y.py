"""Accessibility of every page type of the example site: an axe-core scan in headless
Chromium (light and dark colour schemes) finds no serious or critical violation, and the
built HTML gives tables captions and header scopes and charts a text equivalent.

The pages are discovered from the built site (sitemap.xml and search.json), so a rule set
added later is scanned without editing this file: one page per competition section and
depth (overview, lists, one player, one stage, round, event...), plus the home page, a
content page and the 404 page; axe also scans every Markdown page (news, rules, about),
whose tables and code blocks the organisers write. axe-core comes from tests/tools (npm ci,
`make node-tools`).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

import pytest

from axe_scan import report, scan
from conftest import REPO


# --- which pages ----------------------------------------------------------------------------

def _sitemap_paths(site) -> list[str]:
    text = (site.files / "sitemap.xml").read_text(encoding="utf-8")
    paths = []
    for loc in re.findall(r"<loc>([^<]+)</loc>", text):
        path = unquote(urlsplit(loc).path)
        prefix = unquote(urlsplit(site.public_url).path) if site.public_url else site.prefix
        paths.append(path[len(prefix):] if path.startswith(prefix) else path.lstrip("/"))
    return paths


def page_types(site) -> dict[str, str]:
    """{description: site-relative URL}, one page of each type."""
    search = json.loads((site.files / "search.json").read_text(encoding="utf-8"))
    content = [e["url"] for e in search if e["kind"] == "page"]
    competitions = [e["url"] for e in search if e["kind"] == "competition"]
    chosen = {"home": "", "404": "404.html"}
    if content:
        chosen["content page"] = content[0]
    for comp in competitions:
        chosen[f"{comp} overview"] = comp
        groups: dict[tuple[str, int], list[str]] = {}
        for path in _sitemap_paths(site):
            if path.startswith(comp) and path != comp and path not in content:
                parts = path[len(comp):].strip("/").split("/")
                groups.setdefault((parts[0], len(parts)), []).append(path)
        for (section, depth), paths in sorted(groups.items()):
            chosen[f"{comp}{section}/{'*/' * (depth - 1)}"] = sorted(paths)[0]
    # the player the other browser tests use: linked from the largest stage table
    chosen[f"{site.competition}/players/*/"] = site.player_page
    chosen[f"{site.competition}/stages/*/"] = site.stage_page
    return chosen


def markdown_pages(site) -> dict[str, str]:
    """{description: site-relative URL} of every page made from content/*.md."""
    search = json.loads((site.files / "search.json").read_text(encoding="utf-8"))
    return {f"Markdown page {e['url']}": e["url"] for e in search if e["kind"] == "page"}


def test_the_scan_covers_every_page_type(built_site):
    types = page_types(built_site)
    for wanted in ["home", "404", "content page", f"{built_site.competition}/ overview",
                   f"{built_site.competition}/players/", f"{built_site.competition}/players/*/",
                   f"{built_site.competition}/stages/*/"]:
        assert wanted in types, f"no {wanted} page in {sorted(types)}"
    for rel in types.values():
        file = built_site.files / (rel if rel.endswith(".html") else rel + "index.html")
        assert file.is_file(), file
    # content/<competition>/news.md is <competition>/news/; content/index.md is the home page's
    sources = [p.relative_to(REPO / "content").with_suffix("").as_posix() + "/" for p in (REPO / "content").rglob("*.md")]
    expected = sorted(s for s in sources if s != "index/")
    assert expected and sorted(markdown_pages(built_site).values()) == expected


# --- the HTML, without a browser ---------------------------------------------------------

class _Structure(HTMLParser):
    def __init__(self):
        super().__init__()
        self.problems: list[str] = []
        self.stack: list[str] = []
        self.table_has_caption: list[bool] = []
        self.in_thead = False
        self.svg: dict | None = None
        self.lang = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if tag == "table":
            self.table_has_caption.append(False)
        elif tag == "caption" and self.table_has_caption:
            self.table_has_caption[-1] = True
        elif tag == "thead":
            self.in_thead = True
        elif tag == "th" and a.get("scope") not in ("col", "row"):
            self.problems.append(f"<th> without scope col/row: {a}")
        elif tag == "svg" and a.get("role") == "img":
            self.svg = {"labelled": a.get("aria-labelledby", ""), "title": "", "desc": "", "in": None}
        elif tag in ("title", "desc") and self.svg is not None:
            self.svg["in"] = tag

    def handle_endtag(self, tag):
        if tag == "table" and self.table_has_caption:
            if not self.table_has_caption.pop():
                self.problems.append("a <table> without <caption>")
        elif tag == "thead":
            self.in_thead = False
        elif tag in ("title", "desc") and self.svg is not None:
            self.svg["in"] = None
        elif tag == "svg" and self.svg is not None:
            if not (self.svg["title"].strip() and self.svg["desc"].strip() and self.svg["labelled"]):
                self.problems.append(f"a chart without a text equivalent: {self.svg}")
            self.svg = None

    def handle_data(self, data):
        if self.svg is not None and self.svg["in"]:
            self.svg[self.svg["in"]] += data


def test_tables_have_captions_and_scopes_and_charts_have_words(built_site):
    problems = []
    for kind, rel in page_types(built_site).items():
        file = built_site.files / (rel if rel.endswith(".html") else rel + "index.html")
        parser = _Structure()
        parser.feed(file.read_text(encoding="utf-8"))
        problems += [f"{kind} ({rel}): {p}" for p in parser.problems]
        if not parser.lang:
            problems.append(f"{kind} ({rel}): <html> without lang")
    assert not problems, "\n".join(problems)


def test_the_player_chart_describes_every_bar(built_site):
    html = (built_site.files / built_site.player_page / "index.html").read_text(encoding="utf-8")
    desc = re.search(r"<desc id=\"([\w-]+)\">([^<]+)</desc>", html)
    assert desc, "the player page's chart has no <desc>"
    assert f'aria-labelledby="chart-title {desc[1]}"' in html
    stages = len(list((built_site.files / built_site.competition / "stages").iterdir()))
    assert desc[2].count(";") == stages - 1, f"one description per stage expected: {desc[2]}"


# --- axe-core in the browser ----------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_or_critical_axe_violations(site, open_page, scheme):
    page = open_page(color_scheme=scheme).page
    found = {}
    types = page_types(site)
    types |= {kind: rel for kind, rel in markdown_pages(site).items() if rel not in types.values()}
    for kind, rel in types.items():
        page.goto(site.url(rel))
        page.wait_for_load_state("load")
        # an opened "why this place?" note is part of the page too (a popover's button once
        # site.js has run, else the disclosure)
        why = page.locator(".why-button, details.why summary")
        if why.count():
            why.first.click()
        violations = scan(page)
        if violations:
            found[f"{kind} ({rel}, {scheme})"] = violations
    assert not found, f"axe-core found serious or critical problems on {len(found)} of {len(types)} pages:\n" + report(found)


@pytest.mark.browser
def test_axe_reports_a_real_problem(site, open_page):
    """The scan can fail: an image without alternative text is a critical violation."""
    page = open_page().page
    page.goto(site.url(""))
    page.evaluate("() => { const i = document.createElement('img'); i.src = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'; document.querySelector('main').appendChild(i); }")
    assert any(v["id"] == "image-alt" for v in scan(page))


@pytest.mark.browser
def test_axe_checks_contrast_in_dark_mode(site, open_page):
    """Dark mode is really applied and measured: text in the dark theme's line colour fails."""
    page = open_page(color_scheme="dark").page
    page.goto(site.url(""))
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
    page.evaluate("() => { const p = document.createElement('p'); p.textContent = 'hard to read';"
                  " p.style.color = 'var(--line)'; document.querySelector('main').appendChild(p); }")
    assert any(v["id"] == "color-contrast" for v in scan(page))
