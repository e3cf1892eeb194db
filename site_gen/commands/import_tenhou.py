"""`site-gen import tenhou <files...> --into <competition>`: Tenhou's raw logs into a
best-span competition's logs/ folder, keeping only the lines that name a participant and
could count, under Tenhou's own file names (plain text: a day's import is a readable diff).

Lines already there are kept and new ones appended, so importing the same files again
changes nothing and importing a fuller copy of a file adds only what was missing.
"""

from __future__ import annotations

import contextlib
import gzip
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import typer

from site_gen.config import parse_fields
from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.pipeline.project import COMMON_FIELDS, read_competition_yaml
from site_gen.rules.best_span.load import load_participants
from site_gen.rules.best_span.model import Settings
from site_gen.rules.best_span.settings import FIELDS, make_settings
from site_gen.sources.tenhou_files import Archives, LogSource, find_sources, read_blocks, read_lines
from site_gen.sources.tenhou_log import LineScanner

EXIT_DATA, EXIT_USAGE = 1, 2


@dataclass
class Tally:
    files: int = 0
    lines: int = 0
    outside: int = 0
    kept: int = 0
    written: int = 0
    new_lines: int = 0


def import_tenhou(root: Path, files: list[Path], competition: str, progress: bool = False) -> int:
    folder = root / "data" / competition
    if not (folder / "competition.yaml").is_file():
        known = sorted(p.parent.name for p in (root / "data").glob("*/competition.yaml"))
        typer.echo(f'site-gen: no competition "{competition}" under data/{did_you_mean(competition, known)}', err=True)
        return EXIT_USAGE
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        typer.echo(f"site-gen: no such file: {', '.join(missing)}", err=True)
        return EXIT_USAGE
    diags = Diagnostics(root=root)
    settings = _settings(folder / "competition.yaml", diags)
    if settings == "not best-span":
        typer.echo(f"site-gen: {competition} does not use the best-span rules: nothing to import into", err=True)
        return EXIT_USAGE
    participants = load_participants(folder / "participants.csv", diags) if settings is not None else None
    if settings is None or participants is None:
        _print(diags)
        return EXIT_DATA
    names = {p.player for p in participants}
    logs = folder / "logs"
    existing = {s.name.canonical: s for s in find_sources([logs], Diagnostics())} if logs.is_dir() else {}
    sources = find_sources([f.resolve() for f in files], diags)
    tally = Tally()
    scanners = {f: LineScanner(f, settings.tables, settings.direct_lobbies) for f in ("sca", "scb", "scc")}
    bar = typer.progressbar(sources, label="Importing", file=sys.stderr) if progress else contextlib.nullcontext(sources)
    with bar as items, Archives() as archives:
        for source in items:
            tally.files += 1
            if not settings.period.contains(source.name.day):
                tally.outside += 1
                continue
            kept = _kept_lines(source, scanners[source.name.family], names, diags, tally, archives)
            tally.kept += len(kept)
            if kept:
                _merge(logs, source, existing.get(source.name.canonical), kept, diags, tally)
    _print(diags)
    where = logs.relative_to(root).as_posix() + "/"
    outside = f" ({tally.outside} of days outside the period skipped)" if tally.outside else ""
    typer.echo(f"read {tally.lines:,} lines in {tally.files} files{outside}; kept {tally.kept:,} lines naming a "
               f"participant; " + (f"wrote {tally.written} files under {where} ({tally.new_lines:,} new lines)"
                                   if tally.written else f"nothing new: {where} is up to date"))
    return EXIT_DATA if diags.has_errors else 0


def _settings(path: Path, diags: Diagnostics) -> Settings | str | None:
    doc = read_competition_yaml(path, diags)
    if doc is None:
        return None
    if doc.get("rules") != "best-span":
        return "not best-span"
    values = parse_fields(doc, list(COMMON_FIELDS) + list(FIELDS), path, diags)
    if values is None:
        return None
    for field in COMMON_FIELDS:
        values.pop(field.key)
    return make_settings(values)


def _kept_lines(source: LogSource, scanner: LineScanner, names: set[str], diags: Diagnostics, tally: Tally,
                archives: Archives) -> list[str]:
    kept: list[str] = []

    def malformed(line: int, why: str) -> None:
        diags.warning(source.display, line, f"malformed line skipped: {why}")

    for first, text in read_blocks(source, diags, archives=archives):
        tally.lines += text.count("\n") + (0 if text.endswith("\n") else 1)
        kept += [g.text for g in scanner.scan(text, first, lambda n: not names.isdisjoint(n), malformed)]
    return kept


def _merge(logs: Path, source: LogSource, present: LogSource | None, kept: list[str], diags: Diagnostics,
           tally: Tally) -> None:
    """Append the lines not yet in the competition's copy of the file (creating it)."""
    if present is not None and present.member is not None:
        diags.error(present.display, None, f"already holds {source.name.canonical}; import does not rewrite a zip: "
                                           "unpack it into logs/ first")
        return
    if present is not None:
        target = present.path
        old = [text for _, text in read_lines(present, diags)]
    else:
        target = logs.joinpath(*source.folders, source.name.canonical)
        old = []
    seen = {line.rstrip("\r") for line in old}
    new = []
    for line in kept:
        if line.rstrip("\r") not in seen:
            seen.add(line.rstrip("\r"))
            new.append(line)
    if not new:
        return
    data = "".join(line + "\n" for line in old + new).encode("utf-8")
    if target.name.endswith(".gz"):
        data = gzip.compress(data, mtime=0)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.importing")
    temporary.write_bytes(data)
    os.replace(temporary, target)
    tally.written += 1
    tally.new_lines += len(new)


def _print(diags: Diagnostics) -> None:
    for line in diags.format("warning"):
        typer.echo(line, err=True)
