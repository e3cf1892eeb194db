"""Reading corrections.yaml: games to add, games to remove or void, players excluded."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.rules.best_span.model import Exclusion, Removal
from site_gen.sources.tenhou_log import TenhouLine, family_of_line, parse_line, repeated_player
from site_gen.sources.yaml_reader import read_yaml, section_entries
from site_gen.values import parse_date

SECTIONS = ("add", "remove", "void", "excluded")
_TIME = re.compile(r"^(?:[01][0-9]|2[0-3]):[0-5][0-9]$")


@dataclass(frozen=True)
class Addition:
    day: dt.date
    game: TenhouLine  # the line read in the layout its text shows
    line: int


@dataclass
class Corrections:
    additions: list[Addition] = field(default_factory=list)
    removals: list[Removal] = field(default_factory=list)
    excluded: list[Exclusion] = field(default_factory=list)


def _text(value: Any) -> str | None:
    """A name or a reason as written; YAML may have read a name like 1234 as a number."""
    if isinstance(value, bool) or value is None or isinstance(value, (dict, list)):
        return None
    return str(value)


def read_corrections(path: Path, participants: dict[str, int], diags: Diagnostics) -> Corrections | None:
    """The corrections, or None after reporting errors; an absent file is no corrections."""
    if not path.exists():
        return Corrections()
    ok, doc = read_yaml(path, diags)
    if not ok:
        return None
    result = Corrections()
    if doc is None:
        return result
    if not isinstance(doc, dict):
        diags.error(path, getattr(doc, "line", 1) or 1, f"corrections.yaml must be a mapping with {', '.join(SECTIONS)}")
        return None
    errors = diags.count("error")
    for key in doc:
        if key not in SECTIONS:
            diags.error(path, doc.line_of(key), f'unknown section "{key}"{did_you_mean(str(key), SECTIONS)}'
                        f" (known: {', '.join(SECTIONS)})")
    reader = _Reader(path, participants, diags, result)
    for key in SECTIONS:
        for entry, line in section_entries(doc, key, path, diags):
            getattr(reader, "remove" if key == "void" else key)(entry, line, key)
    return result if diags.count("error") == errors else None


class _Reader:
    def __init__(self, path: Path, participants: dict[str, int], diags: Diagnostics, result: Corrections):
        self.path, self.participants, self.diags, self.result = path, participants, diags, result

    def _keys(self, entry: dict, line: int, allowed: tuple[str, ...], section: str) -> bool:
        ok = True
        for key in entry:
            if key not in allowed:
                self.diags.error(self.path, line, f'{section}: unknown key "{key}"{did_you_mean(str(key), allowed)}'
                                 f" (known: {', '.join(allowed)})")
                ok = False
        return ok

    def _date(self, entry: dict, line: int, section: str) -> dt.date | None:
        day = parse_date(entry.get("date"))
        if day is None:
            self.diags.error(self.path, line, f'{section}: "date" must be a date YYYY-MM-DD, found {entry.get("date")!r}')
        return day

    def add(self, entry: dict, line: int, section: str) -> None:
        keys_ok = self._keys(entry, line, ("date", "line", "reason"), section)
        day = self._date(entry, line, section)
        text = entry.get("line")
        if not isinstance(text, str) or not text.strip():
            self.diags.error(self.path, line, 'add: "line" must be a log line as Tenhou writes it, in quotes')
            return
        family = family_of_line(text)
        parsed = parse_line(text.strip(), family, line)
        if isinstance(parsed, TenhouLine) and repeated_player(parsed.players):
            parsed = f'player "{repeated_player(parsed.players)}" is listed twice'
        if not isinstance(parsed, TenhouLine):
            self.diags.error(self.path, line, f"add: the line is not a {family} log line: {parsed or 'it is empty'}")
        elif keys_ok and day is not None:
            self.result.additions.append(Addition(day, parsed, line))

    def remove(self, entry: dict, line: int, section: str) -> None:
        keys_ok = self._keys(entry, line, ("date", "time", "players", "reason"), section)
        day = self._date(entry, line, section)
        time = entry.get("time")
        if not isinstance(time, str) or not _TIME.match(time.strip()):
            self.diags.error(self.path, line, f'{section}: "time" must be HH:MM as the log line shows it, found {time!r}')
            time = None
        players = entry.get("players")
        names = [_text(p) for p in players] if isinstance(players, list) else None
        if not names or any(n is None or not n for n in names):
            self.diags.error(self.path, line, f'{section}: "players" must list the names of the game\'s players '
                                              "(at least one), as the log writes them")
            return
        if keys_ok and day is not None and time is not None:
            hour, minute = int(time.strip()[:2]), int(time.strip()[3:])
            reason = _text(entry.get("reason")) or ""
            self.result.removals.append(Removal(section, day, hour, minute, tuple(names), reason, line))

    def excluded(self, entry: dict, line: int, section: str) -> None:
        keys_ok = self._keys(entry, line, ("player", "reason"), section)
        name = _text(entry.get("player"))
        if not name:
            self.diags.error(self.path, line, 'excluded: "player" must be a participant\'s Tenhou ID')
            return
        if name not in self.participants:
            self.diags.error(self.path, line, f'excluded: "{name}" is not in participants.csv'
                                              f"{did_you_mean(name, self.participants)}")
            return
        if any(e.player == name for e in self.result.excluded):
            self.diags.error(self.path, line, f'excluded: "{name}" is listed twice')
            return
        if keys_ok:
            self.result.excluded.append(Exclusion(name, _text(entry.get("reason")) or "", line))
