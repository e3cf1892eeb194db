"""Tenhou's log lines read a column at a time, for best-span's million games.

`ColumnReader.games` reads a block of lines with one pattern, the grammar of tenhou_log.py
with the fields of a line that could count as groups, and then a column at a time: no
Python runs per line. It accepts exactly the lines LineScanner does (property tests hold
this), and reads a block holding a malformed line through it, line by line.
"""

from __future__ import annotations

import re
from itertools import compress, repeat
from operator import is_, not_
from sys import intern
from typing import AbstractSet, Callable

from site_gen.lookups import MemoDict
from site_gen.sources.tenhou_log import (
    CLOCK,
    HH_MM,
    LINE_END,
    LINK_BODY,
    LOBBY,
    LineScanner,
    any_game,
    log_id,
    player_name,
    repeated_player,
)

# A counted line's fields as groups (GAME_GROUPS, then each player's): the same grammar as
# any_game's, with fewer words allowed in the head and the rule.
_HM_GROUP = rf"({HH_MM})"
# A player's name and score. A name without "(" is taken at once (the first group); only
# a name holding "(" needs "[^ ]+" to give characters back one at a time to find its last
# "(" (the second group, None otherwise): slow, as a group ends between the two.
_T_GROUPS = r"(?:([^ (]++)|([^ ]+))\(([+-]?+[0-9]++\.[0-9](?:,[+-]?+[0-9]++枚)?+)\)"
# Tenhou's own link gives its log id at once; any other link is kept whole for `log_id`
_LINK_GROUPS = rf'(?:<a href="http://tenhou\.net/0/\?log=([0-9A-Za-z-]+)">牌譜</a>|({LINK_BODY})) \| '
GAME_GROUPS = {"sca": ("lobby", "time", "rule"), "scb": ("time", "rule"), "scc": ("time", "rule", "log", "link")}


def _counted_game(family: str, levels: str, lobbies: list[str]) -> str:
    """A game line that could count (4-player, east-south, open tanyao; at a counted table
    level in the ranked lobbies, in a counted lobby in sca), without its end. `levels`
    and `lobbies` hold only words the grammar allows there, so that every line it matches
    is valid."""
    if family == "sca":
        head, level = f"({'|'.join(map(re.escape, lobbies))})" + rf" \| {_HM_GROUP} \| ", "[^ |\n]"
    else:
        head, level = rf"{_HM_GROUP} \| [0-9]+ \| ", f"[{re.escape(levels)}]"
    link = _LINK_GROUPS if family == "scc" else ""
    return rf"{head}(四{level}南喰[^ |\n]{{2}}) \| {link}{_T_GROUPS} {_T_GROUPS} {_T_GROUPS} {_T_GROUPS}"


def _lines_pattern(family: str, levels: str, lobbies: list[str]) -> str:
    """Like LineScanner's line check, each valid or blank line, but a line that could count
    matches the first branch, whose groups hold its fields (the groups of any other line
    are None). The lines it accepts are those the check accepts: the first branch allows a
    subset of what the second, the check's own, does."""
    return rf"^(?:{_counted_game(family, levels, lobbies)}{LINE_END}\n|(?:{any_game(family)})?+{LINE_END}\n)"


GAME_COLUMNS = ("line", "hour", "minute", "lobby", "rule", "players", "scores", "log")
_HOURS = {time: hour for time, (hour, _) in CLOCK.items()}
_MINUTES = {time: minute for time, (_, minute) in CLOCK.items()}


class ColumnReader:
    """Reads the lines of a block that could count as columns (`games`), with `scanner`'s
    line check, line-by-line reading and score cache."""

    def __init__(self, scanner: LineScanner):
        self._scanner = scanner
        family = scanner.family
        # the lobbies and levels a valid line can hold (no other could count)
        lobby_words = sorted(lobby for lobby in scanner.lobbies if LOBBY.fullmatch(lobby))
        level_words = "".join(level for level in scanner.levels if level not in " |\n")
        words = lobby_words if family == "sca" else level_words
        self._lines = re.compile(_lines_pattern(family, level_words, lobby_words), re.M) if words else None
        self._groups = GAME_GROUPS[family]
        # name -> the interned name, for the names of every line that could count: a lookup in
        # this table of the names seen is cheaper than one in Python's table of every interned
        # string, and `seen` then takes names it has seen before (hashed, compared by identity)
        self._names = MemoDict(intern if family != "scc" else lambda raw: intern(player_name(raw, family)))

    def games(self, text: str, first_line: int, wanted: AbstractSet[str], seen: set[str],
              malformed: Callable[[int, str], None]) -> tuple[list, ...]:
        """The lines of `text` (whole lines, the first numbered `first_line`) that could count
        and name one of `wanted`, as columns in GAME_COLUMNS' order (players and scores:
        tuples); the names of every line that could count go into `seen`, each malformed line
        to `malformed`. Names, rule words and lobbies are interned: a caller keeping a million
        games holds each once. A block of valid lines is read by one pattern, then a column
        at a time: no Python runs per line."""
        if not text.endswith("\n"):
            text += "\n"
        if self._lines is None:  # nothing could count: the lines are only checked
            if not self._scanner.all_valid(text):
                self._slow_games(text, first_line, wanted, seen, malformed)
            return ([],) * len(GAME_COLUMNS)
        # one match a line: [the text before it (""), its groups (None unless it could count), ...]
        parts = self._lines.split(text)
        width = 1 + len(self._groups) + 12  # three groups a player
        if len(parts) // width != text.count("\n"):  # a line no branch matches: it is malformed
            return self._slow_games(text, first_line, wanted, seen, malformed)
        could = parts[1 + self._groups.index("rule")::width]
        if not any(could):
            return ([],) * len(GAME_COLUMNS)
        lines = list(range(first_line, first_line + len(could)))
        columns = _select([lines] + [parts[at::width] for at in range(1, width)], could)
        head, players = columns[:-12], columns[-12:]
        names = [list(map(self._names.__getitem__, _names(players[at], players[at + 1]))) for at in range(0, 12, 3)]
        for column in names:
            seen.update(column)
        keep = list(map(not_, map(wanted.isdisjoint, zip(*names))))
        if not any(keep):
            return ([],) * len(GAME_COLUMNS)
        kept = _select(head + names + players[2::3], keep)
        return self._columns(dict(zip(("line",) + self._groups, kept)), kept[-8:-4], kept[-4:], malformed)

    def _columns(self, found: dict[str, list], names: list[list[str]], scores: list[list[str]],
                 malformed: Callable[[int, str], None]) -> tuple[list, ...]:
        """GAME_COLUMNS from the groups of the games kept; a game listing a player twice is malformed."""
        blank = [""] * len(found["line"])
        columns = [found["line"], list(map(_HOURS.__getitem__, found["time"])),
                   list(map(_MINUTES.__getitem__, found["time"])),
                   list(map(intern, found["lobby"])) if "lobby" in found else blank, list(map(intern, found["rule"])),
                   list(zip(*names)), list(zip(*(map(self._scanner.tenths.__getitem__, column) for column in scores))),
                   _log_ids(found["log"], found["link"]) if "log" in found else blank]
        # interned, a name listed twice is the same object twice
        if not any(any(map(is_, names[i], names[j])) for i in range(4) for j in range(i + 1, 4)):
            return tuple(columns)
        twice = [repeated_player(players) if len(set(players)) < 4 else None for players in columns[5]]
        for line, name in zip(found["line"], twice):
            if name is not None:
                malformed(line, f'player "{name}" is listed twice')
        return tuple(_select(columns, list(map(is_, twice, repeat(None)))))

    def _slow_games(self, text, first_line, wanted, seen, malformed) -> tuple[list, ...]:
        """`games` line by line, for a block holding a malformed line."""

        def keep(names: list[str]) -> bool:
            seen.update(names)
            return not wanted.isdisjoint(names)

        rows = [(p.line, p.hour, p.minute, intern(p.lobby), intern(p.rule), tuple(map(intern, p.players)), p.scores,
                 p.log) for p in self._scanner.scan_line_by_line(text, first_line, keep, malformed)]
        return tuple(map(list, zip(*rows))) if rows else ([],) * len(GAME_COLUMNS)


def _select(columns: list[list], keep: list) -> list[list]:
    """The columns' items where `keep` holds (the columns themselves when it always does)."""
    if all(keep):
        return columns
    return [list(compress(column, keep)) for column in columns]


def _names(plain: list[str | None], bracketed: list[str | None]) -> list[str]:
    """A player's names in a column: the groups of names without "(", else with one."""
    if all(plain):  # a name is never empty
        return plain
    return [name if name is not None else other for name, other in zip(plain, bracketed)]


def _log_ids(ids: list[str | None], links: list[str | None]) -> list[str]:
    """The log ids of scc lines: read by the pattern from Tenhou's own link, else from the link."""
    if all(ids):  # an id is never empty
        return ids
    return [log_id(link) if found is None else found for found, link in zip(ids, links)]
