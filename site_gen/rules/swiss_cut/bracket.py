"""The bracket: who played each stage of the tournament and who went through. Pure.

Columns: the rounds before the first cut together (rounds 1-4), then each later round on
its own (round 5, round 6), then the final. A column lists its players in the standings
after its last round; before that round is played, in seating order.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from site_gen.i18n import N_, Text
from site_gen.lookups import first_of
from site_gen.rules.swiss_cut.model import Settings, TournamentData
from site_gen.rules.swiss_cut.scoring import TournamentResult
from site_gen.rules.swiss_cut.seating import finalists, qualified


@dataclass(frozen=True)
class Entry:
    player: str
    rank: int | None  # in the column's standings (the final's place)
    points: Fraction | None  # MI after the column's last round (the final: its score)
    through: bool  # plays the next column


@dataclass(frozen=True)
class Stage:
    """What a player's page shows of a column: not its entries, which every player page
    would otherwise hold (and page_cache pickle) whole, the square of the players."""

    key: str
    title: str
    rounds: tuple[int, ...]
    decided: bool
    through_label: str


@dataclass(frozen=True)
class Column:
    key: str  # "1-4", "5", "6", "final"
    title: str
    rounds: tuple[int, ...]  # () for the final
    entries: tuple[Entry, ...]
    decided: bool  # the column's last round (or the final) is played
    through_label: str  # "through to round 5", "" for the final

    @cached_property
    def by_player(self) -> dict[str, Entry]:
        """Each player's (first) entry: a page per player looks up every column."""
        return first_of((e.player, e) for e in self.entries)

    @cached_property
    def stage(self) -> Stage:
        return Stage(self.key, self.title, self.rounds, self.decided, self.through_label)


def groups(settings: Settings) -> list[tuple[int, ...]]:
    first = settings.first_cut if settings.first_cut and settings.first_cut <= settings.rounds else settings.rounds + 1
    head = tuple(range(1, first))
    return ([head] if head else []) + [(r,) for r in range(first, settings.rounds + 1)]


def _title(rounds: tuple[int, ...]) -> str:
    if len(rounds) == 1:
        return Text(N_("Round %(number)s"), number=rounds[0])
    return Text(N_("Rounds %(first)s–%(last)s"), first=rounds[0], last=rounds[-1])


def _players_of(rounds: tuple[int, ...], data: TournamentData, settings: Settings, result: TournamentResult) -> list[str]:
    """The column's players: those seated in its rounds (the latest first), else those
    qualified for its first round."""
    seen: list[str] = []
    known: set[str] = set()  # the players in `seen`, for lookups in constant time
    for number in reversed(rounds):
        found = data.round(number)
        if found is not None:
            new = [p for p in found.players if p not in known]
            seen += new
            known.update(new)
    return seen or list(qualified(rounds[0], data, settings, result.all_standings) or ())


def _final_players(data: TournamentData, settings: Settings, result: TournamentResult) -> list[str]:
    if result.final:
        return [f.player for f in result.final]
    if data.final:
        return [s.player for s in data.final]
    return list(finalists(settings, result.all_standings) or ())


def columns(data: TournamentData, settings: Settings, result: TournamentResult) -> list[Column]:
    stages = groups(settings)
    members = [_players_of(g, data, settings, result) for g in stages] + [_final_players(data, settings, result)]
    made: list[Column] = []
    for index, rounds in enumerate(stages):
        nxt = set(members[index + 1])
        standings = result.standings(rounds[-1])
        if standings is not None:
            entries = tuple(Entry(r.player, r.rank, r.points, r.player in nxt) for r in standings.rows)
        else:
            entries = tuple(Entry(p, None, None, p in nxt) for p in members[index])
        label = (Text(N_("through to round %(number)s"), number=stages[index + 1][0]) if index + 1 < len(stages)
                 else Text(N_("through to the final")))
        made.append(Column("-".join(map(str, (rounds[0], rounds[-1]))) if len(rounds) > 1 else str(rounds[0]),
                           _title(rounds), rounds, entries, standings is not None, label))
    if result.final:
        final_entries = tuple(Entry(f.player, f.place, Fraction(f.score), False) for f in result.final)
    else:
        final_entries = tuple(Entry(p, None, None, False) for p in members[-1])
    made.append(Column("final", Text(N_("Final")), (), final_entries, bool(result.final), ""))
    return made


def path_of(player: str, cols: list[Column]) -> list[tuple[Stage, Entry | None]]:
    """Where a player stands in each column (None: did not reach it)."""
    return [(c.stage, c.by_player.get(player)) for c in cols]
