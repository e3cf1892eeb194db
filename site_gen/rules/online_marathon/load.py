"""Reading an online marathon's files: games.csv (read_games), optional players.csv and
sanctions.yaml (read_sanctions)."""

from __future__ import annotations

from pathlib import Path

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.rules.online_marathon.model import MarathonData, Sanctions
from site_gen.rules.online_marathon.read_games import Written, load_games
from site_gen.rules.online_marathon.read_sanctions import load_sanctions
from site_gen.rules.online_marathon.settings import Settings
from site_gen.sources.csv_reader import read_csv, unique_rows


def load(folder: Path, settings: Settings, diags: Diagnostics) -> MarathonData | None:
    errors_before = diags.count("error")
    written = Written()
    games = load_games(folder / "games.csv", settings, diags, written)
    known_players = _load_players(folder / "players.csv", diags)
    if games is not None and known_players is not None:
        _check_players_known(folder / "games.csv", written, known_players, diags)
    sanctions = Sanctions()
    if games is not None and (folder / "sanctions.yaml").exists():
        sanctions = load_sanctions(folder / "sanctions.yaml", settings, games, written, diags) or Sanctions()
    if games is None or diags.count("error") > errors_before:
        return None
    return MarathonData(tuple(games), sanctions, str(folder / "games.csv"), str(folder / "sanctions.yaml"),
                        known_players or {})


PLAYER_DETAILS = ("name", "country", "city")


def _load_players(path: Path, diags: Diagnostics) -> dict[str, dict[str, str]] | None:
    """The declared players with their details, or {} when players.csv is absent (no check then)."""
    if not path.exists():
        return {}
    rows = read_csv(path, diags, ["player"], optional=list(PLAYER_DETAILS))
    if rows is None:
        return None
    return {name: {k: row.get(k) for k in PLAYER_DETAILS if row.get(k)}
            for row, name in unique_rows(rows, path, diags)}


def _check_players_known(path: Path, written: Written, known: dict[str, dict], diags: Diagnostics) -> None:
    if not known:
        return
    for line, players in written.seats:
        for name in players:
            if name not in known:
                diags.error(path, line, f'unknown player "{name}" (not in players.csv){did_you_mean(name, sorted(known))}')

