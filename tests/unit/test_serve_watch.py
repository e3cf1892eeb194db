"""serve_watch.RebuildingWatcher: one rebuild for whatever a save changed, and a reload of the
browsers after each (the real browser's side: tests/site/test_serve_quick_saves.py)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from livereload.handlers import LiveReloadHandler

from site_gen.serve.server import watched_patterns
from site_gen.serve.watch import RebuildingWatcher


class Browser:
    """What livereload keeps of a connected page: its socket, to which a reload is written."""

    def __init__(self):
        self.messages: list[dict] = []

    def write_message(self, message: dict) -> None:
        self.messages.append(message)


@pytest.fixture
def browser(monkeypatch):
    waiter = Browser()
    monkeypatch.setattr(LiveReloadHandler, "waiters", {waiter})
    yield waiter


def _touch(path: Path, text: str, seconds_ago: float = 0) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    when = time.time() - seconds_ago
    os.utime(path, (when, when))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    _touch(tmp_path / "data" / "om" / "games.csv", "a\n", seconds_ago=60)
    _touch(tmp_path / "templates" / "base.html", "<p>\n", seconds_ago=60)
    _touch(tmp_path / "site.yaml", "title: T\n", seconds_ago=60)
    return tmp_path


def _watcher(project: Path, rebuilds: list[int], monkeypatch) -> RebuildingWatcher:
    watcher = RebuildingWatcher(lambda: rebuilds.append(1))
    monkeypatch.setattr(LiveReloadHandler, "watcher", watcher)  # as livereload's Server sets it
    for pattern in watched_patterns(project):  # as serve watches them
        watcher.watch(pattern)
    return watcher


def test_nothing_changed_no_rebuild_no_reload(project, browser, monkeypatch):
    rebuilds: list[int] = []
    watcher = _watcher(project, rebuilds, monkeypatch)
    assert [watcher.poll(), watcher.poll()] == [False, False]
    assert rebuilds == [] and browser.messages == []


def test_a_save_touching_two_watched_folders_rebuilds_once_and_reloads_once(project, browser, monkeypatch):
    rebuilds: list[int] = []
    watcher = _watcher(project, rebuilds, monkeypatch)
    watcher.poll()
    _touch(project / "data" / "om" / "games.csv", "b\n")
    _touch(project / "templates" / "base.html", "<div>\n")
    assert watcher.poll() is True
    assert len(rebuilds) == 1  # livereload's own loop ran the rebuild once per pattern: twice
    assert [m["command"] for m in browser.messages] == ["reload"]
    assert watcher.poll() is False  # each pattern kept its files' new times
    assert len(rebuilds) == 1


def test_saves_in_quick_succession_each_reload(project, browser, monkeypatch):
    """livereload dropped a reload within 3 s of the last one (and of its start)."""
    rebuilds: list[int] = []
    watcher = _watcher(project, rebuilds, monkeypatch)
    for save in range(3):
        _touch(project / "site.yaml", f"title: T{save}\n", seconds_ago=-(save + 1))  # a newer time each save
        assert watcher.poll() is True
    assert len(rebuilds) == 3
    assert [m["command"] for m in browser.messages] == ["reload"] * 3


def test_a_new_file_and_a_removed_one_are_changes_a_swap_file_is_not(project, browser, monkeypatch):
    rebuilds: list[int] = []
    watcher = _watcher(project, rebuilds, monkeypatch)
    watcher.poll()
    _touch(project / "data" / "om" / ".games.csv.swp", "x")  # an editor's, beside the file it edits
    assert watcher.poll() is False
    _touch(project / "data" / "new" / "games.csv", "a\n")  # a folder made after serving started
    assert watcher.poll() is True
    (project / "templates" / "base.html").unlink()
    assert watcher.poll() is True
    assert len(rebuilds) == 2 and len(browser.messages) == 2


def test_a_file_gone_between_its_glob_and_its_stat_is_a_change_not_an_error(project, browser, monkeypatch):
    """Editors make and remove files while saving (vim's "4913", to test the folder): one can
    go between livereload's isfile() and its getmtime(); livereload's loop let that raise."""
    rebuilds: list[int] = []
    watcher = _watcher(project, rebuilds, monkeypatch)
    watcher.poll()
    fleeting = project / "data" / "om" / "4913"
    _touch(fleeting, "")
    real_getmtime = os.path.getmtime

    def gone_first(path):
        if path == str(fleeting) and fleeting.exists():
            fleeting.unlink()  # removed just before its stat
        return real_getmtime(path)

    monkeypatch.setattr(os.path, "getmtime", gone_first)
    assert watcher.poll() is True  # no FileNotFoundError
    assert len(rebuilds) == 1 and len(browser.messages) == 1
    assert watcher.poll() is False  # the next look finds the folder as it was


def test_start_polls_on_its_own_loop_and_tells_livereload_to_run_none():
    # in a thread of its own: another test's Playwright may hold this thread's event loop
    outcome: list = []
    thread = threading.Thread(target=lambda: outcome.append(_start_on_a_fresh_loop()))
    thread.start()
    thread.join(timeout=30)
    assert outcome == [True]


def _start_on_a_fresh_loop() -> bool:
    from tornado.ioloop import IOLoop

    loop = IOLoop(make_current=False)
    watcher = RebuildingWatcher(lambda: None, interval=0.01)

    async def started() -> bool:
        # livereload's callback is its throttling loop: never to be run
        assert watcher.start(lambda: pytest.fail("livereload's loop was run")) is True
        assert watcher.start(lambda: None) is True  # started once: a second start adds no second poll
        return watcher._polling is not None and watcher._polling.is_running()

    try:
        running = loop.run_sync(started)
        watcher._polling.stop()
        return running
    finally:
        loop.close()
