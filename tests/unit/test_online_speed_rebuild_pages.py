"""A rebuild after one changed result (command line: no memo between builds) renders again
the player pages the change shows on, keeps the others (their digests, made from their
resolved contexts, are unchanged), and writes what a clean build of the changed data writes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from output_tree import tree
from page_key_helpers import build_into, count_worked_out

from site_gen.rules.online_marathon import pages as marathon_pages

MARATHON = "online-marathon-2015"  # the example competition marathon_project copies (conftest)


@pytest.fixture
def project(marathon_project, monkeypatch) -> Path:
    monkeypatch.delenv("CI", raising=False)  # CI never keeps a page
    return marathon_project


@pytest.fixture
def worked_out(monkeypatch) -> list[str]:
    """The players whose page context was worked out, and (prefixed "render ") the URLs rendered."""
    return count_worked_out(monkeypatch, marathon_pages, "player_context", lambda m, *rest: m.player)


def _edit_middle_game(root: Path, edit) -> list[str]:
    """The middle game of games.csv with its cells edited by `edit`: its cells after."""
    path = root / "data" / MARATHON / "games.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    rows = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    index = rows[len(rows) // 2]
    cells = lines[index].rstrip("\n").split(",")
    edit(cells)
    lines[index] = ",".join(cells) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    return cells


def _swap_first_two_scores(cells: list[str]) -> None:
    """score1 and score2 swapped: the two players' places swap."""
    assert cells[4] != cells[6]
    cells[4], cells[6] = cells[6], cells[4]


def _a_minute_later(cells: list[str]) -> None:
    """The game starts a minute later ("...T20:15:00+03:00" -> "...T20:16:00+03:00"): only
    its players' games tables show it (no score, place or rank moves)."""
    minute = int(cells[2][14:16])
    assert minute < 59
    cells[2] = f"{cells[2][:14]}{minute + 1:02d}{cells[2][16:]}"


def test_one_changed_result_renders_its_players_pages_and_keeps_the_others(project, tmp_path, worked_out):
    out = tmp_path / "out"
    build_into(project, out)
    players = {name for name in worked_out if not name.startswith("render ")}
    before = tree(out)
    worked_out.clear()
    cells = _edit_middle_game(project, _swap_first_two_scores)
    game = cells[0]
    build_into(project, out)
    rendered = {url for url in worked_out if url.startswith(f"render {MARATHON}/players/")}
    # the two players whose places swapped see it in their games tables: rendered again
    assert 2 <= len(rendered) < len(players)
    after = tree(out)
    changed = {path for path in after if path.startswith(f"{MARATHON}/players/") and after[path] != before.get(path)}
    assert changed and len(changed) <= len(rendered)  # every changed page was rendered
    assert game in "".join(after[path].decode("utf-8") for path in changed)
    clean = tmp_path / "clean"
    shutil.rmtree(project / ".site-gen-cache")
    build_into(project, clean)
    assert tree(out) == tree(clean)


def test_a_start_time_renders_the_four_players_pages_again(project, tmp_path, worked_out):
    # nothing of the players' marathon rows changes, only their games tables
    out = tmp_path / "out"
    build_into(project, out)
    before = tree(out)
    worked_out.clear()
    cells = _edit_middle_game(project, _a_minute_later)
    build_into(project, out)
    rendered = {url for url in worked_out if url.startswith(f"render {MARATHON}/players/")}
    assert len(rendered) == 4  # the four players seated
    after = tree(out)
    changed = {path for path in after if path.startswith(f"{MARATHON}/players/") and after[path] != before.get(path)}
    assert len(changed) == 4
    clean = tmp_path / "clean"
    shutil.rmtree(project / ".site-gen-cache")
    build_into(project, clean)
    assert tree(out) == tree(clean)
