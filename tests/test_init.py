"""`site-gen init`: an organiser's starter repository, `--version`, and what the other
commands say outside a site."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

from site_gen import __version__
from site_gen.commands.init import github_pages_url

STARTED = ["site.yaml", "content/index.md", ".gitignore", ".github/workflows/site.yml"]


def site_gen(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CI": "1", "NO_COLOR": "1", "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "site_gen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)


def test_version():
    result = site_gen("--version", cwd=Path.cwd())
    assert result.returncode == 0
    assert result.stdout == f"site-gen {__version__}\n"


def test_init_writes_a_starter_that_builds(tmp_path: Path):
    result = site_gen("init", "club-site", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    site = tmp_path / "club-site"
    assert sorted(str(p.relative_to(site).as_posix()) for p in site.rglob("*") if p.is_file()) == sorted(STARTED)
    settings = yaml.safe_load((site / "site.yaml").read_text(encoding="utf-8"))
    assert settings == {"title": "Club site", "base_url": "https://example.org/", "language": "en",
                        "description": "Standings of our competitions, updated with every result."}
    assert (site / ".gitignore").read_text(encoding="utf-8").splitlines()[1:] == ["_site/", ".site-gen-cache/"]
    assert "site-gen new" in result.stdout and "site-gen serve" in result.stdout and "cd club-site" in result.stdout
    checked = site_gen("check", cwd=site)
    assert checked.returncode == 0 and "0 error(s), 0 warning(s)" in checked.stderr, checked.stderr
    built = site_gen("build", cwd=site)
    assert built.returncode == 0, built.stderr
    assert "Club site" in (site / "_site" / "index.html").read_text(encoding="utf-8")


def test_init_options_and_a_title_yaml_would_misread(tmp_path: Path):
    result = site_gen("init", "--title", "Mahjong: the #1 club", "--language", "ru", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    settings = yaml.safe_load((tmp_path / "site.yaml").read_text(encoding="utf-8"))
    assert (settings["title"], settings["language"]) == ("Mahjong: the #1 club", "ru")
    assert "cd " not in result.stdout  # started in the current folder: nowhere to go


def test_the_workflow_is_pinned_to_the_version_that_wrote_it(tmp_path: Path):
    assert site_gen("init", cwd=tmp_path).returncode == 0
    workflow = yaml.safe_load((tmp_path / ".github" / "workflows" / "site.yml").read_text(encoding="utf-8"))
    assert workflow["env"]["SITE_GEN"] == f"site-gen @ git+https://github.com/site-gen/site-gen@v{__version__}"
    runs = [step.get("run", "") for job in workflow["jobs"].values() for step in job["steps"]]
    assert runs.count('pip install "$SITE_GEN"') == 2
    assert "site-gen check --format github" in runs
    assert 'site-gen build --base-url "$BASE_URL"' in runs
    build = workflow["jobs"]["build"]
    assert build["steps"][-2]["env"]["BASE_URL"] == "${{ steps.pages.outputs.base_url }}/"
    assert build["if"] == ("github.event_name != 'pull_request' && "
                           "github.ref_name == github.event.repository.default_branch")
    assert workflow["jobs"]["check"]["if"] == "github.event_name == 'pull_request'"


def test_init_refuses_to_overwrite(tmp_path: Path):
    (tmp_path / "site.yaml").write_text("title: Mine\n", encoding="utf-8")
    result = site_gen("init", cwd=tmp_path)
    assert result.returncode == 1
    assert "has a site already (site.yaml)" in result.stderr and "nothing was written" in result.stderr
    assert (tmp_path / "site.yaml").read_text(encoding="utf-8") == "title: Mine\n"
    assert not (tmp_path / "content").exists()


def test_init_keeps_a_repository_s_gitignore_and_adds_what_it_lacks(tmp_path: Path):
    (tmp_path / ".gitignore").write_text("*.pyc\n_site/", encoding="utf-8")
    result = site_gen("init", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / ".gitignore").read_text(encoding="utf-8") == "*.pyc\n_site/\n.site-gen-cache/\n"


def test_init_refuses_a_language_it_has_no_pages_in(tmp_path: Path):
    result = site_gen("init", "--language", "de", cwd=tmp_path)
    assert result.returncode == 2 and "use one of en, ru, ja, it" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_base_url_of_a_github_clone(tmp_path: Path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "remote", "add", "origin", "git@github.com:Chess-Club/results.git"], check=True)
    assert github_pages_url(tmp_path) == "https://chess-club.github.io/results/"
    subprocess.run(["git", "-C", str(tmp_path), "remote", "set-url", "origin", "https://github.com/club/club.github.io"], check=True)
    assert github_pages_url(tmp_path) == "https://club.github.io/"
    subprocess.run(["git", "-C", str(tmp_path), "remote", "set-url", "origin", "https://gitlab.com/club/results.git"], check=True)
    assert github_pages_url(tmp_path) is None


def test_commands_outside_a_site_say_to_run_init(tmp_path: Path):
    result = site_gen("new", "swiss-cut", "open-2027", cwd=tmp_path)
    assert result.returncode == 2
    assert "start a site here with `site-gen init`" in result.stderr
    assert not (tmp_path / "data").exists()


def test_flags_show_as_flags_in_help(tmp_path: Path):
    result = site_gen("seat", "--help", cwd=tmp_path)
    assert result.returncode == 0
    force = next(line for line in result.stdout.splitlines() if "--force" in line)
    assert force.split() [:2] == ["--force", "Replace"]  # no "<bool>" value after a flag
    assert "<bool>" not in result.stdout


def test_build_writes_into_the_site_s_own_folder_from_a_subfolder(tmp_path: Path):
    assert site_gen("init", cwd=tmp_path).returncode == 0
    result = site_gen("build", cwd=tmp_path / "content")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "_site" / "index.html").is_file()
    assert not (tmp_path / "content" / "_site").exists()
    assert result.stdout.strip().endswith(f"into {tmp_path / '_site'}")


def test_serve_says_the_port_is_busy_before_building(tmp_path: Path):
    import socket

    assert site_gen("init", cwd=tmp_path).returncode == 0
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = site_gen("serve", "--port", str(port), cwd=tmp_path)
    assert result.returncode == 2
    assert f"port {port} is in use by another program" in result.stderr and f"--port {port + 1}" in result.stderr
    assert "serving" not in result.stdout
    assert not (tmp_path / "_site").exists()  # said at once, before a build
