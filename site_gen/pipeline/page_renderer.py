"""Rendering planned pages to bytes, in one process or several.

With `--jobs N` this process renders beside N - 1 workers forked after the renderer is
set up (site_gen.parallel), which share its templates and contexts without pickling them;
each takes the next of small fixed chunks of pages until none is left, and results are
put back in page order, so `--jobs N` writes the same bytes as `--jobs 1`. Every process
also works out its pages' and exports' Later values, and writes the files into the
build's staging folder itself: only a worker's sizes and digests come back.
"""

from __future__ import annotations

import operator
import time
import traceback
from contextlib import closing
from typing import Any, Callable

from jinja2 import TemplateError

from site_gen import parallel

from site_gen.rebuild import worker_memos
from site_gen.model import Later, Page, Table
from site_gen.pipeline.output import Staging, output_path
from site_gen.rebuild.page_cache import PageCache
from site_gen.pipeline.project import Project
from site_gen.rebuild.compiled_templates import shared_cache
from site_gen.render.environment import make_environment
from site_gen.render.i18n import use_language
from site_gen.render.links import use_page
from site_gen.rebuild.task_times import TIMES

Problem = tuple[str, int | None, str]  # (template file, line, message)
Outcome = tuple[int | None, bool, Problem | None, str | None]  # (size, written, problem, digest) of one file

_PARALLEL_MIN_PAGES = 200  # below this, starting workers costs more than it saves
_CHUNK_PAGES = 32  # pages a process takes at a time
_CHUNK_EXPORTS = 8  # exports (CSV, JSON) a process takes at a time: a site's few big ones alone


class PageRenderer:
    def __init__(self, project: Project, base_url: str, serving: bool = False, cache: PageCache | None = None):
        self.cache = cache
        self.staging: Staging | None = None  # where render_all puts the files
        self.digests: dict[str, tuple[str, int]] = {}  # output path -> (digest, size), for the next build
        self._remembered: dict[str, str | None] | None = None  # serve: url -> digest PageMemo gave (render_all)
        self._exports: dict[str, bytes] = {}  # serve: the exports of tables made, for PageMemo.exports
        self.env = make_environment(project.root, project.site.theme, base_url, serving=serving,
                                    bytecode_cache=shared_cache())  # compiled once per template source
        self.languages = {c.info.slug: c.info.language for c in project.competitions}
        self.default_language = project.site.language
        nav = [{"title": md.title, "url": f"{md.slug}/"} for md in project.pages if md.slug != "index"]
        nav += [{"title": link.title, "url": link.url} for link in project.site.nav]
        self.common: dict[str, Any] = {
            "site": project.site,
            "site_nav": nav,
            "competitions": [c.info for c in project.competitions],
            "base_url": base_url,
        }

    def language(self, page: Page) -> str:
        return self.languages.get(page.url.split("/", 1)[0], self.default_language)

    def render(self, page: Page) -> bytes:
        page = page.resolved()
        lang = self.language(page)
        context = {**self.common, "page": page, "lang": lang, **page.context}
        # the theme's words, numbers and dates in that language; links relative to this page
        with use_language(lang), use_page(page.url):
            return self.env.get_template(page.template).render(context).encode("utf-8")

    def _page(self, page: Page) -> Outcome:
        """Render a page into the staging folder, or keep the last build's file when the
        digest of the page's inputs is the one it recorded (in serve, a page whose inputs are
        the same as in the last build keeps that build's digest: see page_cache.PageMemo)."""
        rel = output_path(page.url)
        digest = self._remembered.get(page.url) if self._remembered is not None else (
            self.cache.remembered(page, self.language(page)) if self.cache else None)
        if digest is None and self.cache and page.later is not None and page.later.key is not None:
            # the later context's key stands for it: digested without working the context out
            keyed = Page(page.url, page.template, page.title, {**page.context, "\0later": page.later.key.get()})
            digest = self.cache.digest(keyed, self.language(page))
        if digest is None:  # worked out from the page's whole context
            page = page.resolved()
            digest = self.cache.digest(page, self.language(page)) if self.cache else None
        kept = self._kept(rel, digest) if self.cache else None
        if kept is not None:
            return kept
        try:
            data = self.render(page)
        except TemplateError as exc:
            return None, False, _problem(page, exc), None
        return len(data), self.staging.put(rel, data), None, digest

    def _do(self, task: Page | tuple[str, Later]) -> Outcome:
        if not self._timed():
            return self._outcome(task)
        start = time.perf_counter()
        outcome = self._outcome(task)
        TIMES.record(task.url if isinstance(task, Page) else task[0], time.perf_counter() - start)
        return outcome

    def _outcome(self, task: Page | tuple[str, Later]) -> Outcome:
        if isinstance(task, Page):
            return self._page(task)
        rel, later = task
        data, as_last = self._export(rel, later)
        if as_last and self.staging.keep(rel, len(data)):  # the last build's file holds these bytes
            return len(data), False, None, None
        return len(data), self.staging.put(rel, data), None, None

    def _timed(self) -> bool:
        """serve: each task is timed, for the order of the next build's (task_times)."""
        return self.cache is not None and self.cache.memo is not None

    def _export(self, rel: str, later: Later) -> tuple[bytes, bool]:
        """An export's bytes, and whether they are the last build's file's. In serve, those
        of the last build's same file when made by the same function of the very same
        tables (a table's CSV: PageMemo.exports), and kept for the next build when made
        here (a forked worker's go with it)."""
        memo = self.cache.memo if self.cache else None
        if memo is None or not later.args or not all(type(arg) is Table for arg in later.args):
            return later.get(), False
        last = memo.exports.get(rel)
        as_last = (last is not None and last[0] is later.function and len(last[1]) == len(later.args)
                   and all(map(operator.is_, last[1], later.args)))
        data = last[2] if as_last else later.get()
        self._exports[rel] = data
        return data, as_last

    def render_all(self, pages: list[Page], staging: Staging, jobs: int = 1,
                   progress: Callable[[int], None] | None = None,
                   later_files: dict[str, Any] | None = None) -> tuple[dict[str, int], int, list[Problem]]:
        """Render every page into `staging`, and the files of `later_files` given as a
        Later: (size of each file by output path, how many were written rather than kept
        or linked, the template problems met)."""
        self.staging = staging
        if self.cache:
            self.cache.share(pages)
        kept = self._kept_as_remembered(pages)
        if progress and kept:
            progress(len(kept))
        exports = [(path, value) for path, value in (later_files or {}).items() if isinstance(value, Later)]
        order = [i for i in range(len(pages)) if i not in kept]
        if self._timed():  # serve: the slowest of the last build first (task_times)
            TIMES.for_session(self.cache.memo)
            exports = [exports[i] for i in TIMES.slowest_first([path for path, _ in exports])]
            order = [order[i] for i in TIMES.slowest_first([pages[i].url for i in order])]
        todo = [pages[i] for i in order]
        tasks: list = [*exports, *todo]  # the big exports first, so no process gets one last
        try:
            if jobs > 1 and len(todo) >= _PARALLEL_MIN_PAGES and parallel.can_fork():
                self._compile({page.template for page in todo})
                results = self._in_parallel(tasks, len(exports), jobs, progress)
            else:
                results = []
                for task in tasks:
                    results.append(self._do(task))
                    if progress and isinstance(task, Page):
                        progress(1)
        finally:
            self._remembered = None
        self._remember_exports(exports)
        sizes = {path: size for (path, _), (size, _, _, _) in zip(exports, results)}
        rendered = dict(zip(order, results[len(exports):]))
        results[len(exports):] = [kept[i] if i in kept else rendered[i] for i in range(len(pages))]
        written = sum(result[1] for result in results)
        problems: list[Problem] = []
        self.digests = {}
        for page, (size, _, problem, digest) in zip(pages, results[len(exports):]):
            if size is not None:
                sizes[output_path(page.url)] = size
                if digest is not None:
                    self.digests[output_path(page.url)] = (digest, size)
            elif problem not in problems:
                problems.append(problem)
        return sizes, written, problems

    def _remember_exports(self, exports: list[tuple[str, Later]]) -> None:
        """serve: keep the exports of tables made in this build for the next (PageMemo.exports),
        with this process's very function and tables (a worker hands back the bytes only)."""
        made = self._made_exports()
        if self.cache and self.cache.memo is not None:
            self.cache.memo.exports = {rel: (later.function, later.args, made[rel]) for rel, later in exports if rel in made}

    def _made_exports(self) -> dict[str, bytes]:
        """The exports of tables this process made since the last call (_export)."""
        made, self._exports = self._exports, {}
        return made

    def _kept_as_remembered(self, pages: list[Page]) -> dict[int, Outcome]:
        """serve: the pages whose inputs are the last build's (page_cache.PageMemo), their
        files kept here, by index, before any worker is started: after one changed result
        most pages are, and forking workers for the few others costs more than it saves.
        The digests found for the pages left are kept for them (_page): not looked for again."""
        if not self.cache or self.cache.memo is None:
            return {}
        self._remembered = {}
        kept: dict[int, Outcome] = {}
        for i, page in enumerate(pages):
            digest = self.cache.remembered(page, self.language(page))
            outcome = self._kept(output_path(page.url), digest)
            if outcome is not None:
                kept[i] = outcome
            else:
                self._remembered[page.url] = digest
        return kept

    def _kept(self, rel: str, digest: str | None) -> Outcome | None:
        """The last build's file `rel` kept as it is when its page had this digest (the file
        is still there with the recorded size); None when the page must be rendered."""
        size = self.cache.recorded_size(rel, digest)
        if size is not None and self.staging.keep(rel, size):
            return size, False, None, digest
        return None

    def _compile(self, names: set[str]) -> None:
        """Compile the templates before the workers fork: they inherit them instead of each
        compiling its own, and the compiled code stays for the next build (serve)."""
        for name in sorted(names):
            try:
                self.env.get_template(name)
            except TemplateError:
                pass  # reported by the pages that use it

    def _in_parallel(self, tasks: list, exports: int, jobs: int, progress) -> list:
        """Tasks go in small fixed chunks, so that a run of big pages (a competition's
        tables come first) or a few big exports are shared out too; this process renders
        chunks beside `jobs` - 1 workers."""
        chunks = _chunks(0, exports, max(1, min(_CHUNK_EXPORTS, exports // (jobs * 8))))
        chunks += _chunks(exports, len(tasks), max(1, min(_CHUNK_PAGES, (len(tasks) - exports) // (jobs * 8))))
        results: list = []
        # a worker's chunk also hands over what its memos made (the table bodies it rendered:
        # worker_memos) and the exports of tables it made, which serve's next build finds in
        # this process (_export)
        run = parallel.map_ranges(lambda start, stop: ([self._do(task) for task in tasks[start:stop]],
                                                       worker_memos.made_here(), self._made_exports()), chunks, jobs)
        with closing(run) as done:
            for (start, _), (chunk_result, memos, made) in zip(chunks, done):
                worker_memos.take(memos)
                self._exports.update(made)
                results.extend(chunk_result)
                if progress and start >= exports:
                    progress(len(chunk_result))
        return results


def _chunks(start: int, stop: int, size: int) -> list[tuple[int, int]]:
    return [(i, min(i + size, stop)) for i in range(start, stop, size)]


def _problem(page: Page, exc: TemplateError) -> Problem:
    """Where a template broke: its own file and line when Jinja knows them."""
    where = getattr(exc, "filename", None) or page.template
    line = getattr(exc, "lineno", None)
    if not line:
        frames = traceback.extract_tb(exc.__traceback__)
        frame = next((f for f in reversed(frames) if f.filename.endswith((".html", ".xml"))), None)
        if frame is not None:
            where, line = frame.filename, frame.lineno
    return where, line, f"template error: {exc.message or exc}"
