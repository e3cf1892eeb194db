"""What the page-key tests share: counting the page contexts worked out and the pages
rendered, and a build that must succeed."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from site_gen.pipeline import page_renderer
from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics


def count_worked_out(monkeypatch, module, name: str, player_of: Callable[..., str]) -> list[str]:
    """The players whose page context `module.name` worked out (`player_of` its arguments'
    player), and (prefixed "render ") the URLs rendered, in order."""
    seen: list[str] = []
    context = getattr(module, name)

    def counting(*args):
        seen.append(player_of(*args))
        return context(*args)

    monkeypatch.setattr(module, name, counting)
    return count_rendered(monkeypatch, seen, "render ")


def count_rendered(monkeypatch, seen: list[str] | None = None, prefix: str = "") -> list[str]:
    """The URLs of the pages rendered (each after `prefix`), in order, appended to `seen`."""
    seen = [] if seen is None else seen
    render = page_renderer.PageRenderer.render

    def rendering(self, page):
        seen.append(prefix + page.url)
        return render(self, page)

    monkeypatch.setattr(page_renderer.PageRenderer, "render", rendering)
    return seen


def build_into(root: Path, out: Path):
    """A build of `root` into `out` (one process) that must succeed: its report."""
    report = build(root, out, Diagnostics(root=root), jobs=1)
    assert report is not None
    return report
