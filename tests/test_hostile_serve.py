"""`site-gen serve` under hostile use: it listens on loopback only, serves nothing from
outside the output folder whatever the request line says, shows a failed rebuild in the
browser and recovers, and answers a bounded load of 10,000 requests from another process.
"""

from __future__ import annotations

import html
import os
import socket
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from hostile_project import games_csv, write_project

SECRET = "SECRET-OUTSIDE-THE-SITE"
LOAD_REQUESTS = 10_000
LOAD_CONNECTIONS = 4


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


def _wait_for(predicate, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return True
        except (OSError, urllib.error.URLError):
            pass
        time.sleep(0.2)
    return False


class Served:
    def __init__(self, project: Path):
        self.project = project
        self.out = project / "_site"
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        # no --host: the default is under test
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "site_gen", "serve", "--port", str(self.port), "--out", str(self.out),
             "--root", str(project)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "CI": "true"})
        if not _wait_for(lambda: "Hostile test" in _get(self.base)):
            self.stop()
            pytest.fail(f"site-gen serve did not start:\n{self.output}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
        self.output = self.proc.communicate(timeout=15)[0]


def _project(root: Path) -> Path:
    project = write_project(root / "repo")
    (project / "secret.txt").write_text(SECRET, encoding="utf-8")
    (root / "secret.txt").write_text(SECRET, encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = Served(_project(tmp_path_factory.mktemp("serve")))
    yield server
    server.stop()


# --- where it listens ---------------------------------------------------------------------

def _listening(port: int) -> list[str]:
    """Local addresses of the sockets listening on `port`, from /proc/net/tcp and tcp6."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, hex_port = fields[1].rsplit(":", 1)
            if fields[3] == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                found.append(address)
    return found


def test_it_listens_on_loopback_only(served: Served):
    if not os.path.exists("/proc/net/tcp"):
        pytest.fail("no /proc/net/tcp: this test reads the listening sockets from Linux's /proc")
    addresses = _listening(served.port)
    loopback = {"0100007F", "00000000000000000000000001000000"}  # 127.0.0.1 and ::1 as /proc writes them
    assert addresses and set(addresses) <= loopback, addresses


# --- nothing from outside the output folder ---------------------------------------------------

def _raw(port: int, target: str) -> tuple[int, bytes]:
    """The status and body of one request line sent as is (no client normalises it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode("latin-1"))
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    status_line, _, rest = data.partition(b"\r\n")
    return int(status_line.split()[1]), rest


ESCAPES = [
    "/../secret.txt", "/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/secret.txt", "/..%2fsecret.txt",
    "/%2e%2e%2fsecret.txt", "/.%2e/secret.txt", "/om/../../secret.txt", "/static/%2e%2e/%2e%2e/secret.txt",
    "/%5c..%5csecret.txt", "/..%5c..%5csecret.txt", "/..\\secret.txt", "/%252e%252e/secret.txt",
    "//secret.txt", "/%2fsecret.txt", "{root}/secret.txt", "/{root}/secret.txt", "{root}/../secret.txt",
    "http://127.0.0.1/../secret.txt", "http://127.0.0.1/%2e%2e/secret.txt", "../secret.txt", "secret.txt",
    "/%00/../secret.txt", "/secret.txt%00.html", "/..;/secret.txt", "/%c0%ae%c0%ae/secret.txt", "*",
]


@pytest.mark.parametrize("target", ESCAPES)
def test_no_request_line_reaches_a_file_outside_the_output(served: Served, target: str):
    target = target.format(root=served.project.as_posix().lstrip("/"))
    status, body = _raw(served.port, target)
    assert SECRET.encode() not in body
    assert status in (400, 403, 404, 405), (status, body[:300])


def test_files_inside_the_output_are_served(served: Served):
    status, body = _raw(served.port, "/om/")
    assert status == 200 and b"Test marathon" in body
    status, _ = _raw(served.port, "/static/site.css")
    assert status == 200


# --- load ---------------------------------------------------------------------------------

LOAD_CLIENT = textwrap.dedent("""
    import http.client, sys, time
    port, total, connections = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    paths = sys.argv[4:]
    pool = [http.client.HTTPConnection("127.0.0.1", port, timeout=30) for _ in range(connections)]
    ok = failed = 0
    start = time.monotonic()
    for i in range(total):
        conn = pool[i % connections]
        try:
            conn.request("GET", paths[i % len(paths)])  # keep-alive: HTTP/1.1 reuses the connection
            response = conn.getresponse()
            response.read()
            ok += response.status == 200
            failed += response.status != 200
        except (OSError, http.client.HTTPException):
            failed += 1
            conn.close()
            pool[i % connections] = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    print(ok, failed, round(time.monotonic() - start, 3))
""")


def test_a_bounded_load_of_requests_is_served(served: Served):
    paths = ["/", "/om/", "/om/players/", "/om/stages/1/", "/static/site.css", "/static/site.js", "/search.json",
             "/om/standings.json", "/feed.xml", "/about/"]
    result = subprocess.run([sys.executable, "-c", LOAD_CLIENT, str(served.port), str(LOAD_REQUESTS),
                             str(LOAD_CONNECTIONS), *paths], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    ok, failed, seconds = result.stdout.split()
    print(f"load: {LOAD_REQUESTS} requests over {LOAD_CONNECTIONS} keep-alive connections: "
          f"{ok} ok, {failed} failed in {seconds} s")
    assert (int(ok), int(failed)) == (LOAD_REQUESTS, 0)
    assert served.proc.poll() is None  # still serving


# --- a file saved half way ---------------------------------------------------------------------

def test_a_half_saved_file_shows_in_the_browser_and_the_next_save_recovers(tmp_path: Path):
    server = Served(_project(tmp_path))
    games = server.project / "data" / "om" / "games.csv"
    good = games.read_text(encoding="utf-8")
    try:
        # a row whose score is markup (the message quotes it: it must show as text), then half a row
        games.write_text(good + "2000,RU-Marathon-1,2015-02-04T21:15:00+03:00,NomWise,<b>x</b>,Foo,1,AnryChan,1,Pinghu,1\n"
                         "2001,RU-Marathon-1,2015-02-04T22:15:00+03:00,NomWise,", encoding="utf-8")
        assert _wait_for(lambda: "site-gen-error" in _get(server.base + "om/")), "the error never showed"
        page = _get(server.base + "om/")
        shown = html.unescape(page)
        assert 'data/om/games.csv:14: error: score1 "<b>x</b>" is not a whole number' in shown, shown[:3000]
        assert "data/om/games.csv:15: error: expected 11 cells as in the header, found 5" in shown
        assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
        assert "Test marathon" in page  # the last good page, under the overlay
        assert "site-gen-error" in _get(server.base + "om/players/nomwise/")  # every page shows it
        assert "site-gen-error" not in _get(server.base + "static/site.css")
        built = "".join(p.read_text(encoding="utf-8") for p in server.out.rglob("*.html"))
        assert "site-gen-error" not in built  # only in what is served, never in the files

        games.write_text(good.replace("NomWise", "Newcomer"), encoding="utf-8")
        assert _wait_for(lambda: "Newcomer" in _get(server.base + "om/players/newcomer/")), "did not recover"
        assert "site-gen-error" not in _get(server.base + "om/")
    finally:
        server.stop()
    assert "rebuild failed" in server.output


def test_when_the_first_build_fails_an_error_page_stands_in(tmp_path: Path):
    project = _project(tmp_path)
    (project / "data" / "om" / "games.csv").write_text(games_csv()[:200], encoding="utf-8")
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "site_gen", "serve", "--port", str(port), "--out",
                             str(project / "_site"), "--root", str(project)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "CI": "true"})
    try:
        def error_page():
            try:
                _get(f"http://127.0.0.1:{port}/om/")
            except urllib.error.HTTPError as exc:
                return exc.code == 500 and "site-gen-error" in exc.read().decode("utf-8")
            return False
        assert _wait_for(error_page), "no error page"
    finally:
        proc.terminate()
        proc.communicate(timeout=15)
