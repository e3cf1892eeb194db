"""Generate the example data of a PBeM thematic marathon (rules: thematic-marathon).

The Italian regulation (seed 004 of the spec) runs 25 play-by-email tournaments on
Richard's PBeM Server in five thematic groups of five games. Its real results are not
available, so this script invents a believable season for the example site:

* 60 players with PBeM-style userids: established (E) and provisional (P) ratings, a few
  unrated, two with equal ratings (the userid decides), one E player without a rating,
  one marked inactive in players.csv;
* tournaments of 4 to 30 entrants in the regulation's order: 4 and 5 entrants go straight
  to a final group; 6 to 30 play phase-1 groups, then semifinals and a final where the
  structure asks for them; results from a strength model per game, with draws where the
  game has them, occasional forfeits and one entrant who forfeits every game (inactive
  from then on);
* the first 20 tournaments finished, two in progress (one in phase 1, one in phase 2),
  one with its groups written but no game yet, two not started (no folder);
* the group finals of three finished groups and one in progress, games assigned by the
  regulation's 5 x 5 table. The Master field follows from the standings.

Phases after the first, and the group finalists, are taken from the results by the
project's own engine (as an organiser would read them off the site), so run it with the
project's virtualenv; the simulation itself uses the standard library only, with a fixed
seed: running it twice writes byte-identical files.

    .venv/bin/python scripts/generate_thematic_marathon.py data/pbem-marathon

It (re)writes competition.yaml, players.csv, tournaments/ and group-finals/ in that folder.
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from site_gen.rules.thematic_marathon import grouping  # noqa: E402
from site_gen.rules.thematic_marathon.model import (  # noqa: E402
    FINAL, PHASE1, SEMI, Game, GroupDef, Layout, Player, Settings, TournamentData, TournamentDef,
)
from site_gen.rules.thematic_marathon.scaffold import SEED_GROUPS  # noqa: E402
from site_gen.rules.thematic_marathon.tournament import compute_tournament  # noqa: E402

SEED = 2006
FIRST_BOARD = 41001

# Share of draws per game (0 where the game cannot end in a draw).
DRAWS = {
    "gomoku": .03, "nmm": .25, "pente": .03, "forza4x4": .12, "fire-and-ice": .08,
    "hex": 0, "twixt": .04, "havannah": .02, "loa": 0, "hexade": .02,
    "emergo": 0, "zertz": 0, "philosophers-football": 0, "dama-turca": .22, "hexxagon": .05,
    "amazons": 0, "othello": .04, "dama-internazionale": .3, "wari": .1, "go-9x9": 0,
    "quoridor": 0, "cathedral": .06, "epaminondas": 0, "abalone": .12, "trax": 0,
}
# Entrants per tournament, in the order of the groups; None: not started (no folder).
ENTRANTS = [
    12, 8, 5, 30, 9,
    14, 4, 11, 7, 18,
    13, 6, 22, 10, 16,
    9, 26, 8, 12, 15,
    11, 7, 20, None, None,
]
FINISHED = 20  # tournaments 1-20 are complete
IN_PHASE1, IN_PHASE2, GROUPS_ONLY = 20, 21, 22  # indexes of the three running tournaments
FORFEITER = ("pbemghost", 5)  # forfeits every game of tournament 6 (Hex), then stops playing
GROUP_FINALS = {"filetti": "done", "connessioni": "done", "salti": "done", "classici": "partial"}
# The regulation's group-final table: row player, column opponent -> game number (1-5).
FINAL_TABLE = [[0, 1, 2, 3, 4], [5, 0, 1, 2, 3], [4, 5, 0, 1, 2], [3, 4, 5, 0, 1], [2, 3, 4, 5, 0]]

FIRST_NAMES = ["marco", "giulia", "luca", "sara", "paolo", "anna", "dario", "elena", "fabio", "irene",
               "matteo", "chiara", "stefano", "laura", "andrea", "silvia", "nicola", "marta", "pietro", "ilaria"]
HANDLES = ["drb", "hexmaster", "Ludo", "TwixtFan", "zertzy", "rbm", "goban9", "KaiserM", "nimbus", "owlish",
           "mancala_joe", "Trax4ever", "quoridoc", "AbaLone", "epam", "cathy_d", "amazona", "Othellino",
           "pente5", "gomokuz"]
FULL_NAMES = ["Marco Bellini", "Giulia Rossi", "Niccolò Ferrè", "Sara Conti", "Paolo Galli", "Anna Marino",
              "Dario Greco", "Elena Bruno", "Fabio Costa", "Irene Gallo", "Matteo Fontana", "Chiara Leone",
              "Stefano Moretti", "Laura Barbieri", "Andrea De Luca"]


def make_players(rnd: random.Random) -> list[dict]:
    userids = [f"{n}{c}" for n, c in zip(FIRST_NAMES, "bcdfglmnprstvzabcdef")] + HANDLES
    userids += [f"{n}_{i}" for i, n in enumerate(FIRST_NAMES[:10], start=7)] + ["pbemghost", "Zanna", "x_ray", "Bob77",
                                                                                "ferrari", "tuxedo", "Mira", "gatto",
                                                                                "orso", "lupo"]
    userids = userids[:60]
    players = []
    for i, userid in enumerate(userids):
        skill = rnd.gauss(0, 1)
        kind = rnd.random()
        if i % 9 == 4:
            status, rating = "", None  # unrated newcomers
        elif kind < .28:
            status, rating = "P", int(1500 + 180 * skill + rnd.gauss(0, 60))
        else:
            status, rating = "E", int(1650 + 200 * skill + rnd.gauss(0, 40))
        players.append({"player": userid, "name": FULL_NAMES[i] if i < len(FULL_NAMES) and i % 2 == 0 else "",
                        "rating": rating, "status": status, "active": "yes", "skill": skill,
                        "affinity": {}, "keen": .35 + .65 * rnd.random()})
    # edge cases of the seeding rules
    for i in (1, 3):  # equal ratings: the userid decides
        players[i]["status"], players[i]["rating"] = "E", 1777
    players[7]["status"], players[7]["rating"] = "E", None  # E without a rating: after the rated E players
    players[13]["status"], players[13]["rating"] = "", 1900  # unrated: a written rating is ignored
    players[40]["active"] = "no"  # asked to be moved to the inactive list
    return players


def strength(player: dict, game: str, rnd: random.Random) -> float:
    if game not in player["affinity"]:
        player["affinity"][game] = rnd.gauss(0, .6)
    return player["skill"] + player["affinity"][game]


def play(first: dict, second: dict, game: str, rnd: random.Random, forfeits: set[str]) -> str:
    """A result from the first mover's side, forfeits included."""
    if first["player"] in forfeits:
        return "0-1 forfeit"
    if second["player"] in forfeits:
        return "1-0 forfeit"
    if rnd.random() < .015:
        return rnd.choice(["1-0 forfeit", "0-1 forfeit"])
    if rnd.random() < DRAWS[game]:
        return "draw"
    edge = strength(first, game, rnd) - strength(second, game, rnd) + .15  # the first move helps a little
    return "1-0" if rnd.random() < 1 / (1 + math.exp(-1.3 * edge)) else "0-1"


class Boards:
    def __init__(self):
        self.next = FIRST_BOARD

    def take(self) -> str:
        self.next += 1
        return str(self.next - 1)


def round_robin(members, phase, group, game, by_id, rnd, boards, forfeits, share=1.0) -> list[Game]:
    """Both games of every pair; with share < 1 only that part has a result yet."""
    games = []
    for a in members:
        for b in members:
            if a == b:
                continue
            result = play(by_id[a], by_id[b], game, rnd, forfeits) if rnd.random() < share else None
            games.append(Game(a, b, result, boards.take(), phase=phase, group=group))
    games.sort(key=lambda g: int(g.board))
    return games


def run_tournament(index, slug, game, entrants, settings, players, rnd, boards):
    """(layout to write, games) of one tournament, phases computed by the engine as played."""
    by_id = {p["player"]: p for p in players}
    people = {p["player"]: Player(p["player"], p["name"], p["rating"], p["status"]) for p in players}
    seed = lambda u: grouping.seed_key(u, people)  # noqa: E731
    forfeits = {FORFEITER[0]} if index == FORFEITER[1] else set()
    group = GroupDef("g", "g", (TournamentDef(slug, game),))
    seeded = grouping.seeding(entrants, people)
    phase1 = grouping.phase1_groups(seeded, 5) if grouping.has_phase1(len(seeded), 6) else []
    layout = Layout(phase1=tuple(tuple(g) for g in phase1))
    if index == GROUPS_ONLY:
        return layout, []
    share = .55 if index == IN_PHASE1 else 1.0
    games = [g for n, members in enumerate(phase1, 1) for g in round_robin(members, PHASE1, n, slug, by_id, rnd, boards,
                                                                             forfeits, share)]
    if index == IN_PHASE1:
        return layout, games

    def state():
        return compute_tournament(group, group.tournaments[0], TournamentData(slug, True, tuple(entrants), layout,
                                                                               tuple(games)), settings, seed)

    for n, members in enumerate(state().semifinals, 1):
        games += round_robin(members.players, SEMI, n, slug, by_id, rnd, boards, forfeits)
    final = state().final
    games += round_robin(final.players, FINAL, None, slug, by_id, rnd, boards, forfeits,
                         .5 if index == IN_PHASE2 else 1.0)
    return layout, games


def choose_entrants(index, size, players, rnd) -> list[str]:
    """`size` players, the keener ones more often; the inactive are left out (the player
    marked inactive stopped after the first group), the forfeiter stops after forfeiting."""
    ghost, ghost_index = FORFEITER
    pool = [p for p in players
            if (p["active"] == "yes" or index < 5) and not (p["player"] == ghost and index >= ghost_index)]
    chosen = [next(p for p in players if p["player"] == ghost)] if index == ghost_index else []
    weights = [p["keen"] for p in pool]
    while len(chosen) < size:
        pick = rnd.choices(pool, weights)[0]
        if pick not in chosen:
            chosen.append(pick)
    return [p["player"] for p in chosen]


# --------------------------------------------------------------------------- writing


def yaml_list(names) -> str:
    return "[" + ", ".join(f'"{n}"' for n in names) + "]"


def competition_yaml() -> str:
    lines = [
        "# The example thematic marathon, generated by scripts/generate_thematic_marathon.py (fixed seed).",
        "name: PBeM Thematic Marathon",
        "rules: thematic-marathon",
        "description: Twenty-five play-by-email tournaments in five thematic groups, group finals and a Master.",
        "groups:",
    ]
    for slug, name, tournaments in SEED_GROUPS:
        lines += [f"  - slug: {slug}", f'    name: "{name}"', "    tournaments:"]
        lines += [f'      - {{slug: {t}, game: "{g}"}}' for t, g in tournaments]
    return "\n".join(lines) + "\n"


def players_csv(players) -> str:
    rows = ["player,name,rating,status,active"]
    for p in sorted(players, key=lambda p: p["player"].casefold()):
        rating = "" if p["rating"] is None else str(p["rating"])
        rows.append(f'{p["player"]},{p["name"]},{rating},{p["status"]},{p["active"]}')
    return "\n".join(rows) + "\n"


def games_csv(games) -> str:
    rows = ["phase,group,board,first,second,result"]
    rows += [f'{g.phase},{g.group or ""},{g.board},{g.first},{g.second},{g.result or ""}' for g in games]
    return "\n".join(rows) + "\n"


def groups_yaml(layout: Layout, game: str) -> str:
    lines = [f"# Phase-1 groups of {game} as played (site-gen groups wrote them from the ratings).",
             "# Semifinals and final are computed from the results."]
    if not layout.phase1:
        return "\n".join(lines + ["phase1: []"]) + "\n"
    return "\n".join(lines + ["phase1:"] + [f"  - {yaml_list(g)}" for g in layout.phase1]) + "\n"


def group_final_games(slug, tournaments, finalists, players, rnd, boards, partial) -> list[tuple]:
    by_id = {p["player"]: p for p in players}
    rows = []
    for i, a in enumerate(finalists):
        for j, b in enumerate(finalists):
            if i == j:
                continue
            game = tournaments[FINAL_TABLE[i][j] - 1]
            result = play(by_id[a], by_id[b], game, rnd, set()) if not partial or rnd.random() < .6 else ""
            rows.append((game, boards.take(), a, b, result))
    rows.sort(key=lambda r: int(r[1]))
    return rows


def generate(folder: Path) -> None:
    rnd = random.Random(SEED)
    boards = Boards()
    players = make_players(rnd)
    settings = Settings(groups=())
    files: dict[str, str] = {"competition.yaml": competition_yaml(), "players.csv": players_csv(players)}
    index = 0
    for g_slug, _, tournaments in SEED_GROUPS:
        for t_slug, game in tournaments:
            size = ENTRANTS[index]
            if size is not None:
                entrants = choose_entrants(index, size, players, rnd)
                layout, games = run_tournament(index, t_slug, t_slug, entrants, settings, players, rnd, boards)
                base = f"tournaments/{t_slug}/"
                files[base + "entrants.csv"] = "player\n" + "\n".join(entrants) + "\n"
                if index % 3 != 1 or index == GROUPS_ONLY:  # some folders leave phase 1 to the engine
                    files[base + "groups.yaml"] = groups_yaml(layout, game)
                if index != GROUPS_ONLY:
                    files[base + "games.csv"] = games_csv(games)
            index += 1
    finals = group_finalists(folder, files)
    for g_slug, _, tournaments in SEED_GROUPS:
        state = GROUP_FINALS.get(g_slug)
        if state:
            rows = group_final_games(g_slug, [t for t, _ in tournaments], finals[g_slug], players, rnd, boards,
                                     state == "partial")
            files[f"group-finals/{g_slug}.csv"] = "game,board,first,second,result\n" + "".join(
                f"{g},{b},{x},{y},{r}\n" for g, b, x, y, r in rows)
    for sub in ("tournaments", "group-finals"):
        shutil.rmtree(folder / sub, ignore_errors=True)
    for name, text in sorted(files.items()):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))


def group_finalists(folder: Path, files: dict[str, str]) -> dict[str, list[str]]:
    """The first five of each group's standings, from the engine over the files written so far."""
    result, _ = computed(folder.name, files)
    return {g.group.slug: list(g.finalists) for g in result.groups}


def computed(slug: str, files: dict[str, str]):
    """(result, diagnostics) of the engine over `files` written to a scratch folder `slug`;
    stops on any error (a generator bug)."""
    import tempfile

    from site_gen.config import SiteConfig
    from site_gen.diagnostics import Diagnostics
    from site_gen.pipeline.project import load_competition

    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / slug
        for name, text in files.items():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            (target / name).write_text(text, encoding="utf-8")
        diags = Diagnostics(root=target)
        competition = load_competition(target, SiteConfig(), diags)
        if competition is None or diags.has_errors:
            raise SystemExit("the generated data has errors:\n" + "\n".join(diags.format()))
        return competition.result, diags


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the competition folder to write, e.g. data/pbem-marathon")
    args = parser.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    generate(args.folder)
    print(f"wrote {args.folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
