"""`site-gen new <rules> <competition>`: a competition folder with commented examples."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import typer

from site_gen.diagnostics import did_you_mean
from site_gen.rules.registry import RULESETS
from site_gen.slugs import slugify


def new_competition(root: Path, rules: str, slug: str, name: str | None) -> int:
    ruleset = RULESETS.get(rules)
    if ruleset is None:
        typer.echo(f'site-gen: unknown rules "{rules}"; known rule sets: {", ".join(RULESETS)}{did_you_mean(rules, RULESETS)}', err=True)
        return 2
    if slugify(slug) != slug:
        typer.echo(f'site-gen: "{slug}" is not a valid folder name; try "{slugify(slug)}"', err=True)
        return 2
    folder = root / "data" / slug
    if folder.exists():
        typer.echo(f"site-gen: {folder.relative_to(root)} exists already; nothing was written (choose another name, or move that folder away)", err=True)
        return 1
    folder.mkdir(parents=True)
    title = name or slug.replace("-", " ").title()
    today = dt.date.today()  # the example dates lie around it; only a command reads the clock
    for filename, text in ruleset.scaffold(title, today).items():
        (folder / filename).parent.mkdir(parents=True, exist_ok=True)  # a scaffold may hold sub-folders
        (folder / filename).write_text(text, encoding="utf-8")
        typer.echo(f"wrote {(folder / filename).relative_to(root)}")
    typer.echo("next: edit the files (the example rows are commented out: copy them without the #), "
               "then run `site-gen check`")
    return 0
