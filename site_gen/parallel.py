"""The worker processes the current build may use, for the phases that are not handed a
job count (a rule set's load() takes none), a map over forked workers, and writes done
by a forked child beside the build.

Workers are forked (they inherit the function and its items: nothing is pickled to them)
and each returns its share's results pickled, which are put back in the items' order.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, Callable, Iterator

_jobs = 1
_task: Callable[[int, int], list] | None = None  # what a forked worker inherits
_background: list[int] = []  # forked children still writing (in_background)


def default_jobs() -> int:
    """The number of cores: the processes build, serve, check and standings use unless told."""
    return os.cpu_count() or 1


def jobs() -> int:
    """How many processes the current build may use (1 outside a build)."""
    return _jobs


@contextmanager
def allowed(count: int) -> Iterator[None]:
    global _jobs
    saved, _jobs = _jobs, max(1, count)
    try:
        yield
    finally:
        _jobs = saved


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def map_ranges(function: Callable[[int, int], list], bounds: list[tuple[int, int]], workers: int) -> Iterator[list]:
    """function(start, stop) for each of `bounds`, in `workers` forked processes: the
    results in the order of `bounds`, each as soon as it and those before it are done."""
    global _task
    _task = function
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
            yield from pool.map(_run, bounds)
    finally:
        _task = None


def map_chunks(function: Callable[[list], list], items: list, workers: int, chunks: int) -> Iterator[Any]:
    """function(chunk) for `chunks` runs of consecutive items, in `workers` forked processes:
    the results one by one in the items' order (function gives one result per item), so
    the caller works beside the workers."""
    size = -(-len(items) // max(1, chunks))
    bounds = [(start, min(start + size, len(items))) for start in range(0, len(items), size)]
    for part in map_ranges(lambda start, stop: function(items[start:stop]), bounds, workers):
        yield from part


def _run(bounds: tuple[int, int]) -> list:
    return _task(*bounds)


def in_background(function: Callable[[], None]) -> None:
    """Run `function` (a write nothing waits for, such as a cache file) in a forked child
    while the build goes on; join_background() waits for it. Where fork is missing, now."""
    if not can_fork():
        function()
        return
    pid = os.fork()
    if pid == 0:  # the child: never back into the caller's code, its exit handlers or buffers
        try:
            function()
        finally:
            os._exit(0)
    _background.append(pid)


def join_background() -> None:
    """Wait for every child in_background() started."""
    while _background:
        try:
            os.waitpid(_background.pop(), 0)
        except ChildProcessError:
            pass
