"""`site-gen serve`: build, serve on loopback, rebuild and reload the browser on changes.

livereload injects its script into served HTML, so built pages never carry it.
A failed rebuild keeps the last good site and prints the problems.
"""

from __future__ import annotations

from pathlib import Path

import typer

from site_gen.build import build
from site_gen.diagnostics import Diagnostics

WATCHED = ("data", "content", "templates", "themes", "static", "site.yaml")


def rebuild(root: Path, out: Path, base_url: str) -> bool:
    diags = Diagnostics(root=root)
    report = build(root, out, diags, base_url=base_url, serving=True)
    for line in diags.format("warning"):
        typer.echo(line, err=True)
    if report is None:
        typer.echo("rebuild failed; still serving the last good site", err=True)
        return False
    typer.echo(f"rebuilt {report.pages} pages")
    return True


def serve(root: Path, out: Path, host: str, port: int) -> None:
    from livereload import Server

    base_url = f"http://{host}:{port}/"
    rebuild(root, out, base_url)
    server = Server()
    for name in WATCHED:
        # a recursive glob also catches a folder created after serving started
        pattern = root / name if name.endswith(".yaml") else root / name / "**" / "*"
        server.watch(str(pattern), lambda: rebuild(root, out, base_url))
    typer.echo(f"serving {out} on http://{host}:{port}/ (Ctrl+C stops)")
    server.serve(root=str(out), host=host, port=port, open_url_delay=None, restart_delay=0)
