"""Reading a thematic marathon's files: players.csv, tournaments/<slug>/ (entrants.csv,
groups.yaml, games.csv), group-finals/<group>.csv and master.csv."""

from __future__ import annotations

from pathlib import Path
from typing import Collection

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.rules.thematic_marathon.load_games import (
    PlayerCheck,
    read_group_final,
    read_layout,
    read_master,
    read_tournament_games,
)
from site_gen.rules.thematic_marathon.model import Layout, MarathonData, Player, Settings, TournamentData
from site_gen.sources.csv_reader import read_csv, unique_rows
from site_gen.values import parse_int

_YES = {"": True, "yes": True, "y": True, "true": True, "1": True, "no": False, "n": False, "false": False, "0": False}


def load(folder: Path, settings: Settings, diags: Diagnostics) -> MarathonData | None:
    errors_before = diags.count("error")
    path = folder / "players.csv"
    players = _load_players(path, diags)
    known = frozenset(players or {})
    tournaments = {}
    for _, t in settings.tournaments:
        at = folder / "tournaments" / t.slug
        tournaments[t.slug] = _load_tournament(at, t.slug, known, diags)
    _unknown_folders(folder / "tournaments", [t.slug for _, t in settings.tournaments], "tournament", diags)
    finals: dict = {}
    paths: dict[str, str] = {}
    finals_dir = folder / "group-finals"
    for group in settings.groups:
        path = finals_dir / f"{group.slug}.csv"
        if path.is_file():
            entered = {p for t in group.tournaments for p in tournaments[t.slug].entrants}
            names = {n: t.slug for t in group.tournaments for n in (t.slug, t.game)}
            games = read_group_final(path, diags, _known(known or entered, "not in players.csv" if known else "in none of the group's tournaments"), names)
            finals[group.slug] = tuple(games or ())
            paths[f"group-final:{group.slug}"] = str(path)
    if finals_dir.is_dir():
        for path in sorted(finals_dir.iterdir()):
            slugs = [g.slug for g in settings.groups]
            if path.suffix != ".csv" or path.stem not in slugs:
                diags.error(path, None, f'"{path.name}" is not a group final: expected <group>.csv with a group of '
                            f'competition.yaml ({", ".join(slugs)}){did_you_mean(path.stem, slugs)}')
    master: tuple = ()
    if (folder / "master.csv").is_file():
        everyone = known or {p for t in tournaments.values() for p in t.entrants}
        names = {n: t.slug for _, t in settings.tournaments for n in (t.slug, t.game)}
        master = tuple(read_master(folder / "master.csv", diags, _known(everyone, "not in players.csv" if known else "in no tournament of the marathon"), names) or ())
        paths["master"] = str(folder / "master.csv")
    if players is None or diags.count("error") > errors_before:
        return None
    return MarathonData(players, tournaments, finals, master, paths)


def _known(names: Collection[str], where: str, elsewhere: Collection[str] = (), why: str = "") -> PlayerCheck:
    """The check of a player's name against `names`; a name of `elsewhere` (known, but not
    here) is told `why`, not "did you mean" another name."""
    def check(name: str) -> str | None:
        if name in names:
            return None
        if name in elsewhere:
            return f'player "{name}" is {where}{did_you_mean(name, names, {name: why})}'
        return f'unknown player "{name}" ({where}){did_you_mean(name, sorted(names))}'

    return check


def _unknown_folders(parent: Path, slugs: list[str], what: str, diags: Diagnostics) -> None:
    if not parent.is_dir():
        return
    for path in sorted(parent.iterdir()):
        if path.name not in slugs and not path.name.startswith("."):
            diags.error(path, None, f'"{path.name}" is not a {what} of competition.yaml{did_you_mean(path.name, slugs)}')


def _load_players(path: Path, diags: Diagnostics) -> dict[str, Player] | None:
    """The players by userid; empty when players.csv is absent (everyone unrated)."""
    if not path.exists():
        return {}
    rows = read_csv(path, diags, ["player"], optional=["name", "rating", "status", "active"])
    if rows is None:
        return None
    players: dict[str, Player] = {}
    for row, userid in unique_rows(rows, path, diags, empty="empty player userid"):
        ok = True
        rating_text, status = row.get("rating"), row.get("status")
        rating = parse_int(rating_text) if rating_text else None
        if rating_text and rating is None:
            diags.error(path, row.line, f'rating "{rating_text}" is not a whole number')
            ok = False
        if status not in ("E", "P", ""):
            hint = f'; did you mean "{status.upper()}"?' if status.upper() in ("E", "P") else ""
            diags.error(path, row.line, f'status "{status}" is not E (established), P (provisional) or empty (unrated){hint}')
            ok = False
        active = _YES.get(row.get("active").lower())
        if active is None:
            diags.error(path, row.line, f'active "{row.get("active")}" is not yes or no')
            ok = False
        if ok:
            players[userid] = Player(userid, row.get("name"), rating, status, active, row.line)
        else:
            players[userid] = Player(userid, line=row.line)  # known, so its games raise no second error
    return players


def _load_tournament(folder: Path, slug: str, known: Collection[str], diags: Diagnostics) -> TournamentData:
    if not folder.is_dir():
        return TournamentData(slug, started=False)
    entrants = _load_entrants(folder / "entrants.csv", known, diags)
    check = _known(set(entrants), "not in this tournament's entrants.csv", known,
                   "is in players.csv but did not enter: add them to this tournament's entrants.csv if they play it")
    layout = Layout()
    if (folder / "groups.yaml").is_file():
        layout = read_layout(folder / "groups.yaml", diags, entrants, check) or Layout()
    games: list = []
    if (folder / "games.csv").is_file():
        games = read_tournament_games(folder / "games.csv", diags, check) or []
    for path in sorted(folder.iterdir()):
        if path.name not in ("entrants.csv", "groups.yaml", "games.csv") and not path.name.startswith("."):
            names = ["entrants.csv", "groups.yaml", "games.csv"]
            diags.error(path, None, f'unexpected file "{path.name}"; a tournament folder holds {", ".join(names)}'
                        f'{did_you_mean(path.name, names)}')
    return TournamentData(slug, True, tuple(entrants), layout, tuple(games), str(folder / "games.csv"))


def _load_entrants(path: Path, known: Collection[str], diags: Diagnostics) -> list[str]:
    if not path.is_file():
        diags.error(path, None, "missing file: a tournament folder needs entrants.csv (one `player` per row)")
        return []
    rows = read_csv(path, diags, ["player"])
    entrants: dict[str, int] = {}
    for row in rows or []:
        name = row.get("player")
        if not name:
            diags.error(path, row.line, "empty player userid")
        elif name in entrants:
            diags.error(path, row.line, f'"{name}" entered twice (first on line {entrants[name]})')
        else:
            if known and name not in known:
                diags.error(path, row.line, f'unknown player "{name}" (not in players.csv){did_you_mean(name, sorted(known))}')
            entrants[name] = row.line
    return list(entrants)
