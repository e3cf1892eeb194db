"""Who plays whom: seeding order, phase-1 groups as a snake, the phase-2 structure
(spec steps 2-4). Pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from site_gen.rules.thematic_marathon.model import AUTO, WINNERS_AND_RUNNERS_UP, Player

_STATUS_ORDER = {"E": 0, "P": 1}


def seed_key(userid: str, players: Mapping[str, Player]) -> tuple:
    """Step 2: E by rating desc, then P by rating desc, then the unrated (a rating written
    for them is ignored); an E or P player without a rating after the rated ones of that
    status; equal ratings by userid case-insensitively, then exactly."""
    player = players.get(userid)
    status = player.status if player is not None else ""
    rank = _STATUS_ORDER.get(status, 2)
    rating = player.rating if player is not None and rank < 2 else None
    return (rank, rating is None, -(rating or 0), userid.casefold(), userid)


def seeding(userids: Sequence[str], players: Mapping[str, Player]) -> list[str]:
    return sorted(set(userids), key=lambda u: seed_key(u, players))


def group_sizes(n: int, groups: int) -> list[int]:
    """n players in `groups` groups as equal as possible, the larger groups first."""
    if groups <= 0:
        return []
    base, extra = divmod(n, groups)
    return [base + 1] * extra + [base] * (groups - extra)


def snake(ordered: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """Players in order into groups 1..k, then k..1, and so on; a full group is skipped
    and the player goes to the next group in that sequence."""
    k = len(sizes)
    groups: list[list[str]] = [[] for _ in range(k)]
    if k == 0:
        return groups
    sweep = list(range(k)) + list(reversed(range(k)))  # one lap there and back
    position = 0
    for player in ordered:
        while len(groups[sweep[position % len(sweep)]]) >= sizes[sweep[position % len(sweep)]]:
            position += 1
        groups[sweep[position % len(sweep)]].append(player)
        position += 1
    return groups


def phase1_groups(seeded: Sequence[str], group_max: int) -> list[list[str]]:
    """Step 3: k = ceil(n / group_max) groups filled as a snake in seeding order."""
    n = len(seeded)
    k = -(-n // group_max) if n else 0
    return snake(seeded, group_sizes(n, k))


def has_phase1(entrants: int, min_players: int) -> bool:
    return entrants >= min_players


def takes_runners_up(setting: str, phase1_group_count: int) -> bool:
    return setting == WINNERS_AND_RUNNERS_UP or (setting == AUTO and phase1_group_count <= 3)


@dataclass(frozen=True)
class Phase2:
    """The phase-2 structure for m entrants: semifinal groups (empty for a single final)
    and how many of each semifinal group go to the final."""

    semifinals: tuple[tuple[str, ...], ...]
    advance: int


def phase2(entrants: Sequence[str]) -> Phase2:
    """Step 4: m <= 5 play a single final; else floor(m / 3) semifinal groups (sizes as
    equal as possible, larger first, filled as a snake in entrant order), the best 2 of
    each going to the final when there are 2 groups, else the best 1."""
    m = len(entrants)
    if m <= 5:
        return Phase2((), 0)
    count = m // 3
    groups = snake(entrants, group_sizes(m, count))
    return Phase2(tuple(tuple(g) for g in groups), advancing(count))


def advancing(semifinal_groups: int) -> int:
    return 2 if semifinal_groups == 2 else 1
