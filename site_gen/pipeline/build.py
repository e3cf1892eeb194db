"""The pipeline: discover → load → compute → plan → render → write.

Every phase runs over the whole site before the next starts, so a data error stops the
build before anything is written, and the output depends on the data alone.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from site_gen.csv_export import table_csv
from site_gen.diagnostics import Diagnostics
from site_gen.json_document import competition_header, document_json, with_header
from site_gen.model import CompetitionSite, Later, Page
from site_gen.pipeline.output import Staging, check_output_folder
from site_gen.pipeline.project import Project, load_project
from site_gen.rebuild.competition_memo import CompetitionMemo
from site_gen.rebuild.page_cache import PageCache, template_fingerprint
from site_gen.pipeline.page_renderer import PageRenderer
from site_gen.standings_schema import schema_path, schema_reference, schema_text
from site_gen.render.environment import theme_dir
from site_gen.rebuild import build_state, file_digests
from site_gen import parallel
from site_gen.pipeline import players_index, site_pages
from site_gen.rebuild.build_state import BuildReport, PreviousBuild
from site_gen.rebuild.linked_spare import make_spare


def analyse(root: Path, diags: Diagnostics, memo: CompetitionMemo | None = None) -> Project | None:
    """Discover, load and compute every competition; None when any error was found."""
    with collection_paused():
        project = load_project(root, diags, memo)
    return None if project is None or diags.has_errors else project


@contextmanager
def collection_paused():
    """No garbage collection while loading and computing: they make millions of objects
    that nearly all live on, so each collection walks them for next to nothing (a sixth of
    a large marathon's loading). What they made is then frozen, else the first collection
    after would walk all of it once (~0.4 s of a large marathon's build); long_lived_objects
    unfreezes it when the build ends, and what little is left in cycles is collected then."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.freeze()
            gc.enable()


def plan(project: Project, diags: Diagnostics, base_url: str | None = None) -> tuple[list[Page], dict[str, bytes | Later]]:
    """Every page to render and every file to write (its bytes, or a Later of them);
    `base_url` (default: site.yaml's) makes the documents' `$schema` addresses."""
    url = base_url or project.site.base_url
    sites: dict[str, CompetitionSite] = {}
    pages: list[Page] = []
    files: dict[str, bytes | Later] = {}
    for c in project.competitions:
        if c.published is None:
            c.published = c.ruleset.publish(c.info, c.settings, c.data, c.result)
        site = c.published
        sites[c.info.slug] = site
        extra = {"competition": c.info, "competition_pages": c.pages, "updated": site.updated, "status": site.status,
                 "competition_state": c.state}
        pages += [Page(p.url, p.template, p.title, {**extra, **p.context}, p.later) for p in site.pages]
        # exports are worked out by the renderer's workers, beside the pages
        header = competition_header(c.info, c.state)
        schema = schema_reference(c.info.rules, url)
        files[f"{c.info.slug}/standings.json"] = Later(document_json, Later(with_header, header, site.document, schema))
        files[schema_path(c.info.rules)] = schema_text(c.info.rules)  # once per rule set used
        for table in site.tables:
            files[f"{c.info.slug}/{table.slug}.csv"] = Later(table_csv, table)
        for name, data in site.exports.items():
            files[f"{c.info.slug}/{name}"] = data
    pages = players_index.with_index(pages, sites)  # /players/<slug>/ for names in several competitions
    content = site_pages.content_pages(project, diags)
    pages += content
    pages.append(site_pages.home_page(project, sites))
    pages.append(site_pages.not_found_page())
    pages.append(site_pages.sitemap_page([p.url for p in pages]))
    pages.append(site_pages.feed_page(project, sites))
    files["search.json"] = site_pages.search_index(project, sites, content)
    files["search.js"] = site_pages.search_script(files["search.json"])  # the search box, opened from disk
    return pages, files


def _static_files(project: Project) -> dict[str, bytes]:
    static = theme_dir(project.root, project.site.theme) / "static"
    files = {}
    for folder in (static, project.root / "static"):
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    files[f"static/{path.relative_to(folder).as_posix()}"] = path.read_bytes()
    return files


@contextmanager
def long_lived_objects():
    """Collect garbage less often during a build. The loaded data, results and pages live
    until the build ends, yet every full collection would walk them all again (a fifth of
    a large build's time); `keep()` moves what exists into the permanent generation (which
    also keeps forked workers from touching, and so copying, those pages of memory)."""
    threshold = gc.get_threshold()
    gc.set_threshold(50_000, 50, 1000)
    try:
        yield gc.freeze
    finally:
        gc.unfreeze()  # a long `serve` must still free one build's objects
        gc.set_threshold(*threshold)


_kept: list | None = None  # what builds made, once keep_until_exit() was called


def keep_until_exit() -> None:
    """Leave what each build makes (its project, pages and files) to the end of the
    process, which ends without freeing them (cli.main), instead of freeing millions of
    objects one by one when the build returns."""
    global _kept
    _kept = []


def left_to_exit(*made: Any) -> None:
    """Keep `made` until the process ends, once keep_until_exit() was called."""
    if _kept is not None:
        _kept.append(made)


def build(root: Path, out: Path, diags: Diagnostics, base_url: str | None = None, jobs: int = 1,
          serving: bool = False, progress_factory=None, incremental: bool = True,
          memo: CompetitionMemo | None = None, previous: PreviousBuild | None = None) -> BuildReport | None:
    """Build the whole site into `out`; on any error nothing is written and None returned.

    When nothing the site is made of changed since the last build into `out`, the build
    stops after checking that (the output is already what a clean build would write).
    `memo` keeps competitions between the builds of one process (serve); `previous` is
    build_state.previous_build() when the caller already asked it."""
    problem = check_output_folder(out, root)
    if problem:
        diags.error(out, None, problem)
        return None
    with file_digests.one_build():  # the fingerprint, the memo and the log cache hash the same files
        previous = previous or build_state.previous_build(root, out, base_url, serving, incremental)
        # serve's first build fills its memo even when the output is up to date: replayed,
        # it would leave the memo empty, and the first edit would cost a whole build
        if previous.state is not None and (memo is None or memo.filled):
            return build_state.replayed(previous.state, out, diags)
        try:
            return _build(root, out, diags, base_url, jobs, serving, progress_factory, incremental, memo, previous)
        finally:
            # cache files a rule set's reader writes beside the build (a Tenhou month's logs:
            # ~0.2 s). serve does not wait for them: it keeps what they hold in memory, and
            # its next build's reader waits for them first (log_cache.LogCache)
            if not serving:
                parallel.join_background()


def _build(root: Path, out: Path, diags: Diagnostics, base_url: str | None, jobs: int, serving: bool,
           progress_factory, incremental: bool, memo: CompetitionMemo | None,
           previous: PreviousBuild) -> BuildReport | None:
    with long_lived_objects() as keep, parallel.allowed(jobs):  # rule sets read their files with `jobs` too
        project = analyse(root, diags, memo)
        if project is None:
            return None
        keep()
        url = base_url or project.site.base_url
        pages, files = plan(project, diags, url)
        if diags.has_errors:
            return None
        keep()
        renderer = PageRenderer(project, url)
        if incremental and build_state.trust_previous_builds():
            renderer.cache = PageCache(root, out, template_fingerprint(root, f"{url}\0{serving}"), renderer.common)
        staging = Staging(out, build_state.spare_folder(root, out) if incremental else None)
        try:
            sizes, written, problems = _render(renderer, pages, files, staging, jobs, progress_factory)
            for where, line, message in problems:
                diags.error(where, line, message)
            if problems:
                return None
            # what the workers did not write: the files made while planning, the theme's static files
            rest = {rel: data for rel, data in files.items() if not isinstance(data, Later)}
            rest.update(_static_files(project))
            rest[".nojekyll"] = b""
            for rel in sorted(rest):
                written += staging.put(rel, rest[rel])
                sizes[rel] = len(rest[rel])
            staging.prune(set(sizes))
            staging.commit(remove_later=serving)  # serve: the previous site goes after the reload
        finally:
            staging.discard()  # nothing left once committed; a failed build's files otherwise
    if memo is not None:
        memo.filled = True
    if renderer.cache:
        renderer.cache.record(renderer.digests)
    build_state.record(root, out, previous.fingerprint, sizes, len(pages), diags.items)
    spare = build_state.spare_folder(root, out) if serving and incremental else None  # once the cache is there
    if spare is not None:
        make_spare(out, spare)  # while serve waits for a change
    left_to_exit(project, pages, files, renderer)
    return BuildReport(out, len(pages), len(sizes), written)


def _render(renderer: PageRenderer, pages: list[Page], files: dict[str, bytes | Later], staging: Staging,
            jobs: int, progress_factory) -> tuple[dict[str, int], int, list]:
    if progress_factory is None:
        return renderer.render_all(pages, staging, jobs, later_files=files)
    with progress_factory(len(pages)) as bar:
        return renderer.render_all(pages, staging, jobs, bar.update, files)
