"""Reading a best-span competition: participants.csv, corrections.yaml and the logs/ folder.

Only the lines that could count for a participant are kept (4-player east-south open-tanyao
games at a counted table or in a direct lobby, inside the period, naming a participant):
the logs of a year hold millions of lines and the standings need a few thousand.
"""

from __future__ import annotations

from contextlib import closing
from itertools import chain, repeat
from pathlib import Path
from sys import intern
from typing import Generator

from site_gen import parallel
from site_gen.diagnostics import Diagnostics
from site_gen.rules.best_span.corrections import Addition, read_corrections
from site_gen.rules.best_span.model import NO_NAME, BestSpanData, Game, Participant, Settings
from site_gen.sources.csv_reader import read_csv
from site_gen.sources.log_store import COLUMNS, FileRead, LogStore, store_for
from site_gen.sources.tenhou_files import Archives, LogSource, find_sources, read_blocks
from site_gen.sources.tenhou_columns import GAME_COLUMNS, ColumnReader
from site_gen.sources.tenhou_log import LineScanner, TenhouLine
from site_gen.values import parse_date

ADDED_LINE = 10**9  # an added game sorts after every line of the file it names
_FILES_PER_WORKER = 32  # below this many files a worker, forking costs more than it saves
_CONSTANT = ("day", "file", "family", "source", "added")  # a file's games' fields that are not in its columns
assert sorted(COLUMNS + _CONSTANT) == sorted(Game._fields)
assert GAME_COLUMNS == COLUMNS  # the column reader gives a file's columns as the cache keeps them


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
        games=(*chain.from_iterable(reader.files), *reader.added),
        removals=tuple(corrections.removals),
        excluded=tuple(corrections.excluded),
        names_seen=tuple(reader.seen),
        corrections_path=str(folder / "corrections.yaml"),
        participants_path=str(folder / "participants.csv"),
        additions=tuple(reader.added),
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
        self.column_readers = {f: ColumnReader(LineScanner(f, settings.tables, settings.direct_lobbies))
                               for f in ("sca", "scb", "scc")}
        self.files: list[list[Game]] = []  # each file's games, in load order (BestSpanData.games)
        self.added: list[Game] = []  # from corrections.yaml
        self.seen: list[tuple[str, ...]] = []  # each file's names (BestSpanData.names_seen)
        self.lines = 0
        self.cache: LogStore | None = None

    def _relative(self, display: str) -> str:
        """Where a game was read, relative to the competition's folder (pages show it)."""
        prefix = str(self.folder) + "/"
        return display[len(prefix):] if display.startswith(prefix) else Path(display).name

    def read_folder(self, logs: Path) -> None:
        if not logs.is_dir():
            self.diags.notice(logs, None, "no logs/ folder yet: put Tenhou's log files there "
                                          "(or run `site-gen import tenhou <files> --into <competition>`)")
            return
        sources, outside = [], []
        for source in find_sources([logs], self.diags):
            (sources if self.settings.period.contains(source.name.day) else outside).append(source)
        paths = [self._relative(s.display) for s in sources]
        cache = self.cache = self._cache()
        reads = cache.recall(sources, paths) if cache else [None] * len(sources)
        with closing(self._scan_all([source for source, read in zip(sources, reads) if read is None])) as fresh:
            for i, (source, path) in enumerate(zip(sources, paths)):
                read = next(fresh) if reads[i] is None else reads[i]
                self._take(source, path, read)
                reads[i] = read if cache else None  # kept only to be stored
        if cache:
            cache.keep(reads)
        if outside:
            names = outside[0].name.canonical + (f" … {outside[-1].name.canonical}" if len(outside) > 1 else "")
            self.diags.notice(logs, None, f"{len(outside)} log file(s) of days outside the period were not read "
                                          f"({names})")

    def _cache(self) -> LogStore | None:
        """Where earlier reads of this competition's files are kept, if anywhere; a read
        depends on the participants (which games are kept) and the counted tables and
        direct lobbies (which lines could count)."""
        return store_for(self.folder, (sorted(self.participants), self.settings.tables, self.settings.direct_lobbies))

    def read(self, source: LogSource, archives: Archives | None = None) -> None:
        self._take(source, self._relative(source.display), self._scan(source, archives))

    def _scan_all(self, sources: list[LogSource]) -> Generator[FileRead, None, None]:
        """Each file's read in order, from this process and forked workers when there are
        enough files to share."""
        processes = min(parallel.jobs(), len(sources) // _FILES_PER_WORKER)
        if processes > 1 and parallel.can_fork():
            yield from parallel.map_chunks(self._scan_many, sources, processes, processes * 16)
        else:
            yield from self._scan_many(sources)

    def _scan_many(self, sources: list[LogSource]) -> list[FileRead]:
        with Archives() as archives:
            return [self._scan(source, archives) for source in sources]

    def _scan(self, source: LogSource, archives: Archives | None) -> FileRead:
        """What one file gives, touching nothing of the reader's (a worker may run it)."""
        column_reader, participants = self.column_readers[source.name.family], self.participants
        found = Diagnostics()  # this file's messages, kept with its games
        seen: set[str] = set()

        def malformed(line: int, why: str) -> None:
            found.warning(source.display, line, f"malformed line skipped: {why}")

        columns: tuple[list, ...] = tuple([] for _ in COLUMNS)
        block = None
        for block in read_blocks(source, found, archives=archives):
            first, text = block
            for column, values in zip(columns, column_reader.games(text, first, participants, seen, malformed)):
                column += values
        lines = 0 if block is None else _last_line(*block)
        return FileRead(lines, tuple(seen), tuple((d.severity, d.line, d.message) for d in found.items),
                        tuple(map(tuple, columns)))

    def _take(self, source: LogSource, path: str, read: FileRead) -> None:
        """A file's read (fresh or kept) into the reader, as reading it here would have."""
        for severity, line, message in read.diagnostics:
            self.diags.add(severity, source.display, line, message)
        self.seen.append(read.names)
        self.lines += read.lines
        name = source.name
        constants = (name.day, name.canonical, name.family, path, 0)
        self.files.append(_games(read, constants))

    def add(self, addition: Addition, number: int, path: Path) -> None:
        """A game the logs miss, placed after the lines of the file its layout and time name."""
        parsed, day = addition.game, addition.day
        file = {"sca": f"sca{day:%Y%m%d}.log", "scb": f"scb{day:%Y%m%d}{parsed.hour:02d}.log",
                "scc": f"scc{day:%Y%m%d}{parsed.hour:02d}.html"}[parsed.family]
        game = _game(parsed, day, file, self._relative(str(path)))
        self.added.append(_replace_line(game, ADDED_LINE + number, addition.line))


def _last_line(first: int, text: str) -> int:
    """The number of the last line of a block (whole lines, the first numbered `first`)."""
    return first - 1 + text.count("\n") + (not text.endswith("\n"))


def _game(parsed: TenhouLine, day, file: str, source: str) -> Game:
    # a year holds a million games among a few thousand names and rule words: share them
    return Game(day, parsed.hour, parsed.minute, file, parsed.line, parsed.family, intern(parsed.lobby),
                intern(parsed.rule), tuple(map(intern, parsed.players)), parsed.scores, parsed.log, source)


def _games(read: FileRead, constants: tuple) -> list[Game]:
    """The games of a file's columns, each made by one C call (tuple.__new__): a warm start
    makes a million games, and Game(...) would take several times as long."""
    fields = dict(zip(COLUMNS + _CONSTANT, read.columns + tuple(map(repeat, constants))))
    return list(map(tuple.__new__, repeat(Game), zip(*map(fields.__getitem__, Game._fields))))


def _replace_line(game: Game, line: int, added: int) -> Game:
    return Game(game.day, game.hour, game.minute, game.file, line, game.family, game.lobby, game.rule, game.players,
                game.scores, game.log, game.source, added)
