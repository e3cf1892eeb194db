"""The bounds issue 40 sets, judged on one bench/run's rows: bench/run prints them under its
table, so a run says by itself which bounds it met instead of leaving the reader to divide.

A row is (label, case, pages, wall seconds, peak MB, bytes written or None), as bench/run's
measure() returns it; the label is "SCENARIO xSCALE". A bound whose cases a run left out
(--clean-only, no Chromium) is not judged. The bounds are set for the online marathon of
60,000 games and 2,000 players (bench/run's default size at scale 1) and for a Markdown
edit of the example site; the other scenarios are judged alike, for what that shows, and
best-span's peak memory as before.
"""

from __future__ import annotations

from typing import NamedTuple

BARE = "bare Jinja2 loop"
BARE_CHANGED = "bare loop, changed pages only"
BARE_JOB = "bare job: CSV, group, a page each"  # bench/bare_job.py: the clean build's yardstick
HUGO = "Hugo, the same tables"
CLEAN_J1 = "clean build --jobs 1"
CLEAN_J2 = "clean build --jobs 2"
NOTHING = "rebuild, nothing changed"
ONE_RESULT = "rebuild, one result changed"
SERVE = "serve: one result changed"
RESTART_START = "serve restarted: start"
RESTART_EDIT = "serve restarted: first edit"
SERVE_BROWSER = "serve: save to page reloaded"  # in Chromium (bench/serve_browser.py)
EXAMPLE = "example site, Markdown edit"  # the label of the example site's browser case

TENHOU = "best-span"  # the scenario whose peak memory the issue bounds
PEAK_MB = 2048
# the builds whose peak counts: site-gen's own processes, not the bare loop or Hugo
# (SERVE_BROWSER's peak is the largest process of its run, Chromium's among them)
OUR_CASES = (CLEAN_J1, CLEAN_J2, NOTHING, ONE_RESULT, SERVE, RESTART_START, RESTART_EDIT)


class Verdict(NamedTuple):
    label: str  # "online-marathon x1"
    target: str
    measured: str
    met: bool


def verdicts(rows: list[tuple]) -> list[Verdict]:
    """Each scenario's bounds that its cases in `rows` can judge, in the issue's order."""
    wall = {(label, case): seconds for label, case, _, seconds, _, _ in rows}
    written = {(label, case): size for label, case, _, _, _, size in rows}
    found: list[Verdict] = []
    for label in dict.fromkeys(row[0] for row in rows):
        def time(case: str) -> float | None:
            return wall.get((label, case))

        def judge(target: str, measured: str, met: bool) -> None:
            found.append(Verdict(label, target, measured, met))

        j1, j2, job = time(CLEAN_J1), time(CLEAN_J2), time(BARE_JOB)
        if job and j1 is not None and written.get((label, CLEAN_J1)) and written.get((label, BARE_JOB)):
            ratio = (j1 / written[label, CLEAN_J1]) / (job / written[label, BARE_JOB])
            judge("clean --jobs 1: time per byte at most 1.5× the bare job's", f"{ratio:.2f}×", ratio <= 1.5)
        if j1 is not None and j2:
            judge("--jobs 2 at least 1.3× faster than --jobs 1", f"{j1 / j2:.2f}×", j1 / j2 >= 1.3)
        clean = min((seconds for seconds in (j1, j2) if seconds is not None), default=None)
        nothing, one = time(NOTHING), time(ONE_RESULT)
        if nothing is not None and clean is not None:
            bound = max(clean / 20, 0.5)
            judge(f"nothing changed within max(clean/20, 0.5 s) = {bound:.2f} s", f"{nothing:.2f} s", nothing <= bound)
        if one is not None and clean is not None:
            bound = max(clean / 3, 1.0)
            judge(f"one result changed, command line, within max(clean/3, 1 s) = {bound:.2f} s", f"{one:.2f} s",
                  one <= bound)
        browser = time(SERVE_BROWSER)
        if browser is not None:
            bound = 0.5 if label == EXAMPLE else 1.5
            judge(f"serve: save to page reloaded, median at most {bound} s", f"{browser:.2f} s", browser <= bound)
        if label.split()[0] == TENHOU:
            peaks = [peak for row_label, case, _, _, peak, _ in rows if row_label == label and case in OUR_CASES]
            if peaks:
                judge(f"peak memory under {PEAK_MB // 1024} GB", f"{max(peaks):.0f} MB", max(peaks) < PEAK_MB)
    return found


def print_verdicts(rows: list[tuple]) -> None:
    found = verdicts(rows)
    if not found:
        return
    met = sum(verdict.met for verdict in found)
    print(f"\nbounds (issue 40's, set for scale 1): {met} of {len(found)} met in this run")
    print(f"{'scenario':26} {'bound':72} {'measured':>9}  met")
    for verdict in found:
        print(f"{verdict.label:26} {verdict.target:72} {verdict.measured:>9}  {'yes' if verdict.met else 'NO'}")
