"""bench/targets.py: bench/run judges issue 40's bounds on its own rows. Each expected verdict
below was worked out by hand from the rows (label, case, pages, seconds, peak MB, bytes)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import targets  # noqa: E402 - bench/ is not a package
from targets import verdicts  # noqa: E402

ONLINE = [
    ("online-marathon x1", targets.BARE, 2012, 3.00, 480, None),
    ("online-marathon x1", targets.BARE_JOB, 2000, 2.00, 200, 100_000_000),
    ("online-marathon x1", targets.CLEAN_J1, 2012, 10.00, 329, 300_000_000),
    ("online-marathon x1", targets.CLEAN_J2, 2012, 7.00, 329, 300_000_000),
    ("online-marathon x1", targets.NOTHING, 2012, 0.30, 17, None),
    ("online-marathon x1", targets.ONE_RESULT, 2012, 2.50, 330, None),
    ("online-marathon x1", targets.SERVE_BROWSER, 2012, 1.60, 900, None),
]


def _table(found: list[targets.Verdict]) -> list[tuple[str, str, bool]]:
    return [(verdict.target, verdict.measured, verdict.met) for verdict in found]


def test_the_online_marathon_row_by_row():
    # time per byte: (10 / 3e8) / (2 / 1e8) = 3.333e-8 / 2e-8 = 1.67 > 1.5
    # jobs: 10 / 7 = 1.43 >= 1.3
    # nothing: bound max(7 / 20, 0.5) = max(0.35, 0.5) = 0.5; 0.30 <= 0.5
    # one result: bound max(7 / 3, 1) = 2.33; 2.50 > 2.33
    # browser: 1.60 > 1.5
    assert _table(verdicts(ONLINE)) == [
        ("clean --jobs 1: time per byte at most 1.5× the bare job's", "1.67×", False),
        ("--jobs 2 at least 1.3× faster than --jobs 1", "1.43×", True),
        ("nothing changed within max(clean/20, 0.5 s) = 0.50 s", "0.30 s", True),
        ("one result changed, command line, within max(clean/3, 1 s) = 2.33 s", "2.50 s", False),
        ("serve: save to page reloaded, median at most 1.5 s", "1.60 s", False),
    ]


def test_the_bounds_hold_at_their_edges():
    # time per byte (3 / 3e8) / (2 / 2e8) = 1.0; jobs 3 / 2.25 = 1.33; nothing: max(2.25/20, 0.5) = 0.5
    # exactly; one: max(0.75, 1) = 1 exactly; browser 1.5 exactly: all met
    rows = [("m x1", targets.BARE_JOB, 10, 2.0, 1, 200), ("m x1", targets.CLEAN_J1, 10, 3.0, 1, 300),
            ("m x1", targets.CLEAN_J2, 10, 2.25, 1, 300), ("m x1", targets.NOTHING, 10, 0.5, 1, None),
            ("m x1", targets.ONE_RESULT, 10, 1.0, 1, None), ("m x1", targets.SERVE_BROWSER, 10, 1.5, 1, None)]
    assert [verdict.met for verdict in verdicts(rows)] == [True, True, True, True, True]
    # a large clean build moves the rebuild bounds: clean 60 s gives 3 s and 20 s
    rows = [("m x1", targets.CLEAN_J1, 10, 60.0, 1, 300), ("m x1", targets.NOTHING, 10, 2.9, 1, None),
            ("m x1", targets.ONE_RESULT, 10, 20.5, 1, None)]
    assert _table(verdicts(rows)) == [
        ("nothing changed within max(clean/20, 0.5 s) = 3.00 s", "2.90 s", True),
        ("one result changed, command line, within max(clean/3, 1 s) = 20.00 s", "20.50 s", False),
    ]


def test_a_markdown_edit_of_the_example_site_is_held_to_half_a_second():
    rows = [(targets.EXAMPLE, targets.SERVE_BROWSER, 1, 0.45, 300, None)]
    assert _table(verdicts(rows)) == [("serve: save to page reloaded, median at most 0.5 s", "0.45 s", True)]
    rows = [(targets.EXAMPLE, targets.SERVE_BROWSER, 1, 0.55, 300, None)]
    assert [verdict.met for verdict in verdicts(rows)] == [False]


def test_the_tenhou_peak_counts_site_gens_builds_only():
    # the bare loop's memory is its own: 990 MB (serve) is site-gen's highest
    rows = [("best-span x1", targets.BARE, 1008, 8.48, 3000, None),
            ("best-span x1", targets.CLEAN_J1, 1008, 27.90, 688, None),
            ("best-span x1", targets.SERVE, 1008, 0.53, 990, None)]
    [peak] = [verdict for verdict in verdicts(rows) if verdict.target.startswith("peak")]
    assert (peak.measured, peak.met) == ("990 MB", True)
    rows.append(("best-span x1", targets.RESTART_START, 1008, 7.52, 2048, None))
    [peak] = [verdict for verdict in verdicts(rows) if verdict.target.startswith("peak")]
    assert (peak.measured, peak.met) == ("2048 MB", False)
    assert not [verdict for verdict in verdicts(ONLINE) if verdict.target.startswith("peak")]


def test_a_clean_only_run_judges_what_it_measured():
    rows = [row for row in ONLINE if row[1] in (targets.BARE, targets.BARE_JOB, targets.CLEAN_J1)]
    assert _table(verdicts(rows)) == [("clean --jobs 1: time per byte at most 1.5× the bare job's", "1.67×", False)]


def test_bench_run_prints_the_verdicts_under_its_table(tmp_path):
    done = subprocess.run([sys.executable, str(BENCH / "run"), "--quick", "--scale", "0.01", "--scenario",
                           "online-marathon", "--work", str(tmp_path)], check=True, capture_output=True, text=True)
    lines = done.stdout.splitlines()
    assert any(line.startswith("online-marathon x0.01") and targets.BARE_JOB in line for line in lines)
    start = lines.index(next(line for line in lines if line.startswith("bounds (issue 40's")))
    judged = [line for line in lines[start + 2:] if line.strip()]
    # per byte, jobs, nothing changed, one result (and the two browser cases, where Chromium is)
    assert len(judged) >= 4
    assert all(line.endswith((" yes", " NO")) for line in judged)
    met = sum(line.endswith(" yes") for line in judged)
    assert lines[start].startswith(f"bounds (issue 40's, set for scale 1): {met} of {len(judged)} met")
