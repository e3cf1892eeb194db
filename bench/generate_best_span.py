"""A large best-span project for benchmarks, written directly in its imported form.

    python bench/generate_best_span.py OUT_PROJECT [--scale 1]

At scale 1: 1,000 participants and 1,000,000 counted games over 2009. The files are what
`site-gen import tenhou` leaves in logs/ after importing Tenhou's yearly archive: one plain
file a day and lobby family under logs/2009/ (scbYYYYMMDD.log, sccYYYYMMDD.html, and
scaYYYYMMDD.log on direct-event days), holding only the lines that could count and name a
participant. So every line is a counted game: 4-player east-south with open tanyao (rule
word 四?南喰??) at 特 (scb) or 鳳 (scc) inside the period, or in the direct lobby L1234
(sca, 1 game in 1,000), each with one to four participants. --scale multiplies
participants, guests and games, so games per participant stay the same (about 1,750).

Writes OUT_PROJECT (site.yaml, data/big-span/) and OUT_PROJECT.change/, a copy of the one
log file with one result changed (two players' places swapped), for the bench's
one-result-changed rebuild. A fixed seed: the same arguments write the same bytes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import shutil
from bisect import bisect
from pathlib import Path

SLUG = "big-span"
COMPETITION = """name: Benchmark best span
rules: best-span
period: {from: 2009-01-01, to: 2009-12-31}
direct_lobbies: [L1234]
"""
PARTICIPANTS, GAMES = 1_000, 1_000_000
GUESTS_PER_PARTICIPANT = 20
OTHER_SEAT = 0.25  # chance that a seat besides the first also holds a participant
DIRECT_SHARE = 0.001  # games played in the direct lobby (kind direct)
OCCASIONAL = 0.03  # share of participants who play rarely, so some have no span
# (family, rule word, share): 特上 (scb) and 鳳凰 (scc) tables, with and without red fives
RULES = [("scb", "四特南喰赤－", 45), ("scb", "四特南喰－－", 15),
         ("scc", "四鳳南喰赤－", 35), ("scc", "四鳳南喰－－", 5)]
CHANGED_DAY = dt.date(2009, 7, 1)
# scores in tenths -> Tenhou's text; zero is written 0.0 without a sign
SCORES = {s: f"{s / 10:+.1f}" if s else "0.0" for s in range(-2100, 2101)}


def participant_names(count: int) -> list[str]:
    """Tenhou IDs: ASCII, full-width and kana, all distinct."""
    kana = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン"
    full = str.maketrans("P0123456789", "Ｐ０１２３４５６７８９")
    names = []
    for i in range(count):
        if i % 5 == 1:
            names.append(f"P{i:05d}".translate(full))
        elif i % 5 == 3:
            names.append(kana[i % len(kana)] + kana[i // len(kana) % len(kana)] + f"{i}")
        else:
            names.append(f"P{i:05d}")
    return names


def scores(rng: random.Random) -> list[str]:
    """Four scores in place order (descending) adding up to 0, as Tenhou writes them."""
    three = [rng.randrange(-600, 700) for _ in range(3)]
    return [SCORES[s] for s in sorted(three + [-sum(three)], reverse=True)]


def generate(out: Path, scale: float = 1.0, seed: int = 3) -> Path:
    rng = random.Random(seed)
    players = participant_names(max(4, round(PARTICIPANTS * scale)))
    guests = [f"g{i:06d}" for i in range(max(8, len(players) * GUESTS_PER_PARTICIPANT))] + ["NoName"]
    games = max(365, round(GAMES * scale))
    # activity has a long tail; the occasional players play a hundredth as much
    cumulative, total = [], 0.0
    for i in range(len(players)):
        total += (0.01 if i >= len(players) * (1 - OCCASIONAL) else 1.0) / (1 + i) ** 0.5
        cumulative.append(total)
    rules = [(family, word) for family, word, share in RULES for _ in range(share)]

    def table(first: str) -> str:
        seats = [first]
        while len(seats) < 4:
            name = (players[bisect(cumulative, rng.random() * total)] if rng.random() < OTHER_SEAT
                    else guests[rng.randrange(len(guests))])
            if name not in seats or name == "NoName":  # guests are all NoName: they may repeat
                seats.append(name)
        rng.shuffle(seats)  # the order is the places
        return " ".join(f"{name}({score})" for name, score in zip(seats, scores(rng)))

    comp = out / "data" / SLUG
    logs = comp / "logs" / "2009"
    logs.mkdir(parents=True, exist_ok=True)
    (out / "site.yaml").write_text("title: Benchmark\n", encoding="utf-8")
    (comp / "competition.yaml").write_text(COMPETITION, encoding="utf-8")
    (comp / "participants.csv").write_text("player\n" + "\n".join(players) + "\n", encoding="utf-8")
    change = out.with_name(out.name + ".change")
    shutil.rmtree(change, ignore_errors=True)
    for d in range(365):
        day = dt.date(2009, 1, 1) + dt.timedelta(days=d)
        files: dict[str, list[str]] = {f"sca{day:%Y%m%d}.log": [], f"scb{day:%Y%m%d}.log": [],
                                       f"scc{day:%Y%m%d}.html": []}
        count = games // 365 + (1 if d < games % 365 else 0)
        for k in range(count):
            minute = k * 1440 // count
            hhmm = f"{minute // 60:02d}:{minute % 60:02d}"
            seats = table(players[bisect(cumulative, rng.random() * total)])
            length = rng.randrange(15, 45)
            if rng.random() < DIRECT_SHARE:
                files[f"sca{day:%Y%m%d}.log"].append(f"L1234 | {hhmm} | 四般南喰－－ | {seats}\n")
                continue
            family, word = rules[rng.randrange(len(rules))]
            if family == "scb":
                files[f"scb{day:%Y%m%d}.log"].append(f"{hhmm} | {length:02d} | {word} | {seats}\n")
            else:
                log = f"{day:%Y%m%d}{minute // 60:02d}gm-00a9-0000-{rng.getrandbits(32):08x}"
                link = f'<a href="http://tenhou.net/0/?log={log}">牌譜</a>'
                files[f"scc{day:%Y%m%d}.html"].append(f"{hhmm} | {length:02d} | {word} | {link} | {seats}<br>\n")
        for name, lines in files.items():
            if lines:
                (logs / name).write_text("".join(lines), encoding="utf-8")
        if day == CHANGED_DAY:
            write_change(change / logs.relative_to(out) / f"scb{day:%Y%m%d}.log", files[f"scb{day:%Y%m%d}.log"],
                         set(players))
    return comp


def write_change(target: Path, lines: list[str], participants: set[str]) -> None:
    """The day's file with the first two places swapped in the middle line that seats a
    participant there: still a valid line, and a participant's result changes."""
    lines = list(lines)
    for i in range(len(lines) // 2, len(lines)):
        head, _, players = lines[i].rpartition(" | ")
        tokens = players.split(" ")
        names = [t[: t.rfind("(")] for t in tokens[:2]]
        if participants.intersection(names):
            first, second = (t[t.rfind("("):] for t in tokens[:2])
            tokens[0], tokens[1] = names[1] + first, names[0] + second
            lines[i] = f"{head} | {' '.join(tokens)}"
            break
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="the project folder to write")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies participants and games (default 1)")
    args = parser.parse_args()
    print(f"wrote {generate(args.out, args.scale)}")


if __name__ == "__main__":
    main()
