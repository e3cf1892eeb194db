"""Reading a best-span competition: participants.csv, corrections.yaml and the logs/ folder.

Only the lines that could count for a participant are kept (4-player east-south open-tanyao
games at a counted table or in a direct lobby, inside the period, naming a participant):
the logs of a year hold millions of lines and the standings need a few thousand.
"""

from __future__ import annotations

from pathlib import Path
from sys import intern

from site_gen.diagnostics import Diagnostics
from site_gen.rules.best_span.corrections import Addition, read_corrections
from site_gen.rules.best_span.model import NO_NAME, BestSpanData, Game, Participant, Settings
from site_gen.sources.csv_reader import read_csv
from site_gen.sources.tenhou_files import Archives, LogSource, find_sources, read_blocks
from site_gen.sources.tenhou_log import LineScanner, TenhouLine
from site_gen.values import parse_date

ADDED_LINE = 10**9  # an added game sorts after every line of the file it names


def load(folder: Path, settings: Settings, diags: Diagnostics) -> BestSpanData | None:
    errors = diags.count("error")
    participants, ok = read_participants(folder / "participants.csv", diags)
    index = {p.player: p.line for p in participants}  # for hints even when the file has errors
    corrections = read_corrections(folder / "corrections.yaml", index, diags)
    if not ok or corrections is None:
        return None
    reader = LogReader(settings, set(index), diags, folder)
    reader.read_folder(folder / "logs")
    for number, addition in enumerate(corrections.additions):
        reader.add(addition, number, folder / "corrections.yaml")
    if diags.count("error") > errors:
        return None
    return BestSpanData(
        participants=tuple(participants),
        games=tuple(reader.games),
        removals=tuple(corrections.removals),
        excluded=tuple(corrections.excluded),
        names_seen=frozenset(reader.seen),
        corrections_path=str(folder / "corrections.yaml"),
        participants_path=str(folder / "participants.csv"),
    )


def load_participants(path: Path, diags: Diagnostics) -> list[Participant] | None:
    participants, ok = read_participants(path, diags)
    return participants if ok else None


def read_participants(path: Path, diags: Diagnostics) -> tuple[list[Participant], bool]:
    """The participants read (the good rows even when others are wrong), and whether all were good."""
    if not path.exists():
        diags.error(path, None, "missing file: a best-span competition needs participants.csv (column player: Tenhou IDs)")
        return [], False
    rows = read_csv(path, diags, ["player"], optional=["name", "joined"])
    if rows is None:
        return [], False
    found: dict[str, Participant] = {}
    ok = True
    for row in rows:
        player = row.cells.get("player", "")
        joined = None
        if row.get("joined"):
            joined = parse_date(row.get("joined"))
            if joined is None:
                diags.error(path, row.line, f'joined "{row.get("joined")}" is not a date YYYY-MM-DD')
                ok = False
        if not player:
            diags.error(path, row.line, "empty player: write the Tenhou ID")
        elif player == NO_NAME:
            diags.error(path, row.line, "NoName is Tenhou's name for a guest and cannot be a participant")
        elif player in found:
            diags.error(path, row.line, f'player "{player}" is listed twice (first on line {found[player].line})')
        elif " " in player:
            diags.error(path, row.line, f'"{player}" cannot be a Tenhou ID: Tenhou IDs hold no spaces')
        else:
            found[player] = Participant(player, row.get("name"), joined, row.line)
            continue
        ok = False
    return list(found.values()), ok


class LogReader:
    """Streams log files into the games that could count for the participants."""

    def __init__(self, settings: Settings, participants: set[str], diags: Diagnostics, folder: Path):
        self.settings, self.participants, self.diags, self.folder = settings, participants, diags, folder
        self.scanners = {f: LineScanner(f, settings.tables, settings.direct_lobbies) for f in ("sca", "scb", "scc")}
        self.games: list[Game] = []
        self.seen: set[str] = set()
        self.lines = 0

    def _keep(self, names: list[str]) -> bool:
        self.seen.update(names)
        return not self.participants.isdisjoint(names)

    def _relative(self, display: str) -> str:
        """Where a game was read, relative to the competition's folder (pages show it)."""
        prefix = str(self.folder) + "/"
        return display[len(prefix):] if display.startswith(prefix) else Path(display).name

    def read_folder(self, logs: Path) -> None:
        if not logs.is_dir():
            self.diags.notice(logs, None, "no logs/ folder yet: put Tenhou's log files there "
                                          "(or run `site-gen import tenhou <files> --into <competition>`)")
            return
        outside = []
        with Archives() as archives:
            for source in find_sources([logs], self.diags):
                if self.settings.period.contains(source.name.day):
                    self.read(source, archives)
                else:
                    outside.append(source)
        if outside:
            names = outside[0].name.canonical + (f" … {outside[-1].name.canonical}" if len(outside) > 1 else "")
            self.diags.notice(logs, None, f"{len(outside)} log file(s) of days outside the period were not read "
                                          f"({names})")

    def read(self, source: LogSource, archives: Archives | None = None) -> None:
        scanner = self.scanners[source.name.family]
        day, file = source.name.day, source.name.canonical
        display = self._relative(source.display)

        def malformed(line: int, why: str) -> None:
            self.diags.warning(source.display, line, f"malformed line skipped: {why}")

        def game(family, line, lobby, hour, minute, length, rule, players, scores, chips, log, text) -> Game:
            # the scanner's fields straight into a Game: no TenhouLine in between
            return Game(day, hour, minute, file, line, family, intern(lobby), intern(rule), tuple(map(intern, players)),
                        scores, log, display)

        for first, text in read_blocks(source, self.diags, archives=archives):
            self.games += scanner.scan(text, first, self._keep, malformed, game)

    def add(self, addition: Addition, number: int, path: Path) -> None:
        """A game the logs miss, placed after the lines of the file its layout and time name."""
        parsed, day = addition.game, addition.day
        file = {"sca": f"sca{day:%Y%m%d}.log", "scb": f"scb{day:%Y%m%d}{parsed.hour:02d}.log",
                "scc": f"scc{day:%Y%m%d}{parsed.hour:02d}.html"}[parsed.family]
        game = _game(parsed, day, file, self._relative(str(path)))
        self.games.append(_replace_line(game, ADDED_LINE + number, addition.line))


def _game(parsed: TenhouLine, day, file: str, source: str) -> Game:
    # a year holds a million games among a few thousand names and rule words: share them
    return Game(day, parsed.hour, parsed.minute, file, parsed.line, parsed.family, intern(parsed.lobby),
                intern(parsed.rule), tuple(map(intern, parsed.players)), parsed.scores, parsed.log, source)


def _replace_line(game: Game, line: int, added: int) -> Game:
    return Game(game.day, game.hour, game.minute, game.file, line, game.family, game.lobby, game.rule, game.players,
                game.scores, game.log, game.source, added)
