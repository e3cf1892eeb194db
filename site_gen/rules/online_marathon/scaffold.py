"""The commented example files `site-gen new online-marathon <slug>` writes: a marathon
of two two-month stages from the current month on; the example games, players and
sanctions are commented out, so a build right after `new` publishes none of them."""

from __future__ import annotations

import datetime as dt

from site_gen.rules.scaffold_dates import month_end, month_start

COMPETITION = """\
# An online mahjong marathon (rules: online-marathon). Every setting below that is
# commented out shows its default, the 2015 regulation's value.
name: {name}
rules: online-marathon
# language: en                      # en, ru, ja or it
period:                             # first and last day, inclusive, in `timezone`
  from: {first}
  to: {last}
stages:                             # inclusive days in `stage_timezone`
  - {{from: {first}, to: {stage1_last}, name: Stage 1}}
  - {{from: {stage2_first}, to: {last}, name: Stage 2}}
# timezone: America/Los_Angeles     # the zone of the period's days (San Diego)
# stage_timezone: Europe/Moscow     # a game's start in this zone decides its stage
# games_timezone: Europe/Moscow     # zone of timestamps written without an offset
# table_pattern: '^RU-Marathon-\\d+$'   # a game at another table does not count
# place_points: [4, 2, 1, 0]
# series_length: 10
# rating_min_games: 4
# counted_stages: 4
"""

GAMES = """\
# One row per game; seat order means nothing, places come from the scores, which add up to 0.
# The two rows below the header are EXAMPLES with made-up players: write your games like
# them, without the leading #. A separator `;` (Excel in a Russian, Italian or German
# locale) is fine too.
game,table,started_at,player1,score1,player2,score2,player3,score3,player4,score4
# 1001,RU-Marathon-1,{day}T21:15:00+03:00,Example-A,48,Example-B,12,Example-C,-20,Example-D,-40
# 1002,RU-Marathon-1,{day}T22:30:00+03:00,Example-A,-10,Example-B,30,Example-C,-10,Example-D,-10
"""

PLAYERS = """\
# Optional: the players' display names, country and city, shown on their pages. Once this
# file lists anyone, every player in games.csv must be listed. The row below the header is
# an EXAMPLE: write yours like it, without the leading #.
player,name,country,city
# Example-A,Anna Example,Italy,Roma
"""

SANCTIONS = """\
# Sanctions decided by the organisers; every entry may carry a reason. EXAMPLES, commented out:
# disqualified_games:          # the game is removed for all four players
#   - {{game: 1001, reason: "two players left the table"}}
# disqualified_players:        # the player's own results in [from, to] do not count
#   - {{player: Example-D, from: {day}, to: {stage1_last}, reason: "..."}}
# penalties:
#   - {{player: Example-D, game: 1002, game_points: 10, reason: "..."}}   # 5, 10, 20 or 60
#   - {{player: Example-D, stage: 1, game_points: 100, reason: "..."}}    # 50, 100, 200 or 600
#   - {{player: Example-D, stage: 1, table_points: 2, reason: "..."}}     # 1, 2 or 4
"""


def scaffold(name: str, today: dt.date) -> dict[str, str]:
    dates = {"first": month_start(today), "stage1_last": month_end(today, 1), "stage2_first": month_start(today, 2),
             "last": month_end(today, 3), "day": today}
    return {
        "competition.yaml": COMPETITION.format(name=name, **dates),
        "games.csv": GAMES.format(**dates),
        "players.csv": PLAYERS,
        "sanctions.yaml": SANCTIONS.format(**dates),
    }
