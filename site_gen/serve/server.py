"""`site-gen serve`: build, serve on loopback, rebuild and reload the browser on changes
(serve_watch: every save, however soon after the last).

livereload injects its script into served HTML, so built pages never carry it.
A failed rebuild keeps the last good site and prints the problems; until the next good
rebuild every served page also shows them in an overlay (added to the response only,
never to the files), and the reload that follows a fix takes it away. Between rebuilds
serve keeps each competition whose folder did not change, loaded, computed and published
(rebuild.competition_memo): the one thing it keeps besides what every build keeps.
"""

from __future__ import annotations

import errno
import traceback
from pathlib import Path

import typer

from site_gen import parallel
from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import competition_memo
from site_gen.serve.overlay import FAILURE, OverlayStaticFileHandler
from site_gen.serve.watch import RebuildingWatcher

WATCHED = ("data", "content", "templates", "themes", "static", "site.yaml")


def watched_patterns(root: Path) -> list[str]:
    """The globs serve watches: a recursive one per folder also catches a folder created
    after serving started."""
    return [str(root / name if name.endswith(".yaml") else root / name / "**" / "*") for name in WATCHED]


MEMO = competition_memo()  # competitions a change did not touch are not loaded again


def rebuild(root: Path, out: Path, base_url: str) -> bool:
    diags = Diagnostics(root=root)
    try:
        report = build(root, out, diags, base_url=base_url, serving=True, memo=MEMO, jobs=parallel.default_jobs())
    except Exception:  # a bug in site-gen: keep serving, and show it where the author looks
        crash = traceback.format_exc()
        typer.echo(crash, err=True)
        FAILURE.problems = ["site-gen crashed while rebuilding (please report this):", *crash.splitlines()]
        return False
    for line in diags.format("warning"):
        typer.echo(line, err=True)
    if report is None:
        typer.echo("rebuild failed; still serving the last good site", err=True)
        FAILURE.problems = diags.format("warning") or ["the build failed without a message"]
        return False
    FAILURE.problems = None
    typer.echo(f"rebuilt {report.pages} pages")
    return True


def end_session() -> None:
    """When serve stops: wait for what its builds started beside them (a Tenhou log cache's writer)."""
    parallel.join_background()


def port_problem(host: str, port: int) -> str | None:
    """Why serve could not listen on host:port (taken by another program, say), or None.
    Asked before the first build, so the organiser hears it at once, not after "serving"."""
    import socket

    try:
        with socket.create_server((host, port)):  # SO_REUSEADDR, as tornado binds it
            return None
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            return f"port {port} is in use by another program (another site-gen serve?); stop it, or choose another with --port {port + 1}"
        return f"cannot listen on {host}:{port} ({exc.strerror}); choose another --port or --host"


def quiet_server(**options):
    """livereload's server without its log lines and tornado's ("Serving on", "Start
    watching changes", each 404): serve says itself what an organiser needs to know."""
    import logging

    from livereload import Server

    class QuietServer(Server):
        def _setup_logging(self):
            for name in ("livereload", "tornado"):
                log = logging.getLogger(name)
                log.setLevel(logging.ERROR)
                log.propagate = False
                log.handlers = [logging.StreamHandler()]  # real errors still reach the terminal

    return QuietServer(**options)


def serve(root: Path, out: Path, host: str, port: int) -> None:
    problem = port_problem(host, port)
    if problem:
        typer.echo(f"site-gen: {problem}", err=True)
        raise typer.Exit(2)
    base_url = f"http://{host}:{port}/"
    rebuild(root, out, base_url)
    server = quiet_server(watcher=RebuildingWatcher(lambda: rebuild(root, out, base_url)))
    server.SFH = OverlayStaticFileHandler  # livereload's file handler, plus the error overlay
    for pattern in watched_patterns(root):
        server.watch(pattern)
    typer.echo(f"serving {out} on http://{host}:{port}/ (Ctrl+C stops)")
    try:
        server.serve(root=str(out), host=host, port=port, open_url_delay=None, restart_delay=0)
    except OSError as exc:
        if exc.errno not in (errno.EADDRINUSE, errno.EADDRNOTAVAIL, errno.EACCES):
            raise
        typer.echo(f"site-gen: cannot listen on {host}:{port} ({exc.strerror}); choose another --port", err=True)
        raise typer.Exit(2)
    finally:
        end_session()

