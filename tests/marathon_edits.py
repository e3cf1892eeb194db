"""An edit of the example marathon's games.csv that the build and serve tests share: two
players of one game swap scores, so their places in it swap."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

GAMES = Path("data") / "online-marathon-2015" / "games.csv"


def first_game(line: str) -> bool:
    """The first real game row (ids of the example's games start with 8)."""
    return line.startswith("8") and ",RU-Marathon-" in line


def first_march_game(line: str) -> bool:
    """The first game of March: stage 1 (February and March)."""
    return ",RU-Marathon-" in line and ",2015-03-" in line


def swap_two_scores(root: Path, chosen: Callable[[str], bool]) -> None:
    """score1 and score2 of the first row `chosen` picks swap places."""
    games = root / GAMES
    lines = games.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(i for i, line in enumerate(lines) if chosen(line))
    cells = lines[i].rstrip("\n").split(",")
    assert cells[4] != cells[6]  # else nothing would change
    cells[4], cells[6] = cells[6], cells[4]
    lines[i] = ",".join(cells) + "\n"
    games.write_text("".join(lines), encoding="utf-8")
