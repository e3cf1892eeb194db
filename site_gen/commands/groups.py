"""`site-gen groups <competition> <tournament>`: a thematic-marathon tournament's phase-1
groups from the ratings, written to tournaments/<tournament>/groups.yaml (never over an
existing file)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.pipeline.project import load_competition
from site_gen.rules.thematic_marathon import grouping

RULES = "thematic-marathon"


def _fail(message: str, code: int) -> int:
    typer.echo(f"site-gen: {message}", err=True)
    return code


def groups_yaml(game: str, slug: str, groups: list[list[str]], entrants: int, min_players: int) -> str:
    """The file's text: a comment saying where the groups come from, then `phase1:`."""
    lines = [f"# Phase-1 groups of {game} (tournament {slug}), written by `site-gen groups` from the",
             "# ratings in players.csv. Later phases are computed from the results; add `semifinals:`",
             "# or `final:` only to record groups that were played differently."]
    if not groups:
        lines += [f"# {entrants} entrant(s), fewer than phase1_min_players ({min_players}): no phase 1.", "phase1: []"]
    else:
        sizes = ", ".join(str(len(g)) for g in groups)
        lines += [f"# {entrants} entrants in seeding order, as a snake over {len(groups)} group(s) of {sizes}.", "phase1:"]
        lines += ["  - [" + ", ".join(json.dumps(p, ensure_ascii=False) for p in g) + "]" for g in groups]
    return "\n".join(lines) + "\n"


def write_groups(root: Path, competition: str, tournament: str) -> int:
    folder = root / "data" / competition
    if not (folder / "competition.yaml").is_file():
        known = sorted(p.parent.name for p in (root / "data").glob("*/competition.yaml"))
        return _fail(f'no competition "{competition}" under data/{did_you_mean(competition, known)}', 2)
    diags = Diagnostics(root=root)
    loaded = load_competition(folder, SiteConfig(), diags)
    if loaded is None or diags.has_errors:
        for line in diags.format("warning"):
            typer.echo(line, err=True)
        return _fail(f"the data of {competition} has errors; fix them first (nothing was written)", 1)
    if loaded.ruleset.name != RULES:
        return _fail(f'{competition} uses the rules "{loaded.ruleset.name}"; groups is for {RULES} competitions', 2)
    settings, data = loaded.settings, loaded.data
    slugs = [t.slug for _, t in settings.tournaments]
    if tournament not in slugs:
        return _fail(f'no tournament "{tournament}" in {competition}; known: {", ".join(slugs)}'
                     f'{did_you_mean(tournament, slugs)}', 2)
    target = folder / "tournaments" / tournament / "groups.yaml"
    shown = target.relative_to(root).as_posix()
    if target.exists():
        return _fail(f"{shown} exists already; nothing was written (delete it first to write the groups again)", 1)
    entrants = data.tournaments[tournament].entrants
    if not entrants:
        return _fail(f"{tournament} has no entrants: write tournaments/{tournament}/entrants.csv first", 1)
    seeded = grouping.seeding(entrants, data.players)
    enough = grouping.has_phase1(len(seeded), settings.phase1_min_players)
    groups = grouping.phase1_groups(seeded, settings.phase1_group_max) if enough else []
    game = next(t.game for _, t in settings.tournaments if t.slug == tournament)
    target.write_text(groups_yaml(game, tournament, groups, len(seeded), settings.phase1_min_players), encoding="utf-8")
    for player in seeded:
        if player in loaded.result.inactive:
            typer.echo(f"site-gen: note: {player} is inactive ({loaded.result.inactive[player]}) but entered", err=True)
    what = f"{len(groups)} group(s) of " + ", ".join(str(len(g)) for g in groups) if groups else "no phase 1"
    typer.echo(f"wrote {shown}: {what}")
    return 0
