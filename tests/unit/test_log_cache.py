"""The per-file cache of Tenhou log reads, and reading in forked workers: a cached or a
parallel read gives exactly what a fresh serial read gives (games, names, messages in
order), only changed files are read again, and a damaged cache is only a miss."""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import pickle
import zipfile
from pathlib import Path

import pytest

from site_gen import parallel
from site_gen.rebuild.build_state import CACHE_DIR
from site_gen.diagnostics import Diagnostics
from site_gen.rules.best_span import load as loader
from site_gen.rebuild import log_cache
from site_gen.rules.best_span.model import Period, Settings
from site_gen.sources.log_store import stores_from

S = Settings(period=Period(dt.date(2009, 3, 1), dt.date(2009, 4, 30)), direct_lobbies=("L1234",))
SCB = "12:{m:02d} | 21 | 四特南喰赤－ | {a}(+48.9) {b}(+12.6) p(-19.5) q(-42.0)\n"
SCC = ('00:{m:02d} | 19 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2009030100gm-00a9-0000-3827d34d">牌譜</a> | '
       "ヤキン(+50.0) {a}(+12.0) ♪ウサギ♪(-18.0) (∩・ω・)∩(-44.0)<br>\n")
SCA = "L1234 | 02:{m:02d} | 四般南喰－－ | {a}(+41.1) P00580(+36.9) g004571(+10.1) NoName(-88.1)\r\n"
BAD = b"12:59 | 21 | \xff\xfe | A(+1.0) b(+0.5) c(-0.5) d(-1.0)\n" + "12:58 | 21 | 四特南喰赤－ | A(+1.0) b(+0.5)\n".encode()


def project(tmp_path: Path) -> Path:
    """A project holding one best-span competition (data/<slug>/): March and April logs,
    loose, gzipped and in a zip, with a malformed line and a line that is not UTF-8."""
    comp = tmp_path / "data" / "span"
    logs = comp / "logs"
    (logs / "2009").mkdir(parents=True)
    (comp / "participants.csv").write_text("player\nA\nB\n", encoding="utf-8")
    for day in range(1, 6):
        (logs / "2009" / f"scb2009030{day}12.log").write_text(
            "".join(SCB.format(m=m, a="A" if m % 2 else "x", b="B" if m % 3 else "y") for m in range(day * 3)))
        (logs / "2009" / f"sca2009040{day}.log").write_text(SCA.format(m=day, a="B"), newline="")
    (logs / "2009" / "scb2009030612.log").write_bytes(SCB.format(m=1, a="A", b="z").encode() + BAD)
    (logs / "2009" / "scc2009030700.html.gz").write_bytes(gzip.compress(SCC.format(m=7, a="A").encode()))
    with zipfile.ZipFile(logs / "scraw2009.zip", "w") as archive:
        archive.writestr("2009/scc2009040800.html", SCC.format(m=8, a="B"))
        archive.writestr("2009/scb2009041012.log.gz", gzip.compress(SCB.format(m=9, a="B", b="A").encode()))
    return tmp_path


def load(root: Path, settings: Settings = S):
    """Load, then wait for the cache files being written beside it (as a build does at its end)."""
    diags = Diagnostics(root=root)
    with stores_from(log_cache.open_cache):  # as the pipeline loads a competition
        data = loader.load(root / "data" / "span", settings, diags)
    parallel.join_background()
    return data, diags.items


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The files read (by name), in order."""
    seen: list[str] = []
    original = loader.read_blocks

    def counted(source, *args, **kwargs):
        seen.append(source.name.canonical)
        return original(source, *args, **kwargs)

    monkeypatch.setattr(loader, "read_blocks", counted)
    monkeypatch.delenv("CI", raising=False)
    return seen


def cache_files(root: Path) -> list[Path]:
    return sorted((root / CACHE_DIR).glob("logs-*.pickle"))


def test_a_warm_load_reads_nothing_and_gives_the_same_data_and_messages(tmp_path, reads):
    root = project(tmp_path)
    cold = load(root)
    assert len(reads) == 14 and [p.name[-14:] for p in cache_files(root)] == ["2009-03.pickle", "2009-04.pickle"]
    assert [(d.path, d.line, d.message[:30]) for d in cold[1]] == [
        ("data/span/logs/2009/scb2009030612.log", 2, "bytes that are not UTF-8 (0xff"),
        ("data/span/logs/2009/scb2009030612.log", 3, "malformed line skipped: rule w"),
    ]
    reads.clear()
    warm = load(root)
    assert reads == []
    assert warm == cold and len(cold[0].games) == 45 and any("ヤキン" in names for names in warm[0].names_seen)
    assert [g.source for g in warm[0].games][-2:] == ["logs/scraw2009.zip:2009/scc2009040800.html",
                                                      "logs/scraw2009.zip:2009/scb2009041012.log.gz"]


def test_only_a_changed_file_is_read_again(tmp_path, reads):
    root = project(tmp_path)
    load(root)
    changed = root / "data/span/logs/2009/scb2009030212.log"
    changed.write_text(changed.read_text() + SCB.format(m=59, a="B", b="A"))
    reads.clear()
    again = load(root)
    assert reads == ["scb2009030212.log"]
    reads.clear()
    fresh = load(root)  # the March file was rewritten with the new entry: nothing read
    assert reads == [] and fresh == again
    (root / CACHE_DIR).rename(root / "old-cache")
    assert load(root) == again and len(reads) == 14


def test_a_changed_zip_member_or_participant_list_is_read_again(tmp_path, reads):
    root = project(tmp_path)
    load(root)
    with zipfile.ZipFile(root / "data/span/logs/scraw2009.zip", "a") as archive:
        archive.writestr("2009/scb2009040912.log", SCB.format(m=9, a="A", b="B"))
    reads.clear()
    assert load(root)[0].games[-2].file == "scb2009040912.log" and reads == ["scb2009040912.log"]
    (root / "data/span/participants.csv").write_text("player\nA\nB\nx\n", encoding="utf-8")
    reads.clear()
    assert len(load(root)[0].games) == 55 and len(reads) == 15


def test_a_damaged_or_foreign_cache_file_is_a_miss(tmp_path, reads):
    root = project(tmp_path)
    cold = load(root)
    march, april = cache_files(root)
    data = bytearray(march.read_bytes())
    data[len(data) // 2] ^= 1
    march.write_bytes(bytes(data))
    april.write_bytes(b"not a pickle")
    reads.clear()
    assert load(root) == cold and len(reads) == 14
    march.write_bytes(march.read_bytes()[:100])  # cut short
    (root / "data" / "other").mkdir()
    for name in ("other", "gone"):  # another competition's months: kept while it is there
        (root / CACHE_DIR / f"logs-{name}-2009-05.pickle").write_bytes(b"")
    reads.clear()
    assert load(root) == cold and reads == ["scb2009030112.log", "scb2009030212.log", "scb2009030312.log",
                                            "scb2009030412.log", "scb2009030512.log", "scb2009030612.log",
                                            "scc2009030700.html"]
    assert [p.name for p in cache_files(root)] == ["logs-other-2009-05.pickle", "logs-span-2009-03.pickle",
                                                   "logs-span-2009-04.pickle"]


def test_a_month_of_another_context_is_a_miss_whose_entries_are_not_unpickled(tmp_path, reads, monkeypatch):
    """Another context (here, other counted tables; an upgrade of site-gen does the same):
    each month file's first pickle, (format, context), says so, and its second, the
    month's entries, is never unpickled only to be thrown away."""
    root = project(tmp_path)
    cold = load(root)
    loaded = []
    original = log_cache._Plain.load

    def counted(self):
        loaded.append(original(self))
        return loaded[-1]

    monkeypatch.setattr(log_cache._Plain, "load", counted)
    other = Settings(period=S.period, direct_lobbies=S.direct_lobbies, tables=("特",))
    reads.clear()
    games = load(root, other)[0].games  # the two phoenix (鳳) games, scc lines, no longer kept
    assert len(cold[0].games) == 45 and games == tuple(g for g in cold[0].games if g.family != "scc")
    assert len(reads) == 14  # every file read again
    assert [value[0] for value in loaded] == [log_cache.FORMAT, log_cache.FORMAT]  # March's and April's headers only
    loaded.clear()
    assert load(root, other) == load(root, other) and len(loaded) == 2 * 2 * 2  # the same context: both pickles


class Planted:
    def __reduce__(self):
        return Path.touch, (Path(self.marker),)


def test_a_planted_cache_file_runs_no_code(tmp_path, reads):
    root = project(tmp_path)
    cold = load(root)
    march = cache_files(root)[0]
    planted = Planted()
    planted.marker = str(tmp_path / "ran")
    data = pickle.dumps((1, "context", {"logs/2009/scb2009030112.log": planted}), protocol=5)
    march.write_bytes(hashlib.sha256(data).digest() + data)
    reads.clear()
    assert load(root) == cold and len(reads) == 7 and not (tmp_path / "ran").exists()


def test_files_gone_are_dropped_from_the_cache(tmp_path, reads):
    root = project(tmp_path)
    load(root)
    for path in (root / "data/span/logs/2009").glob("sca200904*.log"):
        path.unlink()
    (root / "data/span/logs/scraw2009.zip").unlink()
    reads.clear()
    assert len(load(root)[0].games) == 38 and reads == []
    assert [p.name[-14:] for p in cache_files(root)] == ["2009-03.pickle"]


def test_under_ci_no_cache_is_read_or_written(tmp_path, reads, monkeypatch):
    root = project(tmp_path)
    monkeypatch.setenv("CI", "true")
    load(root)
    assert not (root / CACHE_DIR).exists()


def test_a_competition_outside_a_project_keeps_no_cache(tmp_path, reads):
    root = project(tmp_path)
    diags = Diagnostics(root=root)
    loader.load(root / "data" / "span", S, diags)
    (root / "data" / "span").rename(root / "span")
    assert loader.load(root / "span", S, Diagnostics(root=root)) is not None
    assert not (root / "span" / CACHE_DIR).exists() and not (tmp_path.parent / CACHE_DIR).exists()


def test_parallel_reads_give_what_a_serial_read_gives(tmp_path, reads, monkeypatch):
    root = project(tmp_path)
    monkeypatch.setenv("CI", "true")
    serial = load(root)
    monkeypatch.setattr(loader, "_FILES_PER_WORKER", 1)
    with parallel.allowed(3):
        assert load(root) == serial
        monkeypatch.delenv("CI")
        assert load(root) == serial  # read by the workers, then kept
    reads.clear()
    assert load(root) == serial and reads == []


def test_check_leaves_a_whole_cache_that_the_next_load_reads_instead_of_the_logs(tmp_path, reads):
    """`site-gen check` in its own process: the cache files are written by a forked child
    beside the work (parallel.in_background), which the program waits for before it ends;
    the next load then reads no log at all."""
    import os
    import subprocess
    import sys

    root = project(tmp_path)
    (root / "site.yaml").write_text("title: Logs\n", encoding="utf-8")
    (root / "data" / "span" / "competition.yaml").write_text(
        "name: Span\nrules: best-span\nperiod: {from: 2009-03-01, to: 2009-04-30}\ndirect_lobbies: [L1234]\n",
        encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if key != "CI"}
    checked = subprocess.run([sys.executable, "-m", "site_gen", "check"], cwd=root, env=env, capture_output=True,
                             text=True, timeout=120)
    assert checked.returncode == 0, checked.stderr
    assert [p.name[-14:] for p in cache_files(root)] == ["2009-03.pickle", "2009-04.pickle"]
    data, _ = load(root)
    assert reads == [] and data is not None


# --- within one process (serve): the last build's entries and games, not unpickled or made again


def test_the_rule_set_alone_keeps_nothing_between_loads(tmp_path, reads):
    """The store is the pipeline's to install: a best-span load without one reads every
    file each time and writes no cache file."""
    root = project(tmp_path)
    for _ in range(2):
        loader.load(root / "data" / "span", S, Diagnostics(root=root))
        parallel.join_background()
    assert len(reads) == 28 and cache_files(root) == []
