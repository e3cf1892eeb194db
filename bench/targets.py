"""The issue's speed targets, judged on one bench/run's rows: bench/run prints them under its
table, so a run says by itself which targets it met instead of leaving the reader to divide.

A row is (label, case, pages, wall seconds, peak MB), as bench/run's measure() returns it;
the label is "SCENARIO xSCALE". A target whose cases a run left out (--clean-only, no Hugo)
is not judged. The issue sets them for scale 1; other scales are judged alike, for what
that shows. How time grows with the data is bench/run's growth table, not judged here: a
factor per doubling near 2 reads as linear, but one run's noise is larger than the
difference between n and n·log n.
"""

from __future__ import annotations

from typing import NamedTuple

BARE = "bare Jinja2 loop"
BARE_CHANGED = "bare loop, changed pages only"
HUGO = "Hugo, the same tables"
CLEAN_J1 = "clean build --jobs 1"
CLEAN_J2 = "clean build --jobs 2"
NOTHING = "rebuild, nothing changed"
ONE_RESULT = "rebuild, one result changed"
SERVE = "serve: one result changed"
RESTART_START = "serve restarted: start"
RESTART_EDIT = "serve restarted: first edit"
SERVE_BROWSER = "serve: save to page reloaded"  # in Chromium (bench/serve_browser.py); no target of its own

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
    """Each scenario's targets that its cases in `rows` can judge, in the issue's order."""
    wall = {(label, case): seconds for label, case, _, seconds, _ in rows}
    found: list[Verdict] = []
    for label in dict.fromkeys(row[0] for row in rows):
        def time(case: str) -> float | None:
            return wall.get((label, case))

        def judge(target: str, measured: str, met: bool) -> None:
            found.append(Verdict(label, target, measured, met))

        bare, j1, j2, hugo = time(BARE), time(CLEAN_J1), time(CLEAN_J2), time(HUGO)
        if bare and j1 is not None:
            judge("clean --jobs 1 at most 1.5× the bare loop", f"{j1 / bare:.2f}×", j1 <= 1.5 * bare)
        if bare and j2 is not None:
            judge("clean --jobs 2 faster than the bare loop", f"{j2 / bare:.2f}×", j2 < bare)
        if hugo and j2 is not None:
            judge("clean --jobs 2 faster than Hugo", f"{j2 / hugo:.2f}×", j2 < hugo)
        nothing = time(NOTHING)
        clean = [seconds for seconds in (j1, j2) if seconds is not None]
        if nothing is not None and clean:
            # against the faster clean build, the stricter reading of "a clean build" (a plain
            # `site-gen build` runs --jobs 2 on this machine's 2 cores)
            times = min(clean) / nothing if nothing else float("inf")
            judge("nothing changed at least 20× faster than a clean build", f"{times:.1f}×", times >= 20)
        one = time(ONE_RESULT)
        if one is not None:
            judge("one result changed, command line, under 2 s", f"{one:.2f} s", one < 2)
        serve = time(SERVE)
        if serve is not None:
            judge("one result changed, in serve, under 0.5 s", f"{serve:.2f} s", serve < 0.5)
        if label.split()[0] == TENHOU:
            peaks = [peak for row_label, case, _, _, peak in rows if row_label == label and case in OUR_CASES]
            if peaks:
                judge(f"peak memory under {PEAK_MB // 1024} GB", f"{max(peaks):.0f} MB", max(peaks) < PEAK_MB)
    return found


def print_verdicts(rows: list[tuple]) -> None:
    found = verdicts(rows)
    if not found:
        return
    met = sum(verdict.met for verdict in found)
    print(f"\ntargets (the issue's, set for scale 1): {met} of {len(found)} met in this run")
    print(f"{'scenario':26} {'target':56} {'measured':>9}  met")
    for verdict in found:
        print(f"{verdict.label:26} {verdict.target:56} {verdict.measured:>9}  {'yes' if verdict.met else 'NO'}")
