"""bench/serve_browser.py, the bench's "what the organiser sees" case: `site-gen serve` with a
changed page open in Chromium, each save timed to the page reloaded with the change."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import unavailable

pytestmark = pytest.mark.browser

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_each_save_is_timed_to_the_open_page_reloaded_with_it(tmp_path):
    sys.path.insert(0, str(BENCH))
    from serve_browser import unavailable as why_not
    from serve_rebuild import save_originals

    if why_not():
        unavailable(why_not())
    root = tmp_path / "swiss"
    subprocess.run([sys.executable, str(BENCH / "generate_swiss_cut.py"), str(root), "--scale", "0.02"],
                   check=True, capture_output=True)
    change = tmp_path / "swiss.change"
    save_originals(root)  # what bench/run keeps before copying the change in
    page = "big-swiss/"  # the standings: the one changed result moves them
    done = subprocess.run([sys.executable, str(BENCH / "serve_browser.py"), str(root), str(tmp_path / "out"), page,
                           "3"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr  # it exits when a reload lacked the change
    each, last = done.stdout.splitlines()[-2:]
    times = [float(seconds) for seconds in each.split()]
    assert len(times) == 3 and all(seconds > 0 for seconds in times)
    saves, median = last.split()
    assert (int(saves), float(median)) == (3, sorted(times)[1])
    # three saves, change and back in turns: the project ends with the change in
    assert all((root / p.relative_to(change)).read_bytes() == p.read_bytes() for p in change.rglob("*") if p.is_file())
