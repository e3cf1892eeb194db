"""A small valid online-marathon project for the hostile-input tests, with names that can
be replaced by hostile ones. Not a test module: the test_hostile_* files import it."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

PLAYERS = ["NomWise", "ComboRus", "AnryChan", "Foo", "Странник", "山田太郎", "Kolobok", "Pinghu"]

# Scores of each table sum to 0; players rotate so everyone has games in both stages.
_TABLES = [(48, 12, -20, -40), (-10, 30, -10, -10), (25, 5, -5, -25), (60, -20, -15, -25)]

COMPETITION_YAML = """\
name: {name}
rules: online-marathon
period:
  from: 2015-02-01
  to: 2015-11-30
stages:
  - {{from: 2015-02-01, to: 2015-03-31}}
  - {{from: 2015-04-01, to: 2015-05-31}}
"""


def yaml_string(text: str) -> str:
    """A YAML double-quoted scalar holding exactly `text`."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def games_csv(players: list[str] = PLAYERS, games: int = 12) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["game", "table", "started_at"] + [f"{k}{i}" for i in range(1, 5) for k in ("player", "score")])
    for g in range(games):
        month = 2 + (g * 4) // games  # February to May: both stages
        seat = [players[(g + k * 3) % len(players)] for k in range(4)]
        if len(set(seat)) < 4:
            seat = [players[(g + k) % len(players)] for k in range(4)]
        scores = _TABLES[g % len(_TABLES)]
        cells = [v for pair in zip(seat, scores) for v in pair]
        writer.writerow([1000 + g, f"RU-Marathon-{1 + g % 2}", f"2015-{month:02d}-{3 + g % 20:02d}T21:15:00+03:00", *cells])
    return buffer.getvalue()


def sanctions_yaml(player: str, reason: str = "left the table") -> str:
    return (
        "disqualified_games:\n"
        f"  - {{game: 1001, reason: {yaml_string(reason)}}}\n"
        "penalties:\n"
        f"  - {{player: {yaml_string(player)}, stage: 1, game_points: 50, reason: {yaml_string(reason)}}}\n"
    )


def write_project(root: Path, *, name: str = "Test marathon", players: list[str] = PLAYERS, games: int = 12,
                  reason: str = "left the table", pages: dict[str, str] | None = None,
                  site_extra: str = "", slug: str = "om") -> Path:
    """A complete project under `root` (site.yaml, data/<slug>/, content/)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "site.yaml").write_text(f"title: Hostile test\nbase_url: /\n{site_extra}", encoding="utf-8")
    folder = root / "data" / slug
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "competition.yaml").write_text(COMPETITION_YAML.format(name=yaml_string(name)), encoding="utf-8")
    (folder / "games.csv").write_text(games_csv(players, games), encoding="utf-8")
    (folder / "sanctions.yaml").write_text(sanctions_yaml(players[1], reason), encoding="utf-8")
    content = root / "content"
    content.mkdir(exist_ok=True)
    for rel, text in (pages or {"about.md": "---\ntitle: About\n---\n# About\n\nA test site.\n"}).items():
        (content / rel).parent.mkdir(parents=True, exist_ok=True)
        (content / rel).write_text(text, encoding="utf-8")
    return root


def site_gen(*args: str, cwd: Path, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "CI": "true", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "site_gen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=timeout, **kwargs)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
