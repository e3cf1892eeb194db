"""bench/targets.py: bench/run judges the issue's targets on its own rows. The rows below are
the online marathon's and swiss-cut's from a real run (2026-12-02); each expected verdict
was worked out by hand from them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import targets  # noqa: E402 - bench/ is not a package
from targets import verdicts  # noqa: E402

ONLINE = [
    ("online-marathon x1", targets.BARE, 2012, 13.27, 480),
    ("online-marathon x1", targets.CLEAN_J1, 2012, 18.26, 329),
    ("online-marathon x1", targets.CLEAN_J2, 2012, 16.28, 329),
    ("online-marathon x1", targets.HUGO, 2009, 30.80, 1573),
    ("online-marathon x1", targets.NOTHING, 2012, 0.14, 17),
    ("online-marathon x1", targets.ONE_RESULT, 2012, 7.13, 330),
    ("online-marathon x1", targets.BARE_CHANGED, 196, 2.34, 291),
    ("online-marathon x1", targets.SERVE, 2012, 1.47, 786),
]


def _table(found: list[targets.Verdict]) -> list[tuple[str, str, bool]]:
    return [(verdict.target, verdict.measured, verdict.met) for verdict in found]


def test_the_online_marathon_row_by_row():
    # 18.26 / 13.27 = 1.376 <= 1.5; 16.28 / 13.27 = 1.227, not < 1; 16.28 / 30.80 = 0.529 < 1;
    # min(18.26, 16.28) / 0.14 = 116.3 >= 20; 7.13 s, not < 2; 1.47 s, not < 0.5
    assert _table(verdicts(ONLINE)) == [
        ("clean --jobs 1 at most 1.5× the bare loop", "1.38×", True),
        ("clean --jobs 2 faster than the bare loop", "1.23×", False),
        ("clean --jobs 2 faster than Hugo", "0.53×", True),
        ("nothing changed at least 20× faster than a clean build", "116.3×", True),
        ("one result changed, command line, under 2 s", "7.13 s", False),
        ("one result changed, in serve, under 0.5 s", "1.47 s", False),
    ]
    assert {verdict.label for verdict in verdicts(ONLINE)} == {"online-marathon x1"}


def test_nothing_changed_is_judged_against_the_faster_clean_build():
    # swiss-cut: 0.75 / 0.07 = 10.7 against --jobs 1; --jobs 2 took 0.76, so --jobs 1 is the faster
    rows = [("swiss-cut x1", targets.CLEAN_J1, 277, 0.75, 34), ("swiss-cut x1", targets.CLEAN_J2, 277, 0.76, 33),
            ("swiss-cut x1", targets.NOTHING, 277, 0.07, 18)]
    [nothing] = [verdict for verdict in verdicts(rows) if verdict.target.startswith("nothing")]
    assert (nothing.measured, nothing.met) == ("10.7×", False)
    # 0.40 / 0.02 = 20 exactly: "at least 20×" is met
    rows[1] = ("swiss-cut x1", targets.CLEAN_J2, 277, 0.40, 33)
    rows[2] = ("swiss-cut x1", targets.NOTHING, 277, 0.02, 18)
    [nothing] = [verdict for verdict in verdicts(rows) if verdict.target.startswith("nothing")]
    assert (nothing.measured, nothing.met) == ("20.0×", True)


def test_the_bounds_are_the_issues():
    # at most 1.5×: 1.5 exactly is met; faster than the loop: the same time is not
    rows = [("s x1", targets.BARE, 10, 2.0, 1), ("s x1", targets.CLEAN_J1, 10, 3.0, 1),
            ("s x1", targets.CLEAN_J2, 10, 2.0, 1), ("s x1", targets.ONE_RESULT, 10, 2.0, 1),
            ("s x1", targets.SERVE, 10, 0.5, 1)]
    assert [verdict.met for verdict in verdicts(rows)] == [True, False, False, False]


def test_the_tenhou_peak_counts_site_gens_builds_only():
    # Hugo's and the bare loop's memory is theirs: 990 MB (serve) is site-gen's highest
    rows = [("best-span x1", targets.BARE, 1008, 8.48, 861), ("best-span x1", targets.HUGO, 1006, 30.99, 3000),
            ("best-span x1", targets.CLEAN_J1, 1008, 27.90, 688), ("best-span x1", targets.SERVE, 1008, 0.53, 990)]
    [peak] = [verdict for verdict in verdicts(rows) if verdict.target.startswith("peak")]
    assert (peak.measured, peak.met) == ("990 MB", True)
    rows.append(("best-span x1", targets.RESTART_START, 1008, 7.52, 2048))
    [peak] = [verdict for verdict in verdicts(rows) if verdict.target.startswith("peak")]
    assert (peak.measured, peak.met) == ("2048 MB", False)
    # other scenarios' memory has no target
    assert not [verdict for verdict in verdicts(ONLINE) if verdict.target.startswith("peak")]


def test_a_clean_only_run_judges_what_it_measured():
    rows = [row for row in ONLINE if row[1] in (targets.BARE, targets.CLEAN_J1)]
    assert _table(verdicts(rows)) == [("clean --jobs 1 at most 1.5× the bare loop", "1.38×", True)]


def test_bench_run_prints_the_verdicts_under_its_table(tmp_path):
    done = subprocess.run([sys.executable, str(BENCH / "run"), "--quick", "--scale", "0.02", "--scenario", "swiss-cut",
                           "--work", str(tmp_path)], check=True, capture_output=True, text=True)
    lines = done.stdout.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("targets (the issue's")))
    judged = [line for line in lines[start + 2:] if line.startswith("swiss-cut x0.02")]
    # --jobs 1 and 2, nothing changed, one result, serve (and Hugo, where it is installed)
    assert len(judged) == len(lines) - start - 2 >= 5
    assert all(line.endswith((" yes", " NO")) for line in judged)
    met = sum(line.endswith(" yes") for line in judged)
    assert lines[start].startswith(f"targets (the issue's, set for scale 1): {met} of {len(judged)} met")
