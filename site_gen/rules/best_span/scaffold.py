"""The commented example files `site-gen new best-span <slug>` writes."""

from __future__ import annotations

COMPETITION = """\
# A long-term Tenhou competition (rules: best-span): the fewest games, weighted by kind, in
# which a participant collected the target over consecutive games (wrapping around).
# Every setting commented out shows its default, the regulation's value.
name: {name}
rules: best-span
# language: ja                      # en, ru, ja or it
period:                             # first and last day, inclusive, Japan time
  from: 2009-03-01
  to: 2009-08-31
# target: 500                       # points to collect
# place_points: [4, 2, 1, 0]        # points for places 1-4
# weights: {{direct: 0.00, plain: 1.00, red: 1.05}}   # at most two decimals
# tables: [特, 鳳]                   # table levels that count in the ranked lobbies
direct_lobbies: [L1234]             # the private lobbies of the direct events
# open_windows:                     # direct-lobby games inside count as plain (Japan time)
#   - {{from: "2009-03-31 23:00", to: "2009-04-01 00:00"}}
# ignore_red_if_better: true
"""

PARTICIPANTS = """\
# Tenhou IDs exactly as Tenhou writes them (full-width characters included).
player,name,joined
ASAPIN,,2009-03-01
タロウ,Taro,2009-03-05
"""

CORRECTIONS = """\
# Corrections of Tenhou's logs, each entry with an optional reason.
# add:        # a game the logs miss, as a line in the sca/scb/scc layout
#   - {date: 2009-03-31, line: "23:34 | 21 | 四特南喰赤－ | ASAPIN(+48.9) タロウ(+12.6) A(-19.5) B(-42.0)"}
# remove:     # games that must not count: every game of that minute with all these players
#   - {date: 2009-03-05, time: "18:33", players: [ASAPIN], reason: "..."}
# void:       # games Tenhou declared invalid
#   - {date: 2009-03-06, time: "21:09", players: [タロウ]}
# excluded:   # IDs deleted by Tenhou: not ranked (their games still count for the others)
#   - {player: タロウ, reason: "..."}
"""


def scaffold(name: str) -> dict[str, str]:
    return {
        "competition.yaml": COMPETITION.format(name=name),
        "participants.csv": PARTICIPANTS,
        "corrections.yaml": CORRECTIONS,
    }
