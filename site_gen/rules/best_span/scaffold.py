"""The commented example files `site-gen new best-span <slug>` writes: a period of six
months from the current one; the example participants, lobby and corrections are
commented out, so a build right after `new` publishes none of them."""

from __future__ import annotations

import datetime as dt

from site_gen.rules.scaffold_dates import month_end, month_start

COMPETITION = """\
# A long-term Tenhou competition (rules: best-span): the fewest games, weighted by kind, in
# which a participant collected the target over consecutive games (wrapping around).
# Every setting commented out shows its default, the regulation's value.
name: {name}
rules: best-span
# language: ja                      # en, ru, ja or it
period:                             # first and last day, inclusive, Japan time
  from: {first}
  to: {last}
# target: 500                       # points to collect
# place_points: [4, 2, 1, 0]        # points for places 1-4
# weights: {{direct: 0.00, plain: 1.00, red: 1.05}}   # at most two decimals
# tables: [特, 鳳]                   # table levels that count in the ranked lobbies
# direct_lobbies: [L1234]           # the private lobbies of the direct events (L1234: an EXAMPLE)
# open_windows:                     # direct-lobby games inside count as plain (Japan time)
#   - {{from: "{day} 23:00", to: "{day} 23:59"}}
# ignore_red_if_better: true
"""

PARTICIPANTS = """\
# Tenhou IDs exactly as Tenhou writes them (full-width characters included). The rows
# below the header are EXAMPLES: write yours like them, without the leading #.
player,name,joined
# Example-ASAPIN,,{first}
# Example-タロウ,Taro,{day}
"""

CORRECTIONS = """\
# Corrections of Tenhou's logs, each entry with an optional reason. EXAMPLES, commented out:
# add:        # a game the logs miss, as a line in the sca/scb/scc layout
#   - {{date: {day}, line: "23:34 | 21 | 四特南喰赤－ | Example-ASAPIN(+48.9) Example-タロウ(+12.6) A(-19.5) B(-42.0)"}}
# remove:     # games that must not count: every game of that minute with all these players
#   - {{date: {day}, time: "18:33", players: [Example-ASAPIN], reason: "..."}}
# void:       # games Tenhou declared invalid
#   - {{date: {day}, time: "21:09", players: [Example-タロウ]}}
# excluded:   # IDs deleted by Tenhou: not ranked (their games still count for the others)
#   - {{player: Example-タロウ, reason: "..."}}
"""


def scaffold(name: str, today: dt.date) -> dict[str, str]:
    dates = {"first": month_start(today), "last": month_end(today, 5), "day": today}
    return {
        "competition.yaml": COMPETITION.format(name=name, **dates),
        "participants.csv": PARTICIPANTS.format(**dates),
        "corrections.yaml": CORRECTIONS.format(**dates),
    }
