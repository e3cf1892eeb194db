"""A page whose later context has a key (model.Later(key=...)) is digested with the key in
place of its worked-out context: a rebuild keeps it without working the context out, and
renders it again when its key changes. Best-span's player pages have one (pages.page_key)."""

import shutil
from pathlib import Path

import pytest

from output_tree import tree
from page_key_helpers import build_into, count_worked_out

from site_gen.rules.best_span import pages as best_span_pages

COMP = "tenhou-best-span"


@pytest.fixture
def project(example_project, monkeypatch) -> Path:
    monkeypatch.delenv("CI", raising=False)  # CI never reuses a page
    return example_project(COMP)


@pytest.fixture
def worked_out(monkeypatch) -> list[str]:
    """The players whose page context was worked out, and (prefixed "render ") the URLs rendered."""
    return count_worked_out(monkeypatch, best_span_pages, "_player_context", lambda settings, p: p.player)


def _edit_markdown(root: Path) -> None:
    """A change that makes the next build a real one, and touches no competition page."""
    about = root / "content" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")


def test_a_rebuild_keeps_keyed_pages_without_working_their_context_out(project, tmp_path, worked_out):
    out = tmp_path / "out"
    build_into(project, out)
    players = [name for name in worked_out if not name.startswith("render ")]
    assert len(players) > 10  # every player page's context, to render it
    worked_out.clear()
    _edit_markdown(project)
    build_into(project, out)
    assert not [name for name in worked_out if not name.startswith("render ")]
    assert not [url for url in worked_out if url.startswith(f"render {COMP}/players/")]
    clean = tmp_path / "clean"
    shutil.rmtree(project / ".site-gen-cache")
    build_into(project, clean)
    assert tree(out) == tree(clean)


def test_a_page_whose_key_changed_is_worked_out_and_rendered_again(project, tmp_path, worked_out, monkeypatch):
    out = tmp_path / "out"
    build_into(project, out)
    chosen = sorted(name for name in worked_out if not name.startswith("render "))[3]
    worked_out.clear()
    key = best_span_pages.page_key

    def other_key_for_one(settings, p):
        return key(settings, p) + (b"changed" if p.player == chosen else b"")

    monkeypatch.setattr(best_span_pages, "page_key", other_key_for_one)
    _edit_markdown(project)
    build_into(project, out)
    assert [name for name in worked_out if not name.startswith("render ")] == [chosen]
    assert len([url for url in worked_out if url.startswith(f"render {COMP}/players/")]) == 1
