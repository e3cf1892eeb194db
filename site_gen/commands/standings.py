"""`site-gen standings`: a competition's computed standings in the terminal."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from site_gen.csv_export import table_csv
from site_gen.json_document import competition_header, document_json, with_header
from site_gen.diagnostics import Diagnostics, did_you_mean, visible
from site_gen.model import Table
from site_gen.config import SiteConfig
from site_gen.pipeline.project import load_competition, read_site_config
from site_gen.formatting import format_number
from site_gen.standings_schema import schema_reference

FORMATS = ("table", "json", "csv")


def print_standings(root: Path, slug: str, fmt: str, stage: int | None) -> int:
    if fmt not in FORMATS:
        typer.echo(f'site-gen: unknown format "{fmt}"; one of: {", ".join(FORMATS)}', err=True)
        return 2
    folder = root / "data" / slug
    if not (folder / "competition.yaml").is_file():
        known = sorted(p.parent.name for p in (root / "data").glob("*/competition.yaml"))
        typer.echo(f'site-gen: no competition "{slug}" under data/{did_you_mean(slug, known)}', err=True)
        return 2
    diags = Diagnostics(root=root)
    competition = load_competition(folder, SiteConfig(), diags)
    if competition is None or diags.has_errors:
        for line in diags.format("warning"):
            typer.echo(line, err=True)
        return 1
    ruleset, settings, result = competition.ruleset, competition.settings, competition.result
    if fmt == "json":
        header = competition_header(competition.info, competition.state)
        schema = schema_reference(competition.info.rules, _base_url(root))  # as the build names it
        sys.stdout.buffer.write(document_json(with_header(header, ruleset.document(settings, result), schema)))
        return 0
    table = ruleset.standings_table(settings, result, stage)
    if table is None:
        typer.echo(f"site-gen: no stage {stage} in {slug}", err=True)
        return 2
    if fmt == "csv":
        sys.stdout.buffer.write(table_csv(table))
    else:
        typer.echo(text_table(table))
    return 0


def _base_url(root: Path) -> str:
    """site.yaml's base_url, which the build's documents name their schema from; the
    default when site.yaml is missing or wrong (`check` and `build` report that), or a
    link, which the build refuses to read."""
    path = root / "site.yaml"
    if path.is_symlink():
        return SiteConfig.base_url
    return read_site_config(root, Diagnostics(root=root)).base_url


def text_table(table: Table) -> str:
    cells = [[c.label for c in table.columns]]
    for row in table.rows:
        # names come from the data: never let one drive the terminal
        cells.append([visible(format_number(row.get(c.key), c.decimals)) for c in table.columns])
    widths = [max(len(r[i]) for r in cells) for i in range(len(table.columns))]
    lines = [table.caption]
    for index, row in enumerate(cells):
        parts = [v.rjust(w) if c.numeric else v.ljust(w) for v, w, c in zip(row, widths, table.columns)]
        lines.append("  ".join(parts).rstrip())
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
