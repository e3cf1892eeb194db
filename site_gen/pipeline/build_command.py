"""`site-gen build` once its options are read, without typer: the command line (cli.build)
runs it, and so does the program's entry (entry.py) for a build written plainly, sparing
typer and the pydantic it imports (~60 ms of every build). An unchanged project is
answered before the pipeline (every rule set, Jinja, Babel) is imported, and without
pathlib, whose imports (re among them) took a quarter of that answer: its paths are
strings until a build must run."""

from __future__ import annotations

import atexit
import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

EXIT_DATA = 1
EXIT_USAGE = 2


def run_build(out: str | Path | None, base_url: str | None, jobs: int | None, root: str | Path | None,
              ending_process: bool = False, progress_factory: Callable | None = None) -> int:
    """Build the site and print what the command line prints; the exit code (0, 1 for
    data errors, 2 for a usage error). `out`: the output folder as the command was given
    it (None: the site's _site/). `ending_process`: the process ends right after, so the
    build's objects are left to it (build.keep_until_exit)."""
    from site_gen.rebuild import build_state, file_digests
    from site_gen.diagnostics import Diagnostics

    try:
        _check_base_url(base_url)
        top = _project_folder(root)
        out = default_output(out, top)
        target = _output_folder(out, top)
    except UsageError as exc:
        _error(f"site-gen: {exc}")
        return EXIT_USAGE
    with file_digests.one_build():  # the files the fingerprint reads are not hashed again by the build
        previous = build_state.previous_build(top, target, base_url, serving=False)
        if previous.state is not None:
            diags = Diagnostics()  # only the recorded messages, already relative to the root
            report = build_state.replayed(previous.state, target, diags)
        else:
            from pathlib import Path

            from site_gen.pipeline.build import build, keep_until_exit
            from site_gen.parallel import default_jobs

            if ending_process:
                keep_until_exit()
            diags = Diagnostics(root=Path(top))
            report = build(Path(top), Path(target), diags, base_url=base_url, jobs=jobs or default_jobs(),
                           progress_factory=progress_factory, previous=previous)
    for line in diags.format("warning"):
        _error(line)
    if report is None:
        _error(f"build failed: {summary(diags)}; the previous site was left as it was")
        return EXIT_DATA
    print(build_state.built_message(report, path_text(out)), flush=True)
    for line in diags.games_summary():  # games the standings leave out, whose notices build hides
        _error(line)
    return 0


class UsageError(Exception):
    """A problem with a command's options (exit 2), found before anything is read or written."""


def _check_base_url(base_url: str | None) -> None:
    """--base-url names where the site is published: a full address (https://host/path/)
    or a path from a host's root ("/club/"). Links inside the site are relative, so the
    output works from any folder without it; base_url only makes the absolute addresses of
    the sitemap, the feed and canonical links. An empty value (often an unset variable in
    a CI script) or a relative one ("./", "club/") names no place: a usage error, rather
    than a sitemap of addresses nobody can open."""
    if base_url is None or base_url.startswith("/") or _has_host(base_url):
        return
    shown = f'"{base_url}"' if base_url else "an empty value"
    raise UsageError(f"--base-url {shown} is not an address the site is published at. Links inside the site are "
                     "relative, so it works from any folder without this option; base_url only makes the full "
                     "addresses of the sitemap, the feed and canonical links. Give the site's full address, e.g. "
                     "--base-url https://yourname.github.io/your-repo/, or leave --base-url out to use site.yaml's base_url")


def _has_host(url: str) -> bool:
    """scheme://host... (as config.has_host, without importing urllib: an
    unchanged build's answer imports as little as it can)."""
    scheme, sep, rest = url.partition("://")
    return bool(sep and scheme[:1].isascii() and scheme[:1].isalpha()
                and all(c.isascii() and (c.isalnum() or c in "+-.") for c in scheme)
                and rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0].rpartition("@")[2])


def project_folder(root: Path | None) -> Path:
    """The site's folder: the one holding site.yaml, from `root` (default: the current
    folder) upwards."""
    from pathlib import Path

    return Path(_project_folder(root))


def default_output(out: str | Path | None, top: str | Path) -> str | Path:
    """The output folder as given, or the site's own _site/ (as `check` finds the site, from
    any folder inside it), spelt from the current folder when it is inside."""
    if out is not None:
        return out
    default = os.path.join(top, "_site")
    relative = os.path.relpath(default)
    return default if relative.startswith("..") else relative


def output_folder(out: Path, top: Path) -> Path:
    """The output folder as an absolute path; one that would overwrite the sources of the
    site in `top` is a usage error."""
    from pathlib import Path

    return Path(_output_folder(out, top))


def _project_folder(root: str | Path | None) -> str:
    """project_folder() as a string."""
    from site_gen.project_root import NotAProject, find_root

    try:
        return find_root(os.path.realpath(root or os.getcwd()))  # as Path.resolve() resolves it
    except NotAProject as exc:
        raise UsageError(str(exc)) from None


def _output_folder(out: str | Path, top: str | Path) -> str:
    """output_folder() as a string, spelt as that Path is."""
    from site_gen.pipeline.output import check_output_folder

    target = path_text(out)
    if not target.startswith("/"):
        target = path_text(os.path.join(os.getcwd(), target))
    problem = check_output_folder(target, top)
    if problem:
        raise UsageError(problem)
    return target


def path_text(path: str | os.PathLike) -> str:
    """The path as str(Path(path)) spells it, without pathlib: no empty or "." parts, no
    slash at the end; two slashes at the start kept (POSIX lets them mean something else)."""
    path = os.fspath(path)
    start = len(path) - len(path.lstrip("/"))
    return ("//" if start == 2 else "/" if start else "") + "/".join(part for part in path.split("/") if part not in ("", ".")) or "."


def show_progress() -> bool:
    """A progress bar only for a person watching: not in CI, not into a file or pipe."""
    return sys.stderr.isatty() and not os.environ.get("CI")


def summary(diags) -> str:
    return f"{diags.count('error')} error(s), {diags.count('warning')} warning(s), {diags.count('notice')} notice(s)"


def end_process(code: int) -> None:
    """End the process once a command has finished (never returns), without the
    interpreter's teardown: every file is written and closed, exit handlers still run and
    the output is flushed; freeing a big build's objects one by one, which an ending
    process need not do, took a second of a Tenhou build."""
    if "site_gen.parallel" in sys.modules:  # else nothing was started beside the command
        sys.modules["site_gen.parallel"].join_background()  # check and standings write the Tenhou log cache
    atexit._run_exitfuncs()  # what atexit.register asked for (coverage, probes) still happens
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _error(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
