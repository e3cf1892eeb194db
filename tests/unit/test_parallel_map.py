"""parallel.map_ranges and map_chunks: the calling process works beside its forked
workers; results come back in the ranges' order, as they are done; what a worker raises
is raised in the caller, a worker that dies is an error (never a hang), and nothing is
left behind: no process, no temporary file."""

from __future__ import annotations

import os
import signal
import tempfile
import time
from contextlib import contextmanager

import pytest

from site_gen import parallel

pytestmark = pytest.mark.skipif(not parallel.can_fork(), reason="workers are forked")


@pytest.fixture(autouse=True)
def own_temporary_folder(tmp_path, monkeypatch):
    """The map's files go into a folder of the test's own, which must be empty after."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    yield
    assert list(folder.iterdir()) == []


@contextmanager
def at_most(seconds: int):
    """Fail instead of hanging."""
    def stop(*_):
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _runners(folder):
    """The pids that ran a range (each runner leaves a file named after its pid)."""
    return {int(path.name) for path in folder.iterdir()}


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # a zombie (not waited for) still answers
    except ProcessLookupError:
        return True
    return False


def test_results_come_in_the_order_of_the_ranges_and_the_caller_runs_some(tmp_path):
    runners = tmp_path / "runners"
    runners.mkdir()

    def squares(start, stop):
        (runners / str(os.getpid())).touch()
        time.sleep(0.02 * (10 - start // 3))  # the later ranges are done sooner
        return [n * n for n in range(start, stop)]

    bounds = [(start, min(start + 3, 28)) for start in range(0, 28, 3)]  # 10 ranges, the last of 1
    with at_most(30):
        parts = list(parallel.map_ranges(squares, bounds, 2))
    assert parts[0] == [0, 1, 4] and parts[-1] == [729]
    assert [n for part in parts for n in part] == [n * n for n in range(28)]
    pids = _runners(runners)
    assert os.getpid() in pids and len(pids) == 2  # the caller and one forked worker
    assert all(_gone(pid) for pid in pids - {os.getpid()})


def test_a_single_process_forks_nothing():
    parts = list(parallel.map_ranges(lambda start, stop: [os.getpid()] * (stop - start), [(0, 2), (2, 3)], 1))
    assert parts == [[os.getpid()] * 2, [os.getpid()]]


def test_chunks_reach_the_caller_while_the_workers_still_run():
    """best_span's reader takes each file's read as soon as it is there."""
    finished = {}

    def slow(chunk):
        time.sleep(0.1)
        return [(item, time.monotonic()) for item in chunk]

    received = []
    with at_most(30):
        for item, done_at in parallel.map_chunks(slow, list(range(12)), 2, 6):
            received.append((item, time.monotonic()))
            finished[item] = done_at
    assert [item for item, _ in received] == list(range(12))
    assert received[0][1] < max(finished.values())  # the first came before the last chunk was done


def _acting_in_workers(runners, act):
    """A range function that notes each process running it in the folder `runners`, and
    calls act(start, stop) in the workers only (the caller returns its ranges' results)."""
    runners.mkdir()
    caller = os.getpid()

    def function(start, stop):
        (runners / str(os.getpid())).touch()
        time.sleep(0.02)
        if os.getpid() != caller:
            act(start, stop)
        return [start]

    return function


def test_what_a_worker_raises_is_raised_in_the_caller_with_its_message(tmp_path):
    runners = tmp_path / "runners"

    def fails_in_workers(start, stop):
        raise ValueError(f"range {start}-{stop} is bad")

    with at_most(30), pytest.raises(ValueError, match=r"range \d+-\d+ is bad") as raised:
        list(parallel.map_ranges(_acting_in_workers(runners, fails_in_workers), [(n, n + 1) for n in range(20)], 3))
    assert "in a worker process" in str(raised.value.__cause__)
    assert "fails_in_workers" in str(raised.value.__cause__)  # the worker's traceback
    workers = _runners(runners) - {os.getpid()}
    assert workers and all(_gone(pid) for pid in workers)


def test_an_exception_that_cannot_be_pickled_comes_as_its_text():
    caller = os.getpid()

    class Odd(Exception):
        def __init__(self, a, b):
            super().__init__(f"odd {a} {b}")

    def odd(start, stop):
        time.sleep(0.02)
        if os.getpid() != caller:
            raise Odd(start, stop)
        return [start]

    with at_most(30), pytest.raises(parallel.WorkerError, match=r"Odd: odd \d+ \d+"):
        list(parallel.map_ranges(odd, [(n, n + 1) for n in range(10)], 2))


@pytest.mark.parametrize("end, message", [
    (lambda: os.kill(os.getpid(), signal.SIGKILL), "killed \\(signal 9\\)"),
    (lambda: os._exit(3), "failed \\(exit code 3\\)"),
    (lambda: os._exit(0), "ended without the results"),
])
def test_a_worker_that_dies_is_an_error_not_a_hang(tmp_path, end, message):
    runners = tmp_path / "runners"
    with at_most(30), pytest.raises(parallel.WorkerError, match=message):
        list(parallel.map_ranges(_acting_in_workers(runners, lambda start, stop: end()),
                                 [(n, n + 1) for n in range(10)], 2))
    assert all(_gone(pid) for pid in _runners(runners) - {os.getpid()})


def test_a_caller_that_stops_early_ends_the_workers(tmp_path):
    runners, started = tmp_path / "runners", tmp_path / "started"
    runners.mkdir()
    started.mkdir()

    def slow(start, stop):
        (runners / str(os.getpid())).touch()
        (started / str(start)).touch()
        time.sleep(0.05)
        return [start]

    with at_most(30):
        results = parallel.map_ranges(slow, [(n, n + 1) for n in range(40)], 3)
        assert next(results) == [0]
        results.close()
    workers = _runners(runners) - {os.getpid()}
    assert len(workers) == 2 and all(_gone(pid) for pid in workers)
    assert len(list(started.iterdir())) < 20  # not left to finish the 40 ranges
