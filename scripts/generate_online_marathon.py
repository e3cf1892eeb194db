"""Generate the example data of the 2015 online mahjong marathon (rules: online-marathon).

The Russian Mahjong Federation ran the "Online Marathon 2015" at the RU-Marathon-N tables
of the MahjongTime server (seed 000 of the spec). Its real game logs are not available, so
this script invents a believable year of play for the example site and for manual testing:

* about 80 players: MahjongTime-style Latin nicks, Cyrillic nicks, a few with spaces or
  dots; regulars who play every stage, players who drop in for a stage or two, and players
  whose game counts sit exactly on the rules' thresholds (1 game in total, 2-3 games in a
  stage: no norm rating, exactly 4 games, exactly 10 games: the best series is the stage);
* five two-month stages with well over 1,500 counted games at RU-Marathon-1..4, evening
  sessions in Moscow time, scores from a simulation of Chinese Official hands (so every
  table sums to zero), plus games the marathon must ignore: other tables, test games in
  January and December, 1 February 05:00 Moscow (still 31 January in San Diego) and
  1 December 02:00 Moscow (in the period, but in no stage); 1 April 00:30 Moscow counts
  for stage 2 although it is still 31 March in San Diego;
* tables with shared places (1-2, 2-3, 3-4, 1-3, 2-4 and all four) and sanctions of every
  kind the regulation allows, each with a reason.

Standard library only and a fixed seed: running it twice writes byte-identical files.

    python scripts/generate_online_marathon.py data/online-marathon-2015

It (re)writes competition.yaml, games.csv, players.csv and sanctions.yaml in that folder
and leaves any other file there alone.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import io
import json
import math
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

SEED = 2015
FIRST_GAME_ID = 81000

MSK = dt.timezone(dt.timedelta(hours=3), "MSK")  # Moscow has kept UTC+3 all year since October 2014
PERIOD = (dt.date(2015, 2, 1), dt.date(2015, 11, 30))  # regulation 2.1, days in San Diego
STAGES = [  # regulation 2.2, days in Moscow (8.1)
    (dt.date(2015, 2, 1), dt.date(2015, 3, 31)),
    (dt.date(2015, 4, 1), dt.date(2015, 5, 31)),
    (dt.date(2015, 6, 1), dt.date(2015, 7, 31)),
    (dt.date(2015, 8, 1), dt.date(2015, 9, 30)),
    (dt.date(2015, 10, 1), dt.date(2015, 11, 30)),
]
TABLE_PATTERN = re.compile(r"^RU-Marathon-\d+$")
MARATHON_TABLES = ["RU-Marathon-1", "RU-Marathon-2", "RU-Marathon-3", "RU-Marathon-4"]
TABLE_CHANCE = [0.92, 0.78, 0.5, 0.24]  # how often a table has a session on an ordinary evening
OTHER_TABLES = ["Friendly-3", "RU-Marathon-Test", "Friendly-1", "MSK Club Night"]
STAGE_ACTIVITY = [1.0, 1.0, 0.8, 0.9, 1.05]  # fewer games in summer
BUSY = dt.timedelta(minutes=110)  # a player is at one table at a time (games last up to 100 min)


def san_diego_offset(moment: dt.datetime) -> dt.timedelta:
    """UTC offset of San Diego in 2015: PDT from 8 March 10:00 UTC to 1 November 09:00 UTC."""
    utc = moment.astimezone(dt.timezone.utc).replace(tzinfo=None)
    summer = dt.datetime(2015, 3, 8, 10) <= utc < dt.datetime(2015, 11, 1, 9)
    return dt.timedelta(hours=-7 if summer else -8)


def san_diego_day(moment: dt.datetime) -> dt.date:
    return (moment.astimezone(dt.timezone.utc) + san_diego_offset(moment)).date()


def stage_of_day(day: dt.date) -> int | None:
    return next((i + 1 for i, (a, b) in enumerate(STAGES) if a <= day <= b), None)


# --------------------------------------------------------------------------- players


@dataclass
class Player:
    nick: str
    skill: float
    weights: list[float]  # per stage; 0 = does not play in that stage
    fixed: dict[int, int] = field(default_factory=dict)  # stage -> exact number of counted games
    name: str = ""
    country: str = ""
    city: str = ""

    def plays(self, stage: int) -> bool:
        return self.weights[stage - 1] > 0 or stage in self.fixed


ORGANISERS = ("NomWise", "ComboRus", "AnryChan")  # MahjongTime nicks from the regulation (1.2)

# (nick, weights per stage, fixed counts, name, country, city). The organisers' nicks come
# from the regulation; their personal details are left out on purpose.
REGULARS = [
    ("NomWise", 12, {}, "", "", ""),
    ("ComboRus", 10, {3: 3}, "", "", ""),  # a summer stage of 3 games: NR 0, dropped
    ("AnryChan", 11, {}, "", "", ""),
    ("Foo", 9, {}, "", "Russia", "Moscow"),
    ("Тигр", 10, {}, "Андрей Тигранов", "Russia", "Moscow"),
    ("KongKing", 8, {}, "Konstantin Korolev", "Russia", "Saint Petersburg"),
    ("DragonFly", 9, {}, "", "Ukraine", "Kharkiv"),
    ("GreenTea", 7, {}, "Olga Zelenina", "Russia", "Yekaterinburg"),
    ("Pinghu", 8, {}, "", "Russia", "Novosibirsk"),
    ("Kolobok", 7, {}, "", "Russia", "Moscow"),
    ("SPb_Lynx", 9, {}, "Irina Rysina", "Russia", "Saint Petersburg"),
    ("Дракон_77", 6, {4: 4}, "", "Russia", "Moscow"),  # exactly 4 games in stage 4
    ("WhiteDragonMSK", 7, {}, "", "Russia", "Moscow"),
    ("Bar_Baz", 6, {}, "", "Belarus", "Minsk"),
    ("Natasha.V", 7, {1: 10}, "Natalia V.", "Russia", "Kazan"),  # exactly 10 games in stage 1
    ("Сова", 6, {5: 2}, "", "Russia", "Tver"),  # 2 games in stage 5: NR 0, dropped
]

SEMI_REGULARS = [
    ("RedDragon88", [6, 6, 0, 5, 6], {}, "", "Russia", "Samara"),
    ("Mr. Pong", [4, 0, 5, 5, 0], {5: 10}, "Peter Pong", "Netherlands", "Utrecht"),
    ("Panda Bear", [3, 3, 0, 0, 0], {3: 10}, "", "Denmark", "Copenhagen"),
    ("Sakura.M", [0, 4, 3, 0, 0], {1: 4}, "Sakura Mori", "Japan", "Osaka"),
    ("BambooCat", [5, 5, 5, 5, 0], {}, "", "Russia", "Perm"),
    ("LuckyNine", [0, 4, 4, 4, 4], {}, "", "Latvia", "Riga"),
    ("SevenPairs", [5, 0, 4, 0, 5], {}, "", "Russia", "Moscow"),
    ("Бамбук", [4, 4, 0, 4, 0], {}, "", "Russia", "Voronezh"),
    ("Ветер.Востока", [0, 5, 5, 5, 0], {}, "", "Russia", "Vladivostok"),
    ("IvanTheTile", [4, 4, 4, 0, 4], {}, "Ivan T.", "Russia", "Nizhny Novgorod"),
    ("UralMaster", [3, 3, 3, 3, 0], {}, "", "Russia", "Chelyabinsk"),
    ("Kazan_Cat", [0, 3, 3, 3, 3], {}, "", "Russia", "Kazan"),
    ("ShadowTiger", [5, 5, 5, 0, 0], {}, "", "", ""),
    ("Ghost_Wind", [0, 4, 4, 4, 4], {}, "", "", ""),
    ("EastWind", [3, 0, 3, 0, 3], {}, "", "Kazakhstan", "Almaty"),
    ("Журавль", [3, 3, 3, 3, 0], {}, "", "Russia", "Krasnodar"),
    ("MahjongMax", [0, 0, 4, 4, 4], {}, "Max Weber", "Germany", "Berlin"),
    ("TileSmith", [4, 4, 0, 0, 3], {}, "", "USA", "San Diego"),
    ("Zoë", [0, 2, 0, 0, 0], {1: 2}, "Zoë L.", "France", "Lyon"),  # 2 games in stage 1
    ("NskBear", [3, 3, 3, 0, 0], {}, "", "Russia", "Novosibirsk"),
    ("Kitsune", [0, 0, 3, 3, 3], {}, "", "Japan", "Tokyo"),
    ("Лиса", [0, 0, 0, 0, 2], {2: 3}, "", "Russia", "Moscow"),  # 3 games in stage 2
    ("Newbie42", [0, 0, 0, 0, 0], {2: 1}, "", "", ""),  # one game in the whole marathon
]

CASUALS = [
    "Медведь 2015", "Красный Дракон", "Пион", "Хризантема", "Странник", "Бобёр",
    "Thirteen.Orphans", "AllGreen", "KnittedStraight", "Tenpai", "RiichiFan", "Flowers4",
    "SouthWind", "NorthStar", "WestSide", "Chow_Mein", "Pelmen", "Matryoshka", "OlegK",
    "Siberian_Husky", "BlackCat13", "Yakitori", "Gambit", "Ace_of_Winds", "DoubleKong",
    "HalfFlush", "FullFlush", "MoonRabbit", "Crane.Fly", "LaoTsu", "DimSum", "Jade.Emperor",
    "Hanami", "Marco.Polo", "KievKong", "RigaTiles", "Omsk_Owl", "Volga_Flow", "J. Doe",
    "Wu Wei", "Чайка",
]
CASUAL_PLACES = [
    ("Russia", "Moscow"), ("Russia", "Saint Petersburg"), ("Russia", "Omsk"), ("Ukraine", "Kyiv"),
    ("Russia", ""), ("Italy", "Milan"), ("USA", ""), ("China", "Shanghai"), ("", ""), ("", ""),
]


def make_players(rng: random.Random) -> list[Player]:
    players = []
    for nick, weight, fixed, name, country, city in REGULARS:
        w = [weight * rng.uniform(0.8, 1.2) for _ in STAGES]
        skill = rng.gauss(0.25, 0.2)
        if nick in ORGANISERS:
            skill = min(skill, 0.1)  # the real organisers' nicks should not win an invented year
        players.append(Player(nick, skill, w, dict(fixed), name, country, city))
    for nick, weights, fixed, name, country, city in SEMI_REGULARS:
        w = [x * rng.uniform(0.8, 1.2) for x in weights]
        players.append(Player(nick, rng.gauss(0.05, 0.25), w, dict(fixed), name, country, city))
    for nick in CASUALS:
        stages = sorted(rng.sample(range(5), rng.choice([1, 1, 2, 2, 3])))
        w = [rng.uniform(0.6, 2.6) if i in stages else 0.0 for i in range(5)]
        country, city = rng.choice(CASUAL_PLACES)
        players.append(Player(nick, rng.gauss(-0.1, 0.25), w, {}, "", country, city))
    nicks = [p.nick for p in players]
    assert len(set(nicks)) == len(nicks), "nicks must be distinct"
    return players


# --------------------------------------------------------------------------- timeline


@dataclass
class Slot:
    table: str
    start: dt.datetime  # Moscow time
    seats: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    game_id: str = ""

    @property
    def part_of_marathon(self) -> bool:
        return bool(TABLE_PATTERN.search(self.table)) and PERIOD[0] <= san_diego_day(self.start) <= PERIOD[1]

    @property
    def stage(self) -> int | None:
        return stage_of_day(self.start.date()) if self.part_of_marathon else None

    @property
    def pool_stage(self) -> int:
        """The stage whose players sit at this table (the nearest one for games outside)."""
        day = self.start.date()
        if day < STAGES[0][0]:
            return 1
        return stage_of_day(day) or 5


def msk(y: int, mo: int, d: int, h: int, mi: int) -> dt.datetime:
    return dt.datetime(y, mo, d, h, mi, tzinfo=MSK)


# Games placed by hand: the boundaries of the period and of the stages in the two time zones.
FIXED_SLOTS = [
    ("RU-Marathon-1", msk(2015, 1, 24, 20, 15)),  # test games before the start
    ("RU-Marathon-1", msk(2015, 1, 28, 21, 5)),
    ("RU-Marathon-2", msk(2015, 1, 31, 19, 40)),
    ("RU-Marathon-1", msk(2015, 2, 1, 5, 0)),  # 31 January 18:00 in San Diego: not part of it
    ("RU-Marathon-2", msk(2015, 4, 1, 0, 30)),  # 31 March in San Diego, 1 April in Moscow: stage 2
    ("RU-Marathon-1", msk(2015, 12, 1, 2, 0)),  # 30 November in San Diego: in the period, in no stage
    ("RU-Marathon-1", msk(2015, 12, 2, 20, 10)),  # after the end
    ("RU-Marathon-3", msk(2015, 12, 4, 21, 30)),
    ("RU-Marathon-1", msk(2015, 12, 6, 19, 0)),
]


def make_timeline(rng: random.Random) -> list[Slot]:
    slots: list[Slot] = []
    day = STAGES[0][0]
    last_days = {b for _, b in STAGES}
    while day <= STAGES[-1][1]:
        activity = STAGE_ACTIVITY[stage_of_day(day) - 1] * (1.25 if day.weekday() >= 5 else 1.0)
        for table, chance in zip(MARATHON_TABLES, TABLE_CHANCE):
            if rng.random() < min(0.97, chance * activity):
                slots += _session(rng, table, day, day in last_days)
        if rng.random() < 0.06:
            slots += _session(rng, rng.choice(OTHER_TABLES), day, True)[:2]
        day += dt.timedelta(days=1)
    fixed = [Slot(table, start) for table, start in FIXED_SLOTS]
    slots = [s for s in slots if not any(f.table == s.table and abs(f.start - s.start) < BUSY for f in fixed)]
    slots += fixed
    slots.sort(key=lambda s: (s.start, s.table))
    return slots


def _session(rng: random.Random, table: str, day: dt.date, same_day: bool) -> list[Slot]:
    """One evening at a table: 1-4 games one after another."""
    weekend = day.weekday() >= 5
    if rng.random() < 0.04:
        minutes = rng.randint(23 * 60, 23 * 60 + 50)  # night owls
    elif weekend:
        minutes = rng.randint(12 * 60, 21 * 60)
    else:
        minutes = rng.randint(18 * 60, 21 * 60 + 30)
    start = dt.datetime(day.year, day.month, day.day, tzinfo=MSK) + dt.timedelta(minutes=minutes)
    out = []
    for _ in range(rng.choices([1, 2, 3, 4], [0.25, 0.35, 0.27, 0.13])[0]):
        if same_day and start.date() != day:
            break  # keep the last evening of a stage inside the stage
        out.append(Slot(table, start))
        start += dt.timedelta(minutes=rng.randint(64, 108))
    return out


# --------------------------------------------------------------------------- seating


def is_free(busy: dict[str, list[dt.datetime]], nick: str, start: dt.datetime) -> bool:
    return all(abs(t - start) >= BUSY for t in busy[nick])


def seat_players(rng: random.Random, players: list[Player], slots: list[Slot]) -> None:
    busy: dict[str, list[dt.datetime]] = {p.nick: [] for p in players}
    # players with an exact count in a stage first: they sit only at the tables picked here
    for p in players:
        for stage, count in sorted(p.fixed.items()):
            candidates = [s for s in slots if s.stage == stage and len(s.seats) < 3]
            chosen = 0
            for slot in rng.sample(candidates, len(candidates)):
                if chosen == count:
                    break
                if is_free(busy, p.nick, slot.start):
                    slot.seats.append(p.nick)
                    busy[p.nick].append(slot.start)
                    chosen += 1
            assert chosen == count, (p.nick, stage)
    for slot in slots:
        stage = slot.pool_stage
        pool = [p for p in players if p.weights[stage - 1] > 0 and stage not in p.fixed and p.nick not in slot.seats]
        while len(slot.seats) < 4:
            free = [p for p in pool if p.nick not in slot.seats and is_free(busy, p.nick, slot.start)]
            total = sum(p.weights[stage - 1] for p in free)
            pick = rng.random() * total
            for p in free:
                pick -= p.weights[stage - 1]
                if pick < 0:
                    break
            slot.seats.append(p.nick)
            busy[p.nick].append(slot.start)
        rng.shuffle(slot.seats)


# --------------------------------------------------------------------------- scores

FANS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 26, 28, 32, 36, 40, 48, 64, 88]
FAN_WEIGHTS = [14, 12, 11, 9, 8, 7, 6, 5, 5, 4, 4, 3, 3, 2.5, 2, 2, 1.5, 1, 1, 0.6, 0.3, 0.1]


def simulate(rng: random.Random, skills: list[float]) -> list[int]:
    """Game points of a Chinese Official game: 4 rounds of 4 hands, unless time runs out.

    A win on a discard: the discarder pays 8 + fan, the other two pay 8 each.
    A self-drawn win: each of the three others pays 8 + fan. Drawn hands score nothing.
    """
    scores = [0, 0, 0, 0]
    hands = 16 if rng.random() < 0.88 else rng.randint(11, 15)
    for _ in range(hands):
        if rng.random() < 0.2:
            continue
        winner = rng.choices(range(4), [math.exp(s) for s in skills])[0]
        fan = rng.choices(FANS, FAN_WEIGHTS)[0]
        if rng.random() < 0.22:
            for i in range(4):
                scores[i] += 3 * (8 + fan) if i == winner else -(8 + fan)
        else:
            others = [i for i in range(4) if i != winner]
            loser = rng.choices(others, [math.exp(-skills[i]) for i in others])[0]
            for i in others:
                scores[i] -= 8 + fan if i == loser else 8
            scores[winner] += 24 + fan
    return scores


def tie_pattern(scores: list[int]) -> str:
    """The shared places of a table, e.g. '1-2' or '1-2,3-4', as a short label ('' = none)."""
    ordered = sorted(scores, reverse=True)
    groups, place = [], 1
    while place <= 4:
        size = ordered.count(ordered[place - 1])
        if size > 1:
            groups.append(f"{place}-{place + size - 1}")
        place += size
    return ",".join(groups)


def play_games(rng: random.Random, players: list[Player], slots: list[Slot]) -> dict[str, list[Slot]]:
    skill = {p.nick: p.skill for p in players}
    for slot in slots:
        slot.scores = simulate(rng, [skill[n] for n in slot.seats])
    # make sure every kind of shared place appears at counted tables
    counted = [s for s in slots if s.stage is not None]
    tie_games: dict[str, list[Slot]] = {}
    wanted = ["1-2", "1-2", "2-3", "2-3", "3-4", "3-4", "1-3", "1-3", "2-4", "2-4", "1-4"]
    for pattern, slot in zip(wanted, rng.sample(counted, len(wanted))):
        skills = [skill[n] for n in slot.seats]
        if pattern in ("1-2", "2-3", "3-4"):
            scores = simulate(rng, skills)
            while tie_pattern(scores) != pattern:
                scores = simulate(rng, skills)
        elif pattern == "1-3":  # each of three wins one hand with the same fan off the fourth's discard
            fan = rng.choice([8, 10, 12, 16])
            scores = [8 + fan, 8 + fan, 8 + fan, -3 * (8 + fan)]
        elif pattern == "2-4":  # a single self-drawn win, every other hand drawn
            fan = rng.choice([8, 13, 16, 24])
            scores = [3 * (8 + fan), -(8 + fan), -(8 + fan), -(8 + fan)]
        else:  # every hand drawn before the time ran out
            scores = [0, 0, 0, 0]
        rng.shuffle(scores)
        slot.scores = scores
        tie_games.setdefault(pattern, []).append(slot)
    return tie_games


# --------------------------------------------------------------------------- sanctions


def counted_games(slots, disq_games=(), disq_players=()) -> dict[tuple[str, int], int]:
    """(player, stage) -> number of counted games, following the rules' steps 3-4."""
    out: dict[tuple[str, int], int] = {}
    for s in slots:
        if s.stage is None or s.game_id in disq_games:
            continue
        for nick in s.seats:
            if any(nick == p and a <= s.start.date() <= (b or dt.date.max) for p, a, b in disq_players):
                continue
            out[(nick, s.stage)] = out.get((nick, s.stage), 0) + 1
    return out


DISQUALIFIED_PLAYERS = [
    ("TileSmith", dt.date(2015, 4, 10), dt.date(2015, 4, 30),
     "handed control of the account to another person during marathon games"),
    ("ShadowTiger", dt.date(2015, 6, 15), dt.date(2015, 7, 31),
     "passed game information to another player at the table (confirmed from the spectators' logs)"),
    ("Ghost_Wind", dt.date(2015, 9, 20), None,
     "took part in the marathon under more than one user name; disqualified until further notice"),
]
GAME_DISQUALIFICATIONS = [
    "two players left the table",
    "the game went on for more than 8 hands with one player absent",
    "one player made more than 400 automatic moves",
    "a MahjongTime server fault disconnected all four players in the South round",
]
GAME_PENALTIES = [  # (game points, reason); the first one also makes two players share a place
    (10, "left the table in the East round and came back two hands later"),
    (5, "left the table briefly before the end of the game"),
    (20, "left the table for the last four hands of the game"),
    (60, "let another person play the rest of the game on the account"),
]
STAGE_PENALTIES = [  # (player, stage, game points, table points, reason)
    ("KongKing", 1, 50, 0, "left the table before the end of the game in three games of the stage"),
    ("RedDragon88", 2, 100, 0, "repeatedly left tables before the end of the game after a warning"),
    ("Bar_Baz", 2, 0, 1, "passed game information to another player in the chat during a game"),
    ("BambooCat", 3, 0, 2, "left the table before the end of the game in five games of the stage"),
    ("Foo", 4, 100, 2, "handed control of the game to a third party during a marathon game"),
    ("Kazan_Cat", 4, 200, 0, "left tables before the end of the game repeatedly after two warnings"),
    ("IvanTheTile", 5, 0, 4, "let another person play on the account in marathon games"),
    ("MahjongMax", 5, 600, 0, "took part in stage 5 under a second user name as well"),
]


def make_sanctions(rng: random.Random, players: list[Player], slots: list[Slot], tie_games) -> dict:
    fixed = {(p.nick, s) for p in players for s in p.fixed}
    special = {id(s) for games in tie_games.values() for s in games}
    plain = [s for s in slots if s.stage is not None and id(s) not in special
             and not any((n, s.stage) in fixed for n in s.seats)]
    disq_players = [(p, a, b) for p, a, b, _ in DISQUALIFIED_PLAYERS]

    def touched_by_disqualification(s: Slot) -> bool:
        return any(n == p and a <= s.start.date() <= (b or dt.date.max) for n in s.seats for p, a, b in disq_players)

    plain = [s for s in plain if not touched_by_disqualification(s)]
    picked = rng.sample(plain, len(GAME_DISQUALIFICATIONS) + len(GAME_PENALTIES))
    disq_games = picked[: len(GAME_DISQUALIFICATIONS)]
    used = {id(s) for s in disq_games}

    penalties = []
    # a 10-point penalty on a player who won their table by exactly 10: the two now share 1-2
    amount, reason = GAME_PENALTIES[0]
    close = [s for s in plain if id(s) not in used and sorted(s.scores)[-1] - sorted(s.scores)[-2] == amount]
    slot = rng.choice(close)
    penalties.append((slot.seats[slot.scores.index(max(slot.scores))], slot, amount, reason))
    used.add(id(slot))
    for (amount, reason), slot in zip(GAME_PENALTIES[1:], picked[len(GAME_DISQUALIFICATIONS):]):
        penalties.append((rng.choice(slot.seats), slot, amount, reason))
        used.add(id(slot))

    counts = counted_games(slots, {s.game_id for s in disq_games}, disq_players)
    for nick, stage, *_ in STAGE_PENALTIES:
        assert counts.get((nick, stage), 0) > 0, f"{nick} has no game in stage {stage}"
    for nick, first, last, _ in DISQUALIFIED_PLAYERS:
        assert any(nick in s.seats and s.stage and first <= s.start.date() <= (last or dt.date.max) for s in slots)
    return {"games": disq_games, "penalties": penalties, "counts": counts}


# --------------------------------------------------------------------------- files


def q(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


COMPETITION_YAML = """\
# The Online Mahjong Marathon 2015 of the Russian Mahjong Federation, played at the
# RU-Marathon-N tables of the MahjongTime server. The numbers in parentheses are the sections
# of the regulation. Written by scripts/generate_online_marathon.py: the games are invented.
name: Online Mahjong Marathon 2015
rules: online-marathon
language: en                        # Russian page text is not available yet
description: Five two-month stages at the RU-Marathon tables of MahjongTime, February to November 2015.
period:                             # (2.1) first and last day, inclusive, San Diego days
  from: 2015-02-01
  to: 2015-11-30
stages:                             # (2.2) two months each, inclusive Moscow days (8.1)
  - {from: 2015-02-01, to: 2015-03-31, name: Stage 1}
  - {from: 2015-04-01, to: 2015-05-31, name: Stage 2}
  - {from: 2015-06-01, to: 2015-07-31, name: Stage 3}
  - {from: 2015-08-01, to: 2015-09-30, name: Stage 4}
  - {from: 2015-10-01, to: 2015-11-30, name: Stage 5}
timezone: America/Los_Angeles       # (2.1) the period runs on San Diego time
stage_timezone: Europe/Moscow       # (8.1) the Moscow start time decides a game's stage
# games_timezone: Europe/Moscow     # not needed: every started_at carries its offset
table_pattern: '^RU-Marathon-\\d+$'  # (8.1) only these tables count
place_points: [4, 2, 1, 0]          # (8.2) table points for places 1-4; shared places average them
series_length: 10                   # (8.3.2) the best series of 10 consecutive games
rating_min_games: 4                 # (8.3.6) fewer games in a stage: norm rating 0
counted_stages: 4                   # (8.4.3) a player of all 5 stages counts the best 4
"""


def write_games(slots: list[Slot]) -> str:
    out = io.StringIO()
    out.write("# Invented example data, written by scripts/generate_online_marathon.py (seed 2015).\n")
    out.write("# One row per game; seat order means nothing, places come from the scores.\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "table", "started_at"] + [f"{k}{i}" for i in range(1, 5) for k in ("player", "score")])
    for s in slots:
        row = [s.game_id, s.table, s.start.isoformat()]
        for nick, score in zip(s.seats, s.scores):
            row += [nick, score]
        writer.writerow(row)
    return out.getvalue()


def write_players(players: list[Player]) -> str:
    out = io.StringIO()
    out.write("# Invented example data, written by scripts/generate_online_marathon.py (seed 2015).\n")
    out.write("# MahjongTime nick, and what the player told the organisers (regulation 5.3), if anything.\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", "name", "country", "city"])
    for p in sorted(players, key=lambda p: p.nick.casefold()):
        writer.writerow([p.nick, p.name, p.country, p.city])
    return out.getvalue()


def write_sanctions(sanctions: dict) -> str:
    lines = [
        "# Decisions of the organisers (regulation 6). Invented example data, written by",
        "# scripts/generate_online_marathon.py (seed 2015).",
        "",
        "disqualified_games:          # (6.2) the game is removed for all four players",
    ]
    for slot, reason in zip(sorted(sanctions["games"], key=lambda s: s.start), GAME_DISQUALIFICATIONS):
        lines.append(f"  - {{game: {slot.game_id}, reason: {q(reason)}}}")
    lines += ["", "disqualified_players:        # (6.3) the player's own results in [from, to] do not count"]
    for nick, first, last, reason in DISQUALIFIED_PLAYERS:
        to = f", to: {last.isoformat()}" if last else ""
        lines.append(f"  - {{player: {q(nick)}, from: {first.isoformat()}{to}, reason: {q(reason)}}}")
    lines += [
        "",
        "penalties:                   # (6.4)",
        "  # in one game: 5, 10, 20 or 60 game points, the table's places are recomputed",
    ]
    for nick, slot, amount, reason in sorted(sanctions["penalties"], key=lambda x: x[1].start):
        lines.append(f"  - {{player: {q(nick)}, game: {slot.game_id}, game_points: {amount}, reason: {q(reason)}}}")
    lines.append("  # in a stage: 50, 100, 200 or 600 game points, 1, 2 or 4 table points")
    for nick, stage, gp, tp, reason in STAGE_PENALTIES:
        amounts = (f", game_points: {gp}" if gp else "") + (f", table_points: {tp}" if tp else "")
        lines.append(f"  - {{player: {q(nick)}, stage: {stage}{amounts}, reason: {q(reason)}}}")
    return "\n".join(lines) + "\n"


def generate(folder: Path) -> dict:
    rng = random.Random(SEED)
    players = make_players(rng)
    slots = make_timeline(rng)
    seat_players(rng, players, slots)
    game_id = FIRST_GAME_ID
    for slot in slots:  # MahjongTime numbers games server-wide: increasing, with gaps
        slot.game_id = str(game_id)
        game_id += rng.randint(3, 24)
    tie_games = play_games(rng, players, slots)
    sanctions = make_sanctions(rng, players, slots, tie_games)

    # the thresholds the example is meant to show
    counts = sanctions["counts"]
    for p in players:
        for stage, count in p.fixed.items():
            assert counts.get((p.nick, stage)) == count, (p.nick, stage, counts.get((p.nick, stage)))
    for nick, *_ in REGULARS:
        player = next(p for p in players if p.nick == nick)
        for stage in range(1, 6):
            if stage not in player.fixed:
                assert counts.get((nick, stage), 0) > 10, (nick, stage)
    assert sum(1 for s in slots if "Newbie42" in s.seats) == 1
    marathon_games = sum(1 for s in slots if s.stage is not None)
    assert marathon_games >= 1500, marathon_games
    played = {p.nick for p in players if any(p.nick in s.seats for s in slots)}
    assert played == {p.nick for p in players}, "every listed player plays"

    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "competition.yaml": COMPETITION_YAML,
        "games.csv": write_games(slots),
        "players.csv": write_players(players),
        "sanctions.yaml": write_sanctions(sanctions),
    }
    for name, text in files.items():
        (folder / name).write_bytes(text.encode("utf-8"))
    return {
        "games": len(slots),
        "marathon_games": marathon_games,
        "players": len(players),
        "ties": {k: [s.game_id for s in v] for k, v in tie_games.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the competition folder to (re)write, e.g. data/online-marathon-2015")
    args = parser.parse_args(argv)
    summary = generate(args.folder)
    print(
        f"wrote {args.folder}: {summary['games']} games ({summary['marathon_games']} at marathon tables "
        f"in a stage), {summary['players']} players",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
