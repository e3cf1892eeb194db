"""The `site-gen` program. A `site-gen build` whose last build into the same folder is
up to date is answered here, before the command line is imported: typer, and the pydantic
it imports, take ~60 ms, half of such a build. Every other command, and every build
written in a form this does not read exactly as typer would, goes to cli.main."""

from __future__ import annotations

import sys
from pathlib import Path

# the build options read here: a value after the option, or after "=" for a long one
_BUILD_OPTIONS = {"--out": "out", "-o": "out", "--base-url": "base_url", "--jobs": "jobs", "-j": "jobs",
                  "--root": "root"}


def main() -> None:
    options = build_options(sys.argv[1:])
    if options is None:
        _command_line()
        return
    from site_gen import file_digests

    with file_digests.one_build():  # a build that must run does not hash the same files again
        if not answered_unchanged(options):
            _command_line()


def _command_line() -> None:
    from site_gen.cli import main as command_line

    command_line()


def build_options(args: list[str]) -> dict[str, str] | None:
    """The options of `build` written plainly (`--out X`, `--out=X`, `-o X`, each at most
    once, no value starting with "-", --jobs a whole number from 1); None otherwise."""
    if not args or args[0] != "build":
        return None
    options: dict[str, str] = {}
    rest = args[1:]
    while rest:
        name, equals, value = rest[0].partition("=")
        if equals and name.startswith("--") and name in _BUILD_OPTIONS:
            rest = rest[1:]
        elif rest[0] in _BUILD_OPTIONS and len(rest) > 1:
            name, value, rest = rest[0], rest[1], rest[2:]
        else:
            return None
        key = _BUILD_OPTIONS[name]
        if key in options or not value or value.startswith("-"):
            return None
        options[key] = value
    jobs = options.get("jobs")
    if jobs is not None and not (jobs.isascii() and jobs.isdigit() and int(jobs) >= 1):
        return None
    return options


def answered_unchanged(options: dict[str, str]) -> bool:
    """Print what `site-gen build` prints when nothing changed since the last build into
    the same folder, and say True; False (nothing printed) when the build must run or a
    problem with the options must be reported by the command line."""
    from site_gen import build_state
    from site_gen.diagnostics import Diagnostics
    from site_gen.output import check_output_folder
    from site_gen.project_root import NotAProject, find_root

    if not build_state.trust_previous_builds():
        return False
    try:
        top = find_root(Path(options.get("root") or Path.cwd()).resolve())
    except NotAProject:
        return False
    out = Path(options.get("out", "_site"))
    target = out if out.is_absolute() else Path.cwd() / out
    if check_output_folder(target, top):
        return False
    previous = build_state.previous_build(top, target, options.get("base_url"), serving=False)
    if previous.state is None:
        return False
    diags = Diagnostics(root=top)
    report = build_state.replayed(previous.state, target, diags)
    for line in diags.format("warning"):
        print(line, file=sys.stderr)
    print(build_state.built_message(report, out), flush=True)
    return True


if __name__ == "__main__":
    main()
