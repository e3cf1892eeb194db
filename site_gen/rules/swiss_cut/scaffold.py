"""The commented example files `site-gen new swiss-cut <slug>` writes.

No round file: the judge runs `site-gen seat <slug> --round 1` once registration closes.
The example players are commented out, so a build right after `new` publishes none of them.
"""

from __future__ import annotations

import datetime as dt

COMPETITION = """\
# A live mahjong tournament (rules: swiss-cut): qualification rounds at tables of four,
# the strongest seated with the strongest, cuts, and a four-player final. Every setting
# below that is commented out shows its default, the Kiev-2006 regulation's value.
name: {name}
rules: swiss-cut
# language: en                      # en, ru, ja or it
seed: {seed}                      # round 1's draw: random.Random(seed).shuffle; publish it
# rounds: 6                         # qualification rounds
# cuts: {{5: 16, 6: 8}}               # round R is played by the best K after round R-1
# final_players: 4                  # the best after the last round play the final
# place_points: [3, 2, 1, 0]        # MI for places 1-4 at the table (shared places average them)
# limit_hand_points: 2              # MI for each limit hand
# score_scale: [[256, 1], [512, 2], [1024, 3], [2000, 4], [null, 5]]   # MI for |score| up to each bound
"""

PLAYERS = """\
# The registration list, in registration order (ties nobody can break follow it).
# from_round: 2 admits a late registrant to round 2. The rows below the header are
# EXAMPLES with made-up players: write yours like them, without the leading #. Then run:
#   site-gen seat <this folder's name> --round 1
player,name,city,club,from_round
# Example-Anna,Анна Петренко,Киев,Гамблер,
# Example-Bruno,,Roma,,
# Example-Chen,,Shanghai,,
# Example-Dora,,Kyiv,,2
"""

JUDGE = """\
# The judge's order for players still equal on MI, score and mahjongs: listed players
# come first, in this order. `check` warns when a tie decides a seating or a cut.
# order: [Example-Anna, Example-Bruno]       (an EXAMPLE, commented out)
"""


def scaffold(name: str, today: dt.date) -> dict[str, str]:
    seed = today.strftime("%Y%m%d")  # any number: the day `new` ran, as the regulation's was its date
    return {"competition.yaml": COMPETITION.format(name=name, seed=seed), "players.csv": PLAYERS, "judge.yaml": JUDGE}
