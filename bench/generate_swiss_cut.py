"""A larger swiss-cut tournament for benchmarks: 256 players through six rounds and a final.

    python bench/generate_swiss_cut.py OUT_PROJECT [--scale 1]

The Kiev-2006 rules (cuts to 16 and 8, a final of four) with 256 players, four of them late
registrants joining in round 2. It runs scripts/generate_swiss_cut.py's simulation
(imported, not copied) round by round: every seating comes from `site-gen seat`, and the
judge orders the ties a seating or a cut needs. --scale multiplies the players (a multiple
of 4, at least 32, so the cuts to 16 and 8 have players to cut).

Writes OUT_PROJECT (site.yaml, data/big-swiss/) and OUT_PROJECT.change/, a copy of round 4
with one table's result changed (two players at the last table swap results: scores still
add up to 0, nobody crosses the cut to round 5), for the bench's one-result-changed
rebuild. A fixed seed: the same arguments write the same bytes.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import importlib.util
import io
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# scripts/ has a module of this file's name: load a private copy of it under another one
_spec = importlib.util.spec_from_file_location("example_swiss", ROOT / "scripts" / "generate_swiss_cut.py")
example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(example)
example.SLUG = "big-swiss"  # the copy's load() and decide_ties() read this competition

from site_gen.commands.seat import seat_round  # noqa: E402

PLAYERS = 256
CHANGED_ROUND = 4
COMPETITION = """name: Benchmark swiss-cut
rules: swiss-cut
seed: 20061105
rounds: 6
cuts: {5: 16, 6: 8}
final_players: 4
"""


def player_names(count: int) -> list[str]:
    """Distinct Cyrillic names: the example's surnames x first names."""
    surnames = [p[0].split(" ")[0] for p in example.PLAYERS]
    firsts = [p[0].split(" ")[1] for p in example.PLAYERS]
    n = len(surnames)
    # i -> (i mod n, (i mod n + i div n) mod n) is one-to-one for i < n * n
    return [f"{surnames[i % n]} {firsts[(i % n + i // n) % n]}" + (f" {i // (n * n) + 1}" if i >= n * n else "")
            for i in range(count)]


def players_csv(names: list[str]) -> str:
    """Cities and clubs from the example; the last four register late and join in round 2."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["player", "city", "club", "from_round"])
    for i, name in enumerate(names):
        _, city, club, _ = example.PLAYERS[i % len(example.PLAYERS)]
        writer.writerow([name, city, club, 2 if i >= len(names) - 4 else ""])
    return buffer.getvalue()


def generate(out: Path, scale: float = 1.0) -> Path:
    names = player_names(max(32, round(PLAYERS * scale / 4) * 4))
    rng = example.Rng(example.SEED)
    skill = {p: 0.6 + rng.random() for p in names}
    folder = out / "data" / example.SLUG
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "rounds").mkdir(parents=True)
    (out / "site.yaml").write_text("title: Benchmark\n", encoding="utf-8")
    (folder / "competition.yaml").write_text(COMPETITION, encoding="utf-8")
    (folder / "players.csv").write_text(players_csv(names), encoding="utf-8")
    (folder / "judge.yaml").write_text("order: []\n", encoding="utf-8")
    competition, _ = example.load(out)
    judge: list[str] = []
    for number in range(1, competition.settings.rounds + 1):
        with contextlib.redirect_stdout(io.StringIO()):
            if seat_round(out, example.SLUG, number) != 0:
                raise SystemExit(f"site-gen seat refused round {number}")
        example.fill_round(folder / "rounds" / f"{number}.csv", number, skill, rng)
        example.decide_ties(out, number, judge, rng)
    competition, _ = example.load(out)
    settings = competition.settings
    finalists = competition.result.standings(settings.rounds).order[: settings.final_players]
    totals = example.play(list(finalists), example.FINAL_HANDS, skill, rng)
    example.write_rows(folder / "final.csv", [], ["player", "score"],
                       [{"player": p, "score": totals[p][0]} for p in finalists])
    write_change(out, folder / "rounds" / f"{CHANGED_ROUND}.csv")
    return folder


def write_change(out: Path, path: Path) -> None:
    """Round 4 with the results of the last table's two lowest scorers swapped, checked
    to leave the tournament as clean as before (so nobody crossed the cut)."""
    original = path.read_bytes()
    comments, rows = example.read_rows(path)
    last = [r for r in rows if r["table"] == rows[-1]["table"]]
    by_score = sorted(last, key=lambda r: int(r["score"]))
    a, b = by_score[0], next(r for r in by_score if r["score"] != by_score[0]["score"])
    for key in ("score", "mahjongs", "limit_hands"):
        a[key], b[key] = b[key], a[key]
    example.write_rows(path, comments, list(rows[0]), rows)
    _, diags = example.load(out)
    if diags.items:
        raise SystemExit("the changed round has diagnostics:\n" + "\n".join(diags.format()))
    target = out.with_name(out.name + ".change") / path.relative_to(out)
    shutil.rmtree(out.with_name(out.name + ".change"), ignore_errors=True)
    target.parent.mkdir(parents=True)
    shutil.move(path, target)
    path.write_bytes(original)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="the project folder to write")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the players (default 1: 256)")
    args = parser.parse_args()
    print(f"wrote {generate(args.out, args.scale)}")


if __name__ == "__main__":
    main()
