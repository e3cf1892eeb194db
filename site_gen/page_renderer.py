"""Rendering planned pages to bytes, in one process or several.

Worker processes are forked after the renderer is set up (site_gen.parallel), so they
share its templates and contexts without pickling them; pages are handed out in fixed
chunks and results are put back in page order, so `--jobs N` writes the same bytes as
`--jobs 1`. The workers also work out the pages' and exports' Later values.
"""

from __future__ import annotations

import traceback
from typing import Any, Callable

from jinja2 import TemplateError

from site_gen import parallel
from site_gen.model import Later, Page
from site_gen.output import output_path
from site_gen.page_cache import PageCache
from site_gen.project import Project
from site_gen.render.environment import make_environment
from site_gen.render.i18n import use_language

Problem = tuple[str, int | None, str]  # (template file, line, message)

_PARALLEL_MIN_PAGES = 200  # below this, starting workers costs more than it saves
_CHUNK_PAGES = 32  # pages a worker takes at a time
_CHUNK_EXPORTS = 8  # exports (CSV, JSON) a worker takes at a time: a site's few big ones alone


class PageRenderer:
    def __init__(self, project: Project, base_url: str, serving: bool = False, cache: PageCache | None = None):
        self.cache = cache
        self.digests: dict[str, tuple[str, int]] = {}  # output path -> (digest, size), for the next build
        self.env = make_environment(project.root, project.site.theme, base_url, serving=serving)
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
        with use_language(lang):  # the theme's words, numbers and dates in that language
            return self.env.get_template(page.template).render(context).encode("utf-8")

    def _render_safely(self, page: Page) -> tuple[bytes | None, Problem | None, str | None]:
        """(bytes, problem, digest of the page's inputs); the last build's bytes when the
        digest is the one it recorded."""
        page = page.resolved()
        digest = self.cache.digest(page, self.language(page)) if self.cache else None
        if digest is not None:
            kept = self.cache.reuse(page, digest)
            if kept is not None:
                return kept, None, digest
        try:
            return self.render(page), None, digest
        except TemplateError as exc:
            return None, _problem(page, exc), None

    def _do(self, task: Page | tuple[str, Later]) -> tuple[bytes | None, Problem | None, str | None]:
        if isinstance(task, Page):
            return self._render_safely(task)
        return task[1].get(), None, None

    def render_all(self, pages: list[Page], jobs: int = 1, progress: Callable[[int], None] | None = None,
                   later_files: dict[str, Any] | None = None) -> tuple[dict[str, bytes], list[Problem]]:
        """Every page's bytes by output path, and the template problems met; also the bytes
        of the files in `later_files` given as a Later."""
        if self.cache:
            self.cache.share(pages)
        exports = [(path, value) for path, value in (later_files or {}).items() if isinstance(value, Later)]
        tasks: list = [*exports, *pages]  # the big exports first, so no worker gets one last
        if jobs > 1 and len(pages) >= _PARALLEL_MIN_PAGES and parallel.can_fork():
            results = self._in_workers(tasks, len(exports), jobs, progress)
        else:
            results = []
            for task in tasks:
                results.append(self._do(task))
                if progress and isinstance(task, Page):
                    progress(1)
        files = {path: data for (path, _), (data, _, _) in zip(exports, results)}
        problems: list[Problem] = []
        self.digests = {}
        for page, (data, problem, digest) in zip(pages, results[len(exports):]):
            if data is not None:
                files[output_path(page.url)] = data
                if digest is not None:
                    self.digests[output_path(page.url)] = (digest, len(data))
            elif problem not in problems:
                problems.append(problem)
        return files, problems

    def _in_workers(self, tasks: list, exports: int, jobs: int, progress) -> list:
        """Tasks go in small fixed chunks, so that a run of big pages (a competition's
        tables come first) or a few big exports are shared out too."""
        chunks = _chunks(0, exports, max(1, min(_CHUNK_EXPORTS, exports // (jobs * 8))))
        chunks += _chunks(exports, len(tasks), max(1, min(_CHUNK_PAGES, (len(tasks) - exports) // (jobs * 8))))
        results: list = []
        done = parallel.map_ranges(lambda start, stop: [self._do(task) for task in tasks[start:stop]], chunks, jobs)
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
