"""`site-gen check --format github`: each problem as a GitHub Actions workflow command, which
a pull request shows beside the line of the file."""

from __future__ import annotations

from pathlib import Path

from test_init import site_gen

from site_gen.diagnostics import Diagnostic, github_command


def test_a_diagnostic_as_a_workflow_command():
    assert github_command(Diagnostic("data/x/games.csv", 12, "error", 'unknown player "Foo"')) == (
        '::error file=data/x/games.csv,line=12,title=site-gen check%3A error::unknown player "Foo"')
    assert github_command(Diagnostic("site.yaml", None, "warning", "no base_url")) == (
        "::warning file=site.yaml,title=site-gen check%3A warning::no base_url")


def test_the_runner_s_escapes():
    """% first (else the other escapes would be read back wrongly), line breaks in the
    message, and in a property also , and : (which end a property or the properties)."""
    command = github_command(Diagnostic("data/a,b:c/x.csv", 3, "notice", "50% done\r\nnext"))
    assert command == "::notice file=data/a%2Cb%3Ac/x.csv,line=3,title=site-gen check%3A notice::50%25 done\\r\\nnext"


def test_check_prints_workflow_commands_for_a_broken_file(tmp_path: Path):
    assert site_gen("init", cwd=tmp_path).returncode == 0
    assert site_gen("new", "online-marathon", "spring", cwd=tmp_path).returncode == 0
    games = tmp_path / "data" / "spring" / "games.csv"
    lines = games.read_text(encoding="utf-8").splitlines()
    lines.append("9001,Room-1,2015-02-10T19:00:00+03:00,Nobody,30,Noone,10,Ghost,-15,Phantom,many")
    games.write_text("\n".join(lines) + "\n", encoding="utf-8")
    text = site_gen("check", cwd=tmp_path)
    github = site_gen("check", "--format", "github", cwd=tmp_path)
    assert text.returncode == github.returncode == 1
    problems = [line for line in text.stderr.splitlines() if line.startswith("data/")]
    commands = github.stdout.splitlines()
    assert problems and len(commands) == len(problems)
    for problem, command in zip(problems, commands):
        where, severity, message = problem.split(": ", 2)
        path, line = where.rsplit(":", 1)
        assert command == f"::{severity} file={path},line={line},title=site-gen check%3A {severity}::{message}"
    assert any(f"line={len(lines)}" in command and command.startswith("::error") for command in commands)
    assert "error(s)" in github.stderr  # the summary stays for a person reading the log


def test_an_unknown_format_is_a_usage_error(tmp_path: Path):
    assert site_gen("init", cwd=tmp_path).returncode == 0
    result = site_gen("check", "--format", "gitlab", cwd=tmp_path)
    assert result.returncode == 2 and "use --format text or --format github" in result.stderr
