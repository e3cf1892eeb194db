"""Lighthouse (npm, pinned in tests/tools, `make node-tools`) run by Debian's Chromium on
pages of a built site served from 127.0.0.1, as a phone sees them (Lighthouse's mobile
form factor). Shared by the site test (accessibility, best practices, SEO) and by
bench/lighthouse (those and performance, whose score is too noisy on a shared machine to
assert in a test).

No request leaves the machine: Chromium starts without its background services, Lighthouse
without error reporting, and the pages load nothing from elsewhere (the browser tests check).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CLI = REPO / "tests" / "tools" / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = os.environ.get("SITE_GEN_CHROMIUM", "/usr/bin/chromium")
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
                "--disable-background-networking --disable-component-update --disable-sync")
ALL_CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TIMEOUT_S = 240  # one page; a run takes 8-30 s on 2 busy cores
PERFORMANCE_TARGET = 0.9  # the median of the runs: one run moves by ten points with the load


def unavailable(chromium: str = CHROMIUM) -> str | None:
    """Why Lighthouse cannot run here, or None."""
    if shutil.which("node") is None:
        return "node is not installed: cannot run Lighthouse"
    if not CLI.is_file():
        return f"the npm package lighthouse is not installed at {CLI.parent.parent}: run `make node-tools`"
    if not (os.path.isfile(chromium) and os.access(chromium, os.X_OK)):
        return f"Chromium not found at {chromium}: run `make chromium`"
    return None


@dataclass
class Report:
    """One Lighthouse run: each category's score (0-1, None when Lighthouse could not score
    it) and, per category, what cost it points or could not be judged."""

    url: str
    scores: dict[str, float | None] = field(default_factory=dict)
    problems: dict[str, list[str]] = field(default_factory=dict)
    failed_audits: set[str] = field(default_factory=set)
    unjudged: dict[str, list[str]] = field(default_factory=dict)  # the page or an audit failed to load or run


def run(url: str, categories=ALL_CATEGORIES, chromium: str = CHROMIUM) -> Report:
    """Lighthouse's verdict on the page at `url` in the given categories."""
    cmd = ["node", str(CLI), url, f"--chrome-flags={CHROME_FLAGS}", "--form-factor=mobile",
           f"--only-categories={','.join(categories)}", "--output=json", "--output-path=stdout",
           "--quiet", "--no-enable-error-reporting", "--disable-full-page-screenshot"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S,
                          env={**os.environ, "CHROME_PATH": chromium}, cwd=CLI.parents[3])
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"Lighthouse failed on {url} (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return read(json.loads(done.stdout), url)


def read(result: dict, url: str) -> Report:
    """The scores and the audits that cost points, from Lighthouse's JSON result."""
    report = Report(url)
    run_error = (result.get("runtimeError") or {}).get("message")
    for name, category in result["categories"].items():
        report.scores[name] = category["score"]
        unjudged = [f"Lighthouse could not load the page: {run_error}"] if run_error else []
        problems = []
        for ref in category["auditRefs"]:
            audit = result["audits"][ref["id"]]
            if audit["scoreDisplayMode"] == "error":  # an audit that broke is left out of the score
                unjudged.append(f"{ref['id']}: the audit failed to run: {audit.get('errorMessage', '')}")
            elif ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                report.failed_audits.add(ref["id"])
                shown = f" ({audit['displayValue']})" if audit.get("displayValue") else ""
                problems.append(f"{ref['id']} {audit['score']:.2f}{shown}: {audit['title']}")
        report.problems[name] = unjudged + problems
        report.unjudged[name] = unjudged
    return report


def chosen_pages(files: Path) -> dict[str, str]:
    """{kind: site-relative URL} of a built site: the home page, a standings page (the
    longest competition overview, which leads with the standings), a player page of that
    competition (the first by name) and the heaviest page (the largest HTML file)."""
    overviews = [p for p in files.glob("*/index.html") if (p.parent / "players").is_dir()]
    pages = {"home": ""}
    if overviews:
        standings = max(overviews, key=lambda p: (p.stat().st_size, p.as_posix()))
        pages["standings"] = standings.parent.name + "/"
        players = sorted(standings.parent.glob("players/*/index.html"))
        if players:
            pages["player"] = players[0].parent.relative_to(files).as_posix() + "/"
    heaviest = max(files.rglob("*.html"), key=lambda p: (p.stat().st_size, p.as_posix()))
    rel = heaviest.relative_to(files).as_posix()
    pages["heaviest"] = rel[: -len("index.html")] if rel.endswith("/index.html") else rel
    return pages


def median_score(reports: list[Report], category: str) -> float | None:
    known = [r.scores[category] for r in reports if r.scores.get(category) is not None]
    return statistics.median(known) if known else None


def missed_targets(pages: dict[str, str], reports: dict[str, list[Report]]) -> list[str]:
    """The issue's targets a set of runs missed: performance's median at least 90 on each
    page; accessibility, best practices and SEO 100 in every run, every audit judged."""
    missed = []
    for kind, rel in pages.items():
        runs = reports[kind]
        median = median_score(runs, "performance")
        if median is None or median < PERFORMANCE_TARGET:
            missed.append(f"{kind} ({rel}): performance median {percent(median)} < {percent(PERFORMANCE_TARGET)}")
        for category in ALL_CATEGORIES[1:]:
            scores = [r.scores.get(category) for r in runs]
            unjudged = [u for r in runs for u in r.unjudged.get(category, [])]
            if None in scores or min(scores, default=0) < 1 or unjudged:
                low = min((s for s in scores if s is not None), default=None)
                missed.append(f"{kind} ({rel}): {category} {percent(low)} in a run" + (f"; {unjudged[0]}" if unjudged else ""))
    return missed


def percent(score: float | None) -> str:
    return "-" if score is None else f"{round(score * 100)}"
