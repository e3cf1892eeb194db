"""A thematic marathon's tournament page is digested with its key (the tournament's result,
the game points and the links: all its crosstables show), so a rebuild after one
tournament's game changed works out the crosstables of that tournament alone."""

import shutil
from pathlib import Path

import pytest

from output_tree import tree
from page_key_helpers import build_into, count_worked_out

from site_gen.rules.thematic_marathon import pages as thematic_pages

COMP = "pbem-marathon"
CHANGED = "amazons"


@pytest.fixture
def project(example_project, monkeypatch) -> Path:
    monkeypatch.delenv("CI", raising=False)  # CI never reuses a page
    return example_project(COMP)


@pytest.fixture
def worked_out(monkeypatch) -> list[str]:
    """The tournaments whose crosstables were worked out, and (prefixed "render ") the URLs rendered."""
    return count_worked_out(monkeypatch, thematic_pages, "_games_of_phases", lambda t, scheme, urls: t.slug)


def _reverse_last_result(root: Path) -> None:
    """The tournament's last game (one of its final: who plays in which phase stays)."""
    games = root / "data" / COMP / "tournaments" / CHANGED / "games.csv"
    *lines, last = games.read_text(encoding="utf-8").splitlines(keepends=True)
    assert last.startswith("final,")
    game, result = last.rstrip("\n").rsplit(",", 1)
    reversed_result = {"1-0": "0-1", "0-1": "1-0"}[result]
    games.write_text("".join(lines) + f"{game},{reversed_result}\n", encoding="utf-8")


def _tournaments(seen: list[str]) -> list[str]:
    return sorted(name for name in seen if not name.startswith("render "))


def test_a_rebuild_works_out_only_the_changed_tournament_s_crosstables(project, tmp_path, worked_out):
    out = tmp_path / "out"
    build_into(project, out)
    every = _tournaments(worked_out)
    assert CHANGED in every and len(every) >= 10  # each tournament page's, to render it
    before = (out / COMP / "tournaments" / CHANGED / "index.html").read_bytes()
    worked_out.clear()
    _reverse_last_result(project)
    build_into(project, out)
    assert _tournaments(worked_out) == [CHANGED]
    assert f"render {COMP}/tournaments/{CHANGED}/" in worked_out
    assert (out / COMP / "tournaments" / CHANGED / "index.html").read_bytes() != before
    shutil.rmtree(project / ".site-gen-cache")
    build_into(project, tmp_path / "clean")
    assert tree(out) == tree(tmp_path / "clean")
