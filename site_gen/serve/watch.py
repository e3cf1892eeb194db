"""Noticing edits while `site-gen serve` runs: one rebuild for whatever changed, then the
browsers reload, every time.

livereload's own loop (LiveReloadHandler.poll_tasks) looks for changes every 800 ms, runs
the rebuild once per watched pattern that changed, and then drops the browsers' reload
when the last one was less than 3 s before (DEFAULT_RELOAD_TIME), or serve started less
than 3 s before: an organiser who saved again soon after got the site rebuilt, yet kept
looking at the page of their previous save. This watcher keeps livereload's way of telling
a change (its Watcher: file times, by glob; editors' swap files ignored) and replaces that
loop: it looks every POLL_SECONDS, rebuilds once, and always reloads.
"""

from __future__ import annotations

from collections.abc import Callable

from livereload.handlers import LiveReloadHandler
from livereload.watcher import Watcher

# a look takes ~12 ms at the Tenhou bench's 1,079 files (globs and stats): under 5% of a
# core while serve waits, for a rebuild that starts at most a quarter second after a save
POLL_SECONDS = 0.25


class RebuildingWatcher(Watcher):
    """livereload's polling Watcher (pinned: livereload==2.7.1, whose `_tasks`,
    `_task_mtimes` and `is_changed` this uses), with `rebuild` run once per poll that finds
    a change, and a reload after it."""

    def __init__(self, rebuild: Callable[[], None], interval: float = POLL_SECONDS):
        super().__init__()
        self._rebuild = rebuild
        self._interval = interval
        self._polling = None

    def start(self, callback: Callable[[], None]) -> bool:
        """Poll on the IOLoop; True tells livereload not to run its own loop (`callback`,
        which throttles the reloads)."""
        from tornado.ioloop import PeriodicCallback

        if self._polling is None:
            self._polling = PeriodicCallback(self.poll, self._interval * 1000)
            self._polling.start()
        return True

    def poll(self) -> bool:
        """Rebuild and reload the browsers when a watched file was added, changed or
        removed since the last poll; whether one was."""
        if not self.changed():
            return False
        self._rebuild()
        LiveReloadHandler.reload_waiters()  # a failed rebuild too: the pages show its problems
        return True

    def changed(self) -> bool:
        """Whether any watched file changed since the last look. Every pattern is looked
        at, so that each keeps its files' new times and a change is found once."""
        found = False
        for pattern, task in self._tasks.items():
            self._task_mtimes = task["mtimes"]
            try:
                found = self.is_changed(pattern, task["ignore"]) or found
            except OSError:  # a file went between its glob and its stat (vim's "4913"): a save under way
                found = True  # the pattern keeps its old times: the next look sees the rest
        return found
