"""`site-gen seat <competition> --round N`: write a swiss-cut round's seating.

Round 1 is the seed's draw; later rounds follow the standings after the round before.
The file gets the seating and empty result columns for the judge to fill in. Exit codes:
0 written, 1 refused (with the reason) or data errors, 2 usage errors.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import typer

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.pipeline.project import load_competition
from site_gen.rules.swiss_cut.load import ROUND_COLUMNS, ROUND_OPTIONAL
from site_gen.rules.swiss_cut.model import WINDS
from site_gen.rules.swiss_cut.seating import METHOD, Seating, plan_round

RULES = "swiss-cut"


def _say(message: str) -> None:
    typer.echo(message, err=True)


def seating_csv(seating: Seating, name: str, seed) -> str:
    """The round's file: a comment saying where the seating comes from, the header, and
    one row per player with empty result columns."""
    if seating.round == 1:
        origin = f"drawn with seed {seed!r}: {METHOD}"
    else:
        origin = f"seated from the standings after round {seating.round - 1} (places 1-4 at table 1; East the highest)"
    buffer = io.StringIO()
    buffer.write(f"# {name}, round {seating.round}: {origin}.\n")
    buffer.write("# Written by `site-gen seat`. Enter the results: score (wists, negative for a loss), mahjongs, "
                 "limit_hands, penalty (MI taken off).\n")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(ROUND_COLUMNS + ROUND_OPTIONAL)
    for number, players in enumerate(seating.tables, start=1):
        for player in players:
            writer.writerow([number, player] + [""] * len(ROUND_OPTIONAL))
    return buffer.getvalue()


def _write(path: Path, text: str) -> None:
    """Write through a temporary file, so a reader never sees half a seating."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def seat_round(root: Path, slug: str, round_number: int, force: bool = False) -> int:
    folder = root / "data" / slug
    if not (folder / "competition.yaml").is_file():
        known = sorted(p.parent.name for p in (root / "data").glob("*/competition.yaml"))
        _say(f'site-gen: no competition "{slug}" under data/{did_you_mean(slug, known)}')
        return 2
    diags = Diagnostics(root=root)
    competition = load_competition(folder, SiteConfig(), diags)
    if competition is not None and competition.ruleset.name != RULES:
        _say(f'site-gen: seat is for {RULES} tournaments; "{slug}" uses rules {competition.ruleset.name}')
        return 2
    if competition is None or diags.has_errors:
        for line in diags.format("warning"):
            _say(line)
        _say(f"site-gen: round {round_number} was not seated: fix the errors above first")
        return 1
    settings, data, result = competition.settings, competition.data, competition.result
    if not 1 <= round_number <= settings.rounds:
        _say(f"site-gen: there is no round {round_number}: the rounds are 1 to {settings.rounds} "
             "(the final's players are the best after the last round; final.csv is written by hand)")
        return 2
    target = folder / "rounds" / f"{round_number}.csv"
    existing = data.round(round_number)
    if existing is not None and any(s.score is not None for s in existing.seats):
        _say(f"site-gen: cannot seat round {round_number}: {target.relative_to(root)} holds results already; it was left as it was")
        return 1
    if existing is not None and not force:
        _say(f"site-gen: {target.relative_to(root)} exists already (a published seating); "
             "use --force to replace it")
        return 1
    later = [r.number for r in data.rounds if r.number > round_number]
    if later:
        _say(f"site-gen: cannot seat round {round_number}: round {later[0]} is seated already")
        return 1
    plan = plan_round(round_number, data, settings, result.all_standings)
    for warning in plan.warnings:
        _say(f"site-gen: warning: {warning}")
    if plan.seating is None:
        for refusal in plan.refusals:
            _say(f"site-gen: cannot seat round {round_number}: {refusal}")
        return 1
    _write(target, seating_csv(plan.seating, competition.info.name, settings.seed))
    count = len(plan.seating.tables)
    typer.echo(f"wrote {target.relative_to(root)}: round {round_number}, {count} table{'' if count == 1 else 's'}")
    for number, players in enumerate(plan.seating.tables, start=1):
        seats = ", ".join(f"{wind} {player}" for wind, player in zip(WINDS, players))
        typer.echo(f"  table {number}: {seats}")
    return 0
