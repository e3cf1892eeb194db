"""Reading a swiss-cut tournament: players.csv, rounds/<R>.csv, final.csv, judge.yaml.

Every problem of a single file is found here, each with its line; the rules that need the
computed standings (who qualified, the seating rule) are checked in report.py.
"""

from __future__ import annotations

import re
from pathlib import Path

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.rules.swiss_cut.model import TABLE_SIZE, FinalSeat, Player, RoundFile, Seat, Settings, TournamentData
from site_gen.sources.csv_reader import Row, read_csv, unique_rows
from site_gen.sources.yaml_reader import read_yaml
from site_gen.values import parse_int

ROUND_COLUMNS = ["table", "player"]
ROUND_OPTIONAL = ["score", "mahjongs", "limit_hands", "penalty"]
ROUND_FILE = re.compile(r"^[1-9][0-9]*\.csv$")


def load(folder: Path, settings: Settings, diags: Diagnostics) -> TournamentData | None:
    errors_before = diags.count("error")
    _check_settings(folder / "competition.yaml", settings, diags)
    players = _load_players(folder / "players.csv", settings, diags)
    known = [p.player for p in players] if players is not None else None
    rounds = _load_rounds(folder / "rounds", settings, known, diags)
    final: tuple[FinalSeat, ...] = ()
    if (folder / "final.csv").exists():
        final = _load_final(folder / "final.csv", known, diags)
    judge: tuple[str, ...] = ()
    if (folder / "judge.yaml").exists():
        judge = _load_judge(folder / "judge.yaml", known, diags)
    if players is None or diags.count("error") > errors_before:
        return None
    paths = {name: str(folder / name) for name in ("players.csv", "final.csv", "judge.yaml", "competition.yaml")}
    return TournamentData(tuple(players), tuple(rounds), final, judge, str(folder), paths)


def _check_settings(path: Path, settings: Settings, diags: Diagnostics) -> None:
    """Settings that are fine alone but not together."""
    ok, doc = read_yaml(path, Diagnostics())  # already read once: only for the lines
    line_of = doc.line_of if ok and hasattr(doc, "line_of") else (lambda key: None)
    for number, count in settings.cuts:
        if number > settings.rounds:
            diags.error(path, line_of("cuts"), f'setting "cuts": round {number} is past the last round ({settings.rounds}, setting "rounds")')
    played = [cut for cut in settings.cuts if cut[0] <= settings.rounds]
    if played and settings.final_players > played[-1][1]:
        diags.error(path, line_of("final_players"), f'setting "final_players": {settings.final_players} finalists '
                    f"but only {played[-1][1]} players reach round {played[-1][0]}")


def _load_players(path: Path, settings: Settings, diags: Diagnostics) -> list[Player] | None:
    if not path.exists():
        diags.error(path, None, "missing file: a swiss-cut tournament needs players.csv, the registration list "
                    "(player, optional name, city, club, from_round)")
        return None
    rows = read_csv(path, diags, ["player"], optional=["name", "city", "club", "from_round"])
    if rows is None:
        return None
    players: list[Player] = []
    for row, name in unique_rows(rows, path, diags):
        start = _from_round(path, row, settings, diags)
        players.append(Player(name, row.get("name"), row.get("city"), row.get("club"), start or 1, row.line))
    return players


def _from_round(path: Path, row: Row, settings: Settings, diags: Diagnostics) -> int | None:
    text = row.get("from_round")
    if not text:
        return 1
    number = parse_int(text)
    limit = min(settings.rounds, (settings.first_cut or settings.rounds + 1) - 1)
    if number is None or not 1 <= number <= limit:
        cut = settings.first_cut
        why = (f"a late registrant joins before the cut of round {cut}" if cut and cut <= settings.rounds
               else f"there are {settings.rounds} rounds")
        diags.error(path, row.line, f'from_round "{text}" must be a round from 1 to {limit} ({why})')
        return None
    return number


def _known(path: Path, line: int, name: str, known: list[str] | None, diags: Diagnostics) -> None:
    if known is not None and name not in known:
        diags.error(path, line, f'unknown player "{name}" (not in players.csv){did_you_mean(name, known)}')


def _count(path: Path, row: Row, column: str, diags: Diagnostics) -> int | None:
    """A non-negative whole number; an empty cell is 0."""
    text = row.get(column)
    if not text:
        return 0
    number = parse_int(text)
    if number is None or number < 0:
        diags.error(path, row.line, f'{column} "{text}" must be a whole number, 0 or more')
        return None
    return number


def _load_rounds(folder: Path, settings: Settings, known: list[str] | None, diags: Diagnostics) -> list[RoundFile]:
    if not folder.exists():
        return []
    if not folder.is_dir():
        diags.error(folder, None, "rounds must be a folder holding 1.csv, 2.csv, …")
        return []
    numbers: dict[int, Path] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue
        if not path.is_file() or not ROUND_FILE.match(path.name):
            diags.error(path, None, f'unexpected "{path.name}" in rounds/: round files are named 1.csv, 2.csv, … (one per round)')
            continue
        numbers[int(path.name[:-4])] = path
    rounds = []
    for number in sorted(numbers):
        path = numbers[number]
        if number > settings.rounds:
            diags.error(path, None, f'round {number} is past the last round ({settings.rounds}, setting "rounds")')
            continue
        if number > 1 and number - 1 not in numbers:
            diags.error(path, None, f"round {number} has a file but round {number - 1} has none (rounds/{number - 1}.csv)")
        loaded = _load_round(path, number, known, diags)
        if loaded is not None:
            rounds.append(loaded)
    return rounds


def _load_round(path: Path, number: int, known: list[str] | None, diags: Diagnostics) -> RoundFile | None:
    rows = read_csv(path, diags, ROUND_COLUMNS, optional=ROUND_OPTIONAL)
    if rows is None:
        return None
    seats: list[Seat] = []
    first: dict[str, int] = {}
    ok = True
    for row in rows:
        table = parse_int(row.get("table"))
        if table is None or table < 1:
            diags.error(path, row.line, f'table "{row.get("table")}" must be a table number, 1 or more')
            ok = False
        name = row.get("player")
        if not name:
            diags.error(path, row.line, "empty player name")
            ok = False
        elif name in first:
            diags.error(path, row.line, f'player "{name}" is seated twice in round {number} (first on line {first[name]})')
            ok = False
        else:
            first[name] = row.line
            _known(path, row.line, name, known, diags)
        score_text = row.get("score")
        score = parse_int(score_text) if score_text else None
        if score_text and score is None:
            diags.error(path, row.line, f'score "{score_text}" is not a whole number of wists (negative for a loss)')
            ok = False
        counts = [_count(path, row, c, diags) for c in ("mahjongs", "limit_hands", "penalty")]
        if None in counts:
            ok = False
            continue
        mahjongs, limits, penalty = counts
        if score is None and not score_text and any(row.get(c) for c in ("mahjongs", "limit_hands", "penalty")):
            diags.warning(path, row.line, f'"{name}" has results but no score: the seat counts as not played until the score is entered')
        if limits > mahjongs:
            diags.warning(path, row.line, f"{limits} limit hand(s) but {mahjongs} mahjong(s): every limit hand is a mahjong")
        if ok:
            seats.append(Seat(table, name, score, mahjongs, limits, penalty, row.line))
    if not ok:
        return None
    result = RoundFile(number, tuple(seats), str(path))
    for table, members in result.tables():
        if len(members) != TABLE_SIZE:
            names = ", ".join(f'"{s.player}"' for s in members)
            diags.error(path, members[0].line, f"table {table} has {len(members)} player(s) ({names}); a table needs exactly four")
            ok = False
    return result if ok else None


def _load_final(path: Path, known: list[str] | None, diags: Diagnostics) -> tuple[FinalSeat, ...]:
    rows = read_csv(path, diags, ["player", "score"], optional=["place"])
    if rows is None:
        return ()
    seats: list[FinalSeat] = []
    for row, name in unique_rows(rows, path, diags, twice="is in the final twice"):
        _known(path, row.line, name, known, diags)
        text = row.get("score")
        score = parse_int(text) if text else None
        if text and score is None:
            diags.error(path, row.line, f'score "{text}" is not a whole number of wists')
        place_text = row.get("place")
        place = parse_int(place_text) if place_text else None
        if place_text and (place is None or not 1 <= place <= len(rows)):
            diags.error(path, row.line, f'place "{place_text}" must be a place from 1 to {len(rows)}')
            place = None
        seats.append(FinalSeat(name, score, place, row.line))
    given = [s for s in seats if s.place is not None]
    if given and len(given) != len(seats):
        missing = next(s for s in seats if s.place is None)
        diags.error(path, missing.line, 'the judge\'s "place" is given for some finalists only: give it for every finalist or for none')
    places: dict[int, int] = {}
    for seat in given:
        if seat.place in places:
            diags.error(path, seat.line, f"place {seat.place} is given twice (first on line {places[seat.place]})")
        places.setdefault(seat.place, seat.line)
    return tuple(seats)


def _load_judge(path: Path, known: list[str] | None, diags: Diagnostics) -> tuple[str, ...]:
    ok, doc = read_yaml(path, diags)
    if not ok or doc is None:
        return ()
    if not isinstance(doc, dict):
        diags.error(path, getattr(doc, "line", 1) or 1, "judge.yaml must be a mapping: order: [player, ...]")
        return ()
    for key in doc:
        if key != "order":
            diags.error(path, doc.line_of(key), f'unknown key "{key}": judge.yaml holds only order: [player, ...]{did_you_mean(str(key), ["order"])}')
    entries = doc.get("order")
    if entries is None:
        return ()
    if not isinstance(entries, list):
        diags.error(path, doc.line_of("order"), "order must be a list of players, the judge's order for players still equal")
        return ()
    order: list[str] = []
    for index, entry in enumerate(entries):
        line = entries.line_of(index) if hasattr(entries, "line_of") else doc.line_of("order")
        if isinstance(entry, (dict, list)) or entry is None or isinstance(entry, bool):
            diags.error(path, line, f"each entry of order is a player's name, found {entry!r}")
            continue
        name = str(entry)
        if name in order:
            diags.error(path, line, f'player "{name}" is listed twice in order')
            continue
        _known(path, line, name, known, diags)
        order.append(name)
    return tuple(order)
