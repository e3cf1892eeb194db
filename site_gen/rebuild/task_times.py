"""How long each page and export took to render in serve's last build, so the next build
hands out the slowest first.

Workers take the next chunk of tasks as they come free. A slow task handed out last
keeps one process busy while the others wait: after one changed result in the bench's
marathon, the feed (~0.2 s, the site's last page) ended one process ~0.15 s after the
other. Longest first, the rest fills in around it. Only the order changes: results go
back in page order (page_renderer), so the bytes are those of any order.

A forked worker hands its times back (worker_memos). Times are the build's own clock,
used for nothing but the order.
"""

from __future__ import annotations

from typing import Hashable

from site_gen.rebuild import worker_memos


class TaskTimes(worker_memos.HandedBack):
    def __init__(self) -> None:
        super().__init__()  # made: (name, seconds)
        self.seconds: dict[Hashable, float] = {}
        self._session: object = None

    def for_session(self, session: object) -> None:
        """The times are those of one serve (its memo, `session`): another starts afresh."""
        if session is not self._session:
            self.seconds.clear()
            self._session = session

    def record(self, name: Hashable, seconds: float) -> None:
        self.seconds[name] = seconds
        self._made((name, seconds))

    def take(self, made: list[tuple[Hashable, float]]) -> None:
        self.seconds.update(made)

    def slowest_first(self, names: list[Hashable]) -> list[int]:
        """The indexes of `names`, the slowest last time first; a name never timed comes
        first (it may be slow), and equals keep their order."""
        unknown = float("inf")
        return sorted(range(len(names)), key=lambda i: -self.seconds.get(names[i], unknown))


TIMES = worker_memos.register(TaskTimes())
