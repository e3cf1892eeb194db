"""`site-gen serve` for real: a subprocess on loopback that rebuilds when files change."""

import hashlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

GAMES = """game,table,started_at,player1,score1,player2,score2,player3,score3,player4,score4
1,RU-Marathon-1,2015-02-03T21:15:00+03:00,NomWise,48,ComboRus,12,AnryChan,-20,Foo,-40
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.read().decode("utf-8")


def _wait_for(predicate, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return True
        except OSError:
            pass
        time.sleep(0.2)
    return False


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "site.yaml").write_text("title: Serve test\n", encoding="utf-8")
    comp = tmp_path / "data" / "om"
    comp.mkdir(parents=True)
    (comp / "competition.yaml").write_text(
        "name: OM\nrules: online-marathon\nperiod: {from: 2015-02-01, to: 2015-11-30}\n"
        "stages:\n  - {from: 2015-02-01, to: 2015-03-31}\n",
        encoding="utf-8",
    )
    (comp / "games.csv").write_text(GAMES, encoding="utf-8")
    return tmp_path


def test_serve_rebuilds_on_change_and_survives_bad_data(project: Path):
    port = _free_port()
    out = project / "_site"
    proc = subprocess.Popen(
        [sys.executable, "-m", "site_gen", "serve", "--port", str(port), "--out", str(out), "--root", str(project)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    base = f"http://127.0.0.1:{port}/"
    try:
        assert _wait_for(lambda: "Serve test" in _get(base)), "server did not start"
        served = _get(base)
        assert "livereload.js" in served  # injected while serving...
        assert "livereload" not in (out / "index.html").read_text(encoding="utf-8")  # ...never built in

        # a new content folder, created after the server started, is picked up
        (project / "content").mkdir()
        (project / "content" / "index.md").write_text("# Hi\n\nFreshly written intro.\n", encoding="utf-8")
        assert _wait_for(lambda: "Freshly written intro" in _get(base)), "content change not rebuilt"

        # a half-saved data file: the last good site stays served
        games = project / "data" / "om" / "games.csv"
        games.write_text(GAMES + "2,RU-Marathon-1,2015-02-04T21:15:00+03:00,NomWise,", encoding="utf-8")
        time.sleep(3)
        assert "Freshly written intro" in _get(base)
        player = _get(base + "om/players/nomwise/")
        assert "NomWise" in player

        # the next good save recovers
        games.write_text(GAMES + "2,RU-Marathon-1,2015-02-04T21:15:00+03:00,NomWise,10,ComboRus,0,AnryChan,0,Newcomer,-10\n",
                         encoding="utf-8")
        assert _wait_for(lambda: "Newcomer" in _get(base + "om/players/newcomer/")), "did not recover"
    finally:
        proc.terminate()
        output = proc.communicate(timeout=10)[0]
    assert "rebuild failed" in output
    assert "games.csv:3: error" in output


SCB = "12:{m:02d} | 21 | 四特南喰赤－ | A(+48.9) B(+12.6) p(-19.5) q(-42.0)\n"


def test_serve_writes_the_log_cache_when_idle_and_when_it_stops(tmp_path: Path):
    """A Tenhou competition's log cache: written by the first build, again by a rebuild, and
    when serve stops (Ctrl+C) right after one, complete: the months as the last build read them."""
    (tmp_path / "site.yaml").write_text("title: Logs\n", encoding="utf-8")
    comp = tmp_path / "data" / "span"
    (comp / "logs").mkdir(parents=True)
    (comp / "competition.yaml").write_text(
        "name: Span\nrules: best-span\nperiod: {from: 2009-03-01, to: 2009-04-30}\n", encoding="utf-8")
    (comp / "participants.csv").write_text("player\nA\nB\n", encoding="utf-8")
    log = comp / "logs" / "scb2009030212.log"
    log.write_text(SCB.format(m=1), encoding="utf-8")
    (comp / "logs" / "scb2009040212.log").write_text(SCB.format(m=2), encoding="utf-8")
    march, april = (tmp_path / ".site-gen-cache" / f"logs-span-2009-{m}.pickle" for m in ("03", "04"))
    out, port = tmp_path / "_site", _free_port()
    env = {name: value for name, value in os.environ.items() if name != "CI"}  # under CI no cache is kept
    # Ctrl+C is SIGINT, which a test suite run in the background (`make test &`) passes on
    # ignored: serve runs with Python's own handler, as in a terminal
    ctrl_c = ("import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
              "sys.argv[0] = 'site-gen'; runpy.run_module('site_gen', run_name='__main__')")
    proc = subprocess.Popen(
        [sys.executable, "-c", ctrl_c, "serve", "--port", str(port), "--out", str(out), "--root", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )
    try:
        assert _wait_for(lambda: march.exists() and april.exists()), "the first build's months not written"
        assert _wait_for(lambda: "Span" in _get(f"http://127.0.0.1:{port}/")), "server did not start"
        standings = out / "span" / "standings.json"
        first, untouched, initial = march.read_bytes(), april.read_bytes(), standings.read_bytes()
        log.write_text(SCB.format(m=1) + SCB.format(m=3), encoding="utf-8")
        assert _wait_for(lambda: march.read_bytes() != first), "the rebuild's month not written"
        # the month is written while the rebuild reads the logs: its pages come after
        assert _wait_for(lambda: standings.read_bytes() != initial), "not rebuilt"
        second, document = march.read_bytes(), standings.read_bytes()
        log.write_text(SCB.format(m=1) + SCB.format(m=3) + SCB.format(m=4), encoding="utf-8")
        assert _wait_for(lambda: standings.read_bytes() != document), "not rebuilt"
        proc.send_signal(signal.SIGINT)  # serve's end waits for the rebuild's write
        proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert march.read_bytes() not in (first, second) and april.read_bytes() == untouched
    # the March file's entry is for the log's last bytes (its SHA-256 the entry's identity)
    assert hashlib.sha256(log.read_bytes()).hexdigest().encode() in march.read_bytes()
