"""The commented example files `site-gen new online-marathon <slug>` writes."""

from __future__ import annotations

COMPETITION = """\
# An online mahjong marathon (rules: online-marathon). Every setting below that is
# commented out shows its default, the 2015 regulation's value.
name: {name}
rules: online-marathon
# language: en                      # en, ru, ja or it
period:                             # first and last day, inclusive, in `timezone`
  from: 2015-02-01
  to: 2015-11-30
stages:                             # inclusive days in `stage_timezone`
  - {{from: 2015-02-01, to: 2015-03-31, name: Stage 1}}
  - {{from: 2015-04-01, to: 2015-05-31, name: Stage 2}}
# timezone: America/Los_Angeles     # the zone of the period's days (San Diego)
# stage_timezone: Europe/Moscow     # a game's start in this zone decides its stage
# games_timezone: Europe/Moscow     # zone of timestamps written without an offset
# table_pattern: '^RU-Marathon-\\d+$'
# place_points: [4, 2, 1, 0]
# series_length: 10
# rating_min_games: 4
# counted_stages: 4
"""

GAMES = """\
# One row per game; seat order means nothing, places come from the scores.
game,table,started_at,player1,score1,player2,score2,player3,score3,player4,score4
1001,RU-Marathon-1,2015-02-03T21:15:00+03:00,NomWise,48,ComboRus,12,AnryChan,-20,Foo,-40
1002,RU-Marathon-1,2015-02-04T20:00:00+03:00,NomWise,-10,ComboRus,30,AnryChan,-10,Foo,-10
"""

SANCTIONS = """\
# Sanctions decided by the organisers; every entry may carry a reason.
# disqualified_games:          # the game is removed for all four players
#   - {game: 1001, reason: "two players left the table"}
# disqualified_players:        # the player's own results in [from, to] do not count
#   - {player: Foo, from: 2015-04-01, to: 2015-05-15, reason: "..."}
# penalties:
#   - {player: Foo, game: 1002, game_points: 10, reason: "..."}   # 5, 10, 20 or 60
#   - {player: Foo, stage: 1, game_points: 100, reason: "..."}    # 50, 100, 200 or 600
#   - {player: Foo, stage: 1, table_points: 2, reason: "..."}     # 1, 2 or 4
"""


def scaffold(name: str) -> dict[str, str]:
    return {
        "competition.yaml": COMPETITION.format(name=name),
        "games.csv": GAMES,
        "sanctions.yaml": SANCTIONS,
    }
