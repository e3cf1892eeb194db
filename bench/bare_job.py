"""The yardstick of a clean marathon build: the least a generator must do for one.

    python bench/bare_job.py PROJECT OUT

Reads the online marathon's games.csv with the csv module, groups each player's games and
renders one page per player (the player's games in a table) with plain Jinja2, writing the
files under OUT/. No scoring, no checks, no other page: what any tool that publishes the
marathon must at least do. Prints "PAGES SECONDS BYTES": a clean site-gen build is judged by
its time per byte written against this job's (bench/targets.py).
"""

from __future__ import annotations

import csv
import shutil
import sys
import time
from pathlib import Path

from jinja2 import Environment

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ player }}</title></head>
<body><h1>{{ player }}</h1>
<table><thead><tr><th>Game</th><th>Table</th><th>Started</th><th>Score</th><th>Players</th></tr></thead>
<tbody>
{% for game in games %}<tr><td>{{ game.game }}</td><td>{{ game.table }}</td><td>{{ game.started_at }}</td>
<td>{{ game.score }}</td><td>{% for name, score in game.seats %}{{ name }} {{ score }}{% if not loop.last %}, {% endif %}{% endfor %}</td></tr>
{% endfor %}</tbody></table></body></html>
"""


def bare_job(games_csv: Path, out: Path) -> tuple[int, int]:
    """(pages, bytes) written: one page per player of games_csv."""
    by_player: dict[str, list[dict]] = {}
    with games_csv.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(line for line in handle if not line.startswith("#")):
            seats = [(row[f"player{i}"], int(row[f"score{i}"])) for i in range(1, 5)]
            for name, score in seats:
                by_player.setdefault(name, []).append(
                    {"game": row["game"], "table": row["table"], "started_at": row["started_at"], "score": score,
                     "seats": seats})
    template = Environment(autoescape=True).from_string(PAGE)
    written = 0
    for player in sorted(by_player):
        folder = out / "players" / player
        folder.mkdir(parents=True, exist_ok=True)
        data = template.render(player=player, games=by_player[player]).encode("utf-8")
        (folder / "index.html").write_bytes(data)
        written += len(data)
    return len(by_player), written


def main() -> None:
    project, out = Path(sys.argv[1]), Path(sys.argv[2])
    (games_csv,) = project.glob("data/*/games.csv")
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    pages, written = bare_job(games_csv, out)
    print(pages, f"{time.perf_counter() - start:.3f}", written)


if __name__ == "__main__":
    main()
