"""scc files are HTML: a name's character references are decoded once the line is split
into players (`Lask&amp;Yu` is the player `Lask&Yu`); sca and scb names are read as written
(spec best-span.md, issue 39 §5). Each of the reader's three ways: the column reader (a
block of valid lines), the line scanner, and a block with a malformed line (line by line)."""

from __future__ import annotations

from site_gen.sources.tenhou_columns import GAME_COLUMNS, ColumnReader
from site_gen.sources.tenhou_log import LineScanner, parse_line

SCC = ('00:03 | 20 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2013022000gm-00e1-0000-b946ce74">牌譜</a> | '
       "Lask&amp;Yu(+44.0) &lt;br&gt;(+6.0) A&#38;B(-15.0) plain(-35.0)<br>\n")
SCB = "00:03 | 20 | 四鳳南喰赤－ | Lask&amp;Yu(+44.0) x(+6.0) y(-15.0) z(-35.0)\n"
DECODED = ("Lask&Yu", "<br>", "A&B", "plain")


def test_parse_line_decodes_scc_names_only():
    assert parse_line(SCC.rstrip("\n"), "scc", 1).players == DECODED
    assert parse_line(SCB.rstrip("\n"), "scb", 1).players == ("Lask&amp;Yu", "x", "y", "z")


def test_the_column_reader_decodes_and_matches_participants_by_the_decoded_name():
    seen: set[str] = set()
    columns = ColumnReader(LineScanner("scc", ["鳳"], [])).games(SCC, 1, {"Lask&Yu"}, seen, lambda *p: None)
    games = dict(zip(GAME_COLUMNS, columns))
    assert games["players"] == [DECODED]
    assert set(DECODED) <= seen and "Lask&amp;Yu" not in seen
    # read as written in scb: the participant Lask&Yu is not this player
    scb = dict(zip(GAME_COLUMNS, ColumnReader(LineScanner("scb", ["鳳"], [])).games(
        SCB, 1, {"Lask&Yu"}, set(), lambda *p: None)))
    assert scb["players"] == []


def test_the_scanner_and_the_line_by_line_way_decode_too():
    kept = list(LineScanner("scc", ["鳳"], []).scan(SCC, 1, lambda names: "Lask&Yu" in names, lambda *p: None))
    assert [line.players for line in kept] == [DECODED]
    malformed: list = []
    block = SCC + "00:04 | 20 | 四鳳南喰赤－ | broken line\n"
    columns = ColumnReader(LineScanner("scc", ["鳳"], [])).games(block, 1, {"Lask&Yu"}, set(),
                                                                lambda *p: malformed.append(p))
    assert dict(zip(GAME_COLUMNS, columns))["players"] == [DECODED] and len(malformed) == 1
