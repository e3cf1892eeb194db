"""Paths: published addresses never leave their folder, symbolic links out of the
repository are refused, and the output folder never replaces the sources."""

from __future__ import annotations

import os
import shutil
import tempfile
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from hostile_project import PLAYERS, site_gen, snapshot, write_project
from site_gen.pipeline.build import plan
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.output import check_output_folder, output_path
from site_gen.pipeline.project import load_project

# --- slugs from hostile names, over what publish() really writes ---------------------------

HOSTILE_PIECES = ["..", ".", "/", "\\", "%2e%2e", "%2f", "~", ":", "C:\\", "\x00", "\u202e", "\u200b", "\t", "?",
                  "#", "&", "<script>", "{{ 1 }}", "..\\..\\", "/etc/passwd", "\uff0e\uff0e", "\u2024\u2024", "\u3002"]


@st.composite
def hostile_name(draw) -> str:
    parts = draw(st.lists(st.one_of(st.sampled_from(HOSTILE_PIECES), st.text(min_size=1, max_size=6)), min_size=1,
                          max_size=6))
    return "".join(parts)


def _usable(name: str) -> bool:
    """A name the CSV keeps as written: no surrounding blanks, no line breaks."""
    return bool(name.strip()) and name == name.strip() and not any(c in name for c in "\r\n\x00")


def _safe_relative(url: str) -> None:
    path = output_path(url)
    assert not path.startswith("/") and "\\" not in path, url
    for part in path.split("/"):
        assert part not in ("", ".", ".."), url
        assert not part.startswith("."), url
        assert all(unicodedata.category(c)[0] != "C" for c in part), url


def test_published_addresses_of_hostile_player_names_stay_in_their_folder():
    work = Path(tempfile.mkdtemp(prefix="site-gen-slugs-"))
    kept = []

    @settings(max_examples=60, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(st.lists(hostile_name().filter(_usable), min_size=4, max_size=6, unique=True))
    def run(names: list[str]):
        root = work / "p"
        shutil.rmtree(root, ignore_errors=True)
        write_project(root, players=names, games=6)
        diags = Diagnostics(root=root)
        project = load_project(root, diags)
        assume(project is not None and not diags.has_errors)
        pages, files = plan(project, diags)
        kept.append(names)
        out = (work / "_site").resolve()
        players = [p.url for p in pages if p.url.startswith("om/players/") and p.url != "om/players/"]
        assert len(players) == len(names)  # one page per name, none merged
        for url in [p.url for p in pages] + list(files):
            _safe_relative(url)
            assert (out / output_path(url)).resolve().is_relative_to(out)
        for url in players:
            assert url.count("/") == 3 and url.endswith("/")  # om/players/<slug>/

    try:
        run()
    finally:
        shutil.rmtree(work)
    assert len(kept) >= 30, "too few generated name lists were accepted by the loader"


# --- symbolic links -------------------------------------------------------------------------

@pytest.fixture
def project(tmp_path: Path) -> Path:
    return write_project(tmp_path / "repo")


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "players.csv").write_text("player\nSECRET-FROM-OUTSIDE\n", encoding="utf-8")
    (folder / "page.md").write_text("# SECRET-FROM-OUTSIDE\n", encoding="utf-8")
    return folder


def _check(root: Path) -> list[str]:
    diags = Diagnostics(root=root)
    assert load_project(root, diags) is None
    return diags.format()


LINK_MESSAGE = "the site is built only from files inside the repository: copy the file in"


def test_a_link_to_a_file_outside_is_refused(project: Path, outside: Path):
    (project / "data" / "om" / "players.csv").symlink_to(outside / "players.csv")
    assert _check(project) == [f"data/om/players.csv: error: symbolic link to {outside / 'players.csv'} "
                               f"(outside the repository); {LINK_MESSAGE}"]


def test_links_to_folders_outside_are_refused_wherever_they_are(project: Path, outside: Path):
    (project / "content" / "om").symlink_to(outside, target_is_directory=True)
    (project / "data" / "stolen").symlink_to(outside, target_is_directory=True)
    (project / "templates").mkdir()
    (project / "templates" / "base.html").symlink_to("/etc/hostname")
    (project / "data" / "om" / "logs").mkdir()
    (project / "data" / "om" / "logs" / "up").symlink_to("../../../..", target_is_directory=True)
    lines = _check(project)
    assert [line.split(": error: ")[0] for line in lines] == [
        "content/om", "data/om/logs/up", "data/stolen", "templates/base.html"]
    assert all("(outside the repository)" in line for line in lines)


def test_a_link_loop_and_a_linked_data_folder(tmp_path: Path, outside: Path):
    project = write_project(tmp_path / "repo")
    (project / "data" / "om" / "a.csv").symlink_to("b.csv")
    (project / "data" / "om" / "b.csv").symlink_to("a.csv")
    lines = _check(project)
    assert lines == [f"data/om/a.csv: error: symbolic link to b.csv (a loop); {LINK_MESSAGE}",
                     f"data/om/b.csv: error: symbolic link to a.csv (a loop); {LINK_MESSAGE}"]


def test_links_inside_the_repository_are_fine(project: Path):
    shared = project / "shared"
    shared.mkdir()
    (project / "data" / "om" / "games.csv").rename(shared / "games.csv")
    (project / "data" / "om" / "games.csv").symlink_to("../../shared/games.csv")
    diags = Diagnostics(root=project)
    assert load_project(project, diags) is not None and not diags.has_errors, diags.format()


def test_commands_refuse_links_and_never_print_the_outside_file(project: Path, outside: Path, tmp_path: Path):
    (project / "data" / "om" / "players.csv").symlink_to(outside / "players.csv")
    out = tmp_path / "published"
    out.mkdir()
    (out / "index.html").write_text("old site", encoding="utf-8")
    for args in (["check"], ["build", "--out", str(out)], ["standings", "om"]):
        result = site_gen(*args, cwd=project)
        assert result.returncode == 1, (args, result.stderr)
        assert "data/om/players.csv: error: symbolic link to" in result.stderr, (args, result.stderr)
        assert "SECRET-FROM-OUTSIDE" not in result.stdout + result.stderr
    assert snapshot(out) == {"index.html": b"old site"}


# --- the output folder ------------------------------------------------------------------------

@pytest.mark.parametrize("rel, why", [
    (".", "would replace the repository"),
    ("..", "would replace the repository"),
    ("data/..", "would replace the repository"),
    ("data", "overlaps data/"),
    ("data/om", "overlaps data/"),
    ("content/_site", "overlaps content/"),
    ("templates", "overlaps templates/"),
    ("themes/default", "overlaps themes/"),
])
def test_the_output_folder_never_replaces_the_sources(project: Path, rel: str, why: str):
    problem = check_output_folder(project / rel, project)
    assert problem is not None and why in problem, problem


def test_a_link_named_like_a_harmless_folder_is_followed(project: Path, tmp_path: Path):
    (tmp_path / "innocent").symlink_to(project, target_is_directory=True)
    assert "would replace the repository" in check_output_folder(tmp_path / "innocent", project)
    assert check_output_folder(project / "_site", project) is None
    assert check_output_folder(tmp_path / "elsewhere" / "_site", project) is None


@pytest.mark.parametrize("rel", [".", "..", "data", "content"])
def test_build_into_the_sources_is_a_usage_error_that_touches_nothing(project: Path, rel: str):
    before = snapshot(project.parent)
    result = site_gen("build", "--out", rel, cwd=project)
    assert result.returncode == 2, result.stderr
    assert "choose a folder such as _site" in result.stderr
    assert snapshot(project.parent) == before
    assert sorted(os.listdir(project.parent)) == ["repo"]  # no staging folder either
