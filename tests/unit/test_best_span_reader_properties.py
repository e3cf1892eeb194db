"""The block scanner (regular expressions, C speed) accepts exactly the lines the line
parser accepts, and keeps exactly the lines that could count (hypothesis)."""

from __future__ import annotations

import sys

from hypothesis import given, settings as hsettings, strategies as st

from site_gen.sources.tenhou_columns import GAME_COLUMNS, ColumnReader
from site_gen.sources.tenhou_log import LineScanner, parse_line, repeated_player

NAME_CHARS = "aB1(|)<>br＿ｈ日本♪*-.,枚+"
GOOD_SCORES = ["+48.9", "-19.5", "0.0", "+0.0", "12.0", "-0.0"]
BAD_SCORES = ["+1", "1.23", "+１.0", "", "-.5", "-17.0,x枚", "+1.0,", "(+1.0)"]
CHIPS = [",+2枚", ",0枚", ",-14枚"]
GOOD_RULES = ["四特南喰赤－", "四鳳南喰赤－", "四上南喰赤－", "四特東喰赤－", "四特南－赤－", "三鳳南喰赤－", "四特南喰－速",
              "四般南喰－－", "三特南喰赤－", "四特南喰赤祝"]
BAD_RULES = ["四特南喰赤", "二特南喰赤－", "四特 南喰赤", "四|南喰赤－", "四特南喰赤－－"]
BAD_TIMES = ["2:34", "24:00", "12:60", "ab:cd", "１２:00"]
BAD_LENGTHS = ["x1", "", "１"]
BAD_LOBBIES = ["L12a", "1234", "L1234 ", "LL9", "Ｌ12"]
LINKS = ['<a href="http://tenhou.net/0/?log=2013022000gm-00a9-0000-3827d34d">牌譜</a>', "四特南喰赤－", "x 四鳳南喰赤－",
         # not Tenhou's own link as the logs write it: the log id is searched for
         '<a href="https://tenhou.net/0/?log=2013022000gm-00a9-0000-3827d34d">牌譜</a>',
         '<a href="http://tenhou.net/0/?log=2013_x">牌譜</a>', "log=! log=a-B", "", "x"]
BAD_LINKS = ["a | b"]


@st.composite
def tokens(draw, chips: str):
    name = draw(st.one_of(st.sampled_from(["NoName", "ASAPIN", "<br>", "|||||", "(∩・ω・)∩", "a", "x(+1.0)",
                                           "四特南喰赤－", "|"]),
                          st.text(NAME_CHARS, min_size=1, max_size=6)))
    return f"{name}({draw(st.sampled_from(GOOD_SCORES))}{chips})"


@st.composite
def lines(draw, family, mutate=True):
    """Mostly valid lines (every part of the grammar), then at most one mutation."""
    rule = draw(st.sampled_from(GOOD_RULES))
    count = 4 if rule[0] == "四" else 3
    chips = draw(st.sampled_from(CHIPS)) if family == "sca" and draw(st.booleans()) else ""
    players = [draw(tokens(chips)) for _ in range(count)]
    time = draw(st.sampled_from(["23:34", "00:00", "09:05", "19:59"]))
    head = {"sca": [draw(st.sampled_from(["L1234", "C2570", "L9"])), time],
            "scb": [time, draw(st.sampled_from(["21", "05", "100"]))],
            "scc": [time, draw(st.sampled_from(["21", "05"]))]}[family]
    fields = head + [rule] + ([draw(st.sampled_from(LINKS))] if family == "scc" else []) + [" ".join(players)]
    end = draw(st.sampled_from(["", "<br>", "\r", "<br>\r", " ", "<br> "]))
    mutation = draw(st.integers(0, 14)) if mutate else 0
    if mutation == 1:
        fields[0 if family != "sca" else 1] = draw(st.sampled_from(BAD_TIMES))
    elif mutation == 2 and family != "sca":
        fields[1] = draw(st.sampled_from(BAD_LENGTHS))
    elif mutation == 2:
        fields[0] = draw(st.sampled_from(BAD_LOBBIES))
    elif mutation == 3:
        fields[2] = draw(st.sampled_from(BAD_RULES))
    elif mutation == 4:
        players.pop() if draw(st.booleans()) else players.append(draw(tokens(chips)))
        fields[-1] = " ".join(players)
    elif mutation == 5:
        i = draw(st.integers(0, len(players) - 1))
        players[i] = draw(st.sampled_from([players[i].rsplit("(", 1)[0] + f"({s})" for s in BAD_SCORES]
                                          + [players[i][:-1], players[i].replace("(", ""), "(+1.0)"]))
        fields[-1] = " ".join(players)
    elif mutation == 6:
        fields.pop(draw(st.integers(0, len(fields) - 1)))
    elif mutation == 7 and family == "scc":
        fields[3] = draw(st.sampled_from(BAD_LINKS))
    elif mutation == 8:
        fields[-1] = fields[-1].replace(" ", "  ", 1)
    elif mutation == 9:
        end = draw(st.sampled_from([" <br>", "<br><br>", "\t<br>"]))
    elif mutation == 10:
        return draw(st.sampled_from(["", "\r", "<br>", " ", "#comment", "x"]))
    return " | ".join(fields) + end


FAMILY = st.sampled_from(["sca", "scb", "scc"])


def _could_count(parsed, family) -> bool:
    rule = parsed.rule
    counted_format = rule[0] == "四" and rule[2] == "南" and rule[3] == "喰"
    where = parsed.lobby in ("L1234", "C2570") if family == "sca" else rule[1] in "特鳳"
    return counted_format and where


def test_the_generated_lines_are_mostly_valid_and_some_could_count():
    """Guards the test below: it compares something only if lines of every verdict appear."""
    from hypothesis import find

    for family in ("sca", "scb", "scc"):
        find(lines(family), lambda t: isinstance(parse_line(t, family), str))
        find(lines(family), lambda t: (p := parse_line(t, family)) is not None and not isinstance(p, str)
             and _could_count(p, family))
        find(lines(family), lambda t: (p := parse_line(t, family)) is not None and not isinstance(p, str)
             and not _could_count(p, family))


@hsettings(max_examples=1500, deadline=None)
@given(st.data(), FAMILY)
def test_each_line_the_regular_expressions_and_the_parser_agree(data, family):
    text = data.draw(lines(family))
    scanner = LineScanner(family, ["特", "鳳"], ["L1234", "C2570"])
    parsed = parse_line(text, family, 1)
    # the fast path's own verdicts (internal patterns, checked on purpose)
    valid = scanner._valid.fullmatch(text + "\n") is not None
    assert valid == (not isinstance(parsed, str)), (text, parsed)
    # the pattern `games` reads blocks with: the same lines, its groups set where a line could count
    reader = ColumnReader(scanner)
    line = reader._lines.fullmatch(text + "\n")
    assert (line is not None) == valid, (text, parsed)
    counted = line is not None and line.group(1 + reader._groups.index("rule")) is not None
    assert counted == (valid and parsed is not None and _could_count(parsed, family)), (text, parsed)


@hsettings(max_examples=600, deadline=None)
@given(st.data(), FAMILY, st.integers(1, 40), st.booleans())
def test_a_block_gives_what_its_lines_give_one_by_one(data, family, first_line, mutate):
    """Blocks of valid lines take the fast path (patterns); a malformed line sends the block
    line by line through the parser: both give what the parser gives line by line."""
    texts = data.draw(st.lists(lines(family, mutate), min_size=1, max_size=12))
    scanner = LineScanner(family, ["特", "鳳"], ["L1234", "C2570"])
    problems, kept, seen = [], [], []
    for kept_line in scanner.scan("\n".join(texts), first_line, lambda n: seen.append(tuple(n)) or True,
                                  lambda line, why: problems.append((line, why))):
        kept.append((kept_line.line, kept_line.players, kept_line.scores, kept_line.text))
    expected_problems, expected_kept, expected_seen = [], [], []
    for offset, text in enumerate(texts):
        parsed = parse_line(text, family, first_line + offset)
        if isinstance(parsed, str):
            expected_problems.append((first_line + offset, parsed))
        elif parsed is not None and _could_count(parsed, family):
            expected_seen.append(parsed.players)  # `keep` sees the names as the parser reads them
            twice = repeated_player(parsed.players)
            if twice:
                expected_problems.append((first_line + offset, f'player "{twice}" is listed twice'))
            else:
                expected_kept.append((parsed.line, parsed.players, parsed.scores, parsed.text))
    assert kept == expected_kept
    assert problems == expected_problems
    assert seen == expected_seen


@hsettings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([
    "23:34 | 21 | 四特南喰赤－ | ASAPIN(+48.9) <br>(+12.6) |||||(-19.5) DDT-X(-42.0)",
    "23:35 | 09 | 三上南喰赤－ | Kizao(+56.1) バッチ(-12.4) ＿(-43.7)",
    "23:36 | 21 | 四鳳南喰－－ | NoName(+48.9) NoName(+12.6) ASAPIN(-19.5) b(-42.0)",
    "23:37 | 21 | 四特南喰赤－ | a(+48.9) a(+12.6) c(-19.5) d(-42.0)",
    "",
]), min_size=1, max_size=30))
def test_valid_blocks_take_the_fast_path_and_number_lines_right(texts):
    scanner = LineScanner("scb", ["特", "鳳"], [])
    block = "\r\n".join(texts) + "\r\n"
    # a block of valid and blank lines only is counted by the pattern, with no Python per line
    assert scanner._valid.subn("", block)[1] == block.count("\n")
    problems = []
    kept = [(g.line, g.players[0]) for g in scanner.scan(block, 1, lambda n: True, lambda *p: problems.append(p))]
    assert kept == [(i + 1, "ASAPIN" if t.startswith("23:34") else "NoName")
                    for i, t in enumerate(texts) if t.startswith(("23:34", "23:36"))]
    assert problems == [(i + 1, 'player "a" is listed twice') for i, t in enumerate(texts) if t.startswith("23:37")]


WANTED = st.sets(st.sampled_from(["NoName", "ASAPIN", "a", "x(+1.0)", "(∩・ω・)∩", "<br>", "四特南喰赤－"]))


@hsettings(max_examples=600, deadline=None)
@given(st.data(), FAMILY, st.integers(1, 40), st.booleans(), WANTED)
def test_games_gives_what_the_lines_give_one_by_one(data, family, first_line, mutate, wanted):
    """`games` (one pattern for the block, then a column at a time; line by line after a
    malformed line) gives the fields the parser reads, for the lines that could count and
    name someone wanted, and sees the names of every line that could count."""
    texts = data.draw(st.lists(lines(family, mutate), min_size=1, max_size=12))
    reader = ColumnReader(LineScanner(family, ["特", "鳳"], ["L1234", "C2570"]))
    problems, seen = [], set()
    columns = reader.games("\n".join(texts), first_line, wanted, seen, lambda line, why: problems.append((line, why)))
    assert len(columns) == len(GAME_COLUMNS) and len({len(column) for column in columns}) == 1
    expected_problems, expected_kept, expected_seen = [], [], set()
    for offset, text in enumerate(texts):
        parsed = parse_line(text, family, first_line + offset)
        if isinstance(parsed, str):
            expected_problems.append((first_line + offset, parsed))
        elif parsed is not None and _could_count(parsed, family):
            expected_seen.update(parsed.players)
            if wanted.isdisjoint(parsed.players):
                continue
            twice = repeated_player(parsed.players)
            if twice:
                expected_problems.append((first_line + offset, f'player "{twice}" is listed twice'))
            else:
                expected_kept.append(tuple(getattr(parsed, name) for name in GAME_COLUMNS))
    assert list(zip(*columns)) == expected_kept
    assert problems == expected_problems
    assert seen == expected_seen
    assert all(sys.intern(name) is name for players in columns[GAME_COLUMNS.index("players")] for name in players)
