"""`site-gen serve` as a process on a free loopback port, for the browser tests that edit a
project while a page is open."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest


def start_serve(project: Path) -> tuple[subprocess.Popen, str]:
    """serve of `project` into its _site/ (CI=true: no progress bar), once it answers; the
    process and its base URL. The caller terminates it."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "site_gen", "serve", "--port", str(port), "--out",
                             str(project / "_site"), "--root", str(project)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "CI": "true"})
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(base, timeout=5):
                return proc, base
        except OSError:
            time.sleep(0.2)
    proc.terminate()
    pytest.fail(f"site-gen serve did not start:\n{proc.communicate(timeout=15)[0]}")
