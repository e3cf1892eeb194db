"""A swiss-cut page holds what it shows: every page's navigation links the rounds without
holding their results, so a rebuild after one result renders the pages that show it, not
every player's page."""

import shutil
from pathlib import Path

import pytest

from output_tree import tree
from page_key_helpers import build_into, count_rendered

COMP = "kiev-2006"


@pytest.fixture
def project(example_project, monkeypatch) -> Path:
    monkeypatch.delenv("CI", raising=False)  # CI never reuses a page
    return example_project(COMP)


@pytest.fixture
def rendered(monkeypatch) -> list[str]:
    """The URLs rendered, in order."""
    return count_rendered(monkeypatch)


def _one_more_mahjong(root: Path, player: str) -> None:
    """Round 6: `player` made one mahjong more (a tie-break the standings show, nothing else)."""
    path = root / "data" / COMP / "rounds" / "6.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    [index] = [i for i, line in enumerate(lines) if f",{player}," in line]
    table, name, score, mahjongs, rest = lines[index].split(",", 4)
    lines[index] = ",".join((table, name, score, str(int(mahjongs) + 1), rest))
    path.write_text("".join(lines), encoding="utf-8")


def test_a_rebuild_after_one_result_renders_the_pages_that_show_it(project, tmp_path, rendered):
    out = tmp_path / "out"
    build_into(project, out)
    players = [url for url in rendered if url.startswith(f"{COMP}/players/") and url != f"{COMP}/players/"]
    assert len(players) == 32
    rendered.clear()
    _one_more_mahjong(project, "Белова Татьяна")
    build_into(project, out)
    changed = f"{COMP}/players/белова-татьяна/"
    assert {changed, f"{COMP}/rounds/6/", f"{COMP}/rounds/6/standings/"} <= set(rendered)
    assert [url for url in rendered if url in players] == [changed]  # the other 31 are kept
    assert len(rendered) <= 5  # and the overview (the whole result) at most: not 49 pages
    shutil.rmtree(project / ".site-gen-cache")
    build_into(project, tmp_path / "clean")
    assert tree(out) == tree(tmp_path / "clean")
