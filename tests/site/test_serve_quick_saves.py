"""`site-gen serve` in a real browser: every save reloads the open page, however soon it
follows the last one. livereload's own loop dropped a reload that came within 3 s of the
previous one (and of serve's start): the site was rebuilt, but the organiser kept looking at
the first save's page until they reloaded it by hand."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from serve_process import start_serve

pytestmark = pytest.mark.browser

RELOAD_MS = 15_000  # a rebuild of a small site and the poll before it, with room for a slow machine
ABOUT = "---\ntitle: About\n---\n# About\n\n{text}\n"


def _shows(page, text: str) -> None:
    # a page caught between two documents while it reloads has no body yet
    page.wait_for_function("text => !!document.body && document.body.innerText.includes(text)", arg=text,
                           timeout=RELOAD_MS)


def test_saves_a_second_apart_each_reload_the_open_page(tmp_path: Path, open_page):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from hostile_project import write_project

    project = write_project(tmp_path / "repo", pages={"about.md": ABOUT.format(text="As first built.")})
    about = project / "content" / "about.md"
    proc, base = start_serve(project)
    try:
        page = open_page().page
        page.goto(base + "about/", wait_until="load")
        page.wait_for_function("() => !!window.LiveReload", timeout=RELOAD_MS)  # connected
        _shows(page, "As first built.")

        # right after serve started, and then each save as soon as the last one shows
        for save in range(1, 4):
            about.write_text(ABOUT.format(text=f"Save number {save}."), encoding="utf-8")
            _shows(page, f"Save number {save}.")
        assert page.evaluate("() => document.querySelector('main h1').textContent") == "About"
    finally:
        proc.terminate()
        output = proc.communicate(timeout=15)[0]
    assert output.count("rebuilt") >= 3, output  # a rebuild per save
