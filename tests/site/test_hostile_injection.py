"""Script injection, in a real browser: a site whose player names, competition name,
sanction reasons and Markdown pages carry <script>, javascript: links, onerror=
attributes and Jinja syntax shows all of it as text and runs none of it.

Two builds of one hostile project: with the default `markdown_raw_html: false` (raw
HTML in Markdown escaped) and with `markdown_raw_html: true` (raw HTML through the nh3
allow-list). Every HTML page of both is loaded in headless Chromium; any dialog, any
console message from a payload, `window.__pwned` set, an inline script or an on*
attribute the theme did not write fails the test (as do the console errors, failed
requests and requests leaving the machine that conftest's open_page watches).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from navigation import follow

from conftest import served

pytestmark = pytest.mark.browser

MARK = "PWNED"  # every payload logs it, alerts it or sets window.__pwned
PLAYERS = [
    f'<script>window.__pwned=1;console.log("{MARK} script");alert("{MARK}")</script>',
    f'<img src="/static/site.css" onerror="window.__pwned=1;console.log(\'{MARK} img\')">',
    '"><svg onload=window.__pwned=1>',
    f"javascript:window.__pwned=1;alert('{MARK}')//",
    "{{ 7*7 }}",
    "{% raw %}{{ cycler.__init__.__globals__ }}",
    "</title><script>window.__pwned=1</script>",
    "Plain Player",
]
COMPETITION = "<script>window.__pwned=1</script>{{ 7*7 }} Cup {% if true %}x{% endif %}"
REASON = "<img src=\"/static/site.css\" onerror=\"window.__pwned=1\"> {{ config }} {% include 'base.html' %}"
PAGE = f"""---
title: "<script>window.__pwned=1</script>{{{{ 7*7 }}}}"
---
# Hostile page {{: onclick="window.__pwned=1" }}

<script>window.__pwned=1;console.log("{MARK} md script");alert(1)</script>

<img src="/static/site.css" onerror="window.__pwned=1;console.log('{MARK} md img')">

<a href="javascript:window.__pwned=1">raw link</a> <b onmouseover="window.__pwned=1">bold</b>

[click me](javascript:window.__pwned=1;alert('{MARK}'))
[entity](jav&#x61;script:window.__pwned=1)
[tab]( java\tscript:window.__pwned=1)
[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)
![image](javascript:window.__pwned=1)
[ref link][r]

[r]: javascript:window.__pwned=1

A [fine link](https://example.org/) and {{{{ 7*7 }}}} and {{% raw %}}.
"""


def _project(root: Path, raw_html: bool) -> Path:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from hostile_project import write_project

    return write_project(root, name=COMPETITION, players=PLAYERS, games=12, reason=REASON,
                         pages={"about.md": PAGE, "om/news.md": PAGE},
                         site_extra=f"markdown_raw_html: {'true' if raw_html else 'false'}\n")


def _build(root: Path) -> Path:
    out = root.parent / f"{root.name}-site"
    proc = subprocess.run([sys.executable, "-m", "site_gen", "build", "--root", str(root), "--out", str(out),
                           "--base-url", "/"], capture_output=True, text=True, env={**os.environ, "CI": "true"},
                          timeout=300)
    assert proc.returncode == 0, proc.stderr  # hostile text is data: no error
    return out


@pytest.fixture(scope="module", params=["escaped", "sanitised"])
def hostile_site(request, tmp_path_factory):
    root = tmp_path_factory.mktemp(f"hostile-{request.param}") / "repo"
    out = _build(_project(root, raw_html=request.param == "sanitised"))
    with served(out) as address:
        yield out, address, request.param


# What the theme itself writes: scripts from /static/, the search form's onsubmit.
_CHECK_DOM = """() => {
  const problems = [];
  for (const s of document.scripts) {
    if (!s.src || !new URL(s.src).pathname.startsWith('/static/')) problems.push('script: ' + s.outerHTML.slice(0, 120));
  }
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on') && !(el.matches('form.search') && name === 'onsubmit')) problems.push(el.tagName + ' ' + name);
      if (['href', 'src', 'action', 'formaction'].includes(name) && /^\\s*(javascript|data|vbscript):/i.test(a.value))
        problems.push(el.tagName + ' ' + name + '=' + a.value);
    }
  }
  for (const tag of ['iframe', 'object', 'embed', 'svg script']) {
    if (document.querySelector(tag)) problems.push('element ' + tag);
  }
  return problems;
}"""


def test_hostile_pages_run_no_script(hostile_site, open_page):
    out, base, mode = hostile_site
    pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))
    assert len(pages) >= 10
    if mode == "sanitised":  # only the Markdown pages differ from the escaped build
        pages = [p for p in pages if p in ("index.html", "about/index.html", "om/news/index.html")]
    tab = open_page()
    page = tab.page
    events: list[str] = []
    page.on("dialog", lambda dialog: (events.append(f"dialog on {page.url}: {dialog.message}"), dialog.dismiss()))
    page.on("console", lambda msg: MARK in msg.text and events.append(f"console on {page.url}: {msg.text}"))
    for rel in pages:
        url = base + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(50)  # an onerror of an image that fails to decode fires after load
        assert page.evaluate("() => window.__pwned") is None, f"window.__pwned set on {url}"
        assert page.evaluate(_CHECK_DOM) == [], url
        for link in page.locator(".prose a").all():  # neutralised links: clicking them does nothing
            if (link.get_attribute("href") or "#").startswith("#"):
                link.click()
        assert page.evaluate("() => window.__pwned") is None, f"window.__pwned set on {url} by a click"
    assert events == []


@pytest.mark.parametrize("hostile_site", ["escaped"], indirect=True)  # names do not depend on the setting
def test_hostile_names_are_shown_as_written(hostile_site, open_page):
    _, base, _ = hostile_site
    page = open_page().page
    page.goto(base + "om/", wait_until="load")
    heading = page.locator("main h1").first.inner_text()
    assert COMPETITION in heading and COMPETITION in page.title()  # Jinja never evaluated the data
    page.goto(base + "om/players/", wait_until="load")
    links = page.locator("main li a")
    assert sorted(t.strip() for t in links.all_inner_texts()) == sorted(PLAYERS)
    follow(links.nth([t.strip() for t in links.all_inner_texts()].index(PLAYERS[1])))
    assert page.locator("main h1").inner_text().strip() == PLAYERS[1]
    assert REASON in page.locator("main").inner_text()  # the sanction's reason, as written


def test_hostile_markdown_is_text_or_gone(hostile_site, open_page):
    _, base, mode = hostile_site
    page = open_page().page
    page.goto(base + "about/", wait_until="load")
    text = page.locator("article").inner_text()
    assert "{{ 7*7 }}" in text and "{% raw %}" in text and "49" not in text
    assert page.title().startswith("<script>window.__pwned=1</script>{{ 7*7 }}")
    links = {a.inner_text(): a.get_attribute("href") for a in page.locator("article a").all()}
    for label in ("click me", "entity", "tab", "data", "ref link"):
        assert links[label] is None, links  # the link text stays, the target is gone
    assert links["fine link"] == "https://example.org/"
    if mode == "sanitised":
        assert "<script>" not in text  # dropped by nh3 with its content
    else:
        assert '<script>window.__pwned=1;console.log("PWNED md script");alert(1)</script>' in text  # shown as text
