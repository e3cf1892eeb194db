"""Tenhou's public game logs, line by line: the sca/scb/scc layouts and their file names.

A line is read by `parse_line` (one line, the exact reason when it is malformed). Whole
blocks of text go through `LineScanner`, which does the same at C speed with regular
expressions: it checks every line, finds the few that could count, and hands only those
to Python (`scan`, a line at a time). tenhou_columns.py reads them a field at a time for
the whole block instead, with the same grammar (the block patterns below). All accept
exactly the same lines (property tests hold this).
"""

from __future__ import annotations

import datetime as dt
import html
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator

from site_gen.lookups import MemoDict

FAMILIES = ("sca", "scb", "scc")
FIELDS = {"sca": ("lobby", "time", "rule", "players"), "scb": ("time", "length", "rule", "players"),
          "scc": ("time", "length", "rule", "log link", "players")}

_NAME = re.compile(r"^(?:(sca)([0-9]{8})\.log|(scb)([0-9]{8})([0-9]{2})?\.log|(scc)([0-9]{8})([0-9]{2})?\.html)$")


@dataclass(frozen=True)
class LogName:
    """What a log file's name says: its family, Japan-time day and hour (daily: None)."""

    family: str
    day: dt.date
    hour: int | None
    canonical: str  # the name without folders and without .gz


def log_name(filename: str) -> LogName | None:
    """The meaning of a file name (folders and a `.gz` suffix allowed), None if not a log."""
    base = filename.replace("\\", "/").rsplit("/", 1)[-1]
    if base.endswith(".gz"):
        base = base[:-3]
    m = _NAME.match(base)
    if m is None:
        return None
    if m.group(1):
        family, digits, hour = "sca", m.group(2), None
    elif m.group(3):
        family, digits, hour = "scb", m.group(4), m.group(5)
    else:
        family, digits, hour = "scc", m.group(7), m.group(8)
    try:
        day = dt.date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:
        return None
    if hour is not None and int(hour) > 23:
        return None
    return LogName(family, day, None if hour is None else int(hour), base)


@dataclass(frozen=True, slots=True)
class TenhouLine:
    """One game as a log line states it. Scores are in tenths of a point (+48.9 -> 489)."""

    family: str
    line: int
    lobby: str  # sca only, else ""
    hour: int
    minute: int
    length: int | None  # minutes (scb/scc)
    rule: str  # the six-character rule word as written
    players: tuple[str, ...]  # in place order: the first is 1st
    scores: tuple[int, ...]
    chips: tuple[int | None, ...] | None  # sca lobbies with chips (祝儀); None without
    log: str  # scc: the log id of the link
    text: str  # the line as written, without its final "\n" (a "\r" stays)


# --- one line ----------------------------------------------------------------------

_TIME = re.compile(r"(?:[01][0-9]|2[0-3]):[0-5][0-9]")
_LENGTH = re.compile(r"[0-9]+")
LOBBY = re.compile(r"[A-Za-z][0-9]+")
_RULE = re.compile(r"[四三][^ |]{5}")
_SCORE = re.compile(r"[+-]?[0-9]+\.[0-9]")
_CHIPS = re.compile(r"[+-]?[0-9]+枚")
_LOG_ID = re.compile(r"log=([0-9A-Za-z-]+)")


def body(text: str) -> str:
    """The line without trailing blanks and the `<br>` that ends scc lines."""
    s = text.rstrip(" \t\r")
    return s[:-4] if s.endswith("<br>") else s


def parse_players(field: str) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int | None, ...] | None] | str:
    """(names, scores in tenths, chips) from `NAME(SCORE) ...`, or why not."""
    names, scores, chips = [], [], []
    for token in field.split(" "):
        cut = token.rfind("(")  # names may hold "(": the score follows the last one
        inner = token[cut + 1 : -1]
        score, _, chip = inner.partition(",")
        if cut <= 0 or not token.endswith(")") or not _SCORE.fullmatch(score) or (chip and not _CHIPS.fullmatch(chip)) \
                or ("," in inner and not chip):
            return f'player "{token}" is not NAME(SCORE) or NAME(SCORE,CHIPS枚) with a score like +12.3'
        names.append(token[:cut])
        scores.append(int(score.replace(".", "")))
        chips.append(int(chip[:-1]) if chip else None)
    return tuple(names), tuple(scores), tuple(chips) if any(c is not None for c in chips) else None


def parse_line(text: str, family: str, line: int = 0) -> TenhouLine | str | None:
    """The game a line states, the reason it is malformed (str), or None for a blank line."""
    s = body(text)
    if not s:
        return None
    names = FIELDS[family]
    fields = s.split(" | ", len(names) - 1)
    if len(fields) != len(names):
        return f'expected {len(names)} fields separated by " | " ({" | ".join(names)}), found {len(fields)}'
    values = dict(zip(names, fields))
    if not _TIME.fullmatch(values["time"]):
        return f'time "{values["time"]}" is not HH:MM'
    if family == "sca" and not LOBBY.fullmatch(values["lobby"]):
        return f'lobby "{values["lobby"]}" is not a letter and digits (like L1234)'
    if family != "sca" and not _LENGTH.fullmatch(values["length"]):
        return f'game length "{values["length"]}" is not a number of minutes'
    rule = values["rule"]
    if not _RULE.fullmatch(rule):
        return f'rule word "{rule}" is not six characters starting with 四 or 三'
    players = parse_players(values["players"])
    if isinstance(players, str):
        return players
    if family == "scc":
        players = (tuple(player_name(name, family) for name in players[0]),) + players[1:]
    expected = 4 if rule[0] == "四" else 3
    if len(players[0]) != expected:
        return f"rule word {rule} is for {expected} players, found {len(players[0])}"
    link = _LOG_ID.search(values.get("log link", ""))
    return TenhouLine(
        family=family, line=line, lobby=values.get("lobby", ""), hour=int(values["time"][:2]),
        minute=int(values["time"][3:]), length=int(values["length"]) if family != "sca" else None, rule=rule,
        players=players[0], scores=players[1], chips=players[2], log=link.group(1) if link else "", text=text,
    )


def player_name(raw: str, family: str) -> str:
    """A name as the player has it: scc files are HTML, their character references decoded
    once the line is split into players (`Lask&amp;Yu` is `Lask&Yu`); sca and scb names are
    read as written (spec best-span.md)."""
    return html.unescape(raw) if family == "scc" and "&" in raw else raw


def repeated_player(names: list[str] | tuple[str, ...]) -> str | None:
    """A name listed twice at one table (guests are all "NoName", so they may repeat)."""
    if len(set(names)) == len(names):
        return None
    return next((n for n in names if n != "NoName" and names.count(n) > 1), None)


def family_of_line(text: str) -> str:
    """The layout a line is written in (for lines typed into corrections.yaml)."""
    first = body(text).split(" | ", 1)[0]
    if LOBBY.fullmatch(first):
        return "sca"
    return "scc" if body(text).count(" | ") >= 4 and "<a " in text else "scb"


# --- blocks of lines, at C speed -----------------------------------------------------

# Possessive quantifiers (`?+`, `++`) where giving characters back can never help a match:
# the same lines match, with less backtracking.
_SCORE_GROUP = r"\([+-]?+[0-9]++\.[0-9](?:,[+-]?+[0-9]++枚)?+\)"
# "[^ ]+" may run past a newline, which "[^ \n]+" never does, but it is much faster, and a
# block counts as valid only when it holds exactly as many matches as newlines: every match
# ends with one newline, so no match can have swallowed another.
_T = r"[^ ]+" + _SCORE_GROUP
_P4 = f"{_T} {_T} {_T} {_T}"
_P3 = f"{_T} {_T} {_T}"
HH_MM = r"(?:[01][0-9]|2[0-3]):[0-5][0-9]"
_HEAD = {"sca": r"[A-Za-z][0-9]+ \| " + HH_MM + r" \| ", "scb": HH_MM + r" \| [0-9]+ \| ",
         "scc": HH_MM + r" \| [0-9]+ \| "}
# the log link: no " | " inside; runs without spaces go at C speed, only a space looks ahead
LINK_BODY = r"[^ \n]*+(?: (?!\| )[^ \n]*+)*+"
_LINK = LINK_BODY + r" \| "
LINE_END = r"(?:<br>)?[ \t\r]*"
CLOCK = {f"{h:02d}:{m:02d}": (h, m) for h in range(24) for m in range(60)}  # every time HH_MM accepts
# A player's name and what the brackets hold (groups), in a line the block pattern has
# accepted. "[^ ]+" is fast and safe there: a name ends at its last "(", and the line after
# a valid line holds no "(" before its first space.
_NAMED = r"([^ ]+)\(([^ ()]*)\)"


def any_game(family: str) -> str:
    """Any valid game line of the family, without its end (no groups)."""
    link = _LINK if family == "scc" else ""
    return rf"{_HEAD[family]}(?:四[^ |\n]{{5}} \| {link}{_P4}|三[^ |\n]{{5}} \| {link}{_P3})"


def _valid_pattern(family: str) -> str:
    """Any valid line of the family, or a blank one, with its newline (no groups). A game
    line starts with a digit or a letter, which no blank line does: once its game part
    has matched, giving it back cannot help (hence `?+`)."""
    return rf"^(?:{any_game(family)})?+{LINE_END}\n"


def _tenths_of(text: str) -> int:
    """A checked score's tenths: "+48.9" and "+48.9,+2枚" -> 489."""
    return int(text.partition(",")[0].replace(".", ""))


def _rule_pattern(family: str, levels: str) -> str:
    """The rule word of a line that could count (4-player, east-south, open tanyao; at a
    counted table level in the ranked lobbies) and the four players' names and scores
    (groups 1-8: name, score, name, score...). It starts with a literal, so the regex
    engine jumps from one 四 to the next instead of trying every position. In a valid line
    it matches only in the rule field: in sca and scb no other field can hold such a word
    before a " | ", and in scc a word ending the log link is followed by one " | " where the
    pattern needs two."""
    level = "[^ |\n]" if family == "sca" else f"[{re.escape(levels)}]"
    link = r"[^\n]*? \| " if family == "scc" else ""
    return rf"四{level}南喰[^ |\n]{{2}} \| {link}{_NAMED} {_NAMED} {_NAMED} {_NAMED}"


class LineScanner:
    """Checks every line of a block and yields the lines that could count.

    `tables`: the table levels counted in ranked lobbies; `lobbies`: the private lobbies
    counted. A line could count when it is a 4-player east-south game with open tanyao at
    such a table or in such a lobby."""

    def __init__(self, family: str, tables: Iterable[str], lobbies: Iterable[str]):
        self.family = family
        # valid and blank lines, each with its newline: counting them needs no Python
        self._valid = re.compile(_valid_pattern(family), re.M)
        self.levels = "".join(sorted({t for t in tables if len(t) == 1}))
        self.lobbies = frozenset(lobbies)
        counted = self.lobbies if family == "sca" else self.levels
        self._rule = re.compile(_rule_pattern(family, self.levels)) if counted else None
        # score text -> tenths, kept while there are few: scores repeat, and one int object
        # per value saves memory on a million games (a ColumnReader shares it)
        self.tenths = MemoDict(_tenths_of, limit=100_000)

    def all_valid(self, text: str) -> bool:
        """Whether every line of `text` (whole lines) is valid or blank: one match a line."""
        return self._valid.subn("", text)[1] == text.count("\n")

    def could_count(self, parsed: TenhouLine) -> bool:
        rule = parsed.rule
        if rule[0] != "四" or rule[2] != "南" or rule[3] != "喰":
            return False
        return parsed.lobby in self.lobbies if self.family == "sca" else rule[1] in self.levels

    def scan(self, text: str, first_line: int, keep: Callable[[list[str]], bool],
             malformed: Callable[[int, str], None], make: Callable[..., Any] = TenhouLine) -> Iterator[Any]:
        """Lines of `text` (whole lines, the first numbered `first_line`) that could count
        and whose player names `keep` accepts; each malformed line goes to `malformed`.
        Each line is yielded as `make(*fields of TenhouLine)` (a TenhouLine by default):
        a caller keeping a million games builds its own object once instead of two."""
        if not text.endswith("\n"):
            text += "\n"
        if not self.all_valid(text):
            for parsed in self.scan_line_by_line(text, first_line, keep, malformed):
                yield parsed if make is TenhouLine else make(*[getattr(parsed, f) for f in TenhouLine.__slots__])
            return
        if self._rule is None:
            return
        line, position = first_line, 0
        family, lobbies, tenths = self.family, self.lobbies, self.tenths
        for m in self._rule.finditer(text):
            at = m.start()
            if family == "sca":  # the lobby decides before the names are seen
                begins = text.rfind("\n", 0, at) + 1
                if text[begins:text.find(" | ", begins)] not in lobbies:
                    continue
            found = m.groups()
            names = found[::2] if family != "scc" else tuple(player_name(name, family) for name in found[::2])
            if not keep(list(names)):
                continue  # most lines: no line number, no parsing
            begins = text.rfind("\n", 0, at) + 1
            end = text.find("\n", m.end())
            if text.count(" | ", begins, at) != 2:
                continue  # a guard: the pattern finds no word outside the rule field
            line += text.count("\n", position, at)
            position = at
            if len(set(names)) != len(names) and repeated_player(names) is not None:
                malformed(line, f'player "{repeated_player(names)}" is listed twice')
                continue
            players = m.start(1)
            try:  # scores seen before (nearly all): no parsing
                scores, chips = tuple([tenths[score] for score in found[1::2]]), None
            except KeyError:
                scores, chips = _valid_scores(body(text[players:end]), tenths)
            # the head is "HH:MM | length | " or, in sca, "lobby | HH:MM | "
            if family == "sca":
                lobby, (hour, minute), length = text[begins:at - 11], CLOCK[text[at - 8:at - 3]], None
            else:
                lobby, (hour, minute), length = "", CLOCK[text[begins:begins + 5]], int(text[begins + 8:at - 3])
            yield make(family, line, lobby, hour, minute, length, text[at:at + 6], names, scores, chips,
                       log_id(text[at + 9:players - 3]) if family == "scc" else "", text[begins:end])

    def scan_line_by_line(self, text, first_line, keep, malformed) -> Iterator[TenhouLine]:
        """Line by line, for a block holding a malformed line."""
        for offset, raw in enumerate(text[:-1].split("\n")):
            parsed = parse_line(raw, self.family, first_line + offset)
            if isinstance(parsed, str):
                malformed(first_line + offset, parsed)
            elif parsed is not None and self.could_count(parsed) and keep(list(parsed.players)):
                twice = repeated_player(parsed.players)
                if twice is None:
                    yield parsed
                else:
                    malformed(first_line + offset, f'player "{twice}" is listed twice')


def _valid_scores(field: str, tenths: MemoDict) -> tuple[tuple[int, ...], tuple[int | None, ...] | None]:
    """Scores (tenths) and chips of a players field the patterns have already checked."""
    if "枚" in field:
        parsed = parse_players(field)
        return parsed[1], parsed[2]
    scores = []
    for token in field.split(" "):
        scores.append(tenths[token[token.rfind("(") + 1:-1]])
    return tuple(scores), None


def log_id(link: str) -> str:
    """The log id a scc line's log link names ("" when none)."""
    found = _LOG_ID.search(link) if link else None
    return found.group(1) if found else ""
