"""A thematic marathon's page holds what it shows: a tournament page its own tournament's
crosstables, the other pages no tournament's results. A rebuild after one result of a
tournament's final renders that tournament's page and the pages that show its ranking,
not the other tournaments' pages; and the site is a clean build's."""

import shutil
from pathlib import Path

import pytest

from output_tree import tree
from page_key_helpers import build_into, count_rendered

COMP = "pbem-marathon"
CHANGED = "amazons"


@pytest.fixture
def project(example_project, monkeypatch) -> Path:
    monkeypatch.delenv("CI", raising=False)  # CI never reuses a page
    return example_project(COMP)


@pytest.fixture
def rendered(monkeypatch) -> list[str]:
    """The URLs rendered, in order."""
    return count_rendered(monkeypatch)


def _reverse_last_result(root: Path) -> None:
    """The tournament's last game (one of its final: who plays in which phase stays)."""
    games = root / "data" / COMP / "tournaments" / CHANGED / "games.csv"
    *lines, last = games.read_text(encoding="utf-8").splitlines(keepends=True)
    assert last.startswith("final,")
    game, result = last.rstrip("\n").rsplit(",", 1)
    reversed_result = {"1-0": "0-1", "0-1": "1-0"}[result]
    games.write_text("".join(lines) + f"{game},{reversed_result}\n", encoding="utf-8")


def _tournament_pages(urls: list[str]) -> list[str]:
    prefix = f"{COMP}/tournaments/"
    return sorted(url for url in urls if url.startswith(prefix) and url.count("/") == 3 and url != f"{prefix}master/")


def test_a_rebuild_renders_the_changed_tournament_s_page_not_the_others(project, tmp_path, rendered):
    out = tmp_path / "out"
    build_into(project, out)
    every = _tournament_pages(rendered)
    assert f"{COMP}/tournaments/{CHANGED}/" in every and len(every) >= 10
    before = (out / COMP / "tournaments" / CHANGED / "index.html").read_bytes()
    rendered.clear()
    _reverse_last_result(project)
    build_into(project, out)
    assert _tournament_pages(rendered) == [f"{COMP}/tournaments/{CHANGED}/"]
    assert (out / COMP / "tournaments" / CHANGED / "index.html").read_bytes() != before
    shutil.rmtree(project / ".site-gen-cache")
    build_into(project, tmp_path / "clean")
    assert tree(out) == tree(tmp_path / "clean")
