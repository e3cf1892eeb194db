"""The Tenhou line reader on every real line of tests/fixtures/tenhou/ (values written out
by hand from the lines), and on the malformed shapes the spec lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_gen.sources.tenhou_columns import GAME_COLUMNS, ColumnReader
from site_gen.sources.tenhou_log import LineScanner, TenhouLine, family_of_line, log_name, parse_line

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "tenhou"

# (lobby, time, length, rule, [(name, score in tenths)], chips, log id) for each line, by hand.
EXPECTED = {
    "sca_L1412_L1045_2020-12.txt": [
        ("L1412", "18:25", None, "三般東喰赤－", [("夜叉丸", 460), ("こむぎ", -70), ("v-bind", -390)], None, ""),
        ("L1412", "18:33", None, "四般東喰赤－",
         [("夜叉丸", 400), ("v-bind", 50), ("こむぎ", -350), ("グランドクロス", -300)], None, ""),
        ("L1412", "18:44", None, "三般東喰赤－", [("夜叉丸", 690), ("こむぎ", -180), ("グランドクロス", -510)], None, ""),
        ("L1412", "19:25", None, "三般東喰赤－", [("こむぎ", 360), ("夜叉丸", -70), ("v-bind", -390)], None, ""),
        ("L1045", "20:50", None, "三般南喰赤－", [("はらこ2", 430), ("ゴトゴト", -50), ("RaFaFa", -380)], None, ""),
        ("L1045", "21:09", None, "三般南喰赤－", [("ゴトゴト", 620), ("はらこ2", -200), ("RaFaFa", -420)], None, ""),
        ("L1045", "21:29", None, "三般南喰赤－", [("ピラフ大魔王", 660), ("RaFaFa", -60), ("あきのののり", -600)], None, ""),
        ("L1045", "21:38", None, "三般南喰赤－", [("ピラフ大魔王", 530), ("RaFaFa", -50), ("あきのののり", -480)], None, ""),
    ],
    "sca_tenhou-scores-cli_tests.txt": [
        ("C1993", "21:09", None, "三般東喰赤祝", [("よもやリーチだ", 760), ("たままに", -130), ("Yamaken", -630)],
         (14, -4, -10), ""),
        ("C2570", "21:50", None, "四般東喰赤祝",
         [("アイスティーあべ", 470), ("SHOXXX", 90), ("オカルトちゃん", -170), ("よろしくです", -390)], (-2, -1, 0, 3), ""),
        ("C2661", "02:17", None, "三般南喰赤祝", [("ブシトリル", 400), ("いちろ", 60), ("あさやま", -460)], (1, -2, 1), ""),
        ("C3630", "23:25", None, "四般南喰赤祝",
         [("残飯くん", 570), ("Ryon", 200), ("はるちゃんぱぱ", -240), ("そこに北はある", -530)], (2, 6, -3, -5), ""),
        ("L1002", "00:44", None, "四般南喰赤－",
         [("しきさん", 610), ("NoName", 0), ("あたまくん", -250), ("*芹澤六花*", -360)], None, ""),
        ("L1045", "00:02", None, "三般南喰赤－", [("ごつごつ", 750), ("RaFaFa", -130), ("はらこはらこ", -620)], None, ""),
        ("L1150", "12:11", None, "三般東喰赤－", [("かーおー", 420), ("のぐのぐ", -80), ("いだうこ", -340)], None, ""),
        ("L1479", "00:05", None, "四般東喰赤－",
         [("ぷぐすけ", 490), ("あおあ", 120), ("いぇい", -220), ("ジェイル02", -390)], None, ""),
        ("L1832", "12:58", None, "四般南－－－",
         [("B-まこと", 590), ("m-ｈiroko", 110), ("o-きみよ", -290), ("o-けいこ", -410)], None, ""),
        ("L4290", "19:58", None, "四般南喰－－",
         [("西田和子", 790), ("滝口和江", -60), ("kigoron", -290), ("冨澤研二", -440)], None, ""),
    ],
    "scb_ranked_lobbies_excerpt.txt": [
        ("", "23:34", 21, "四上南喰赤－", [("noxusan", 489), ("<br>", 126), ("|||||", -195), ("DDT-X", -420)], None, ""),
        ("", "23:34", 9, "三上南喰赤－", [("Kizao", 561), ("バッチ", -124), ("＿", -437)], None, ""),
        ("", "14:22", 23, "四般南－－－",
         [("kamezawa", 628), ("青獅子丸", 136), ("idayu2", -259), ("KT072511", -505)], None, ""),
        ("", "23:59", 20, "四般東喰赤－", [("最終回", 610), ("manyaoba", 10), ("可以打", -190), ("KENT6MG", -430)], None, ""),
    ],
    "scc_phoenix_2013-02-20_00h_excerpt.html.txt": [
        ("", "00:00", 5, "三鳳南喰赤－", [("Ixy0411", 760), ("ゆかこき", -50), ("garu47", -710)], None,
         "2013022000gm-00b9-0000-73f9f276"),
        ("", "00:00", 19, "四鳳南喰赤－", [("ヤキン", 500), ("ツレオ", 120), ("♪ウサギ♪", -180), ("wadopro", -440)], None,
         "2013022000gm-00a9-0000-3827d34d"),
        ("", "00:03", 20, "四鳳東喰赤－",
         [("ケロンパス", 440), ("(∩・ω・)∩", 60), ("evacania", -150), ("３ｐがツモれない", -350)], None,
         "2013022000gm-00e1-0000-b946ce74"),
        ("", "00:03", 25, "四鳳南喰赤－", [("chubu74", 650), ("いい笑顔", 120), ("竹田誠志", -230), ("ROLLY", -540)], None,
         "2013022000gm-00a9-0000-09d5cc73"),
    ],
    "scc_phoenix_2022-12-19_23h_excerpt.html.txt": [
        ("", "23:56", 13, "三鳳南喰赤－", [("砂吹きん", 443), ("冬灯", 85), ("らんちぇすた", -528)], None,
         "2022121923gm-00b9-0000-62eb14e5"),
        ("", "23:56", 28, "四鳳南喰赤－", [("百野さん", 538), ("ジミー", 105), ("tk-benzo", -187), ("紫の鏡", -456)], None,
         "2022121923gm-00a9-0000-848364ac"),
        ("", "23:58", 16, "三鳳南喰赤－", [("moly", 536), ("Hectorり", 181), ("蒼月★.com", -717)], None,
         "2022121923gm-00b9-0000-c6d2ff99"),
    ],
}


def _lines(name: str) -> list[str]:
    return (FIXTURES / name).read_text(encoding="utf-8").splitlines()


def _shape(parsed: TenhouLine) -> tuple:
    return (parsed.lobby, f"{parsed.hour:02d}:{parsed.minute:02d}", parsed.length, parsed.rule,
            list(zip(parsed.players, parsed.scores)), parsed.chips, parsed.log)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_real_line_reads_as_written_by_hand(name):
    family = name[:3]
    lines = _lines(name)
    assert len(lines) == len(EXPECTED[name])
    for number, (text, expected) in enumerate(zip(lines, EXPECTED[name]), start=1):
        parsed = parse_line(text, family, number)
        assert isinstance(parsed, TenhouLine), (number, parsed)
        assert _shape(parsed) == expected, number
        assert parsed.line == number and parsed.text == text


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_block_scanner_keeps_exactly_the_lines_that_could_count(name):
    """Could count: 四, 南, 喰 at a counted table level (ranked) or in a counted lobby (sca).
    By hand: sca file 1 has none (3-player or east-only); sca file 2: C3630 (四般南喰赤祝)
    and L1002 (四般南喰赤－) count, L1832 lacks 喰, L4290 is 四般南喰－－ and counts;
    scb: only noxusan's 四上南 line (上 is in the tables given here); scc 2013: lines 2
    and 4 (line 3 is east-only 東); scc 2022: line 2 only."""
    family = name[:3]
    lobbies = ["L1412", "L1045", "C1993", "C2570", "C2661", "C3630", "L1002", "L1150", "L1479", "L1832", "L4290"]
    scanner = LineScanner(family, ["上", "特", "鳳"], lobbies)
    problems = []
    text = (FIXTURES / name).read_text(encoding="utf-8")
    kept = [g.line for g in scanner.scan(text, 1, lambda names: True, lambda *p: problems.append(p))]
    expected = {"sca_L1412_L1045_2020-12.txt": [], "sca_tenhou-scores-cli_tests.txt": [4, 5, 10],
                "scb_ranked_lobbies_excerpt.txt": [1], "scc_phoenix_2013-02-20_00h_excerpt.html.txt": [2, 4],
                "scc_phoenix_2022-12-19_23h_excerpt.html.txt": [2]}[name]
    assert kept == expected and problems == []


def test_only_counted_table_levels_and_lobbies_are_kept():
    text = (FIXTURES / "scb_ranked_lobbies_excerpt.txt").read_text(encoding="utf-8")
    # the default tables 特 and 鳳: noxusan's game is at 上, so nothing could count
    assert list(LineScanner("scb", ["特", "鳳"], []).scan(text, 1, lambda n: True, lambda *p: None)) == []
    sca = (FIXTURES / "sca_tenhou-scores-cli_tests.txt").read_text(encoding="utf-8")
    kept = LineScanner("sca", ["特", "鳳"], ["L4290"]).scan(sca, 1, lambda n: True, lambda *p: None)
    assert [g.lobby for g in kept] == ["L4290"]


def test_keep_sees_the_names_and_decides():
    text = (FIXTURES / "scc_phoenix_2013-02-20_00h_excerpt.html.txt").read_text(encoding="utf-8")
    seen = []
    kept = list(LineScanner("scc", ["鳳"], []).scan(text, 1, lambda n: seen.append(n) or "ROLLY" in n,
                                                    lambda *p: None))
    assert seen == [["ヤキン", "ツレオ", "♪ウサギ♪", "wadopro"], ["chubu74", "いい笑顔", "竹田誠志", "ROLLY"]]
    assert [g.line for g in kept] == [4]


@pytest.mark.parametrize("text, family, reason", [
    ("2:34 | 21 | 四特南喰赤－ | a(+1.0) b(+2.0) c(-1.0) d(-2.0)", "scb", 'time "2:34" is not HH:MM'),
    ("24:00 | 21 | 四特南喰赤－ | a(+1.0) b(+2.0) c(-1.0) d(-2.0)", "scb", 'time "24:00" is not HH:MM'),
    ("23:34 | x1 | 四特南喰赤－ | a(+1.0) b(+2.0) c(-1.0) d(-2.0)", "scb", 'game length "x1" is not a number of minutes'),
    ("1234 | 18:33 | 四般南喰－－ | a(+1.0) b(+2.0) c(-1.0) d(-2.0)", "sca",
     'lobby "1234" is not a letter and digits (like L1234)'),
    ("23:34 | 21 | 四特南喰赤 | a(+1.0) b(+2.0) c(-1.0) d(-2.0)", "scb",
     'rule word "四特南喰赤" is not six characters starting with 四 or 三'),
    ("23:34 | 21 | 二特南喰赤－ | a(+1.0) b(+2.0) c(-1.0) d(-2.0)", "scb",
     'rule word "二特南喰赤－" is not six characters starting with 四 or 三'),
    ("23:34 | 21 | 四特南喰赤－ | a(+1.0) b(+2.0) c(-1.0)", "scb", "rule word 四特南喰赤－ is for 4 players, found 3"),
    ("23:34 | 21 | 三特南喰赤－ | a(+1.0) b(+2.0) c(-1.0) d(-2.0)", "scb", "rule word 三特南喰赤－ is for 3 players, found 4"),
    ("23:34 | 21 | 四特南喰赤－ | a(+1.0) b(2) c(-1.0) d(-2.0)", "scb",
     'player "b(2)" is not NAME(SCORE) or NAME(SCORE,CHIPS枚) with a score like +12.3'),
    ("23:34 | 21 | 四特南喰赤－ | a(+1.0) (+2.0) c(-1.0) d(-2.0)", "scb",
     'player "(+2.0)" is not NAME(SCORE) or NAME(SCORE,CHIPS枚) with a score like +12.3'),
    ("23:34 | 21 | 四特南喰赤－ | a(+1.0) b(+2.0,3) c(-1.0) d(-2.0)", "scb",
     'player "b(+2.0,3)" is not NAME(SCORE) or NAME(SCORE,CHIPS枚) with a score like +12.3'),
    ("23:34 | 21 | 四特南喰赤－ | a(+1.0) b(+２.0) c(-1.0) d(-2.0)", "scb",  # a full-width digit
     'player "b(+２.0)" is not NAME(SCORE) or NAME(SCORE,CHIPS枚) with a score like +12.3'),
    ("23:34 | 21 | 四特南喰赤－ | a(+1.0)  b(+2.0) c(-1.0) d(-2.0)", "scb",
     'player "" is not NAME(SCORE) or NAME(SCORE,CHIPS枚) with a score like +12.3'),
    ("23:34 | 21 | 四鳳南喰赤－ | a(+1.0) b(+2.0) c(-1.0) d(-2.0)<br>", "scc",
     'expected 5 fields separated by " | " (time | length | rule | log link | players), found 4'),
    ("hello", "sca", 'expected 4 fields separated by " | " (lobby | time | rule | players), found 1'),
])
def test_malformed_lines_say_why(text, family, reason):
    assert parse_line(text, family, 7) == reason
    problems = []
    scanner = LineScanner(family, ["特", "鳳"], ["L1234"])
    assert list(scanner.scan(text + "\n", 7, lambda n: True, lambda *p: problems.append(p))) == []
    assert problems == [(7, reason)]


def test_crlf_trailing_br_blank_lines_and_zero():
    """CRLF endings, a blank line and `0.0` without a sign: line numbers stay physical."""
    text = ("\r\n"
            "L1002 | 00:44 | 四般南喰赤－ | しきさん(+61.0) NoName(0.0) あたまくん(-25.0) *芹澤六花*(-36.0)\r\n"
            "\r\n")
    scanner = LineScanner("sca", [], ["L1002"])
    (game,) = scanner.scan(text, 1, lambda n: True, lambda *p: pytest.fail(str(p)))
    assert game.line == 2 and game.scores == (610, 0, -250, -360) and game.text.endswith("\r")
    assert parse_line("\r", "sca") is None and parse_line("  <br>", "scc") is not None


def test_make_builds_the_callers_object_from_the_fields_of_a_tenhou_line():
    """`make` receives TenhouLine's fields in order, on the fast path and on the line-by-line
    path a malformed line sends the block to."""
    good = ("00:00 | 19 | 四鳳南喰赤－ | <a href=\"http://tenhou.net/0/?log=2013022000gm-00a9-0000-aa\">牌譜</a> | "
            "a(+50.0) b(+12.0) c(-18.0) d(-44.0)<br>\n")
    scanner = LineScanner("scc", ["鳳"], [])
    for text in (good, good + "not a log line\n"):
        lines = list(scanner.scan(text, 3, lambda n: True, lambda *p: None))
        fields = list(scanner.scan(text, 3, lambda n: True, lambda *p: None, make=lambda *f: f))
        assert fields == [tuple(getattr(t, f) for f in TenhouLine.__slots__) for t in lines]
        assert (lines[0].line, lines[0].log, lines[0].scores) == (3, "2013022000gm-00a9-0000-aa", (500, 120, -180, -440))


def read_games(scanner: LineScanner, text: str, first_line: int = 1, wanted=("A",)):
    problems, seen = [], set()
    columns = ColumnReader(scanner).games(text, first_line, set(wanted), seen, lambda *p: problems.append(p))
    return list(zip(*columns)), seen, problems


SCB_BLOCK = ("12:05 | 21 | 四特南喰赤－ | A(+48.9) b(+12.6) c(-19.5) d(-42.0)\n"  # line 7: counts, names A
             "12:06 | 21 | 四特南喰赤－ | e(+48.9) f(+12.6) g(-19.5) h(-42.0)\n"  # could count, names nobody wanted
             "12:07 | 21 | 三特南喰赤－ | A(+48.9) p(+12.6) q(-61.5)\n"  # 3 players: cannot count
             "12:08 | 21 | 四特南喰赤－ | A(+1.0) A(+0.5) c(-0.5) d(-1.0)\n"  # line 10: A twice
             "\n"
             "23:59 | 9 | 四鳳南喰－－ | x(y)(+0.0) A(-0.1) NoName(0.0) NoName(-0.1)\r\n"  # line 12: guests may repeat
             "00:00 | 30 | 四上南喰赤－ | A(+1.0) b(+2.0) c(-1.0) d(-2.0)")  # 上 is not counted here
SCB_GAMES = [(7, 12, 5, "", "四特南喰赤－", ("A", "b", "c", "d"), (489, 126, -195, -420), ""),
             (12, 23, 59, "", "四鳳南喰－－", ("x(y)", "A", "NoName", "NoName"), (0, -1, 0, -1), "")]


def test_games_gives_the_counted_lines_as_columns():
    assert GAME_COLUMNS == ("line", "hour", "minute", "lobby", "rule", "players", "scores", "log")
    games, seen, problems = read_games(LineScanner("scb", ["特", "鳳"], []), SCB_BLOCK, first_line=7)
    assert games == SCB_GAMES
    assert seen == {"A", "b", "c", "d", "e", "f", "g", "h", "x(y)", "NoName"}  # not p, q: their line cannot count
    assert problems == [(10, 'player "A" is listed twice')]


def test_games_reads_a_block_with_a_malformed_line_line_by_line_alike():
    games, seen, problems = read_games(LineScanner("scb", ["特", "鳳"], []), SCB_BLOCK + "\nnot a log line\n", 7)
    assert games == SCB_GAMES and "e" in seen
    assert problems == [(10, 'player "A" is listed twice'),
                        (14, 'expected 4 fields separated by " | " (time | length | rule | players), found 1')]


def test_games_reads_the_log_id_of_any_link():
    line = "00:0{m} | 19 | 四鳳南喰赤－ | {link} | A(+50.0) b(+12.0) c(-18.0) d(-44.0)<br>\n"
    links = ['<a href="http://tenhou.net/0/?log=2013022000gm-00a9-0000-aa">牌譜</a>',  # as Tenhou writes it
             '<a href="https://tenhou.net/0/?log=2013022000gm-00a9-0000-bb">牌譜</a>', "牌譜 log=x_y log=z"]
    games, _, problems = read_games(LineScanner("scc", ["鳳"], []),
                                    "".join(line.format(m=m, link=link) for m, link in enumerate(links)))
    assert [g[GAME_COLUMNS.index("log")] for g in games] == ["2013022000gm-00a9-0000-aa", "2013022000gm-00a9-0000-bb",
                                                            "x"] and problems == []


def test_games_in_a_counted_lobby_with_chips():
    text = ("L1234 | 00:44 | 四般南喰赤祝 | A(+61.0,+2枚) b(0.0,0枚) c(-25.0,-1枚) d(-36.0,-1枚)\n"
            "L9 | 00:45 | 四般南喰赤－ | A(+1.0) e(+2.0) f(-1.0) g(-2.0)\n")  # a lobby not counted
    games, seen, problems = read_games(LineScanner("sca", ["特", "鳳"], ["L1234"]), text)
    assert games == [(1, 0, 44, "L1234", "四般南喰赤祝", ("A", "b", "c", "d"), (610, 0, -250, -360), "")]
    assert seen == {"A", "b", "c", "d"} and problems == []


@pytest.mark.parametrize("family, tables, lobbies, text, reason", [
    # a table level or a lobby no valid line can hold does not make a malformed line count
    ("scb", ["特", " ", "|"], [], "23:34 | 21 | 四 南喰赤－ | A(+1.0) b(+2.0) c(-1.0) d(-2.0)",
     'rule word "四 南喰赤－" is not six characters starting with 四 or 三'),
    ("scb", ["特", "|"], [], "23:34 | 21 | 四|南喰赤－ | A(+1.0) b(+2.0) c(-1.0) d(-2.0)",
     'rule word "四|南喰赤－" is not six characters starting with 四 or 三'),
    ("sca", [], ["1234", "L1234"], "1234 | 18:33 | 四般南喰－－ | A(+1.0) b(+2.0) c(-1.0) d(-2.0)",
     'lobby "1234" is not a letter and digits (like L1234)'),
    # nothing could count: the lines are still checked
    ("scb", [], [], "hello", 'expected 4 fields separated by " | " (time | length | rule | players), found 1'),
])
def test_games_reports_malformed_lines(family, tables, lobbies, text, reason):
    assert read_games(LineScanner(family, tables, lobbies), text) == ([], set(), [(1, reason)])


def test_a_name_that_looks_like_a_score_or_holds_brackets():
    # the score is read after the *last* "(": the name keeps every other bracket
    parsed = parse_line("00:03 | 20 | 四鳳南喰赤－ | <a href=\"x\">牌譜</a> | a(+1.0)(+44.0) (b)(+6.0) )(-15.0) c|d(-35.0)<br>",
                        "scc")
    assert parsed.players == ("a(+1.0)", "(b)", ")", "c|d") and parsed.scores == (440, 60, -150, -350)


def test_the_rule_word_is_read_as_written_whatever_the_log_id_says():
    # a log id of a 3-player east game (00b1) beside a 4-player east-south rule word
    parsed = parse_line("00:00 | 19 | 四鳳南喰赤－ | <a href=\"http://tenhou.net/0/?log=2013022000gm-00b1-0000-aa\">"
                        "牌譜</a> | a(+50.0) b(+12.0) c(-18.0) d(-44.0)<br>", "scc")
    assert parsed.rule == "四鳳南喰赤－" and parsed.log == "2013022000gm-00b1-0000-aa"


@pytest.mark.parametrize("name, expected", [
    ("sca20090301.log", ("sca", "2009-03-01", None, "sca20090301.log")),
    ("scb2009030112.log.gz", ("scb", "2009-03-01", 12, "scb2009030112.log")),
    ("2009/scc20090301.html.gz", ("scc", "2009-03-01", None, "scc20090301.html")),
    ("scc2013022000.html", ("scc", "2013-02-20", 0, "scc2013022000.html")),
    ("scb20090231.log", None),  # 31 February
    ("scb2009030124.log", None),  # hour 24
    ("sca2009030112.log", None),  # sca files are daily
    ("scc2009030112.log", None),  # scc is html
    ("notes.txt", None),
])
def test_file_names(name, expected):
    found = log_name(name)
    shape = None if found is None else (found.family, found.day.isoformat(), found.hour, found.canonical)
    assert shape == expected


@pytest.mark.parametrize("text, family", [
    ("L1234 | 18:33 | 四般南喰－－ | a(+1.0) b(+2.0) c(-1.0) d(-2.0)", "sca"),
    ("23:34 | 21 | 四特南喰赤－ | a(+1.0) b(+2.0) c(-1.0) d(-2.0)", "scb"),
    ("23:56 | 28 | 四鳳南喰赤－ | <a href=\"http://tenhou.net/0/?log=x\">牌譜</a> | a(+1.0) b(+2.0) c(-1.0) d(-2.0)<br>",
     "scc"),
])
def test_the_layout_of_a_typed_line(text, family):
    assert family_of_line(text) == family
