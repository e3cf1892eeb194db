"""The bench's lower bound: render a project's planned pages in a bare Jinja2 loop.

    python bench/bare_loop.py PROJECT OUT [ONLY]

Plans the pages as site-gen does, then times only rendering the same templates with
precomputed contexts and writing the files. Prints "PAGES SECONDS". bench/run runs it in a
fresh process, so the memory it holds never counts in the builds measured after it.
ONLY: a file listing output paths (one per line, as `big/players/x/index.html`): only those
pages are rendered, the lower bound of a rebuild that must render just them.
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def bare_jinja(root: Path, out: Path, only: set[str] | None = None) -> tuple[int, float]:
    """Render the planned pages (those of `only`) with precomputed contexts and write them: nothing else."""
    from site_gen.pipeline.build import analyse, plan
    from site_gen.diagnostics import Diagnostics
    from site_gen.model import Page
    from site_gen.pipeline.output import output_path
    from site_gen.pipeline.page_renderer import PageRenderer

    diags = Diagnostics(root=root)
    project = analyse(root, diags)
    pages, _ = plan(project, diags)
    renderer = PageRenderer(project, "/")
    if only is not None:
        pages = [page for page in pages if output_path(page.url) in only]
    jobs = []
    for page in map(Page.resolved, pages):  # contexts precomputed, even those site-gen works out later
        lang = renderer.languages.get(page.url.split("/", 1)[0], renderer.default_language)
        context = {**renderer.common, "page": page, "lang": lang, **page.context}
        jobs.append((renderer.env.get_template(page.template), context, out / output_path(page.url)))
    if out.exists():
        shutil.rmtree(out)
    start = time.perf_counter()
    for template, context, target in jobs:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(template.render(context).encode("utf-8"))
    return len(pages), time.perf_counter() - start


if __name__ == "__main__":
    only = set(Path(sys.argv[3]).read_text(encoding="utf-8").split("\n")) - {""} if len(sys.argv) > 3 else None
    pages, seconds = bare_jinja(Path(sys.argv[1]), Path(sys.argv[2]), only)
    print(pages, seconds)
