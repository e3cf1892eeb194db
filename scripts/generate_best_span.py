"""Generate the example data of a Tenhou long-term competition (rules: best-span).

The 2009 competition of seed 003 ran on Tenhou's upper tables; its logs are not available
to us, so this script invents three months of play in Tenhou's real log layouts:

* 40 participants: Latin and Japanese IDs, a full-width twin of a Latin ID, IDs that look
  like markup or hold brackets and bars (`<br>`, `|||||`, `(∩・ω・)∩`), heavy and light
  players, players who prefer red or plain games, phoenix-table players, a player whose
  form dips in the middle (their best span wraps around), one excluded by Tenhou;
* March inside a year's `scraw2009.zip` (daily gzipped files in `2009/`, as Tenhou packs
  them, plus a February file outside the period), April and May as daily files in
  `logs/2009/` (some gzipped), and the evening of 31 May as hourly files;
* lines the competition must ignore: lower tables, east-only and 3-player games, games
  without open tanyao, other private lobbies, and players who are not participants;
* three direct events in lobby L1234 and the month-end open windows;
* corrections.yaml: a game the logs miss, a removed and a void game, an excluded ID.

Standard library only and a fixed seed: running it twice writes byte-identical files.

    python scripts/generate_best_span.py data/tenhou-best-span

It rewrites competition.yaml, participants.csv, corrections.yaml and logs/ in that folder.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import gzip
import io
import random
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

SEED = 3
FIRST, LAST = dt.date(2009, 3, 1), dt.date(2009, 5, 31)
LOBBY = "L1234"
EVENTS = (dt.date(2009, 3, 15), dt.date(2009, 4, 12), dt.date(2009, 5, 10))
WINDOWS = ((dt.date(2009, 3, 31), "2009-03-31 23:00", "2009-04-01 00:00"),
           (dt.date(2009, 4, 30), "2009-04-30 23:00", "2009-05-01 00:00"))

COMPETITION = """\
# A long-term Tenhou competition in the spirit of the 2009 regulation (seed 003): the fewest
# games, weighted by kind, in which a participant collects 500 points over consecutive games
# (the run may wrap around from the last game to the first). Written by
# scripts/generate_best_span.py: the players and games are invented.
name: Tenhou Best Span 2009
rules: best-span
language: en
description: Three months at Tenhou's 特上 and 鳳凰 tables; results read straight from Tenhou's logs.
period: {from: 2009-03-01, to: 2009-05-31}   # Japan time
target: 500                                  # points to collect
place_points: [4, 2, 1, 0]                   # places 1-4
weights: {direct: 0.00, plain: 1.00, red: 1.05}
tables: [特, 鳳]                              # the ranked tables that count
direct_lobbies: [L1234]                      # the direct events' private lobby
open_windows:                                # month ends: the lobby stands in for the ranked one
  - {from: "2009-03-31 23:00", to: "2009-04-01 00:00"}
  - {from: "2009-04-30 23:00", to: "2009-05-01 00:00"}
ignore_red_if_better: true
"""

NAMES = [
    "ASAPIN", "ＡＳＡＰＩＮ", "タロウ", "花子", "<br>", "|||||", "(∩・ω・)∩", "とつげき東北", "福地誠", "ケロンパス",
    "chubu74", "Ixy0411", "ROLLY", "wadopro", "noxusan", "DDT-X", "ヤキン", "ツレオ", "♪ウサギ♪", "竹田誠志",
    "いい笑顔", "百野さん", "ジミー", "tk-benzo", "紫の鏡", "砂吹きん", "冬灯", "moly", "Hectorり", "蒼月★.com",
    "kamezawa", "青獅子丸", "idayu2", "最終回", "manyaoba", "可以打", "KENT6MG", "ｈiroko", "*芹澤六花*", "我打麻将",
]
EXCLUDED = "DDT-X"
SLUMP = "ケロンパス"  # strong in March and late May, weak in between: the span wraps


@dataclass
class Player:
    name: str
    strength: float  # Plackett-Luce strength: 1.0 is average
    per_day: float  # games a day on average
    red_share: float  # share of ranked games played with red fives
    phoenix: bool  # plays at the phoenix table (scc) too


@dataclass
class Line:
    family: str
    day: dt.date
    hour: int
    text: str


def players(rng: random.Random) -> list[Player]:
    result = []
    for i, name in enumerate(NAMES):
        heavy = i % 3 != 2
        result.append(Player(
            name=name,
            strength=round(rng.uniform(0.7, 1.6), 2),
            per_day=round(rng.uniform(3.3, 6.0) if heavy else rng.uniform(0.4, 2.5), 2),
            red_share=rng.choice([0.1, 0.5, 0.9]),
            phoenix=i % 4 == 0,
        ))
    result[NAMES.index(SLUMP)].per_day = 5.5
    return result


def strength_on(player: Player, day: dt.date) -> float:
    if player.name == SLUMP:
        return 3.0 if day < dt.date(2009, 3, 25) or day > dt.date(2009, 5, 8) else 0.8
    return player.strength


def places(rng: random.Random, seats: list[tuple[str, float]]) -> list[str]:
    """Finishing order: an exponential race with each player's strength."""
    return [name for _, name in sorted((rng.expovariate(s), name) for name, s in seats)]


def scores(rng: random.Random, count: int) -> list[int]:
    """Tenths of a point in place order, summing to zero (Tenhou's uma and oka included)."""
    while True:
        raw = sorted((rng.randint(-450, 650) for _ in range(count - 1)), reverse=True)
        last = -sum(raw)
        values = raw + [last]
        if values == sorted(values, reverse=True) and len(set(values)) == count:
            return values


def fmt(score: int) -> str:
    return "0.0" if score == 0 else f"{score / 10:+.1f}"


def players_text(order: list[str], values: list[int]) -> str:
    return " ".join(f"{name}({fmt(v)})" for name, v in zip(order, values))


def ranked_line(rng, day, hour, minute, rule, order, family) -> Line:
    length = rng.randint(9, 40) if rule[2] == "南" else rng.randint(5, 20)
    text = f"{hour:02d}:{minute:02d} | {length:02d} | {rule} | "
    if family == "scc":
        log = f"{day:%Y%m%d}{hour:02d}gm-00a9-0000-{rng.getrandbits(32):08x}"
        text += f'<a href="http://tenhou.net/0/?log={log}">牌譜</a> | '
    text += players_text(order, scores(rng, len(order)))
    return Line(family, day, hour, text + ("<br>" if family == "scc" else ""))


def sca_line(rng, day, hour, minute, lobby, rule, order) -> Line:
    return Line("sca", day, hour, f"{lobby} | {hour:02d}:{minute:02d} | {rule} | " + players_text(order, scores(rng, len(order))))


def day_lines(rng: random.Random, day: dt.date, roster: list[Player], others: list[str]) -> list[Line]:
    lines: list[Line] = []
    slots = []
    for p in roster:
        if p.name == EXCLUDED and day > dt.date(2009, 4, 20):
            continue  # the deleted ID stops playing
        count = int(p.per_day) + (1 if rng.random() < p.per_day % 1 else 0)
        slots += [p] * count
    rng.shuffle(slots)
    while slots:
        group = [slots.pop()]
        if slots and rng.random() < 0.4 and slots[-1].name != group[0].name:
            group.append(slots.pop())
        red = rng.random() < sum(p.red_share for p in group) / len(group)
        phoenix = all(p.phoenix for p in group) and rng.random() < 0.5
        fill = rng.sample(others, 4 - len(group))
        seats = [(p.name, strength_on(p, day)) for p in group]
        seats += [(name, 1.0) for name in fill]
        order = places(rng, seats)
        hour, minute = rng.randint(0, 23), rng.randint(0, 59)
        rule = ("四鳳南喰" if phoenix else "四特南喰") + ("赤－" if red else "－－")
        lines.append(ranked_line(rng, day, hour, minute, rule, order, "scc" if phoenix else "scb"))
    for _ in range(12):  # games the competition ignores
        rule = rng.choice(["四般南喰赤－", "四上南喰赤－", "四特東喰赤－", "三特南喰赤－", "四特南－赤－", "三鳳南喰赤－",
                           "四特南喰赤－"])
        size = 3 if rule[0] == "三" else 4
        names = rng.sample(others, size)
        if rule != "四特南喰赤－" and rng.random() < 0.5:
            names[rng.randrange(size)] = rng.choice(roster).name  # a participant at a table that does not count
        family = "scc" if rule[1] == "鳳" else "scb"
        lines.append(ranked_line(rng, day, rng.randint(0, 23), rng.randint(0, 59), rule, names, family))
    return lines


def event_lines(rng: random.Random, day: dt.date, roster: list[Player]) -> list[Line]:
    """A direct event: 16 participants, 4 rounds of 4 tables in the lobby, speed rules."""
    entrants = rng.sample([p for p in roster if p.name != EXCLUDED], 16)
    lines = []
    for round_number in range(4):
        rng.shuffle(entrants)
        for table in range(4):
            seats = [(p.name, strength_on(p, day)) for p in entrants[table * 4:table * 4 + 4]]
            lines.append(sca_line(rng, day, 20 + round_number, table * 3 + rng.randint(0, 2), LOBBY, "四般南喰－速",
                                  places(rng, seats)))
    return lines


def window_lines(rng: random.Random, day: dt.date, roster: list[Player], others: list[str]) -> list[Line]:
    lines = []
    for minute in (5, 20, 35, 50):
        group = rng.sample(roster, 2)
        seats = [(p.name, strength_on(p, day)) for p in group] + [(n, 1.0) for n in rng.sample(others, 2)]
        lines.append(sca_line(rng, day, 23, minute, LOBBY, "四般南喰赤－", places(rng, seats)))
    lines.append(sca_line(rng, day, 22, 40, LOBBY, "四般南喰赤－",  # before the window: a direct game
                          places(rng, [(p.name, 1.0) for p in rng.sample(roster, 4)])))
    lines.append(sca_line(rng, day, 21, 30, "L1045", "三般南喰赤－", rng.sample(others, 3)))  # another lobby
    return lines


def render(lines: list[Line], crlf: bool) -> bytes:
    ending = "\r\n" if crlf else "\n"
    return "".join(line.text + ending for line in sorted(lines, key=lambda l: (l.hour, l.text[:5]))).encode()


def write_logs(folder: Path, by_day: dict[dt.date, list[Line]]) -> None:
    logs = folder / "logs"
    if logs.exists():
        shutil.rmtree(logs)
    (logs / "2009").mkdir(parents=True)
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for day in sorted(by_day):
            for family, suffix in (("sca", "log"), ("scb", "log"), ("scc", "html")):
                lines = [l for l in by_day[day] if l.family == family]
                if not lines:
                    continue
                data = render(lines, crlf=family == "sca")
                name = f"{family}{day:%Y%m%d}.{suffix}"
                if day.month <= 3:
                    info = zipfile.ZipInfo(f"2009/{name}.gz", date_time=(2009, 4, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_STORED  # the members are gzipped already
                    zf.writestr(info, gzip.compress(data, compresslevel=9, mtime=0))
                elif day == LAST and family != "sca":
                    for hour in sorted({l.hour for l in lines}):
                        hourly = [l for l in lines if l.hour == hour]
                        (logs / "2009" / f"{family}{day:%Y%m%d}{hour:02d}.{suffix}").write_bytes(render(hourly, False))
                elif day.day % 2 == 0:
                    (logs / "2009" / f"{name}.gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
                else:
                    (logs / "2009" / name).write_bytes(data)
    (logs / "scraw2009.zip").write_bytes(archive.getvalue())


def corrections(roster: list[Player], by_day: dict[dt.date, list[Line]]) -> str:
    removed = next(l for l in by_day[dt.date(2009, 4, 8)] if l.family == "scb" and "四特南喰" in l.text)
    voided = next(l for l in by_day[dt.date(2009, 5, 3)] if l.family == "scb" and "四特南喰" in l.text)

    def players_of(line: Line) -> str:
        names = [t.rsplit("(", 1)[0] for t in line.text.split(" | ")[-1].removesuffix("<br>").split(" ")]
        mine = [n for n in names if n in NAMES][:1]
        return "[" + ", ".join(f'"{n}"' for n in mine) + "]"

    first, second = roster[0].name, roster[3].name
    return f"""\
# Corrections of Tenhou's logs (spec: corrections.yaml). Written by the generator.
add:        # games played across the month's end are missing from Tenhou's logs
  - {{date: 2009-04-30, line: "23:52 | 31 | 四特南喰－－ | {first}(+52.0) x_guest1(+9.0) {second}(-18.0) x_guest2(-43.0)"}}
remove:     # not a game of the participant: reported by the player, confirmed by the organisers
  - {{date: {removed.day}, time: "{removed.text[:5]}", players: {players_of(removed)}, reason: "played by a friend on the account"}}
void:       # games Tenhou declared invalid
  - {{date: {voided.day}, time: "{voided.text[:5]}", players: {players_of(voided)}, reason: "invalid game announced by Tenhou"}}
excluded:   # IDs deleted by Tenhou: not ranked; their games still count for their opponents
  - {{player: "{EXCLUDED}", reason: "ID deleted by Tenhou"}}
"""


def generate(folder: Path) -> None:
    rng = random.Random(SEED)
    roster = players(rng)
    others = [f"guest{n:03d}" for n in range(1, 120)] + ["NoName"] * 3 + ["ｇｕｅｓｔ", "名無し", "x_y"]
    by_day: dict[dt.date, list[Line]] = {}
    day = FIRST - dt.timedelta(days=1)  # 28 February: outside the period, not read
    while day <= LAST:
        lines = day_lines(rng, day, roster, others)
        if day in EVENTS:
            lines += event_lines(rng, day, roster)
        for window_day, _, _ in WINDOWS:
            if day == window_day:
                lines += window_lines(rng, day, roster, others)
        if day.day in (7, 21):
            lines.append(sca_line(rng, day, 19, 58, "L4290", "四般南喰－－", rng.sample(others, 4)))
        by_day[day] = lines
        day += dt.timedelta(days=1)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "competition.yaml").write_text(COMPETITION, encoding="utf-8")
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(["player", "name", "joined"])
    for i, p in enumerate(roster):  # every fifth participant gave a name besides the ID
        writer.writerow([p.name, "" if i % 5 else f"Player {i + 1}", (FIRST + dt.timedelta(days=i % 20)).isoformat()])
    (folder / "participants.csv").write_text(table.getvalue(), encoding="utf-8")
    (folder / "corrections.yaml").write_text(corrections(roster, by_day), encoding="utf-8")
    write_logs(folder, by_day)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path, help="the competition folder to (re)write, e.g. data/tenhou-best-span")
    generate(parser.parse_args().folder)


if __name__ == "__main__":
    main()
