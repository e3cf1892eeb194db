"""`--jobs N` renders in this process and forked workers and writes exactly the bytes of
`--jobs 1`."""

import os
import time
from pathlib import Path

from output_tree import tree

from site_gen.pipeline import build as build_module, page_renderer

from site_gen import parallel
from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics

ROOT = Path(__file__).resolve().parents[1]


def test_parallel_output_is_byte_identical(tmp_path, monkeypatch):
    # the example has fewer pages than the parallel threshold: lower it so workers really run
    monkeypatch.setattr(page_renderer, "_PARALLEL_MIN_PAGES", 1)
    calls = []
    original = page_renderer.PageRenderer._in_parallel

    def spy(self, tasks, exports, jobs, progress):
        calls.append((jobs, exports))
        return original(self, tasks, exports, jobs, progress)

    monkeypatch.setattr(page_renderer.PageRenderer, "_in_parallel", spy)
    one, two = tmp_path / "one", tmp_path / "two"
    assert build(ROOT, one, Diagnostics(root=ROOT), jobs=1) is not None
    assert build(ROOT, two, Diagnostics(root=ROOT), jobs=2) is not None
    assert calls and calls[0][0] == 2 and calls[0][1] > 0  # exports (CSV, JSON) were made in the workers too
    assert len(calls) == 1
    assert tree(one) == tree(two)


def test_a_parallel_build_reports_its_progress_page_by_page(tmp_path, monkeypatch):
    """What the command line's progress bar is given: every page once, exports not."""
    from contextlib import contextmanager

    monkeypatch.setattr(page_renderer, "_PARALLEL_MIN_PAGES", 1)
    totals, steps = [], []

    @contextmanager
    def bar(total):
        totals.append(total)
        yield type("Bar", (), {"update": staticmethod(steps.append)})

    report = build(ROOT, tmp_path / "site", Diagnostics(root=ROOT), jobs=2, progress_factory=bar)
    assert report is not None and totals == [report.pages] and sum(steps) == report.pages


def test_the_building_process_renders_a_share_of_the_pages(tmp_path, monkeypatch):
    monkeypatch.setattr(page_renderer, "_PARALLEL_MIN_PAGES", 1)
    runners = tmp_path / "runners"
    runners.mkdir()
    original = page_renderer.PageRenderer._do

    def recorded(self, task):
        (runners / str(os.getpid())).touch()
        time.sleep(0.002)  # the ~300 pages take long enough for the worker to start, even on a busy machine
        return original(self, task)

    monkeypatch.setattr(page_renderer.PageRenderer, "_do", recorded)
    assert build(ROOT, tmp_path / "site", Diagnostics(root=ROOT), jobs=2) is not None
    pids = {int(path.name) for path in runners.iterdir()}
    assert os.getpid() in pids and len(pids) == 2  # the builder and one forked worker


def test_a_background_write_is_done_once_joined_and_its_failure_stays_in_the_child(tmp_path):
    """parallel.in_background: a forked child writes while the caller goes on;
    join_background() returns only when it is done; what the child raises never reaches
    the caller (a cache file that could not be written is just missing next time)."""
    target = tmp_path / "written"
    parallel.in_background(lambda: (time.sleep(0.3), target.write_text("done")))
    parallel.in_background(lambda: 1 / 0)
    parallel.join_background()
    assert target.read_text() == "done"


def test_serve_goes_on_while_a_background_write_runs_and_the_command_line_waits_for_it(example_project, tmp_path,
                                                                                         monkeypatch):
    """A rule set's reader writes its cache beside the build (the Tenhou log cache); the
    command line's build waits for that child before it returns, serve's does not (its next
    build's reader waits for it first: log_cache.LogCache)."""
    root = example_project("kiev-2006")
    monkeypatch.setattr(parallel, "_background", [])
    real_analyse = build_module.analyse

    def analyse_with_a_background_write(*args):
        parallel.in_background(lambda: None)
        return real_analyse(*args)

    monkeypatch.setattr(build_module, "analyse", analyse_with_a_background_write)
    try:
        assert build(root, tmp_path / "serve", Diagnostics(root=root), serving=True) is not None
        assert len(parallel._background) == 1  # still running, or done and not yet waited for
        assert build(root, tmp_path / "site", Diagnostics(root=root)) is not None
        assert parallel._background == []  # both waited for
    finally:
        parallel.join_background()
