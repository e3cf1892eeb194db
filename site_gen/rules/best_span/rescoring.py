"""A best-span result worked out again after a small change of the games (`serve`: a log
file or a correction edited): only the participants that the changed games seat get their
sequence and best span again, the others keep their earlier results; exactly what
compute gives. Pure, as scoring.py.

A participant's best span depends on their own counted games, in order, and the settings
alone; ranks and the statistics are cheap to work out again. The changed games are found
by comparing the two loads' games position by position, by identity first (`serve`'s log
cache hands back the very games of an unchanged file).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from dataclasses import replace
from itertools import chain, compress, count
from operator import attrgetter, is_not, ne
from typing import NamedTuple, Sequence

from site_gen.rules.best_span.model import KINDS, ORDER, BestSpanData, Game, GamesByFile, Settings, game_order
from site_gen.rules.best_span.scoring import (
    BestSpanResult,
    GameOutcome,
    PlayerResult,
    compute,
    kind_of,
    player_span,
    ranked_players,
)
from site_gen.rules.best_span.runs import Runs
from site_gen.rules.best_span.seats import SEATS, PlayedGames, Seats

_outcome_order = attrgetter(*(f"game.{name}" for name in ORDER))  # its game's order key, in C
# rescored when a few games changed: a new day's logs are some thousands of a year's million;
# past 1/16 of the games computing afresh is about as quick
_FEW_GAMES, _FEW_SHARE = 64, 16


def recompute(data: BestSpanData, settings: Settings, previous: BestSpanResult) -> BestSpanResult:
    """Exactly compute(data, settings), rescoring only the participants seated at a game
    that is not in both `data` and the data `previous` was computed from. Computed afresh
    when the participants or the removals differ, when many games changed, or when a new
    game's place in the game order is not its own (another game has the same order key)."""
    before = previous.data
    if before is None or before.participants != data.participants or before.removals != data.removals:
        return compute(data, settings)
    gone, came = changed_games(before.games, data.games)
    if len(gone) + len(came) > _FEW_GAMES + len(data.games) // _FEW_SHARE:
        return compute(data, settings)
    new = [_outcome(game, settings, data) for game in came]
    outcomes = _spliced(Runs.of(previous.outcomes), gone, new)
    if outcomes is None:
        return compute(data, settings)
    old_counted = [o for o in outcomes.gone if o.counted]
    new_counted = [o for o in new if o.counted]
    if any(len(o.game.players) > SEATS for o in new_counted):
        return compute(data, settings)  # which raises, as it must
    players = _players(data, settings, previous, [o.game for o in old_counted], [o for o in new_counted])
    matches = tuple(n - sum(map(r.matches, gone)) + sum(map(r.matches, came))
                    for r, n in zip(data.removals, previous.removal_matches))
    updated = next((o.game.day for o in reversed(outcomes.kept) if o.counted), None)
    return BestSpanResult(*ranked_players(players), outcomes.kept, matches, updated,
                          previous.counted - len(old_counted) + len(new_counted),
                          _direct(previous.direct, outcomes.gone, new), data)


def _direct(before: tuple[GameOutcome, ...], gone: list[GameOutcome], new: list[GameOutcome]) -> tuple[GameOutcome, ...]:
    """The outcomes in the direct lobbies (BestSpanResult.direct): the earlier ones but the
    gone ones, and the new ones, in game order (their keys are all different)."""
    came = [o for o in new if _is_direct(o)]
    if not came and not any(map(_is_direct, gone)):
        return before  # the very tuple: the event pages made from it are kept (events.py)
    taken = set(map(id, gone))
    kept = [o for o in before if id(o) not in taken]
    return tuple(sorted(kept + came, key=_outcome_order))


def _is_direct(outcome: GameOutcome) -> bool:
    """Whether an outcome is among BestSpanResult.direct (as compute makes it)."""
    return outcome.game.family == "sca" and outcome.kind is not None


def changed_games(old: Sequence[Game], new: Sequence[Game]) -> tuple[list[Game], list[Game]]:
    """(gone, came): games of `old` and of `new` (each in load order), among them every game
    that is not in both: at the positions that differ when there are as many games (games
    changed in place), else between the two's longest common head and tail (games added or
    removed). Games given file by file (GamesByFile) are first compared a file at a time:
    the files that are the same in both, at their head and tail, are skipped."""
    if isinstance(old, GamesByFile) and isinstance(new, GamesByFile):
        head = _same_files(old.files, new.files)
        tail = _same_files(old.files[head:][::-1], new.files[head:][::-1])
        old, new = _files_between(old, head, tail), _files_between(new, head, tail)
    if len(old) == len(new):
        differ = [i for i in compress(count(), map(is_not, old, new)) if old[i] != new[i]]
        return [old[i] for i in differ], [new[i] for i in differ]
    head = _common_head(old, new)
    tail = _common_head(old[head:][::-1], new[head:][::-1])
    return list(old[head:len(old) - tail]), list(new[head:len(new) - tail])


def _common_head(a: Sequence, b: Sequence) -> int:
    """How many leading items are equal: compared as objects first, in C (a million games
    are mostly the very same objects), then by value (a file read again makes new ones)."""
    shorter = min(len(a), len(b))
    same = next(compress(count(), map(is_not, a, b)), shorter)
    return same + next(compress(count(), map(ne, a[same:], b[same:])), shorter - same)


def _files_between(games: GamesByFile, head: int, tail: int) -> list[Game]:
    """The games of the files after the first `head` and before the last `tail`."""
    return [*chain.from_iterable(games.files[head:len(games.files) - tail])]


def _same_files(a: Sequence[Sequence[Game]], b: Sequence[Sequence[Game]]) -> int:
    """How many leading files are the same: the very list (serve's log cache gives an
    unchanged file's), or equal games when there are few (corrections.yaml's additions,
    made again by every load)."""
    same = 0
    for x, y in zip(a, b):
        if not (x is y or (len(x) == len(y) <= _FEW_GAMES and x == y)):
            break
        same += 1
    return same


def _outcome(game: Game, settings: Settings, data: BestSpanData) -> GameOutcome:
    """A game's outcome as compute gives it: the first removal (corrections order) that matches it."""
    return GameOutcome(game, kind_of(game, settings), next((r for r in data.removals if r.matches(game)), None))


class _Splice(NamedTuple):
    kept: Runs  # the new outcomes, in game order
    gone: list[GameOutcome]  # the earlier ones taken out


def _spliced(outcomes: Runs, gone: list[Game], new: list[GameOutcome]) -> _Splice | None:
    """`outcomes` (in game order) without the gone games' and with the new ones, in game
    order; only the runs of outcomes where they are, are copied. None when that order is
    not the order keys' alone: a new game has the key of a game that stays or of another
    new game, whose order then follows the load order."""
    taken = _positions(outcomes, gone)
    if taken is None:
        return None
    keys = [game_order(o.game) for o in new]
    if len(set(keys)) < len(keys):
        return None
    places = []
    for key in keys:
        place = bisect_left(outcomes, key, key=_outcome_order)
        if any(i not in taken for i in range(place, _key_end(outcomes, place, key))):
            return None
        places.append(place)
    # each new outcome goes before the old one at its place; an old one taken out is skipped
    marks = sorted([(place, 0, key, o) for place, key, o in zip(places, keys, new)]
                   + [(i, 1, (), None) for i in taken], key=lambda mark: mark[:3])
    kept = outcomes.edited((place, bool(is_gone), outcome) for place, is_gone, _, outcome in marks)
    return _Splice(kept, [outcomes[i] for i in sorted(taken)])


def _positions(outcomes: Sequence[GameOutcome], gone: list[Game]) -> set[int] | None:
    """The positions of the gone games' outcomes; None when a gone game shares its order key
    with another game (then its very object may be in the order twice)."""
    taken: set[int] = set()
    for game in gone:
        start = bisect_left(outcomes, game_order(game), key=_outcome_order)
        if _key_end(outcomes, start, game_order(game)) != start + 1 or outcomes[start].game != game:
            return None
        taken.add(start)
    return taken if len(taken) == len(gone) else None


def _key_end(outcomes: Sequence[GameOutcome], start: int, key: tuple) -> int:
    """The end of the run of outcomes from `start` whose games have order key `key`."""
    end = start
    while end < len(outcomes) and _outcome_order(outcomes[end]) == key:
        end += 1
    return end


def _players(data: BestSpanData, settings: Settings, previous: BestSpanResult, old_games: list[Game],
             new_games: list[GameOutcome]) -> list[PlayerResult]:
    """Every participant's unranked result (participants.csv order): the earlier one, ranked
    as before, when neither a counted game taken out nor a new one seats them."""
    names = {p.player for p in data.participants}
    touched = names.intersection(chain.from_iterable(g.players for g in (*old_games, *(o.game for o in new_games))))
    excluded = {e.player: e for e in data.excluded}
    earlier = {p.player: p for p in previous.players}
    gone = set(map(id, old_games))
    players = []
    for participant in data.participants:
        name, before = participant.player, earlier[participant.player]
        if name in touched:
            games = _sequence(before.games, gone, [o for o in new_games if name in o.game.players], name, settings)
            players.append(PlayerResult(participant, excluded.get(name), games, player_span(games, settings)))
        elif before.excluded != excluded.get(name):
            players.append(replace(before, excluded=excluded.get(name)))
        else:
            players.append(before)
    return players


def _sequence(before: PlayedGames, gone: set[int], new: list[GameOutcome], name: str, settings: Settings) -> PlayedGames:
    """A participant's counted games: the earlier ones but the gone ones (ids of games), and
    the new ones they sit at, in game order, laid out on Seats of their own games."""
    games, seats, codes = before.columns(range(len(before)))
    seated = [(g, s, c) for g, s, c in zip(games, seats, codes) if id(g) not in gone]
    for outcome in new:
        code = KINDS.index(outcome.kind) * SEATS
        seated += [(outcome.game, seat, code + seat) for seat, player in enumerate(outcome.game.players) if player == name]
    seated.sort(key=lambda entry: game_order(entry[0]))  # stable: a game's seats stay in seat order
    own: list[Game] = []
    kinds: list[str] = []
    entries = array("q")
    for game, seat, code in seated:
        if not own or own[-1] is not game:
            own.append(game)
            kinds.append(KINDS[code // SEATS])
        entries.append((len(own) - 1) * SEATS + seat)
    return PlayedGames(Seats(own, kinds, settings), entries, bytes(code for _, _, code in seated),
                       sum(game.scores[seat] for game, seat, _ in seated))
