"""A large best-span case for benchmarks: a year of Tenhou's ranked (scb) and phoenix (scc)
logs and a competition of N participants.

    python bench/best_span_generate.py OUT                       # 1 million lines (about 1 min)
    python bench/best_span_generate.py OUT --lines 10000000      # the full size: 10 million

Writes OUT/raw/scraw2009.zip (Tenhou's yearly archive layout: 2009/scbYYYYMMDD.log.gz and
2009/sccYYYYMMDD.html.gz, one member a day) and a project OUT/site/ with
data/big/competition.yaml and participants.csv and an empty logs/ for `site-gen import`.
A fixed seed: the same arguments write the same bytes.

The mix of lines follows Tenhou's lobbies: most games are at the lower tables, east-only or
3-player and cannot count; about a third are 4-player east-south open-tanyao games at 特上 or
鳳凰; participants sit at a few percent of the seats.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import random
import zipfile
from pathlib import Path

COMPETITION = """name: Benchmark best span
rules: best-span
period: {from: 2009-01-01, to: 2009-12-31}
direct_lobbies: [L1234]
"""
# (rule word, share of scb lines); the rest of the year's lines are scc
SCB_RULES = [("四般東喰赤－", 22), ("四般南喰赤－", 10), ("四上東喰赤－", 9), ("四上南喰赤－", 9), ("四特東喰赤－", 6),
             ("四特南喰赤－", 17), ("四特南喰－－", 8), ("四特南－－－", 1), ("三般東喰赤－", 8), ("三上南喰赤－", 5),
             ("三特南喰赤－", 5)]
SCC_RULES = [("四鳳南喰赤－", 70), ("四鳳東喰赤－", 10), ("三鳳南喰赤－", 20)]
SCC_SHARE = 0.12
SEAT_SHARE = 0.08  # chance that a seat at a table that could count holds a participant
SCORES = [f"{s / 10:+.1f}" for s in range(-900, 901)]


def _names(rng: random.Random, count: int, prefix: str) -> list[str]:
    kana = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
    names = []
    for i in range(count):
        if i % 3 == 0:
            names.append("".join(rng.choice(kana) for _ in range(rng.randint(2, 6))) + f"{i % 97}")
        else:
            names.append(f"{prefix}{i:06d}")
    return sorted(set(names))


def _table(rng: random.Random, rule: str, participants: list[str], others: list[str]) -> str:
    size = 4 if rule[0] == "四" else 3
    could_count = size == 4 and rule[2:4] == "南喰" and rule[1] in "特鳳"
    seats: list[str] = []
    while len(seats) < size:
        pool = participants if could_count and rng.random() < SEAT_SHARE else others
        name = pool[rng.randrange(len(pool))]
        if name not in seats:
            seats.append(name)
    raw = sorted((rng.randrange(1801) for _ in range(size)), reverse=True)
    return " ".join(f"{name}({SCORES[s]})" for name, s in zip(seats, raw))


def generate(out: Path, participants: int, lines: int, seed: int = 11) -> tuple[Path, Path]:
    rng = random.Random(seed)
    players = _names(rng, participants, "P")
    others = _names(rng, max(50_000, participants * 25), "g")
    site = out / "site"
    comp = site / "data" / "big"
    (comp / "logs").mkdir(parents=True, exist_ok=True)
    (site / "site.yaml").write_text("title: Benchmark\n", encoding="utf-8")
    (comp / "competition.yaml").write_text(COMPETITION, encoding="utf-8")
    (comp / "participants.csv").write_text("player\n" + "\n".join(players) + "\n", encoding="utf-8")
    raw = out / "raw"
    raw.mkdir(parents=True, exist_ok=True)
    archive = raw / "scraw2009.zip"
    scb_rules = [r for r, share in SCB_RULES for _ in range(share)]
    scc_rules = [r for r, share in SCC_RULES for _ in range(share)]
    per_day = lines // 365
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as zf:
        for d in range(365):
            day = dt.date(2009, 1, 1) + dt.timedelta(days=d)
            count = per_day + (1 if d < lines % 365 else 0)
            scb, scc = [], []
            for k in range(count):
                minute = k * 1440 // count
                time = f"{minute // 60:02d}:{minute % 60:02d}"
                if rng.random() < SCC_SHARE:
                    rule = scc_rules[rng.randrange(len(scc_rules))]
                    log = f"{day:%Y%m%d}{minute // 60:02d}gm-00a9-0000-{rng.getrandbits(32):08x}"
                    scc.append(f'{time} | {rng.randint(10, 40):02d} | {rule} | <a href="http://tenhou.net/0/?log={log}">'
                               f"牌譜</a> | {_table(rng, rule, players, others)}<br>\n")
                else:
                    rule = scb_rules[rng.randrange(len(scb_rules))]
                    scb.append(f"{time} | {rng.randint(5, 40):02d} | {rule} | {_table(rng, rule, players, others)}\n")
            for name, text in ((f"2009/scb{day:%Y%m%d}.log.gz", scb), (f"2009/scc{day:%Y%m%d}.html.gz", scc)):
                info = zipfile.ZipInfo(name, date_time=(2010, 1, 1, 0, 0, 0))
                zf.writestr(info, gzip.compress("".join(text).encode("utf-8"), compresslevel=1, mtime=0))
    return archive, site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="folder to write raw/ and site/ into")
    parser.add_argument("--participants", type=int, default=2000, help="participants (default 2000)")
    parser.add_argument("--lines", type=int, default=1_000_000,
                        help="log lines in the year, scb and scc together (default 1,000,000; the full case: 10,000,000)")
    args = parser.parse_args()
    archive, site = generate(args.out, args.participants, args.lines)
    print(f"wrote {archive} and {site}")


if __name__ == "__main__":
    main()
