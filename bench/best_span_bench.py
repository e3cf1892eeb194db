"""Benchmark of the best-span pipeline on the case bench/best_span_generate.py writes.

    python bench/best_span_generate.py /tmp/bs-bench [--lines 10000000]
    python bench/best_span_bench.py /tmp/bs-bench [--raw-build]

Measures, each in its own process where memory matters:
  reader  lines per second of the log reader over the raw year (one core, in process)
  import  wall time and peak memory of `site-gen import tenhou raw/scraw2009.zip --into big`
  build   wall time and peak memory of `site-gen build --jobs 1` on the imported logs (no cache)
  raw     the same build reading the raw year itself (--raw-build)
  span    the best span of one player with 100,000 games
Not a test: numbers depend on the machine; the aims are 1 million lines a second for the
reader and well under a second for the span.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

PEAK = ("import resource, subprocess, sys\n"
        "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "sys.stderr.write(done.stderr[-2000:])\n"
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")


def measured(*command: str) -> tuple[float, float]:
    """(wall seconds, peak resident MiB) of a command run in a fresh process."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PEAK, *command], capture_output=True, text=True)
    wall = time.perf_counter() - start
    code, kib = done.stdout.split()
    if int(code) != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    return wall, int(kib) / 1024


def reader(raw: Path, participants: set[str]) -> tuple[int, float]:
    from site_gen.diagnostics import Diagnostics
    from site_gen.sources.tenhou_files import Archives, find_sources, read_blocks
    from site_gen.sources.tenhou_log import LineScanner

    diags = Diagnostics()
    scanners = {f: LineScanner(f, ["特", "鳳"], ["L1234"]) for f in ("sca", "scb", "scc")}
    lines = kept = 0
    start = time.perf_counter()
    with Archives() as archives:
        for source in find_sources([raw], diags):
            scanner = scanners[source.name.family]
            for first, text in read_blocks(source, diags, archives=archives):
                lines += text.count("\n")
                kept += sum(1 for _ in scanner.scan(text, first, lambda n: not participants.isdisjoint(n),
                                                    lambda *p: None))
    return lines, time.perf_counter() - start


def span_seconds(games: int = 100_000) -> float:
    from site_gen.rules.best_span.span import best_span

    rng = random.Random(5)
    points = [rng.choice((4, 2, 1, 0)) for _ in range(games)]
    weights = [rng.choice((100, 105, 0)) for _ in range(games)]
    start = time.perf_counter()
    best_span(points, weights, 500)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("case", type=Path, help="the folder bench/best_span_generate.py wrote")
    parser.add_argument("--raw-build", action="store_true", help="also build from the raw year copied into logs/")
    args = parser.parse_args()
    raw, site = args.case / "raw", args.case / "site"
    logs = site / "data" / "big" / "logs"
    participants = set((site / "data" / "big" / "participants.csv").read_text(encoding="utf-8").split()[1:])
    results: dict[str, object] = {}

    lines, seconds = reader(raw, participants)
    results["reader"] = {"lines": lines, "seconds": round(seconds, 2), "lines_per_second": round(lines / seconds)}
    print(f"reader: {lines:,} lines in {seconds:.2f} s = {lines / seconds:,.0f} lines/s", flush=True)

    shutil.rmtree(logs, ignore_errors=True)
    logs.mkdir()
    site_gen = [sys.executable, "-m", "site_gen"]
    wall, peak = measured(*site_gen, "import", "tenhou", str(raw / "scraw2009.zip"), "--into", "big", "--root", str(site))
    kept = sum(1 for p in logs.rglob("*") if p.is_file())
    results["import"] = {"seconds": round(wall, 2), "peak_mib": round(peak), "files_written": kept}
    print(f"import: {wall:.2f} s, peak {peak:.0f} MiB, {kept} files written", flush=True)

    shutil.rmtree(site / ".site-gen-cache", ignore_errors=True)
    wall, peak = measured(*site_gen, "build", "--root", str(site), "--out", str(args.case / "_site"), "--jobs", "1")
    pages = sum(1 for _ in (args.case / "_site").rglob("index.html"))
    results["build"] = {"seconds": round(wall, 2), "peak_mib": round(peak), "pages": pages}
    print(f"build (imported logs, --jobs 1, no cache): {wall:.2f} s, peak {peak:.0f} MiB, {pages} pages", flush=True)

    if args.raw_build:
        shutil.rmtree(logs)
        logs.mkdir()
        shutil.copy(raw / "scraw2009.zip", logs / "scraw2009.zip")
        shutil.rmtree(site / ".site-gen-cache", ignore_errors=True)
        wall, peak = measured(*site_gen, "build", "--root", str(site), "--out", str(args.case / "_site_raw"),
                              "--jobs", "1")
        results["raw_build"] = {"seconds": round(wall, 2), "peak_mib": round(peak)}
        print(f"build (the raw year in logs/): {wall:.2f} s, peak {peak:.0f} MiB", flush=True)

    seconds = span_seconds()
    results["span_100k_games_seconds"] = round(seconds, 3)
    print(f"span of 100,000 games: {seconds:.3f} s")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
