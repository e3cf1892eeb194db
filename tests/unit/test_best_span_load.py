"""Reading a best-span competition's files: participants, the logs in every layout
(plain, gz, a year's zip, sub-folders, CRLF, BOM, bad bytes) and corrections.yaml."""

from __future__ import annotations

import datetime as dt
import functools
import gzip
import tracemalloc
import zipfile
from itertools import repeat
from pathlib import Path

from site_gen.diagnostics import Diagnostics
from site_gen.rules.best_span import load as load_module
from site_gen.rules.best_span.load import LogReader, load
from site_gen.rules.best_span.model import Period, Settings, filled
from site_gen.rules.best_span.seats import Played
from site_gen.sources.tenhou_files import LogSource, find_sources, read_blocks
from site_gen.sources.tenhou_log import LineScanner, log_name

S = Settings(period=Period(dt.date(2009, 3, 1), dt.date(2009, 3, 31)), direct_lobbies=("L1234",))
SCB = "12:{m:02d} | 21 | 四特南喰赤－ | {a}(+48.9) {b}(+12.6) p(-19.5) q(-42.0)"


def folder(tmp_path: Path, participants="player\nA\nB\n", corrections=None, files=None) -> Path:
    root = tmp_path / "comp"
    (root / "logs").mkdir(parents=True)
    (root / "participants.csv").write_text(participants, encoding="utf-8")
    if corrections is not None:
        (root / "corrections.yaml").write_text(corrections, encoding="utf-8")
    for name, content in (files or {}).items():
        path = root / "logs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith(".zip"):
            with zipfile.ZipFile(path, "w") as archive:
                for member, data in content.items():
                    archive.writestr(member, gzip.compress(data.encode()) if member.endswith(".gz") else data)
        elif name.endswith(".gz"):
            path.write_bytes(gzip.compress(content.encode("utf-8") if isinstance(content, str) else content))
        else:
            path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return root


def run(root: Path, settings: Settings = S):
    diags = Diagnostics(root=root)
    loaded = load(root, settings, diags)
    return loaded, diags.format()


def test_every_layout_is_read(tmp_path):
    root = folder(tmp_path, files={
        "scb2009030112.log": SCB.format(m=1, a="A", b="x1") + "\r\n",
        "2009/scb2009030213.log.gz": "\ufeff" + SCB.format(m=2, a="x1", b="A") + "\n",
        "scraw2009.zip": {"2009/scc2009030314.html.gz": "14:03 | 21 | 四鳳南喰赤－ | <a href=\"x\">牌譜</a> | "
                                                         "B(+1.0) A(+0.5) c(-0.5) d(-1.0)<br>\n",
                          "2009/sca20090304.log": "L1234 | 15:04 | 四般南喰赤－ | A(+1.0) c(+0.5) d(-0.5) e(-1.0)\r\n"},
        "scc20090305.html": "15:05 | 21 | 四鳳南喰－－ | <a href=\"x\">牌譜</a> | c(+1.0) d(+0.5) e(-0.5) A(-1.0)<br>",
    })
    data, problems = run(root)
    assert problems == []
    games = sorted(data.games, key=lambda g: g.order)
    assert [(g.file, g.players.index("A") + 1) for g in games] == [
        ("scb2009030112.log", 1), ("scb2009030213.log", 2), ("scc2009030314.html", 2), ("sca20090304.log", 1),
        ("scc20090305.html", 4)]
    assert games[2].source == "logs/scraw2009.zip:2009/scc2009030314.html.gz"


def test_lines_that_cannot_count_or_name_no_participant_are_not_kept(tmp_path):
    text = "\n".join([
        SCB.format(m=1, a="A", b="x"),
        SCB.format(m=2, a="x", b="z"),  # no participant
        "12:03 | 21 | 三特南喰赤－ | A(+1.0) b(+0.5) c(-1.5)",  # 3 players
        "12:04 | 21 | 四上南喰赤－ | A(+1.0) b(+0.5) c(-0.5) d(-1.0)",  # table 上
        "12:05 | 21 | 四特東喰赤－ | A(+1.0) b(+0.5) c(-0.5) d(-1.0)",  # east only
    ])
    data, problems = run(folder(tmp_path, files={"scb2009030112.log": text}))
    assert problems == [] and [g.line for g in data.games] == [1]
    assert len(data.names_seen) == 1 and {"A", "x", "z"} <= set(data.names_seen[0])  # the file's, for hints


def test_malformed_lines_and_bad_bytes_are_warnings_with_file_and_line(tmp_path):
    raw = (SCB.format(m=1, a="A", b="x") + "\n" + "12:02 | 21 | 四特南喰赤－ | A(+1.0) b(+0.5)\n").encode()
    raw += b"12:03 | 21 | \xff\xfe | A(+1.0) b(+0.5) c(-0.5) d(-1.0)\n" + SCB.format(m=4, a="B", b="x").encode()
    data, problems = run(folder(tmp_path, files={"scb2009030112.log": raw}))
    assert problems == [
        "logs/scb2009030112.log:2: warning: malformed line skipped: rule word 四特南喰赤－ is for 4 players, found 2",
        "logs/scb2009030112.log:3: warning: bytes that are not UTF-8 (0xff at byte 14 of the line); line skipped",
    ]
    assert [g.line for g in data.games] == [1, 4]


def test_the_lines_of_a_file_are_counted_whatever_its_blocks(tmp_path, monkeypatch):
    # 64-byte blocks: one line each; the count is the number of the last line
    monkeypatch.setattr(load_module, "read_blocks", functools.partial(read_blocks, block=64))
    lines = [SCB.format(m=m, a="A", b="x") for m in range(5)]
    root = folder(tmp_path, files={"scb2009030112.log": "", "scb2009030113.log": "\n".join(lines),  # 0 and 5 lines
                                   "scb2009030114.log": "\n".join(lines[:3]) + "\n",  # 3 lines
                                   "scb2009030115.log": (lines[0] + "\n").encode() + b"\xff"})  # 2 lines, 1 unread
    diags = Diagnostics()
    reader = LogReader(S, {"A"}, diags, root)
    for source in find_sources([root / "logs"], diags):
        reader.read(source)
    assert diags.format() == [f"{root}/logs/scb2009030115.log:2: warning: bytes that are not UTF-8 (0xff at byte 1 "
                              "of the line); line skipped"]
    assert reader.lines == 10 and sum(map(len, reader.files)) == 9


def test_the_same_file_twice_is_read_once_and_other_files_are_reported(tmp_path):
    line = SCB.format(m=1, a="A", b="x") + "\n"
    root = folder(tmp_path, files={"scb2009030112.log": line, "scb2009030112.log.gz": line,
                                   "old/scraw2009.zip": {"2009/scb2009030112.log.gz": line}, "notes.txt": "hello",
                                   ".gitkeep": ""})
    data, problems = run(root)
    assert len(data.games) == 1 and data.games[0].source == "logs/scb2009030112.log"
    expected_name = ("scaYYYYMMDD.log, scbYYYYMMDD[HH].log, sccYYYYMMDD[HH].html (optionally .gz) or a "
                     "scrawYYYY.zip")
    assert problems == [
        f"logs/notes.txt: warning: not a Tenhou log file name ({expected_name}); ignored",
        "logs/old/scraw2009.zip:2009/scb2009030112.log.gz: warning: the same log file as logs/scb2009030112.log; "
        "read once",
        "logs/scb2009030112.log.gz: warning: the same log file as logs/scb2009030112.log; read once",
    ]


def test_files_outside_the_period_are_not_read(tmp_path):
    root = folder(tmp_path, files={"scb2009022823.log": "garbage\n", "scb2009040100.log": "garbage\n",
                                   "scb2009033123.log": SCB.format(m=1, a="A", b="x")})
    data, problems = run(root)
    assert len(data.games) == 1
    assert problems == ["logs: notice: 2 log file(s) of days outside the period were not read "
                        "(scb2009022823.log … scb2009040100.log)"]


def test_a_broken_gz_file_is_an_error(tmp_path):
    root = folder(tmp_path)
    (root / "logs" / "scb2009030112.log.gz").write_bytes(b"not gzip at all")
    data, problems = run(root)
    assert data is None
    assert problems == ["logs/scb2009030112.log.gz: error: cannot read the log file: Not a gzipped file (b'no')"]


def test_participants_problems(tmp_path):
    root = folder(tmp_path, participants="player,name,joined\nA,,2009-03-01\nNoName,,\nA,,\n,x,\nB,,March\nC D,,\n")
    data, problems = run(root)
    assert data is None
    assert problems == [
        "participants.csv:3: error: NoName is Tenhou's name for a guest and cannot be a participant",
        'participants.csv:4: error: player "A" is listed twice (first on line 2)',
        "participants.csv:5: error: empty player: write the Tenhou ID",
        'participants.csv:6: error: joined "March" is not a date YYYY-MM-DD',
        'participants.csv:7: error: "C D" cannot be a Tenhou ID: Tenhou IDs hold no spaces',
    ]


def test_corrections(tmp_path):
    corrections = """\
add:
  - {date: 2009-03-31, line: "23:34 | 21 | 四特南喰赤－ | A(+48.9) B(+12.6) x(-19.5) y(-42.0)"}
  - {date: 2009-03-31, line: "L1234 | 23:40 | 四般南喰赤－ | B(+48.9) A(+12.6) x(-19.5) y(-42.0)"}
remove:
  - {date: 2009-03-01, time: "12:01", players: [A], reason: test}
void:
  - {date: 2009-03-02, time: "12:02", players: [B, x]}
excluded:
  - {player: B, reason: deleted by Tenhou}
"""
    root = folder(tmp_path, corrections=corrections, files={"scb2009030112.log": SCB.format(m=1, a="A", b="x")})
    data, problems = run(root)
    assert problems == []
    added = [g for g in data.games if g.added]
    assert [(g.file, g.line, g.added, g.family) for g in added] == [
        ("scb2009033123.log", 10**9, 2, "scb"), ("sca20090331.log", 10**9 + 1, 3, "sca")]
    assert [(r.kind, r.hour, r.minute, r.players, r.line) for r in data.removals] == [
        ("remove", 12, 1, ("A",), 5), ("void", 12, 2, ("B", "x"), 7)]
    assert [(e.player, e.reason) for e in data.excluded] == [("B", "deleted by Tenhou")]


def test_corrections_problems(tmp_path):
    corrections = """\
add:
  - {date: 2009-03-31, line: "23:34 | 21 | 四特南喰赤－ | A(+48.9) B(+12.6)"}
  - {date: March, line: "23:34 | 21 | 四特南喰赤－ | A(+48.9) B(+12.6) x(-19.5) y(-42.0)"}
remove:
  - {date: 2009-03-01, time: 1233, players: [A]}
  - {date: 2009-03-01, time: "12:33", players: []}
  - {date: 2009-03-01, time: "12:33", player: [A]}
excluded:
  - {player: Aa}
removed: []
"""
    root = folder(tmp_path, participants="player\nAA\nB\n", corrections=corrections)
    data, problems = run(root)
    assert data is None
    assert problems == [
        "corrections.yaml:2: error: add: the line is not a scb log line: rule word 四特南喰赤－ is for 4 players, found 2",
        "corrections.yaml:3: error: add: \"date\" must be a date YYYY-MM-DD, found 'March'",
        "corrections.yaml:5: error: remove: \"time\" must be HH:MM as the log line shows it, found 1233",
        'corrections.yaml:6: error: remove: "players" must list the names of the game\'s players (at least one), '
        "as the log writes them",
        'corrections.yaml:7: error: remove: unknown key "player"; did you mean "players"? '
        "(known: date, time, players, reason)",
        'corrections.yaml:7: error: remove: "players" must list the names of the game\'s players (at least one), '
        "as the log writes them",
        'corrections.yaml:9: error: excluded: "Aa" is not in participants.csv; did you mean "AA"?',
        'corrections.yaml:10: error: unknown section "removed"; did you mean "remove"? '
        "(known: add, remove, void, excluded)",
    ]


def test_no_logs_folder_is_a_notice(tmp_path):
    root = tmp_path / "comp"
    root.mkdir()
    (root / "participants.csv").write_text("player\nA\n", encoding="utf-8")
    data, problems = run(root)
    assert data.games == () and problems == [
        "logs: notice: no logs/ folder yet: put Tenhou's log files there (or run "
        "`site-gen import tenhou <files> --into <competition>`)"]


def test_memory_does_not_grow_with_the_size_of_the_logs(tmp_path):
    # 40,000 lines (about 3.5 MB) read in 64 KiB blocks: the reader never holds the file
    line = "23:34 | 21 | 四上南喰赤－ | noxusan(+48.9) ケロンパス(+12.6) |||||(-19.5) DDT-X(-42.0)\n"
    path = tmp_path / "scb2009030112.log.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        for _ in range(40_000):
            out.write(line)
    source = LogSource(log_name(path.name), path)
    scanner = LineScanner("scb", ["上"], [])
    diags = Diagnostics()
    tracemalloc.start()
    kept = 0
    for first, text in read_blocks(source, diags, block=1 << 16):
        assert len(text) < (1 << 16) + len(line)
        kept += sum(1 for _ in scanner.scan(text, first, lambda names: False, lambda *p: None))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert diags.format() == [] and kept == 0
    assert peak < 1_500_000, peak  # well under the 3.5 MB of text


def test_find_sources_orders_by_day(tmp_path):
    for name in ("scb2009030212.log", "sca20090301.log", "scc2009030100.html"):
        (tmp_path / name).write_text("", encoding="utf-8")
    names = [s.name.canonical for s in find_sources([tmp_path], Diagnostics())]
    assert names == ["sca20090301.log", "scc2009030100.html", "scb2009030212.log"]


def test_a_zip_is_opened_once_for_all_its_members(tmp_path, monkeypatch):
    # opening a year's zip reads its whole directory: once to list it, once to read it all
    from site_gen.sources import tenhou_files

    members = {f"2009/scb200903{d:02d}.log.gz": SCB.format(m=d, a="A", b="x") + "\n" for d in range(1, 11)}
    root = folder(tmp_path, files={"scraw2009.zip": members})
    opened = []
    real = tenhou_files.zipfile.ZipFile
    monkeypatch.setattr(tenhou_files.zipfile, "ZipFile", lambda *a, **k: opened.append(a[0]) or real(*a, **k))
    data, problems = run(root)
    assert problems == [] and len(data.games) == 10
    assert len(opened) == 2


def test_filled_sets_each_slot_from_its_column():
    """Two Played made a column at a time are the two Played(...) would make; a column may
    be any iterable (a repeat of one value here)."""
    made = filled(Played, 2, (("game", ["g1", "g2"]), ("seat", [0, 3]), ("kind", repeat("red")),
                              ("points", [4, -2]), ("weight", [100, 105])))
    assert made == [Played("g1", 0, "red", 4, 100), Played("g2", 3, "red", -2, 105)]
    assert made[1].place == 4

