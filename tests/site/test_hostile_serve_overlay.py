"""`site-gen serve` in a real browser: a data file saved half way shows its problems on
the open page (livereload reloads it, the overlay is served with it), and the next good
save takes them away again, without the reader touching the browser."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from serve_process import start_serve

pytestmark = pytest.mark.browser

RELOAD_MS = 30_000  # a rebuild and the poll before it, with room for a slow machine


def test_the_open_page_shows_a_broken_save_and_recovers(tmp_path: Path, open_page):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from hostile_project import write_project

    project = write_project(tmp_path / "repo")
    games = project / "data" / "om" / "games.csv"
    good = games.read_text(encoding="utf-8")
    proc, base = start_serve(project)
    try:
        page = open_page().page
        page.goto(base + "om/", wait_until="load")
        page.wait_for_function("() => !!window.LiveReload", timeout=RELOAD_MS)  # connected
        assert page.locator("#site-gen-error").count() == 0
        # saved at once: serve reloads after every rebuild (serve_watch), from its start on

        games.write_text(good + "2000,RU-Marathon-1,2015-02-04T21:15:00+03:00,<script>window.__pwned=1</script>,",
                         encoding="utf-8")
        overlay = page.locator("#site-gen-error")
        overlay.wait_for(state="visible", timeout=RELOAD_MS)
        assert "data/om/games.csv:14: error: expected 11 cells as in the header, found 5" in overlay.inner_text()
        assert page.locator("main h1").inner_text()  # the last good page is still there under it
        assert page.evaluate("() => window.__pwned") is None

        games.write_text(good.replace("NomWise", "Newcomer"), encoding="utf-8")
        page.wait_for_function("() => !document.getElementById('site-gen-error')", timeout=RELOAD_MS)
        assert "Newcomer" in page.content()
    finally:
        proc.terminate()
        proc.communicate(timeout=15)
