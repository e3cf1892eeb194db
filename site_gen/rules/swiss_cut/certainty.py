"""Decided before the end (pure): after a round, who is already sure of the next cut and who
can no longer reach it.

The next cut after round R is the first round K > R that is played by the best N only (the
final counts as round `rounds` + 1). Until round K-1 is played, every player of round R
plays each round up to K-1, as do late registrants from the round they join. In a round a
player gains at most the best place's MI, the limit hands' MI (at most
`max_limit_hands_per_round` of them) and the scale's largest MI, and at least the worst
place's MI minus the scale's largest. Penalties are left aside: a judge's penalty can
always take a sure place away. Ties on MI are broken by the score, which nothing bounds, so
a player is sure of a place only when nobody can reach their MI.

- sure ("through"): fewer than N others can end with at least the player's lowest MI;
- out of reach ("out"): at least N others end above the player's highest MI for sure.
Without `max_limit_hands_per_round` a round's gain has no bound and nobody is marked
before the cut is made. Once round K-1 is played the cut is simply made: the best N are
through, the others out, but players equal on every key across the line (the judge decides).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from site_gen.rules.swiss_cut.model import Settings, TournamentData
from site_gen.rules.swiss_cut.standings import Standings

THROUGH = "through"
OUT = "out"
DECIDED, BOUNDED, UNBOUNDED = "decided", "bounded", "unbounded"


@dataclass(frozen=True)
class CutOutlook:
    after: int  # the standings after this round
    leads_to: int  # the round the cut leads to; settings.rounds + 1 is the final
    places: int  # how many go through
    rounds_left: int  # rounds still to play before the cut is made
    how: str  # DECIDED (the cut is made), BOUNDED (marks from the MI still to gain), UNBOUNDED (no marks)
    marks: dict[str, str | None]  # player -> THROUGH, OUT or None (not decided yet)


def next_cut(settings: Settings, after: int) -> tuple[int, int] | None:
    """(K, N): the next round after `after` played by the best N only, or the final."""
    for k in range(after + 1, settings.rounds + 1):
        cut = settings.cut(k)
        if cut is not None:
            return k, cut
    return (settings.rounds + 1, settings.final_players) if after <= settings.rounds else None


def gain_per_round(settings: Settings) -> tuple[int, int] | None:
    """(lowest, highest) MI a player can gain in one round, penalties aside; None when the
    highest has no bound (no max_limit_hands_per_round)."""
    if settings.max_limit_hands_per_round is None:
        return None
    scale = max(abs(mi) for _, mi in settings.score_scale)
    highest = max(settings.place_points) + settings.limit_hand_points * settings.max_limit_hands_per_round + scale
    return min(settings.place_points) - scale, highest


def outlook(data: TournamentData, settings: Settings, standings: dict[int, Standings], after: int) -> CutOutlook | None:
    """The next cut as seen from the standings after round `after` (None: no cut ahead)."""
    cut = next_cut(settings, after)
    if cut is None or after not in standings:
        return None
    leads_to, places = cut
    made = standings.get(leads_to - 1)
    if made is not None:
        return CutOutlook(after, leads_to, places, 0, DECIDED, _made(made, places, standings[after]))
    now = standings[after]
    rounds_left = leads_to - 1 - after
    gain = gain_per_round(settings)
    if gain is None:
        return CutOutlook(after, leads_to, places, rounds_left, UNBOUNDED, {r.player: None for r in now.rows})
    low, high = gain
    # (player, lowest and highest MI at the cut); late registrants join with 0 MI
    ranges = [(r.player, r.points + rounds_left * low, r.points + rounds_left * high) for r in now.rows]
    ranges += [(p.player, Fraction(p_rounds * low), Fraction(p_rounds * high)) for p, p_rounds in
               ((p, leads_to - p.from_round) for p in data.players if after < p.from_round < leads_to)]
    marks = {}
    for player, lowest, highest in ranges[: len(now.rows)]:
        can_reach = sum(1 for other, _, other_high in ranges if other != player and other_high >= lowest)
        sure_above = sum(1 for other, other_low, _ in ranges if other != player and other_low > highest)
        marks[player] = THROUGH if can_reach < places else OUT if sure_above >= places else None
    return CutOutlook(after, leads_to, places, rounds_left, BOUNDED, marks)


def _made(made: Standings, places: int, now: Standings) -> dict[str, str | None]:
    """The cut as made after round K-1, for the players of the standings `now`: the best
    `places` are through; a group equal on every key across the line waits for the judge."""
    through = set(made.order[:places])
    waiting = set(made.undecided_at(places))
    return {r.player: None if r.player in waiting else THROUGH if r.player in through else OUT for r in now.rows}
