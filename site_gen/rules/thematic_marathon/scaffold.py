"""The commented example files `site-gen new thematic-marathon <slug>` writes: the
regulation's groups and tournaments (none started); the example players are commented
out, so a build right after `new` publishes none of them."""

from __future__ import annotations

import datetime as dt

# The regulation's five thematic groups of five games each.
SEED_GROUPS = (
    ("filetti", "Filetti", (("gomoku", "Gomoku"), ("nmm", "NMM"), ("pente", "Pente"), ("forza4x4", "Forza4x4"),
                            ("fire-and-ice", "Fire and Ice"))),
    ("connessioni", "Connessioni", (("hex", "Hex"), ("twixt", "Twixt"), ("havannah", "Havannah"), ("loa", "Loa"),
                                    ("hexade", "Hexade"))),
    ("salti", "Salti", (("emergo", "Emergo"), ("zertz", "Zertz"), ("philosophers-football", "Philosopher's Football"),
                        ("dama-turca", "Dama turca"), ("hexxagon", "Hexxagon"))),
    ("classici", "Classici e moderni", (("amazons", "Amazons"), ("othello", "Othello"),
                                        ("dama-internazionale", "Dama Internazionale"), ("wari", "Wari"),
                                        ("go-9x9", "Go 9x9"))),
    ("misto", "Misto", (("quoridor", "Quoridor"), ("cathedral", "Cathedral"), ("epaminondas", "Epaminondas"),
                        ("abalone", "Abalone"), ("trax", "Trax"))),
)

COMPETITION = """\
# A thematic marathon of play-by-email tournaments (rules: thematic-marathon). Every setting
# below that is commented out shows its default, the regulation's value.
#
# Files, next to this one:
#   players.csv                          player (PBeM userid), name, rating, status (E, P or empty), active
#   tournaments/<slug>/entrants.csv      player: who entered (no folder yet: not started)
#   tournaments/<slug>/groups.yaml       phase1/semifinals/final as played; `site-gen groups` writes phase 1
#   tournaments/<slug>/games.csv         phase,group,board,first,second,result (1-0, 0-1, draw,
#                                        1-0 forfeit, 0-1 forfeit, or empty: not yet played)
#   group-finals/<group>.csv             game,board,first,second,result
#   master.csv                           round,group,game,first,second,result (round a..e)
name: {name}
rules: thematic-marathon
# language: it                        # en, ru, ja or it
groups:
{groups}
# game_points: {{win: 3, draw: 1, loss: 0}}
# phase1_min_players: 6               # fewer entrants start at phase 2
# phase1_group_max: 5
# phase2_entrants: auto               # winners, winners_and_runners_up or auto (runners-up with <= 3 groups)
# final_bonus: [7, 5, 3, 2, 1]
# participation_bonus: 1
# group_final_size: 5
# group_final_bonus: [7, 5, 3, 2, 1]
# master_size: 16
# master_direct: 8
# master_win_points: [[4, 32, 1], [33, 64, 2], [65, 128, 3]]
# master_group_bonus: {{2: 4, 3: 8, 4: 12, 5: 16}}
"""

PLAYERS = """\
# One row per player: the PBeM server userid, the ratings decide the seeding
# (E established, P provisional, empty status: unrated). The rows below the header are
# EXAMPLES: write yours like them, without the leading #.
player,name,rating,status,active
# example-alice,Alice Rossi,1850,E,yes
# example-bruno,,1720,P,yes
# example-carla,Carla Bianchi,,,yes
"""


def _groups_yaml() -> str:
    lines = []
    for slug, name, tournaments in SEED_GROUPS:
        lines.append(f"  - slug: {slug}")
        lines.append(f'    name: "{name}"')
        lines.append("    tournaments:")
        for t_slug, game in tournaments:
            lines.append(f'      - {{slug: {t_slug}, game: "{game}"}}')
    return "\n".join(lines)


def scaffold(name: str, today: dt.date) -> dict[str, str]:  # no date to write: a tournament starts with its entrants
    return {
        "competition.yaml": COMPETITION.format(name=name, groups=_groups_yaml()),
        "players.csv": PLAYERS,
    }
