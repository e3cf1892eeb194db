"""The `site-gen` command line: options in, one call, problems out as exit codes.

One rule for every command: 0 done; 1 the files say no (data errors, a file that would be
overwritten, a round that holds results); 2 the command was written wrong (an unknown
option, rule set, competition, format or round, a busy port, no site.yaml found)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from site_gen import __version__
from site_gen.pipeline.build_command import (EXIT_DATA, EXIT_USAGE, UsageError, default_output, end_process, output_folder,
                                             project_folder, run_build, show_progress, summary)
from site_gen.diagnostics import Diagnostics

app = typer.Typer(
    help="Build static sites of competition standings from result files kept in git.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

_ENDING_PROCESS = False  # set by main(): a command's end is the process's end

RootOption = typer.Option(None, "--root", help="The site's folder (holding site.yaml); default: found from the current folder upwards.")


def _root(root: Optional[Path]) -> Path:
    return _or_usage_exit(project_folder, root)


def _out(out: Optional[Path], top: Path) -> Path:
    return _or_usage_exit(output_folder, default_output(out, top), top)


def _or_usage_exit(find, *args):
    """What `find` finds; a usage error is printed and ends the command (exit 2)."""
    try:
        return find(*args)
    except UsageError as exc:
        typer.echo(f"site-gen: {exc}", err=True)
        raise typer.Exit(EXIT_USAGE)


def _print(diags: Diagnostics, style: str = "text") -> None:
    for line in diags.format("notice", style):
        typer.echo(line, err=style == "text")  # workflow commands are read from the standard output


def _show_version(asked: bool) -> None:
    if asked:
        typer.echo(f"site-gen {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True, help="Show the installed version and exit."),
) -> None:
    """Build static sites of competition standings from result files kept in git."""


OutOption = typer.Option(None, "--out", "-o", help="Folder to write the site into (default: _site in the site's folder).", show_default=False)


@app.command()
def init(
    folder: Path = typer.Argument(Path("."), help="The folder to start the site in (made if missing; default: the current folder)."),
    title: Optional[str] = typer.Option(None, "--title", help="The site's title (default: from the folder's name)."),
    language: str = typer.Option("en", "--language", help="The site's language: en, ru, ja or it."),
) -> None:
    """Start a site: site.yaml, a home page, .gitignore and a GitHub Pages workflow."""
    from site_gen.commands.init import init_site

    raise typer.Exit(init_site(folder, title, language))


@app.command()
def build(
    out: Optional[Path] = OutOption,
    base_url: Optional[str] = typer.Option(None, "--base-url", help="Where the site is published, e.g. https://example.org/club/ (default: site.yaml's base_url)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes rendering pages (default: the number of cores); the output is the same for any N.", show_default=False),
    root: Optional[Path] = RootOption,
) -> None:
    """Check all data, compute all standings and write the site."""
    progress = (lambda n: typer.progressbar(length=n, label="Rendering", file=sys.stderr)) if show_progress() else None
    code = run_build(out, base_url, jobs, root, _ENDING_PROCESS, progress)
    if code:
        raise typer.Exit(code)


@app.command()
def check(
    format: str = typer.Option("text", "--format", "-f", help="text (path:line: severity: message) or github (workflow commands: a pull request shows each problem beside its line)."),
    root: Optional[Path] = RootOption,
) -> None:
    """Check every file and report every problem (exit 1 on errors)."""
    from site_gen import parallel
    from site_gen.pipeline.build import analyse, keep_until_exit, left_to_exit, long_lived_objects, plan
    from site_gen.config import warn_base_url

    if format not in ("text", "github"):
        typer.echo(f'site-gen: unknown format "{format}"; use --format text or --format github', err=True)
        raise typer.Exit(EXIT_USAGE)
    top = _root(root)
    diags = Diagnostics(root=top)
    if _ENDING_PROCESS:
        keep_until_exit()
    with long_lived_objects(), parallel.allowed(parallel.default_jobs()):  # Tenhou logs are read on every core
        project = analyse(top, diags)
        if project is not None:
            left_to_exit(project, plan(project, diags))
    warn_base_url(top / "site.yaml", diags)
    _print(diags, format)
    typer.echo(summary(diags), err=True)
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
    out: Optional[Path] = OutOption,
    root: Optional[Path] = RootOption,
) -> None:
    """Build, serve on 127.0.0.1, and rebuild and reload the browser on every change."""
    from site_gen.serve.server import serve as run_serve

    top = _root(root)
    run_serve(top, _out(out, top), host, port)


@app.command()
def new(
    rules: str = typer.Argument(..., help="The rule set of the new competition: online-marathon, swiss-cut, best-span or thematic-marathon."),
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

    raise typer.Exit(run_import(_root(root), files, into, show_progress()))


def main() -> None:
    """The `site-gen` program's command line; once a command has finished, the process
    ends (build_command.end_process)."""
    global _ENDING_PROCESS
    _ENDING_PROCESS = True
    try:
        app()
    except SystemExit as finished:
        if finished.code is not None and not isinstance(finished.code, int):
            raise  # a message to print: the usual way out
        end_process(finished.code or 0)
