"""A large thematic marathon for benchmarks: 25 tournaments of 128 entrants, all finished.

    python bench/generate_thematic_marathon.py OUT_PROJECT [--scale 1]

The marathon of the regulation at a bigger size: its 5 groups of 5 tournaments (the
number is fixed by the rules), each with 128 entrants drawn from 256 players, so phase 1
has 26 groups, phase 2 the 26 group winners in 8 semifinal groups, then a final of 8.
Every game has a result; groups.yaml records all three phases as played; every group has
its final and the Master has rounds a to e. --scale multiplies the entrants (at least 6,
the smallest field with a phase 1) and the players (at least 32, so the Master fills).

Results come from scripts/generate_thematic_marathon.py's simulation (imported, not
copied); later phases and the group finalists are read off the project's own engine, as
that script does. Writes OUT_PROJECT (site.yaml, data/big-thematic/) and
OUT_PROJECT.change/, a copy of one games.csv with one phase-1 result reversed (chosen so
the data stays free of diagnostics), for the bench's one-result-changed rebuild. A fixed
seed: the same arguments write the same bytes.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# scripts/ has a module of this file's name: load it under another one
_spec = importlib.util.spec_from_file_location("example_thematic", ROOT / "scripts" / "generate_thematic_marathon.py")
example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(example)

from site_gen.diagnostics import Diagnostics  # noqa: E402
from site_gen.rules.thematic_marathon.model import PHASE1, Settings  # noqa: E402
from site_gen.rules.thematic_marathon.scaffold import SEED_GROUPS  # noqa: E402

SLUG = "big-thematic"
ENTRANTS = 128
COMPLETE = None  # run_tournament's index: none of the example's special cases (forfeiter, unfinished)
CHANGED = 12  # the tournament whose games.csv the change touches (the middle one)
REVERSED = {"1-0": "0-1", "0-1": "1-0", "draw": "1-0"}


def make_players(rnd: random.Random, count: int) -> list[dict]:
    """PBeM userids with E/P ratings and some unrated, in the example's player shape."""
    bases = example.FIRST_NAMES + example.HANDLES
    players = []
    for i in range(count):
        skill = rnd.gauss(0, 1)
        if i % 9 == 4:
            status, rating = "", None
        elif rnd.random() < .28:
            status, rating = "P", int(1500 + 180 * skill + rnd.gauss(0, 60))
        else:
            status, rating = "E", int(1650 + 200 * skill + rnd.gauss(0, 40))
        players.append({"player": f"{bases[i % len(bases)]}{i}", "name": "", "rating": rating, "status": status,
                        "active": "yes", "skill": skill, "affinity": {}})
    return players


def engine(files: dict[str, str]) -> tuple[object, Diagnostics]:
    """The computed marathon over the files written so far (a scratch copy), and what check says."""
    return example.computed(SLUG, files)


def groups_yaml(t) -> str:
    """All phases as played, so a changed phase-1 result cannot move anyone between groups."""
    lines = ["# The groups as played.", "phase1:"] + [f"  - {example.yaml_list(g.players)}" for g in t.phase1]
    if t.semifinals:
        lines += ["semifinals:"] + [f"  - {example.yaml_list(g.players)}" for g in t.semifinals]
    else:
        lines.append("semifinals: []")
    return "\n".join(lines + [f"final: {example.yaml_list(t.final.players)}"]) + "\n"


def master_rows(rounds: dict[str, list[list[str]]], slugs: list[str], players, rnd, boards) -> list[str]:
    """master.csv rows: both games of every pair of each round's groups."""
    by_id = {p["player"]: p for p in players}
    rows = []
    for r, (name, groups) in enumerate(rounds.items()):
        for g, members in enumerate(groups, 1):
            game = slugs[(5 * r + g) % len(slugs)]
            rows += [f"{name},{g},{game},{x.first},{x.second},{x.result}"
                     for x in example.round_robin(members, "", g, game, by_id, rnd, boards, set())]
    return rows


def generate(out: Path, scale: float = 1.0, seed: int = 2024) -> Path:
    rnd = random.Random(seed)
    size = max(6, round(ENTRANTS * scale))
    players = make_players(rnd, max(32, 2 * size))
    boards = example.Boards()
    settings = Settings(groups=())
    files = {"competition.yaml": example.competition_yaml(), "players.csv": example.players_csv(players)}
    slugs = [t for _, _, tournaments in SEED_GROUPS for t, _ in tournaments]
    for slug in slugs:
        entrants = sorted(p["player"] for p in rnd.sample(players, size))
        _, games = example.run_tournament(COMPLETE, slug, slug, entrants, settings, players, rnd, boards)
        files[f"tournaments/{slug}/entrants.csv"] = "player\n" + "\n".join(entrants) + "\n"
        files[f"tournaments/{slug}/games.csv"] = example.games_csv(games)
    result, _ = engine(files)
    for t in result.tournaments:
        files[f"tournaments/{t.slug}/groups.yaml"] = groups_yaml(t)
    for g in result.groups:
        rows = example.group_final_games(g.group.slug, [t.slug for t in g.group.tournaments], list(g.finalists),
                                         players, rnd, boards, False)
        files[f"group-finals/{g.group.slug}.csv"] = "game,board,first,second,result\n" + "".join(
            f"{game},{b},{x},{y},{r}\n" for game, b, x, y, r in rows)
    result, _ = engine(files)
    # the Master: rounds a-c regroup the 16 qualifiers as the columns, then diagonals, of a
    # 4 x 4 square, so nobody meets the same three every round; then the best 8 play d and e
    q = [q.player for q in result.master]
    square = {r: [[q[4 * j + (g + i * j) % 4] for j in range(4)] for g in range(4)] for i, r in enumerate("abc")}
    files["master.csv"] = "round,group,game,first,second,result\n" + "".join(
        row + "\n" for row in master_rows(square, slugs, players, rnd, boards))
    result, _ = engine(files)
    best = [r.player for r in result.master_table.rows if r.second_phase]
    second = {"d": [best[0::2], best[1::2]], "e": [best[:2] + best[6:], best[2:6]]}
    files["master.csv"] += "".join(row + "\n" for row in master_rows(second, slugs, players, rnd, boards))
    changed_path, changed = change_one_result(files)

    comp = out / "data" / SLUG
    shutil.rmtree(comp, ignore_errors=True)
    comp.mkdir(parents=True)
    (out / "site.yaml").write_text("title: Benchmark\n", encoding="utf-8")
    for name, text in sorted(files.items()):
        (comp / name).parent.mkdir(parents=True, exist_ok=True)
        (comp / name).write_bytes(text.encode("utf-8"))
    change = out.with_name(out.name + ".change")
    shutil.rmtree(change, ignore_errors=True)
    target = change / comp.relative_to(out) / changed_path
    target.parent.mkdir(parents=True)
    target.write_bytes(changed.encode("utf-8"))
    return comp


def change_one_result(files: dict[str, str]) -> tuple[str, str]:
    """(file, new text): the first phase-1 game of the middle tournament whose reversed
    result leaves the marathon without a diagnostic (a result that moved someone out of a
    group final would make that final's games errors)."""
    _, before = engine(files)
    path = f"tournaments/{SEED_GROUPS[CHANGED // 5][2][CHANGED % 5][0]}/games.csv"
    lines = files[path].splitlines(keepends=True)
    for i, line in enumerate(lines):
        cells = line.rstrip("\n").split(",")
        if cells[0] != PHASE1 or cells[5] not in REVERSED:
            continue
        cells[5] = REVERSED[cells[5]]
        text = "".join(lines[:i] + [",".join(cells) + "\n"] + lines[i + 1:])
        _, diags = engine({**files, path: text})
        if len(diags.items) == len(before.items):
            return path, text
    raise SystemExit(f"no result in {path} can change without a diagnostic")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="the project folder to write")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the entrants (default 1: 128)")
    args = parser.parse_args()
    print(f"wrote {generate(args.out, args.scale)}")


if __name__ == "__main__":
    main()
