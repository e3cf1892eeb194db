"""Generate the example data of the Kiev-2006 live mahjong tournament (rules: swiss-cut).

The individual mahjong tournament of the "Kiev-2006" meeting (seed 001 of the spec) was
played on 5 November 2006: six qualification rounds of four hands at tables of four, cuts
to 16 players for round 5 and 8 for round 6, and a final of four. Its real results are not
available, so this script invents a believable tournament day for the example site:

* 32 players with invented Cyrillic names and their cities; 28 register on time and four
  late registrants are admitted to round 2 (regulation A.3 allows it in fours);
* every seating comes from `site-gen seat` itself (round 1 from the published seed, later
  rounds from the standings), run round by round in a scratch copy of the tournament, so
  the example follows the rule by construction;
* results from a small simulation of four hands per round (East passes after every hand,
  East pays and receives double, limit hands worth 2000, some drawn hands), so every
  table's scores add up to 0; a 5-MI penalty for ignoring the "last hand" call; a final
  of sixteen hands;
* two slow tables stopped by the "last hand" call: one wins no hand (four players equal
  on every key, whom the judge orders in judge.yaml, as the regulation (B.5) says), one
  finishes a single hand (shared places);
* any other tie the standings cannot break, where it decides a seating or a cut, is also
  decided by the judge in judge.yaml.

Standard library plus site-gen itself, and a fixed seed: running it twice writes
byte-identical files.

    python scripts/generate_swiss_cut.py data/kiev-2006

It (re)writes competition.yaml, players.csv, judge.yaml, final.csv and rounds/*.csv in that
folder and leaves any other file there alone.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import random
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from site_gen.config import SiteConfig  # noqa: E402
from site_gen.diagnostics import Diagnostics  # noqa: E402
from site_gen.pipeline.project import load_competition  # noqa: E402
from site_gen.commands.seat import seat_round  # noqa: E402

SEED = 2006  # the simulation's seed (results); the draw's seed is DRAW_SEED
DRAW_SEED = 20061105  # published in competition.yaml: the tournament's day
SLUG = "kiev-2006"
HANDS_PER_ROUND = 4  # regulation B.3
FINAL_HANDS = 16  # "one full game" (B.7): four rounds of winds
LIMIT = 2000  # C.14: a full house (limit) is 2000
DRAW_CHANCE = 0.12
LIMIT_CHANCE = 0.015

COMPETITION = """\
# The individual mahjong tournament of the Kiev-2006 meeting, 5 November 2006, played by the
# rules of the "Gambler" club. The numbers in parentheses are the regulation's sections.
# Written by scripts/generate_swiss_cut.py: the players and results are invented.
name: Kiev-2006 mahjong tournament
rules: swiss-cut
language: en                        # Russian page text is not available yet
description: Six qualification rounds, cuts to 16 and 8, and a final of four — 5 November 2006.
seed: {seed}                     # round 1's draw (B.3): random.Random(seed).shuffle, published
rounds: 6                           # (B.2) rounds 1-4 without a cut, then 5 and 6
cuts: {{5: 16, 6: 8}}                 # (B.2) the 16 best play round 5, the 8 best round 6
final_players: 4                    # (B.2, B.7) the final of four
place_points: [3, 2, 1, 0]          # (B.4) MI for places 1-4 at the table
limit_hand_points: 2                # (B.4) +2 MI for each limit hand
score_scale: [[256, 1], [512, 2], [1024, 3], [2000, 4], [null, 5]]   # (B.4) MI for the wists
"""

# (player, city, club, from_round): invented people; row order is the registration order.
PLAYERS = [
    ("Коваленко Андрей", "Киев", "Гамблер", 1),
    ("Шевчук Ольга", "Киев", "Гамблер", 1),
    ("Бондаренко Сергей", "Харьков", "", 1),
    ("Ткаченко Наталья", "Киев", "Гамблер", 1),
    ("Кравченко Дмитрий", "Днепропетровск", "", 1),
    ("Олейник Мар'яна", "Львов", "", 1),
    ("Соколова-Белая Ирина", "Москва", "Сад камней", 1),
    ("Иванов Алексей", "Москва", "Сад камней", 1),
    ("Смирнова Елена", "Санкт-Петербург", "", 1),
    ("Кузнецов Павел", "Москва", "Сад камней", 1),
    ("Попова Анна", "Минск", "", 1),
    ("Васильев Игорь", "Санкт-Петербург", "", 1),
    ("Мельник Тарас", "Киев", "Гамблер", 1),
    ("Лысенко Оксана", "Одесса", "", 1),
    ("Руденко Виктор", "Харьков", "", 1),
    ("Морозов Глеб", "Москва", "", 1),
    ("Новикова Светлана", "Минск", "", 1),
    ("Федоров Максим", "Киев", "Гамблер", 1),
    ("Гончаренко Юлия", "Киев", "", 1),
    ("Волков Роман", "Москва", "Сад камней", 1),
    ("Зайцева Мария", "Санкт-Петербург", "", 1),
    ("Павленко Богдан", "Одесса", "", 1),
    ("Белова Татьяна", "Москва", "", 1),
    ("Савченко Ярослав", "Днепропетровск", "", 1),
    ("Орлова Вера", "Минск", "", 1),
    ("Семенов Кирилл", "Санкт-Петербург", "", 1),
    ("Марченко Людмила", "Киев", "Гамблер", 1),
    ("Егоров Артём", "Москва", "", 1),
    # registered by 10:45, admitted to round 2 (A.3)
    ("Климова Дарья", "Харьков", "", 2),
    ("Литвиненко Олег", "Киев", "", 2),
    ("Никитин Степан", "Москва", "", 2),
    ("Пономаренко Ганна", "Львов", "", 2),
]

PENALTY = (3, 5)  # (round, MI): a player who ignored the judge's "last hand" call (B.6)
# Slow tables, stopped by the "last hand" call (B.6): (round, table) -> hands finished.
# Round 1's last table wins no hand at all, so its four players are equal on every key
# and the judge orders them for round 2; round 2's table 3 finishes one hand, so two
# players share places.
SLOW_TABLES = {(1, "last"): 0, (2, "3"): 1}


class Rng:
    """Only `random()`, whose sequence Python promises to keep for a given seed."""

    def __init__(self, seed: int):
        self._random = random.Random(seed)

    def random(self) -> float:
        return self._random.random()

    def below(self, n: int) -> int:
        return min(n - 1, int(self.random() * n))

    def weighted(self, weights: list[float]) -> int:
        point = self.random() * sum(weights)
        for index, weight in enumerate(weights):
            point -= weight
            if point < 0:
                return index
        return len(weights) - 1


def hand_value(rng: Rng) -> tuple[int, bool]:
    """A won hand's value in wists, and whether it was a limit hand."""
    if rng.random() < LIMIT_CHANCE:
        return LIMIT, True
    base = 20 + 2 * rng.below(12)  # mahjong 20 plus sets (C.12-C.13)
    doubles = rng.weighted([4, 5, 3.5, 1.5, 0.5, 0.2])
    return min(LIMIT, base * 2**doubles), False


def play(players: list[str], hands: int, skill: dict[str, float], rng: Rng, draws: float = DRAW_CHANCE) -> dict[str, list[int]]:
    """{player: [score, mahjongs, limit hands]} for a game at one table; scores sum to 0."""
    totals = {p: [0, 0, 0] for p in players}
    for hand in range(hands):
        east = players[hand % len(players)]  # East passes after every hand (C.4)
        if rng.random() < draws:
            continue
        winner = players[rng.weighted([skill[p] for p in players])]
        value, limit = hand_value(rng)
        for loser in players:
            if loser == winner:
                continue
            pay = value * (2 if east in (winner, loser) else 1)
            totals[loser][0] -= pay
            totals[winner][0] += pay
        totals[winner][1] += 1
        totals[winner][2] += int(limit)
    return totals


def read_rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    comments = [line for line in lines if line.startswith("#")]
    rows = list(csv.DictReader(line for line in lines if not line.startswith("#")))
    return comments, rows


def write_rows(path: Path, comments: list[str], columns: list[str], rows: list[dict]) -> None:
    buffer = io.StringIO()
    for line in comments:
        buffer.write(line + "\n")
    writer = csv.DictWriter(buffer, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(buffer.getvalue(), encoding="utf-8")


def fill_round(path: Path, number: int, skill: dict[str, float], rng: Rng) -> None:
    comments, rows = read_rows(path)
    comments = [c for c in comments if not c.startswith("# Written by")]
    comments.append("# Seated by `site-gen seat`; results entered by the judge.")
    by_table: dict[str, list[dict]] = {}
    for row in rows:
        by_table.setdefault(row["table"], []).append(row)
    penalised = None
    if number == PENALTY[0]:
        table = sorted(by_table)[rng.below(len(by_table))]
        penalised = by_table[table][rng.below(4)]["player"]
    last = max(by_table, key=int)
    for table in sorted(by_table, key=int):
        seated = by_table[table]
        hands = SLOW_TABLES.get((number, "last" if table == last else table), HANDS_PER_ROUND)
        hands = SLOW_TABLES.get((number, table), hands)
        draws = DRAW_CHANCE if hands == HANDS_PER_ROUND else 0.0  # a slow table's one hand is won
        totals = play([r["player"] for r in seated], hands, skill, rng, draws)
        for row in seated:
            score, mahjongs, limits = totals[row["player"]]
            row.update(score=str(score), mahjongs=str(mahjongs), limit_hands=str(limits) if limits else "",
                       penalty=str(PENALTY[1]) if row["player"] == penalised else "")
    write_rows(path, comments, ["table", "player", "score", "mahjongs", "limit_hands", "penalty"], rows)


def load(root: Path):
    diags = Diagnostics(root=root)
    competition = load_competition(root / "data" / SLUG, SiteConfig(), diags)
    if competition is None or diags.has_errors:
        raise SystemExit("the generated data has errors:\n" + "\n".join(diags.format("error")))
    return competition, diags


def decide_ties(root: Path, number: int, judge: list[str], rng: Rng) -> None:
    """The judge orders players still equal after round N where the order decides something."""
    competition, _ = load(root)
    settings, standings = competition.settings, competition.result.standings(number)
    line = settings.cut(number + 1) or len(standings.order) if number < settings.rounds else settings.final_players
    for start, group in standings.tie_groups():
        if start < line:
            decided = list(group)
            for i in reversed(range(1, len(decided))):  # the judge's call, drawn here
                j = rng.below(i + 1)
                decided[i], decided[j] = decided[j], decided[i]
            judge += [p for p in decided if p not in judge]
    text = "# The judge's order for players equal on MI, score and mahjongs (B.5), decided on the day.\n"
    text += "order:\n" + "".join(f'  - "{p}"\n' for p in judge) if judge else "order: []\n"
    (root / "data" / SLUG / "judge.yaml").write_text(text, encoding="utf-8")


def generate(target: Path) -> None:
    rng = Rng(SEED)
    skill = {p[0]: 0.6 + rng.random() for p in PLAYERS}
    judge: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        folder = root / "data" / SLUG
        folder.mkdir(parents=True)
        (root / "site.yaml").write_text("title: scratch\n", encoding="utf-8")
        (folder / "competition.yaml").write_text(COMPETITION.format(seed=DRAW_SEED), encoding="utf-8")
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["player", "city", "club", "from_round"])
        writer.writerows([(p, city, club, "" if start == 1 else start) for p, city, club, start in PLAYERS])
        (folder / "players.csv").write_text(buffer.getvalue(), encoding="utf-8")
        (folder / "judge.yaml").write_text("order: []\n", encoding="utf-8")
        competition, _ = load(root)
        for number in range(1, competition.settings.rounds + 1):
            with contextlib.redirect_stdout(io.StringIO()):
                code = seat_round(root, SLUG, number)
            if code != 0:
                raise SystemExit(f"site-gen seat refused round {number} (exit {code})")
            fill_round(folder / "rounds" / f"{number}.csv", number, skill, rng)
            decide_ties(root, number, judge, rng)
        competition, _ = load(root)
        finalists = competition.result.standings(competition.settings.rounds).order[: competition.settings.final_players]
        totals = play(list(finalists), FINAL_HANDS, skill, rng)
        write_rows(folder / "final.csv", ["# The final (B.7): one full game of sixteen hands; seats East first."],
                   ["player", "score"], [{"player": p, "score": totals[p][0]} for p in finalists])
        competition, diags = load(root)
        if diags.items:
            raise SystemExit("the generated data is not clean:\n" + "\n".join(diags.format()))
        target.mkdir(parents=True, exist_ok=True)
        if (target / "rounds").is_dir():
            for old in (target / "rounds").glob("*.csv"):
                old.unlink()
        for name in ("competition.yaml", "players.csv", "judge.yaml", "final.csv"):
            shutil.copyfile(folder / name, target / name)
        (target / "rounds").mkdir(exist_ok=True)
        for path in sorted((folder / "rounds").glob("*.csv")):
            shutil.copyfile(path, target / "rounds" / path.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the competition folder to write, e.g. data/kiev-2006")
    generate(parser.parse_args().folder)


if __name__ == "__main__":
    main()
