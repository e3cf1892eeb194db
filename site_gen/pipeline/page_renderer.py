"""Rendering planned pages to bytes, in one process or several.

With `--jobs N` this process renders beside N - 1 workers forked after the renderer is
set up (site_gen.parallel), which share its templates and contexts without pickling them;
each takes the next of small fixed chunks of pages until none is left, and results are
put back in page order, so `--jobs N` writes the same bytes as `--jobs 1`. Every process
also works out its pages' and exports' Later values, and writes the files into the
build's staging folder itself: only a worker's sizes and digests come back.
"""

from __future__ import annotations

import traceback
from contextlib import closing
from typing import Any, Callable

from jinja2 import TemplateError

from site_gen import parallel
from site_gen.model import Later, Page
from site_gen.pipeline.output import Staging, output_path
from site_gen.rebuild.page_cache import PageCache
from site_gen.pipeline.project import Project
from site_gen.rebuild.compiled_templates import shared_cache
from site_gen.render.environment import make_environment
from site_gen.render.i18n import use_language
from site_gen.render.links import use_page

Problem = tuple[str, int | None, str]  # (template file, line, message)
Outcome = tuple[int | None, bool, Problem | None, str | None]  # (size, written, problem, digest) of one file

_PARALLEL_MIN_PAGES = 200  # below this, starting workers costs more than it saves
_CHUNK_PAGES = 32  # pages a process takes at a time
_CHUNK_EXPORTS = 8  # exports (CSV, JSON) a process takes at a time: a site's few big ones alone


class PageRenderer:
    def __init__(self, project: Project, base_url: str, cache: PageCache | None = None):
        self.cache = cache
        self.staging: Staging | None = None  # where render_all puts the files
        self.digests: dict[str, tuple[str, int]] = {}  # output path -> (digest, size), for the next build
        self.env = make_environment(project.root, project.site.theme, base_url,
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
        digest of the page's resolved inputs is the one it recorded."""
        rel = output_path(page.url)
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
        if isinstance(task, Page):
            return self._page(task)
        rel, later = task
        data = later.get()
        return len(data), self.staging.put(rel, data), None, None

    def render_all(self, pages: list[Page], staging: Staging, jobs: int = 1,
                   progress: Callable[[int], None] | None = None,
                   later_files: dict[str, Any] | None = None) -> tuple[dict[str, int], int, list[Problem]]:
        """Render every page into `staging`, and the files of `later_files` given as a
        Later: (size of each file by output path, how many were written rather than kept
        or linked, the template problems met)."""
        self.staging = staging
        if self.cache:
            self.cache.share(pages)
        exports = [(path, value) for path, value in (later_files or {}).items() if isinstance(value, Later)]
        tasks: list = [*exports, *pages]  # the big exports first, so no process gets one last
        if jobs > 1 and len(pages) >= _PARALLEL_MIN_PAGES and parallel.can_fork():
            self._compile({page.template for page in pages})
            results = self._in_parallel(tasks, len(exports), jobs, progress)
        else:
            results = []
            for task in tasks:
                results.append(self._do(task))
                if progress and isinstance(task, Page):
                    progress(1)
        sizes = {path: size for (path, _), (size, _, _, _) in zip(exports, results)}
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
        run = parallel.map_ranges(lambda start, stop: [self._do(task) for task in tasks[start:stop]], chunks, jobs)
        with closing(run) as done:
            for (start, _), chunk_result in zip(chunks, done):
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
