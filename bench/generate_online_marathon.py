"""A large online marathon for benchmarks: N players, M games over five stages.

    python bench/generate_online_marathon.py OUT_PROJECT --players 2000 --games 100000 [--scale 1]

Writes a whole project (site.yaml + data/big-marathon/: games.csv and sanctions.yaml) with a
fixed seed, so every run of the benchmark builds the same bytes, and OUT_PROJECT.change/, a copy of games.csv with one
result changed (the middle game's first two scores swapped: the table still adds up to 0),
for the bench's one-result-changed rebuild. --scale multiplies players and games.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import shutil
from pathlib import Path

COMPETITION = """name: Benchmark marathon
rules: online-marathon
period: {from: 2015-02-01, to: 2015-11-30}
stages:
  - {from: 2015-02-01, to: 2015-03-31}
  - {from: 2015-04-01, to: 2015-05-31}
  - {from: 2015-06-01, to: 2015-07-31}
  - {from: 2015-08-01, to: 2015-09-30}
  - {from: 2015-10-01, to: 2015-11-30}
"""


def generate(out: Path, players: int, games: int, seed: int = 7) -> Path:
    rng = random.Random(seed)
    names = [f"Player{i:05d}" for i in range(players)]
    comp = out / "data" / "big-marathon"
    comp.mkdir(parents=True, exist_ok=True)
    (out / "site.yaml").write_text("title: Benchmark\n", encoding="utf-8")
    (comp / "competition.yaml").write_text(COMPETITION, encoding="utf-8")
    start = dt.datetime(2015, 2, 1, 12, 0)
    span = (dt.datetime(2015, 11, 30, 12, 0) - start).total_seconds()
    lines = ["game,table,started_at,player1,score1,player2,score2,player3,score3,player4,score4"]
    # activity follows a long tail: a few players play a lot, most play a little
    cumulative, total = [], 0.0
    for i in range(players):
        total += 1.0 / (1 + i) ** 0.5
        cumulative.append(total)
    seated = []
    for g in range(games):
        when = start + dt.timedelta(seconds=span * g / games)
        seats = set()
        while len(seats) < 4:
            seats.add(rng.choices(range(players), cum_weights=cumulative)[0])
        scores = [rng.randint(-15, 25) * 10 for _ in range(3)]
        scores.append(-sum(scores))
        cells = [f"{100000 + g}", f"RU-Marathon-{g % 7 + 1}", when.strftime("%Y-%m-%dT%H:%M:%S+03:00")]
        seated.append([names[p] for p in sorted(seats)])
        for name, s in zip(seated[-1], scores):
            cells += [name, str(s)]
        lines.append(",".join(cells))
    (comp / "games.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (comp / "sanctions.yaml").write_text(_sanctions(rng, seated), encoding="utf-8")
    cells = lines[len(lines) // 2].split(",")
    cells[4], cells[6] = cells[6], cells[4]
    lines[len(lines) // 2] = ",".join(cells)
    change = out.with_name(out.name + ".change") / "data" / "big-marathon"
    shutil.rmtree(change.parents[1], ignore_errors=True)
    change.mkdir(parents=True)
    (change / "games.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return comp / "games.csv"


def _sanctions(rng: random.Random, seated: list[list[str]]) -> str:
    """Sanctions of every kind, as a real marathon has them: per 10,000 games one
    disqualified game, one game penalty and one stage penalty; one disqualified player."""
    count = max(1, len(seated) // 10_000)
    picked = rng.sample(range(len(seated)), min(len(seated), 2 * count))
    out, fined = picked[:count], picked[count:] or picked[:1]
    lines = ["disqualified_games:"]
    lines += [f"  - {{game: {100000 + g}, reason: two players left the table}}" for g in out]
    lines += ["disqualified_players:",
              f"  - {{player: {seated[fined[0]][0]}, from: 2015-04-01, to: 2015-05-15, reason: a second account}}"]
    lines += ["penalties:"]
    lines += [f"  - {{player: {seated[g][1]}, game: {100000 + g}, game_points: 10, reason: late}}" for g in fined]
    lines += [f"  - {{player: {seated[g][2]}, stage: {i % 5 + 1}, table_points: 2, reason: missed a game}}"
              for i, g in enumerate(fined)]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies players and games")
    args = parser.parse_args()
    generate(args.out, max(4, round(args.players * args.scale)), max(1, round(args.games * args.scale)))


if __name__ == "__main__":
    main()
