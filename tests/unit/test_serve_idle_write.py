"""serve leaves what its rebuilds have to write (a Tenhou log cache's months) until the
organiser pauses: IDLE_SECONDS after the last of a run of rebuilds, once, in the real
tornado IOLoop that livereload runs. tests/test_serve.py checks the files a real serve
writes, also when it stops."""

from __future__ import annotations

import threading
import time

from tornado.ioloop import IOLoop

from site_gen import serve


def test_one_write_after_the_last_rebuild_of_a_run(monkeypatch, tmp_path):
    events: list[tuple[str, float]] = []
    monkeypatch.setattr(serve, "rebuild", lambda *args: events.append(("rebuild", time.monotonic())))
    monkeypatch.setattr(serve.log_cache, "write_unwritten", lambda: events.append(("write", time.monotonic())))
    monkeypatch.setattr(serve, "IDLE_SECONDS", 0.3)
    monkeypatch.setattr(serve, "_idle_write", None)

    def serving() -> None:  # a thread of its own: the browser tests' sync Playwright may hold this one's loop
        loop = IOLoop(make_current=False)
        try:
            for delay in (0.0, 0.1, 0.2):  # three saves 0.1 s apart
                loop.call_later(delay, lambda: serve.rebuild_then_write_when_idle(tmp_path, tmp_path / "_site", "/"))
            loop.call_later(0.9, loop.stop)
            loop.start()
        finally:
            loop.close()

    thread = threading.Thread(target=serving)
    thread.start()
    thread.join()
    assert [kind for kind, _ in events] == ["rebuild"] * 3 + ["write"]
    assert events[3][1] - events[2][1] >= 0.3  # a pause of IDLE_SECONDS after the last rebuild

