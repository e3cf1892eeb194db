"""The `site-gen` command line: options in, one call, problems out as exit codes 0/1/2."""

from __future__ import annotations

import atexit
import os
import sys
from pathlib import Path
from typing import Optional

import typer

from site_gen.diagnostics import Diagnostics
from site_gen.project_root import NotAProject, find_root

app = typer.Typer(
    help="Build static sites of competition standings from result files kept in git.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_DATA = 1
EXIT_USAGE = 2
_ENDING_PROCESS = False  # set by main(): a command's end is the process's end

RootOption = typer.Option(None, "--root", help="The site's folder (holding site.yaml); default: found from the current folder upwards.")


def _root(root: Optional[Path]) -> Path:
    try:
        return find_root((root or Path.cwd()).resolve())
    except NotAProject as exc:
        typer.echo(f"site-gen: {exc}", err=True)
        raise typer.Exit(EXIT_USAGE)


def _out(out: Path, top: Path) -> Path:
    """The output folder as an absolute path; one that would overwrite the sources is a
    usage error (exit 2), found before anything is read or written."""
    from site_gen.output import check_output_folder

    target = out if out.is_absolute() else Path.cwd() / out
    problem = check_output_folder(target, top)
    if problem:
        typer.echo(f"site-gen: {problem}", err=True)
        raise typer.Exit(EXIT_USAGE)
    return target


def _print(diags: Diagnostics, quiet_notices: bool = False) -> None:
    for line in diags.format("warning" if quiet_notices else "notice"):
        typer.echo(line, err=True)


def _summary(diags: Diagnostics) -> str:
    return f"{diags.count('error')} error(s), {diags.count('warning')} warning(s), {diags.count('notice')} notice(s)"


def _show_progress() -> bool:
    return sys.stderr.isatty() and not os.environ.get("CI")


@app.command()
def build(
    out: Path = typer.Option(Path("_site"), "--out", "-o", help="Folder to write the site into (replaced only when the build succeeds)."),
    base_url: Optional[str] = typer.Option(None, "--base-url", help="Where the site is published, e.g. https://example.org/club/ (default: site.yaml's base_url)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes rendering pages (default: the number of cores); the output is the same for any N.", show_default=False),
    root: Optional[Path] = RootOption,
) -> None:
    """Check all data, compute all standings and write the site."""
    from site_gen import build_state, file_digests

    top = _root(root)
    diags = Diagnostics(root=top)
    target = _out(out, top)
    with file_digests.one_build():  # the files the fingerprint reads are not hashed again by the build
        # an unchanged project is answered before the pipeline (every rule set, Jinja, Babel) is imported
        previous = build_state.previous_build(top, target, base_url, serving=False)
        if previous.state is not None:
            report = build_state.replayed(previous.state, target, diags)
        else:
            from site_gen.build import build as run_build, keep_until_exit
            from site_gen.parallel import default_jobs

            if _ENDING_PROCESS:
                keep_until_exit()
            progress = (lambda n: typer.progressbar(length=n, label="Rendering", file=sys.stderr)) if _show_progress() else None
            report = run_build(top, target, diags, base_url=base_url, jobs=jobs or default_jobs(),
                               progress_factory=progress, previous=previous)
    _print(diags, quiet_notices=True)
    if report is None:
        typer.echo(f"build failed: {_summary(diags)}; the previous site was left as it was", err=True)
        raise typer.Exit(EXIT_DATA)
    typer.echo(build_state.built_message(report, out))


@app.command()
def check(root: Optional[Path] = RootOption) -> None:
    """Validate every file and report every problem as path:line: message (exit 1 on errors)."""
    from site_gen import parallel
    from site_gen.build import analyse, keep_until_exit, left_to_exit, long_lived_objects, plan

    top = _root(root)
    diags = Diagnostics(root=top)
    if _ENDING_PROCESS:
        keep_until_exit()
    with long_lived_objects(), parallel.allowed(parallel.default_jobs()):  # Tenhou logs are read on every core
        project = analyse(top, diags)
        if project is not None:
            left_to_exit(project, plan(project, diags))
    _print(diags)
    typer.echo(_summary(diags), err=True)
    if diags.has_errors:
        raise typer.Exit(EXIT_DATA)




@app.command()
def standings(
    competition: str = typer.Argument(..., help="The competition's folder name under data/."),
    format: str = typer.Option("table", "--format", "-f", help="table, json or csv."),
    stage: Optional[int] = typer.Option(None, "--stage", help="Show one stage's table instead of the overall one."),
    root: Optional[Path] = RootOption,
) -> None:
    """Print a competition's computed standings."""
    from site_gen import parallel
    from site_gen.commands.standings import print_standings

    with parallel.allowed(parallel.default_jobs()):  # Tenhou logs are read on every core
        code = print_standings(_root(root), competition, format, stage)
    raise typer.Exit(code)


@app.command()
def serve(
    port: int = typer.Option(8000, "--port", "-p", help="Port on 127.0.0.1 to serve on."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind (default: loopback only)."),
    out: Path = typer.Option(Path("_site"), "--out", "-o", help="Folder to build into while serving."),
    root: Optional[Path] = RootOption,
) -> None:
    """Build, serve on 127.0.0.1, and rebuild and reload the browser on every change."""
    from site_gen.serve import serve as run_serve

    top = _root(root)
    run_serve(top, _out(out, top), host, port)


@app.command()
def new(
    rules: str = typer.Argument(..., help="The rule set of the new competition."),
    competition: str = typer.Argument(..., help="Folder name (slug) of the new competition under data/."),
    name: Optional[str] = typer.Option(None, "--name", help="The competition's display name (default: from the slug)."),
    root: Optional[Path] = RootOption,
) -> None:
    """Scaffold a competition folder with commented example files."""
    from site_gen.commands.new import new_competition

    raise typer.Exit(new_competition(_root(root), rules, competition, name))


@app.command()
def groups(
    competition: str = typer.Argument(..., help="The competition's folder name under data/ (rules: thematic-marathon)."),
    tournament: str = typer.Argument(..., help="The tournament's slug, as in competition.yaml."),
    root: Optional[Path] = RootOption,
) -> None:
    """Write a thematic-marathon tournament's phase-1 groups from the ratings into its groups.yaml."""
    from site_gen.commands.groups import write_groups

    raise typer.Exit(write_groups(_root(root), competition, tournament))


@app.command()
def seat(
    competition: str = typer.Argument(..., help="The competition's folder name under data/ (rules: swiss-cut)."),
    round_number: int = typer.Option(..., "--round", "-r", help="The round to seat: 1 is drawn from the seed, later rounds follow the standings."),
    force: bool = typer.Option(False, "--force", help="Replace a published seating that has no results yet."),
    root: Optional[Path] = RootOption,
) -> None:
    """Write the seating of a swiss-cut round into rounds/N.csv, with empty result columns."""
    from site_gen.commands.seat import seat_round

    raise typer.Exit(seat_round(_root(root), competition, round_number, force))


import_app = typer.Typer(help="Take results kept by other systems into a competition's data folder.",
                         no_args_is_help=True)
app.add_typer(import_app, name="import")


@import_app.command("tenhou")
def import_tenhou(
    files: list[Path] = typer.Argument(..., help="Tenhou's raw logs: sca/scb/scc files, plain or .gz, folders, or a year's scrawYYYY.zip."),
    into: str = typer.Option(..., "--into", help="The best-span competition's folder name under data/."),
    root: Optional[Path] = RootOption,
) -> None:
    """Keep the lines of Tenhou's logs that name a participant and could count, under the competition's logs/."""
    from site_gen.commands.import_tenhou import import_tenhou as run_import

    raise typer.Exit(run_import(_root(root), files, into, _show_progress()))


def main() -> None:
    """The `site-gen` program. Once a command has finished, the process ends without the
    interpreter's teardown (every file is already written and closed; exit handlers still
    run and the output is flushed): freeing a big build's objects one by one, which an
    ending process need not do, took a second of a Tenhou build."""
    global _ENDING_PROCESS
    _ENDING_PROCESS = True
    try:
        app()
    except SystemExit as finished:
        if finished.code is not None and not isinstance(finished.code, int):
            raise  # a message to print: the usual way out
        from site_gen import parallel

        parallel.join_background()  # check and standings write the Tenhou log cache beside their work
        atexit._run_exitfuncs()  # what atexit.register asked for (coverage, probes) still happens
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(finished.code or 0)
