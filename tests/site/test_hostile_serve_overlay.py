"""`site-gen serve` in a real browser: a data file saved half way shows its problems on
the open page (livereload reloads it, the overlay is served with it), and the next good
save takes them away again, without the reader touching the browser."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

RELOAD_MS = 30_000  # a rebuild plus livereload's polling and its 3-second throttle


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_up(url: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.2)
    proc.terminate()
    pytest.fail(f"site-gen serve did not start:\n{proc.communicate(timeout=15)[0]}")


def test_the_open_page_shows_a_broken_save_and_recovers(tmp_path: Path, open_page):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from hostile_project import write_project

    project = write_project(tmp_path / "repo")
    games = project / "data" / "om" / "games.csv"
    good = games.read_text(encoding="utf-8")
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "site_gen", "serve", "--port", str(port), "--out",
                             str(project / "_site"), "--root", str(project)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "CI": "true"})
    base = f"http://127.0.0.1:{port}/"
    try:
        _wait_until_up(base, proc)
        up = time.monotonic()
        page = open_page().page
        page.goto(base + "om/", wait_until="load")
        page.wait_for_function("() => !!window.LiveReload", timeout=RELOAD_MS)  # connected
        assert page.locator("#site-gen-error").count() == 0
        time.sleep(max(0.0, up + 3.5 - time.monotonic()))  # livereload ignores changes within 3 s of its start

        games.write_text(good + "2000,RU-Marathon-1,2015-02-04T21:15:00+03:00,<script>window.__pwned=1</script>,",
                         encoding="utf-8")
        overlay = page.locator("#site-gen-error")
        overlay.wait_for(state="visible", timeout=RELOAD_MS)
        assert "data/om/games.csv:14: error: expected 11 cells as in the header, found 5" in overlay.inner_text()
        assert page.locator("main h1").inner_text()  # the last good page is still there under it
        assert page.evaluate("() => window.__pwned") is None
        time.sleep(3.5)  # ... and of its last reload

        games.write_text(good.replace("NomWise", "Newcomer"), encoding="utf-8")
        page.wait_for_function("() => !document.getElementById('site-gen-error')", timeout=RELOAD_MS)
        assert "Newcomer" in page.content()
    finally:
        proc.terminate()
        proc.communicate(timeout=15)
