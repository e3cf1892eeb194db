"""The worker processes the current build may use, for the phases that are not handed a
job count (a rule set's load() takes none), a map shared between the calling process and
forked workers, and writes done by a forked child beside the build.

Workers are forked (they inherit the function and its items: nothing is pickled to them).
The caller and its workers each take the next range left (a counter in a file, locked
with lockf: a lock the kernel lets go of when its holder is killed) until none is left.
A worker's result comes back pickled in a file of a private temporary folder, so a big
one never waits for the caller to read it, and only its number goes through the worker's
pipe; the results are put back in the ranges' order.
"""

from __future__ import annotations

import os
import pickle
import traceback
from contextlib import contextmanager
from typing import Any, Callable, Iterator

_jobs = 1
_background: list[int] = []  # forked children still writing (in_background)
_IN_FILE = object()  # a result a worker left in its file


class WorkerError(RuntimeError):
    """A worker process ended without giving its results, or raised what can't be pickled."""


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
    # os.fork itself, not multiprocessing's start methods: that import (~6 ms) would be on
    # every build's way for this one question
    return hasattr(os, "fork")


def map_ranges(function: Callable[[int, int], list], bounds: list[tuple[int, int]], processes: int) -> Iterator[list]:
    """function(start, stop) for each of `bounds`, shared out between this process and
    `processes` - 1 forked workers: the results in the order of `bounds`, each as soon as
    it and those before it are done. The caller works on a range itself only when the next
    result is not there yet, so between results it can work on those beside the workers."""
    if processes <= 1 or len(bounds) <= 1 or not can_fork():
        for start, stop in bounds:
            yield function(start, stop)
        return
    share = _Share(function, bounds)
    try:
        share.start(min(processes, len(bounds)) - 1)
        for index in range(len(bounds)):
            yield share.result(index)
    finally:
        share.close()


def map_chunks(function: Callable[[list], list], items: list, processes: int, chunks: int) -> Iterator[Any]:
    """function(chunk) for `chunks` runs of consecutive items, in this process and
    `processes` - 1 forked workers: the results one by one in the items' order (function
    gives one result per item), so the caller works beside the workers."""
    size = -(-len(items) // max(1, chunks))
    bounds = [(start, min(start + size, len(items))) for start in range(0, len(items), size)]
    for part in map_ranges(lambda start, stop: function(items[start:stop]), bounds, processes):
        yield from part


class _Counter:
    """The number of the next range to take, shared by the processes forked after it is
    made; None once every range is taken."""

    def __init__(self, folder: str, ranges: int):
        self.fd = os.open(os.path.join(folder, "next"), os.O_RDWR | os.O_CREAT, 0o600)
        self.ranges = ranges

    def take(self) -> int | None:
        import fcntl  # POSIX only, as fork

        fcntl.lockf(self.fd, fcntl.LOCK_EX)
        try:
            taken = int.from_bytes(os.pread(self.fd, 8, 0), "little")  # the new, empty file: 0
            if taken >= self.ranges:
                return None
            os.pwrite(self.fd, (taken + 1).to_bytes(8, "little"), 0)
            return taken
        finally:
            fcntl.lockf(self.fd, fcntl.LOCK_UN)


class _Share:
    """One map_ranges: its workers, and the results not handed to the caller yet."""

    def __init__(self, function: Callable[[int, int], list], bounds: list[tuple[int, int]]):
        import selectors
        import tempfile

        self.function, self.bounds = function, bounds
        self.folder = tempfile.mkdtemp(prefix="site-gen-")
        self.counter = _Counter(self.folder, len(bounds))
        self.done: dict[int, Any] = {}  # range -> this process's result, or _IN_FILE (a worker's)
        self.workers: dict[int, int] = {}  # the read end of a worker's pipe -> its pid
        self.selector = selectors.DefaultSelector()

    def start(self, workers: int) -> None:
        for _ in range(workers):
            self._fork()

    def _fork(self) -> None:
        import selectors

        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the worker: never back into the caller's code, its exit handlers or buffers
            code = 1
            try:
                self._work(write)
                code = 0
            finally:
                os._exit(code)
        os.close(write)
        self.workers[read] = pid
        self.selector.register(read, selectors.EVENT_READ)

    def _work(self, notices: int) -> None:
        """A worker's ranges until none is left or one raised: each result (or what it
        raised) pickled into its file, then a notice through the pipe: range * 2 + failed."""
        while (index := self.counter.take()) is not None:
            failed = False
            try:
                data = pickle.dumps(self.function(*self.bounds[index]), protocol=pickle.HIGHEST_PROTOCOL)
            except BaseException as exc:  # noqa: BLE001 - the caller raises it
                failed, data = True, pickle.dumps(_portable(exc), protocol=pickle.HIGHEST_PROTOCOL)
            with open(self._file(index), "wb") as file:
                file.write(data)
            os.write(notices, (index * 2 + failed).to_bytes(4, "little"))
            if failed:
                return

    def _file(self, index: int) -> str:
        return os.path.join(self.folder, str(index))

    def result(self, index: int) -> list:
        """The result of range `index`: until it is there, this process works on the
        next range left, or waits for the workers once none is."""
        while index not in self.done:
            self._collect(wait=False)
            if index in self.done:
                break
            mine = self.counter.take()
            if mine is not None:
                self.done[mine] = self.function(*self.bounds[mine])
            elif not self.workers:  # a worker left without a word (os._exit(0) in `function`)
                raise WorkerError(f"a worker process ended without the results of range {index}")
            else:
                self._collect(wait=True)
        value = self.done.pop(index)
        return self._load(index) if value is _IN_FILE else value

    def _load(self, index: int) -> Any:
        with open(self._file(index), "rb") as file:
            value = pickle.load(file)
        os.unlink(self._file(index))
        return value

    def _collect(self, wait: bool) -> None:
        """Note the ranges workers finished (waiting for one when `wait`); raise what a
        worker raised, or why one ended before its results were given."""
        for key, _ in self.selector.select(None if wait else 0):
            data = os.read(key.fd, 4096)  # whole notices: each is written at once, a multiple of 4 bytes
            if not data:
                self._ended(key.fd)
            for at in range(0, len(data), 4):
                index, failed = divmod(int.from_bytes(data[at:at + 4], "little"), 2)
                if failed:
                    raise _raised(self._load(index))
                self.done[index] = _IN_FILE

    def _ended(self, fd: int) -> None:
        self.selector.unregister(fd)
        os.close(fd)
        _, status = os.waitpid(self.workers.pop(fd), 0)
        code = os.waitstatus_to_exitcode(status)
        if code < 0:
            raise WorkerError(f"a worker process was killed (signal {-code})")
        if code > 0:
            raise WorkerError(f"a worker process failed (exit code {code})")

    def close(self) -> None:
        """End the workers (whose results are all taken, or no longer wanted: the caller
        stopped or one failed) and remove their files."""
        import shutil
        import signal

        for pid in self.workers.values():
            os.kill(pid, signal.SIGKILL)
        for fd, pid in self.workers.items():
            os.waitpid(pid, 0)
            os.close(fd)
        self.workers.clear()
        self.selector.close()
        os.close(self.counter.fd)
        shutil.rmtree(self.folder, ignore_errors=True)


def _portable(exc: BaseException) -> tuple[BaseException, str]:
    """What a worker raised, as the caller can raise it again, and where it was raised."""
    text = "".join(traceback.format_exception(exc))
    try:
        pickle.loads(pickle.dumps(exc, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001 - an exception whose arguments don't come back: its text
        return WorkerError(text.rstrip().rsplit("\n", 1)[-1]), text
    return exc, text


def _raised(portable: tuple[BaseException, str]) -> BaseException:
    exc, text = portable
    exc.__cause__ = WorkerError(f"in a worker process:\n{text}")
    return exc


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
