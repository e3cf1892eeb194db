"""The `site-gen` program. A `site-gen build` written plainly runs here, without the
command line: typer, and the pydantic it imports, take ~60 ms of every build, and more than
half of one that finds nothing changed. Every other command, a build that shows a progress
bar (typer's), and every build written in a form this does not read exactly as typer
would, goes to cli.main."""

from __future__ import annotations

import sys

# the build options read here: a value after the option, or after "=" for a long one
_BUILD_OPTIONS = {"--out": "out", "-o": "out", "--base-url": "base_url", "--jobs": "jobs", "-j": "jobs",
                  "--root": "root"}


def main() -> None:
    options = build_options(sys.argv[1:])
    from site_gen.pipeline.build_command import end_process, run_build, show_progress

    if options is None or show_progress():
        from site_gen.cli import main as command_line

        command_line()
        return
    jobs, root = options.get("jobs"), options.get("root")
    # the paths as strings: pathlib is imported only if a build must run (build_command)
    end_process(run_build(options.get("out"), options.get("base_url"), int(jobs) if jobs else None,
                          root, ending_process=True))


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


if __name__ == "__main__":
    main()
