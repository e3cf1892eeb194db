"""The bench's "what the organiser sees" case: from a save to the open page reloaded in a real
browser, while `site-gen serve` runs.

    python bench/serve_browser.py PROJECT OUT PAGE SAVES

Starts `site-gen serve` on PROJECT (into OUT, outside CI: as on an organiser's machine),
opens PAGE (a site-relative URL whose text the change alters) in Debian's headless Chromium
and copies in PROJECT.change/ and PROJECT.orig/ in turns, SAVES times. Each time counts from
the copy to the browser's "load" of the reloaded page: the watcher's poll, the rebuild,
livereload's reload and the page's load. The pauses between saves are drawn (fixed seed), so
that the saves fall at every point of the watcher's polling. Prints "SAVES MEDIAN_SECONDS"
(the median: what an organiser saving now and then waits) and the times one by one.
"""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from serve_rebuild import copy_tree  # bench/ is the script's folder, first on sys.path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
RELOAD_MS = 120_000  # a large competition's rebuild on a slow machine


def unavailable() -> str | None:
    """Why the case can't run here (no Chromium, no Playwright), or None."""
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} not found (Debian: apt-get install chromium; `make chromium`)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (make install-test)"
    return None


def save_to_reload(root: Path, out: Path, page_url: str, saves: int) -> list[float]:
    """Seconds from each save to the open page's reload."""
    from playwright.sync_api import sync_playwright

    copy_tree(root.with_name(root.name + ".orig"), root)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {name: value for name, value in os.environ.items() if name != "CI"}  # serve keeps what it may
    serve = subprocess.Popen([sys.executable, "-m", "site_gen", "serve", "--port", str(port), "--out", str(out),
                              "--root", str(root)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    base = f"http://127.0.0.1:{port}/"
    pauses = random.Random(7)
    try:
        _wait_until_up(base, serve)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(base + page_url, wait_until="load")
            page.wait_for_function("() => !!window.LiveReload", timeout=RELOAD_MS)  # connected
            times = []
            for save in range(saves):
                time.sleep(0.5 + pauses.random())
                shown = page.evaluate("() => document.body.innerText")
                with page.expect_event("load", timeout=RELOAD_MS):
                    start = time.perf_counter()
                    copy_tree(root.with_name(root.name + (".change" if save % 2 == 0 else ".orig")), root)
                times.append(time.perf_counter() - start)
                if page.evaluate("() => document.body.innerText") == shown:
                    raise SystemExit(f"save {save + 1}: {page_url} reloaded without the change")
            browser.close()
        return times
    finally:
        serve.terminate()
        serve.wait(timeout=60)


def _wait_until_up(url: str, serve: subprocess.Popen) -> None:
    while serve.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("site-gen serve ended before it served")


if __name__ == "__main__":
    project, output, url, count = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    measured = save_to_reload(project, output, url, count)
    print(" ".join(f"{seconds:.3f}" for seconds in measured))
    print(count, f"{sorted(measured)[len(measured) // 2]:.3f}")
