"""Fixtures for the browser tests: the repository's example site, built once per session
(at the site root and under the sub-path /club/), served from 127.0.0.1 by a thread, and a
headless Debian Chromium driven by Playwright.

Without Chromium or the playwright package the browser tests skip, except under CI=true,
where a missing browser is a failure.
"""

from __future__ import annotations

import functools
import html as html_lib
import http.server
import os
import posixpath
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from required_tool import unavailable  # noqa: F401 - the site tests import it from here

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("SITE_GEN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SUBPATH_BASE = "https://example.org/club/"
TIMEOUT_MS = 15_000


# --- the example site ---------------------------------------------------------------------

def _build(out: Path, *extra: str) -> None:
    if not (REPO / "site.yaml").is_file():
        pytest.fail(f"no site.yaml in {REPO}: the repository's example site is missing", pytrace=False)
    if not any(p.is_dir() for p in (REPO / "data").glob("*")):
        pytest.fail(f"{REPO / 'data'} holds no competition: the repository's example site is missing", pytrace=False)
    cmd = [sys.executable, "-m", "site_gen", "build", "--root", str(REPO), "--out", str(out), *extra]
    env = {**os.environ, "CI": "true"}  # no progress bar
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    if proc.returncode != 0:
        pytest.fail(f"`{' '.join(cmd)}` failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}", pytrace=False)


@dataclass
class Site:
    """A built site on disk and the addresses of the pages the tests visit."""

    root: Path                       # the folder served at the server's /
    prefix: str                      # the site's path under the server: "/" or "/club/"
    competition: str                 # the slug of the competition under test
    stage_page: str                  # site-relative URL of its largest stage table
    stage_rows: int
    stage_csv: str                   # site-relative URL of that table's CSV
    player_page: str                 # site-relative URL of a player in that table
    player_name: str                 # their name, as the page's <h1> shows it
    base_url: str = ""               # set once served: http://127.0.0.1:PORT/
    public_url: str = ""             # the --base-url it was built for, when absolute
    extra_pages: list[str] = field(default_factory=list)

    def url(self, rel: str = "") -> str:
        return self.base_url.rstrip("/") + self.prefix + rel.lstrip("/")

    @property
    def files(self) -> Path:
        return self.root / self.prefix.strip("/") if self.prefix != "/" else self.root


def _body_rows(html: str, table_id: str) -> int:
    start = html.index(f'id="{table_id}"')
    body = html[html.index("<tbody>", start):html.index("</tbody>", start)]
    return body.count("<tr")


def _describe(root: Path, prefix: str) -> Site:
    files = root / prefix.strip("/") if prefix != "/" else root
    stages = sorted(files.glob("*/stages/*/index.html"))
    if not stages:
        pytest.fail(f"the example site in {files} has no stage page (<competition>/stages/<n>/)", pytrace=False)
    # The stage with the largest table: it shows the filter box.
    best = max(stages, key=lambda p: (_body_rows(p.read_text(encoding="utf-8"), "stage"), -stages.index(p)))
    html = best.read_text(encoding="utf-8")
    rel = best.parent.relative_to(files).as_posix() + "/"
    competition = rel.split("/", 1)[0]
    csv_href = next(part.split('"', 1)[0] for part in html.split('href="')[1:] if part.split('"', 1)[0].endswith(".csv"))
    csv_rel = _site_relative(rel, csv_href)  # links are relative to their page
    players = sorted(p.parent.relative_to(files).as_posix() + "/" for p in files.glob(f"{competition}/players/*/index.html"))
    if not players:
        pytest.fail(f"the example site has no player page under {competition}/players/", pytrace=False)
    # A player linked from the stage table, one whose address needs percent-encoding if any;
    # the stage page (<competition>/stages/<n>/) links their file, ../../players/<slug>/index.html
    linked = [p for p in players if f'href="../../{_quote(p[len(competition) + 1:])}index.html"' in html] or players
    player = min(linked, key=lambda p: (p.isascii(), p))
    # Every other page that is neither a stage nor a player: overview, lists, Markdown pages.
    pages = sorted(p.parent.relative_to(files).as_posix() + "/" for p in files.rglob("index.html") if p.parent != files)
    others = [p for p in pages if not any(part in ("stages", "players") for part in p.split("/")[1:-2])]
    return Site(root=root, prefix=prefix, competition=competition, stage_page=rel,
                stage_rows=_body_rows(html, "stage"), stage_csv=csv_rel, player_page=player,
                player_name=_h1(files / player / "index.html"),
                extra_pages=[*others, "404.html"])


def _h1(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    start = text.index("<h1>") + 4
    return html_lib.unescape(text[start:text.index("</h1>", start)]).strip()


def _site_relative(page: str, href: str) -> str:
    """The site-relative path a relative link of the page at site-relative URL `page` leads to."""
    return posixpath.normpath(posixpath.join(page.rpartition("/")[0], unquote(href)))


def _quote(path: str) -> str:
    from urllib.parse import quote
    return quote(path, safe="/#?=&.-_~")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Site:
    """The repository's example site built for the root of a host (--base-url /)."""
    out = tmp_path_factory.mktemp("site") / "_site"
    _build(out, "--base-url", "/")
    return _describe(out, "/")


@pytest.fixture(scope="session")
def subpath_site(tmp_path_factory) -> Site:
    """The example site built for https://example.org/club/ and served under /club/."""
    root = tmp_path_factory.mktemp("subpath")
    _build(root / "club", "--base-url", SUBPATH_BASE)
    site = _describe(root, "/club/")
    site.public_url = SUBPATH_BASE
    return site


@pytest.fixture(scope="session")
def public_site(tmp_path_factory) -> Site:
    """The example site built as its site.yaml says (base_url: https://example.org/, no
    --base-url), as CI builds the site it deploys: opened from disk (file://) or copied
    under any sub-path, it must work as it is."""
    out = tmp_path_factory.mktemp("public") / "_site"
    _build(out)
    return _describe(out, "/")


# --- the local web server -----------------------------------------------------------------

class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """`folder` served from 127.0.0.1 while the block runs; its address ("http://127.0.0.1:PORT/")."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture(scope="session")
def site(built_site):
    """The example site, served at http://127.0.0.1:PORT/."""
    with served(built_site.root) as address:
        built_site.base_url = address
        yield built_site


@pytest.fixture(scope="session")
def club_site(subpath_site):
    """The sub-path build, served so that its files live under http://127.0.0.1:PORT/club/."""
    with served(subpath_site.root) as address:
        subpath_site.base_url = address
        yield subpath_site


@pytest.fixture(scope="session")
def moved_site(public_site, tmp_path_factory):
    """The very files of public_site copied under /sub/dir/ of a local server: a sub-path
    it was not built for."""
    root = tmp_path_factory.mktemp("moved")
    shutil.copytree(public_site.root, root / "sub" / "dir")
    moved = _describe(root, "/sub/dir/")
    with served(root) as address:
        moved.base_url = address
        yield moved


# --- the browser --------------------------------------------------------------------------

def left_behind(request) -> bool:
    """The favicon, which a browser fetches on its own after a page has loaded, cancelled by
    the next navigation: no failure of the page (a missing one is an HTTP error instead)."""
    return request.url.endswith("/favicon.svg") and "ERR_ABORTED" in (request.failure or "")


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import Error as PlaywrightError, sync_playwright
    except ImportError as exc:
        unavailable(f"the playwright package is not installed ({exc}): pip install -e '.[dev]'")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        found = shutil.which("chromium")
        unavailable(f"Chromium not found at {CHROMIUM}" + (f" (there is one at {found}: set SITE_GEN_CHROMIUM)" if found else ": run `make chromium`"))
    playwright = sync_playwright().start()
    try:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    except PlaywrightError as exc:
        playwright.stop()
        unavailable(f"Chromium at {CHROMIUM} did not start: {exc}")
    yield instance
    instance.close()
    playwright.stop()


@dataclass
class Tab:
    """A page plus everything that went wrong on it: console errors, page errors,
    failed requests and requests that tried to leave the machine."""

    page: object
    errors: list[str] = field(default_factory=list)
    visited: list[str] = field(default_factory=list)


@pytest.fixture
def open_page(browser):
    """open_page(**context_options) -> Tab. Every error seen on any page a test visits
    fails the test when it ends."""
    contexts = []
    tabs: list[Tab] = []

    def make(**options) -> Tab:
        context = browser.new_context(**options)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        tab = Tab(page)

        def local_only(route):
            host = urlsplit(route.request.url).hostname
            if route.request.url.startswith(("data:", "blob:", "file:")) or host == "127.0.0.1":
                route.continue_()
            else:
                tab.errors.append(f"request leaving the machine: {route.request.url}")
                route.abort()

        context.route("**/*", local_only)
        page.on("console", lambda msg: msg.type == "error" and tab.errors.append(
            f"console error on {page.url}: {msg.text} ({msg.location.get('url', '')}:{msg.location.get('lineNumber', '')})"))
        page.on("pageerror", lambda exc: tab.errors.append(f"page error on {page.url}: {exc}"))
        page.on("requestfailed", lambda req: left_behind(req) or tab.errors.append(
            f"request failed on {page.url}: {req.url} ({req.failure})"))
        page.on("response", lambda resp: resp.status >= 400 and tab.errors.append(
            f"HTTP {resp.status} for {resp.url} (on {page.url})"))
        page.on("framenavigated", lambda frame: frame == page.main_frame and tab.visited.append(frame.url))
        tabs.append(tab)
        return tab

    yield make
    problems = [e for tab in tabs for e in tab.errors]
    for context in contexts:
        context.close()
    if problems:
        visited = sorted({u for tab in tabs for u in tab.visited})
        pytest.fail("errors in the browser:\n  " + "\n  ".join(problems) + "\nvisited:\n  " + "\n  ".join(visited), pytrace=False)
