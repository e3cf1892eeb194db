"""serve hands out the pages and exports that took longest in its last build first
(task_times): the order changes, the bytes do not."""

from __future__ import annotations

from pathlib import Path

import pytest

from marathon_edits import first_game, swap_two_scores
from output_tree import tree

from site_gen.pipeline import page_renderer
from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import competition_memo
from site_gen.rebuild.task_times import TIMES, TaskTimes


def test_the_slowest_come_first_a_name_never_timed_before_them_and_equals_in_their_order():
    times = TaskTimes()
    for name, seconds in (("a", 0.1), ("b", 0.3), ("c", 0.1), ("d", 0.2)):
        times.record(name, seconds)
    assert times.slowest_first(["a", "b", "c", "d", "new"]) == [4, 1, 3, 0, 2]


def test_another_serve_starts_with_no_times():
    times, first, second = TaskTimes(), object(), object()
    times.for_session(first)
    times.record("page/", 0.5)
    times.for_session(first)
    assert times.seconds == {"page/": 0.5}
    times.for_session(second)  # (tests build many sites in one process, each with its own memo)
    assert times.seconds == {}


def test_a_worker_hands_its_times_back():
    times = TaskTimes()
    times.owner = -1  # as in a forked worker: not the building process
    times.record("page/", 0.5)
    made = times.made_here()
    assert made == [("page/", 0.5)] and times.made_here() == []
    building = TaskTimes()
    building.take(made)
    assert building.seconds == {"page/": 0.5}


@pytest.fixture
def project(marathon_project: Path, monkeypatch) -> Path:
    monkeypatch.delenv("CI", raising=False)  # under CI serve keeps nothing (build_state.trust_previous_builds)
    return marathon_project


def _edit_game(root: Path) -> None:
    """Swap two players' scores in the first real game: its stage's pages change."""
    swap_two_scores(root, first_game)


def test_serve_renders_the_slowest_pages_of_its_last_build_first(project, tmp_path, monkeypatch):
    memo, served = competition_memo(), tmp_path / "served"
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo) is not None
    assert "online-marathon-2015/" in TIMES.seconds  # the first build timed its pages
    order: list[str] = []
    outcome = page_renderer.PageRenderer._outcome
    monkeypatch.setattr(page_renderer.PageRenderer, "_outcome",
                        lambda self, task: order.append(task.url if hasattr(task, "url") else task[0]) or outcome(self, task))
    # as if the site's last page had been its slowest, and the overview its fastest
    monkeypatch.setitem(TIMES.seconds, "feed.xml", 100.0)
    monkeypatch.setitem(TIMES.seconds, "online-marathon-2015/", 0.0)
    _edit_game(project)
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo) is not None
    pages = [url for url in order if not url.endswith((".csv", ".json"))]
    assert pages[0] == "feed.xml" and pages[-1] == "online-marathon-2015/"
    assert build(project, tmp_path / "clean", Diagnostics(root=project), serving=True, incremental=False) is not None
    assert tree(served) == tree(tmp_path / "clean")


def test_pages_rendered_in_another_order_by_two_processes_land_in_page_order(project, tmp_path, monkeypatch):
    monkeypatch.setattr(page_renderer, "_PARALLEL_MIN_PAGES", 1)
    memo, served = competition_memo(), tmp_path / "served"
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo, jobs=2) is not None
    # times that follow the URLs alphabetically: an order other than the pages'
    for i, url in enumerate(sorted(TIMES.seconds)):
        monkeypatch.setitem(TIMES.seconds, url, float(i))
    _edit_game(project)
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo, jobs=2) is not None
    assert build(project, tmp_path / "clean", Diagnostics(root=project), serving=True, incremental=False) is not None
    assert tree(served) == tree(tmp_path / "clean")
    # each page's digest went to that page: the next build finds the pages a Markdown edit leaves alone
    rendered: list[str] = []
    render = page_renderer.PageRenderer.render
    monkeypatch.setattr(page_renderer.PageRenderer, "render", lambda self, page: rendered.append(page.url) or render(self, page))
    monkeypatch.setattr(page_renderer, "_PARALLEL_MIN_PAGES", 10**6)  # rendered here, where they are counted
    about = project / "content" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo, jobs=2) is not None
    assert "about/" in rendered and not [url for url in rendered if url.startswith("online-marathon-2015/")]


def test_a_new_serve_renders_in_page_order(project, tmp_path, monkeypatch):
    assert build(project, tmp_path / "one", Diagnostics(root=project), serving=True, memo=competition_memo()) is not None
    monkeypatch.setitem(TIMES.seconds, "feed.xml", 100.0)  # the slowest of that serve
    order: list[str] = []
    outcome = page_renderer.PageRenderer._outcome
    monkeypatch.setattr(page_renderer.PageRenderer, "_outcome",
                        lambda self, task: order.append(task.url if hasattr(task, "url") else task[0]) or outcome(self, task))
    assert build(project, tmp_path / "two", Diagnostics(root=project), serving=True, memo=competition_memo()) is not None
    assert order[-1] == "feed.xml"  # the site's last page, last: nothing of the other serve's times
