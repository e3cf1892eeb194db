"""`site-gen import tenhou`: filters, keeps Tenhou's names and layout, handles a zip, and
is idempotent; the standings from the imported lines are those from the raw files."""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from site_gen.commands.import_tenhou import import_tenhou
from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import load_competition

COMPETITION = """name: Import test
rules: best-span
period: {from: 2009-03-01, to: 2009-03-31}
target: 6
direct_lobbies: [L1234]
"""
SCB = [
    "12:01 | 21 | 四特南喰赤－ | A(+48.9) x(+12.6) y(-19.5) z(-42.0)",  # kept
    "12:02 | 21 | 四特南喰赤－ | w(+48.9) x(+12.6) y(-19.5) z(-42.0)",  # no participant
    "12:03 | 21 | 四上南喰赤－ | A(+48.9) x(+12.6) y(-19.5) z(-42.0)",  # table 上
    "12:04 | 21 | 三特南喰赤－ | A(+48.9) x(+12.6) y(-61.5)",  # 3 players
    "12:05 | 21 | 四特南喰－－ | x(+48.9) B(+12.6) y(-19.5) z(-42.0)",  # kept
    "12:06 | 21 | 四特南喰－－ | x(+48.9) B(+12.6)",  # malformed: a warning
]
SCC = ['13:10 | 25 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2009030213gm-00a9-0000-aaaa">牌譜</a> | '
       'B(+55.0) A(+15.0) NoName(-20.0) q(-50.0)<br>',
       '13:11 | 25 | 四鳳東喰赤－ | <a href="http://tenhou.net/0/?log=2009030213gm-00e1-0000-bbbb">牌譜</a> | '
       'B(+55.0) A(+15.0) NoName(-20.0) q(-50.0)<br>']
SCA = ["L1234 | 20:00 | 四般南喰－速 | A(+45.0) B(+5.0) x(-15.0) y(-35.0)",
       "L5555 | 20:00 | 四般南喰－速 | A(+45.0) B(+5.0) x(-15.0) y(-35.0)"]
DAILY = ["09:00 | 20 | 四特南喰赤－ | B(+30.0) A(+20.0) c(-10.0) d(-40.0)",
         "09:30 | 20 | 四特南喰赤－ | c(+50.0) d(0.0) e(-10.0) f(-40.0)"]


def project(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    comp = root / "data" / "cup"
    comp.mkdir(parents=True)
    (root / "site.yaml").write_text("title: Test\n", encoding="utf-8")
    (comp / "competition.yaml").write_text(COMPETITION, encoding="utf-8")
    (comp / "participants.csv").write_text("player\nA\nB\n", encoding="utf-8")
    return root


def raw_files(tmp_path: Path) -> list[Path]:
    raw = tmp_path / "raw"
    raw.mkdir()
    (raw / "scb2009030112.log").write_bytes(("\r\n".join(SCB) + "\r\n").encode())
    (raw / "scc2009030213.html.gz").write_bytes(gzip.compress(("\n".join(SCC) + "\n").encode(), mtime=0))
    (raw / "scb2009040112.log").write_text(SCB[0] + "\n", encoding="utf-8")  # April: outside the period
    (raw / "readme.txt").write_text("not a log", encoding="utf-8")
    with zipfile.ZipFile(raw / "scraw2009.zip", "w") as archive:
        archive.writestr("2009/sca20090303.log.gz", gzip.compress(("\r\n".join(SCA) + "\r\n").encode(), mtime=0))
        archive.writestr("2009/scb20090310.log", "\n".join(DAILY) + "\n")
    return [raw / "scb2009030112.log", raw / "scc2009030213.html.gz", raw / "scb2009040112.log",
            raw / "readme.txt", raw / "scraw2009.zip"]


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_keeps_only_participant_lines_that_could_count_under_tenhous_names(tmp_path, capsys):
    root = project(tmp_path)
    assert import_tenhou(root, raw_files(tmp_path), "cup") == 0
    logs = root / "data" / "cup" / "logs"
    files = {p.relative_to(logs).as_posix(): p.read_bytes() for p in sorted(logs.rglob("*")) if p.is_file()}
    assert files == {
        # line endings as Tenhou wrote them; zip members keep their folder; gz becomes plain text
        "scb2009030112.log": (SCB[0] + "\r\n" + SCB[4] + "\r\n").encode(),
        "scc2009030213.html": (SCC[0] + "\n").encode(),
        "2009/sca20090303.log": (SCA[0] + "\r\n").encode(),
        "2009/scb20090310.log": (DAILY[0] + "\n").encode(),
    }
    out = capsys.readouterr()
    # 6 scb + 2 scc + 2 sca + 2 daily scb lines read (April's file is not); kept: scb lines 1 and 5,
    # scc line 1, sca line 1 (L1234), the daily line 1
    assert out.out.strip() == ("read 12 lines in 5 files (1 of days outside the period skipped); kept 5 lines naming "
                               "a participant; wrote 4 files under data/cup/logs/ (5 new lines)")
    assert "scb2009030112.log:6: warning: malformed line skipped" in out.err
    assert "readme.txt: warning: not a Tenhou log file name" in out.err


def test_running_it_twice_changes_nothing(tmp_path, capsys):
    root = project(tmp_path)
    files = raw_files(tmp_path)
    assert import_tenhou(root, files, "cup") == 0
    before = snapshot(root / "data" / "cup" / "logs")
    capsys.readouterr()
    assert import_tenhou(root, files, "cup") == 0
    assert snapshot(root / "data" / "cup" / "logs") == before
    assert capsys.readouterr().out.strip().endswith("kept 5 lines naming a participant; nothing new: "
                                                    "data/cup/logs/ is up to date")


def test_a_fuller_file_adds_only_what_is_missing_and_a_gz_copy_stays_gz(tmp_path):
    root = project(tmp_path)
    logs = root / "data" / "cup" / "logs"
    logs.mkdir()
    (logs / "scb2009030112.log.gz").write_bytes(gzip.compress((SCB[4] + "\r\n").encode(), mtime=0))
    raw = tmp_path / "scb2009030112.log"
    raw.write_text("\n".join(SCB[:5]) + "\n", encoding="utf-8")
    assert import_tenhou(root, [raw], "cup") == 0
    assert [p.name for p in logs.iterdir()] == ["scb2009030112.log.gz"]
    # the line already there is kept as it was (CRLF), the missing one appended
    assert gzip.decompress((logs / "scb2009030112.log.gz").read_bytes()) == (SCB[4] + "\r\n" + SCB[0] + "\n").encode()


def test_the_standings_from_imported_lines_are_those_of_the_raw_files(tmp_path):
    root = project(tmp_path)
    files = raw_files(tmp_path)
    assert import_tenhou(root, files, "cup") == 0
    imported = _document(root / "data" / "cup")
    raw_copy = tmp_path / "raw-site" / "cup"
    shutil.copytree(root / "data" / "cup", raw_copy, ignore=shutil.ignore_patterns("logs"))
    (raw_copy / "logs").mkdir()
    for f in files:
        shutil.copy(f, raw_copy / "logs" / f.name)
    assert _document(raw_copy) == imported
    # by hand: A 1st (12:01, red), 2nd (13:10, red), 1st (L1234 direct), 2nd (03-10, red) = 12 points;
    # B 2nd (12:05 plain), 1st (13:10), 2nd (L1234), 1st (03-10) = 12 points
    assert [(r["player"], r["points"], r["games"]) for r in imported["standings"]] == [("A", 12, 4), ("B", 12, 4)]


def _document(folder: Path) -> dict:
    diags = Diagnostics(root=folder)
    competition = load_competition(folder, SiteConfig(), diags)
    assert competition is not None, diags.format()
    return competition.ruleset.document(competition.settings, competition.result)


def test_a_participant_file_with_errors_stops_the_import(tmp_path, capsys):
    root = project(tmp_path)
    (root / "data" / "cup" / "participants.csv").write_text("player\nNoName\n", encoding="utf-8")
    assert import_tenhou(root, raw_files(tmp_path), "cup") == 1
    assert not (root / "data" / "cup" / "logs").exists()
    assert "participants.csv:2: error: NoName" in capsys.readouterr().err


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CI": "true", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "site_gen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)


def test_the_command_line(tmp_path):
    root = project(tmp_path)
    files = [str(f) for f in raw_files(tmp_path)]
    done = _cli("import", "tenhou", *files, "--into", "cup", cwd=root)
    assert done.returncode == 0, done.stderr
    assert "wrote 4 files" in done.stdout
    unknown = _cli("import", "tenhou", *files, "--into", "cpu", cwd=root)
    assert unknown.returncode == 2 and 'no competition "cpu" under data/; did you mean "cup"?' in unknown.stderr
    missing = _cli("import", "tenhou", str(tmp_path / "nope.log"), "--into", "cup", cwd=root)
    assert missing.returncode == 2 and "no such file" in missing.stderr


@pytest.mark.parametrize("rules", ["online-marathon"])
def test_only_best_span_competitions_take_imports(tmp_path, rules, capsys):
    root = project(tmp_path)
    (root / "data" / "cup" / "competition.yaml").write_text(f"name: X\nrules: {rules}\n", encoding="utf-8")
    assert import_tenhou(root, raw_files(tmp_path), "cup") == 2
    assert "does not use the best-span rules" in capsys.readouterr().err
