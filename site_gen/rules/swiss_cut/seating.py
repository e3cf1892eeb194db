"""Who plays a round and where they sit, spec step 3. Pure.

Round 1 is a published draw: the players of round 1 in registration order, shuffled by
Python's `random.Random(seed).shuffle`, four to a table in that order. The shuffle is
written out below (Fisher-Yates over `getrandbits`, exactly CPython's algorithm since
3.2) so that the draw stays the same if a later Python changes `shuffle` itself; the
Mersenne Twister and its seeding from an int or a text are fixed by Python's own
reproducibility promise. Later rounds seat the strongest with the strongest: the
qualified players in the order of the standings after the round before, table 1 taking
places 1-4, East the highest.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from site_gen.rules.swiss_cut.model import TABLE_SIZE, Settings, TournamentData
from site_gen.rules.swiss_cut.standings import Standings

METHOD = "random.Random(seed).shuffle(players in registration order), then four to a table in that order"


@dataclass(frozen=True)
class Seating:
    round: int
    tables: tuple[tuple[str, ...], ...]  # table 1 first; each in seat order, East first


@dataclass(frozen=True)
class Plan:
    """The seating `seat` would write, or why it must not write one."""

    seating: Seating | None
    refusals: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


def _below(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n): CPython's rejection sampling over getrandbits."""
    bits = n.bit_length()
    value = rng.getrandbits(bits)
    while value >= n:
        value = rng.getrandbits(bits)
    return value


def draw(players: list[str] | tuple[str, ...], seed: int | str) -> tuple[str, ...]:
    """The same order as `random.Random(seed).shuffle(players)`."""
    rng = random.Random(seed)
    order = list(players)
    for i in reversed(range(1, len(order))):
        j = _below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def to_tables(players: tuple[str, ...] | list[str]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(players[i : i + TABLE_SIZE]) for i in range(0, len(players), TABLE_SIZE))


def late_registrants(data: TournamentData, round_number: int) -> tuple[str, ...]:
    return tuple(p.player for p in data.players if p.from_round == round_number)


def qualified(round_number: int, data: TournamentData, settings: Settings, standings: dict[int, Standings]) -> tuple[str, ...] | None:
    """The players of round R in seating order (round 1: registration order); None while
    the round before is not played."""
    if round_number == 1:
        return late_registrants(data, 1)
    before = standings.get(round_number - 1)
    if before is None:
        return None
    cut = settings.cut(round_number)
    through = before.order if cut is None else before.order[:cut]
    late = tuple(p for p in late_registrants(data, round_number) if p not in through)
    return tuple(through) + late


def finalists(settings: Settings, standings: dict[int, Standings]) -> tuple[str, ...] | None:
    last = standings.get(settings.rounds)
    return None if last is None else last.order[: settings.final_players]


def expected_seating(round_number: int, data: TournamentData, settings: Settings, standings: dict[int, Standings]) -> Seating | None:
    """The seating the rule gives (None when it cannot be known yet, or round 1 has no seed)."""
    players = qualified(round_number, data, settings, standings)
    if players is None:
        return None
    if round_number == 1:
        if settings.seed is None:
            return None
        players = draw(players, settings.seed)
    return Seating(round_number, to_tables(players))


def _describe_tie(players: tuple[str, ...], standings: Standings) -> str:
    row = standings.row(players[0])
    names = ", ".join(f'"{p}"' for p in players)
    return (f"{names} are equal after round {standings.after} on every key "
            f"(MI {_num(row.points)}, score {row.score}, mahjongs {row.mahjongs})")


def _num(value) -> str:
    """MI as people write it: 3, 4.5, 2.33."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0")


def plan_round(round_number: int, data: TournamentData, settings: Settings, standings: dict[int, Standings]) -> Plan:
    """The seating of round R from the data, with the refusals the spec asks of `seat`."""
    if round_number == 1:
        if settings.seed is None:
            return Plan(None, ("round 1 is drawn from a published seed: set `seed` in competition.yaml first",))
    else:
        previous = data.round(round_number - 1)
        if previous is None:
            return Plan(None, (f"round {round_number - 1} has no file yet (rounds/{round_number - 1}.csv); "
                               f"seat and play it before round {round_number}",))
        missing = [s.player for s in previous.seats if s.score is None]
        if missing or not previous.seats:
            shown = ", ".join(f'"{p}"' for p in missing[:8]) + (" …" if len(missing) > 8 else "")
            return Plan(None, (f"round {round_number - 1} is not complete: {len(missing)} player(s) have no score "
                               f"({shown}); enter every result first",))
    refusals: list[str] = []
    warnings: list[str] = []
    before = standings.get(round_number - 1)
    cut = settings.cut(round_number)
    if before is not None and cut is not None and cut < len(before.order):
        split = before.undecided_at(cut)
        if split:
            refusals.append(f"the cut to {cut} players for round {round_number} falls inside a tie the judge has "
                            f"not decided: {_describe_tie(split, before)}; list them in judge.yaml `order`")
    if before is not None:
        through = set(qualified(round_number, data, settings, standings) or ())
        for _, group in before.tie_groups():
            if any(p in through for p in group) and group != before.undecided_at(cut or 0):
                warnings.append(f"{_describe_tie(group, before)}: seated in registration order")
    seating = expected_seating(round_number, data, settings, standings)
    count = sum(len(t) for t in seating.tables) if seating else 0
    if count % TABLE_SIZE or count == 0:
        refusals.append(f"{count} players qualify for round {round_number}: the number must be a multiple of "
                        f"{TABLE_SIZE} to seat tables of four")
    if refusals:
        return Plan(None, tuple(refusals), tuple(warnings))
    return Plan(seating, (), tuple(warnings))
