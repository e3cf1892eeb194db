"""Rendering planned pages to bytes, in one process or several.

Worker processes are forked after the renderer is set up, so they share its templates
and contexts without pickling them; pages are handed out in fixed chunks and results
are put back in page order, so `--jobs N` writes the same bytes as `--jobs 1`.
"""

from __future__ import annotations

import multiprocessing
import traceback
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable

from jinja2 import TemplateError

from site_gen.model import Page
from site_gen.output import output_path
from site_gen.page_cache import PageCache
from site_gen.project import Project
from site_gen.render.environment import make_environment
from site_gen.render.i18n import use_language

Problem = tuple[str, int | None, str]  # (template file, line, message)

_ACTIVE: "PageRenderer | None" = None  # the renderer a forked worker inherits
_PARALLEL_MIN_PAGES = 200  # below this, starting workers costs more than it saves


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
        lang = self.language(page)
        context = {**self.common, "page": page, "lang": lang, **page.context}
        with use_language(lang):  # the theme's words, numbers and dates in that language
            return self.env.get_template(page.template).render(context).encode("utf-8")

    def _render_safely(self, page: Page) -> tuple[bytes | None, Problem | None, str | None]:
        """(bytes, problem, digest of the page's inputs); the last build's bytes when the
        digest is the one it recorded."""
        digest = self.cache.digest(page, self.language(page)) if self.cache else None
        if digest is not None:
            kept = self.cache.reuse(page, digest)
            if kept is not None:
                return kept, None, digest
        try:
            return self.render(page), None, digest
        except TemplateError as exc:
            return None, _problem(page, exc), None

    def render_all(self, pages: list[Page], jobs: int = 1,
                   progress: Callable[[int], None] | None = None) -> tuple[dict[str, bytes], list[Problem]]:
        """Every page's bytes by output path, and the template problems met."""
        if self.cache:
            self.cache.share(pages)
        if jobs > 1 and len(pages) >= _PARALLEL_MIN_PAGES and "fork" in multiprocessing.get_all_start_methods():
            results = self._in_workers(pages, jobs, progress)
        else:
            results = []
            for page in pages:
                results.append(self._render_safely(page))
                if progress:
                    progress(1)
        files: dict[str, bytes] = {}
        problems: list[Problem] = []
        self.digests = {}
        for page, (data, problem, digest) in zip(pages, results):
            if data is not None:
                files[output_path(page.url)] = data
                if digest is not None:
                    self.digests[output_path(page.url)] = (digest, len(data))
            elif problem not in problems:
                problems.append(problem)
        return files, problems

    def _in_workers(self, pages: list[Page], jobs: int, progress) -> list:
        global _ACTIVE
        _ACTIVE, self._pages = self, pages
        size = max(1, min(256, len(pages) // (jobs * 4) or 1))
        chunks = [range(i, min(i + size, len(pages))) for i in range(0, len(pages), size)]
        results: list = []
        context = multiprocessing.get_context("fork")
        try:
            with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
                for chunk_result in pool.map(_render_chunk, [(c.start, c.stop) for c in chunks]):
                    results.extend(chunk_result)
                    if progress:
                        progress(len(chunk_result))
        finally:
            _ACTIVE = None
        return results


def _render_chunk(bounds: tuple[int, int]) -> list:
    renderer = _ACTIVE
    return [renderer._render_safely(page) for page in renderer._pages[bounds[0]:bounds[1]]]


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
