"""What a build's output depends on beyond the data: site-gen's code, the Python running it
and the installed version of every package it imports. Upgrading Markdown (say) to a
version that renders differently must rebuild every page, not answer "0 changed"."""

from __future__ import annotations

import shutil
import sys
from importlib.metadata import distribution
from pathlib import Path

import pytest

from site_gen.rebuild import build_state


@pytest.fixture
def fresh_fingerprint():
    """The fingerprint worked out afresh, and forgotten after the test: the rest of the
    suite must not keep one made with this test's packages (the log cache keys by it)."""
    build_state.code_fingerprint.cache_clear()
    yield build_state.code_fingerprint
    build_state.code_fingerprint.cache_clear()


@pytest.fixture
def packages(tmp_path: Path, monkeypatch) -> Path:
    """A folder of installed packages on sys.path (after its first entry, the script's)."""
    folder = tmp_path / "site-packages"
    folder.mkdir()
    monkeypatch.setattr(sys, "path", [sys.path[0], str(folder), *sys.path[1:]])
    return folder


def test_upgrading_a_package_changes_the_fingerprint(fresh_fingerprint, packages):
    (packages / "markdown-3.11.3.dist-info").mkdir()
    before = fresh_fingerprint()
    (packages / "markdown-3.11.3.dist-info").rename(packages / "markdown-3.12.0.dist-info")
    build_state.code_fingerprint.cache_clear()
    assert fresh_fingerprint() != before


def test_an_old_style_egg_info_counts_too(fresh_fingerprint, packages):
    before = fresh_fingerprint()
    (packages / "Babel-2.20.0-py3.11.egg-info").mkdir()
    build_state.code_fingerprint.cache_clear()
    assert fresh_fingerprint() != before


def test_another_python_changes_the_fingerprint(fresh_fingerprint, monkeypatch):
    before = fresh_fingerprint()
    monkeypatch.setattr(sys, "version", "3.11.99 (a build of another day)")
    build_state.code_fingerprint.cache_clear()
    assert fresh_fingerprint() != before


def test_the_same_installation_gives_the_same_fingerprint(fresh_fingerprint, packages):
    (packages / "jinja2-3.1.6.dist-info").mkdir()
    first = fresh_fingerprint()
    build_state.code_fingerprint.cache_clear()
    assert fresh_fingerprint() == first


def test_the_versions_are_read_from_the_folder_names(packages):
    (packages / "nh3-0.3.8.dist-info").mkdir()
    (packages / "not-a-package.txt").write_text("", encoding="utf-8")
    names = build_state.runtime_versions().splitlines()
    assert names[0] == sys.version
    assert "nh3-0.3.8.dist-info" in names
    assert "not-a-package.txt" not in names


def test_a_rebuild_after_an_upgrade_renders_the_pages_again(example_project, tmp_path: Path, fresh_fingerprint, packages,
                                                            monkeypatch):
    """`site-gen build` with nothing changed but Markdown, upgraded to a version that
    renders differently (its dist-info folder renamed, its output one paragraph longer):
    the pages are the new Markdown's, as a clean build's, not the last build's."""
    import markdown

    from site_gen.rebuild import file_digests
    from site_gen.pipeline.build_command import run_build

    monkeypatch.setattr(file_digests, "RACY_NS", 0)  # the first build's files count as settled at once
    root = example_project("kiev-2006")
    # the installed Markdown's record (its entry points name its extensions), as an upgrade writes it
    shutil.copytree(distribution("markdown")._path, packages / "markdown-3.11.3.dist-info")
    about = root / "_site" / "about" / "index.html"

    def build() -> str:
        build_state.code_fingerprint.cache_clear()
        assert run_build("_site", None, 1, str(root)) == 0
        return about.read_text(encoding="utf-8")

    monkeypatch.chdir(root)
    first = build()
    assert build() == first
    (packages / "markdown-3.11.3.dist-info").rename(packages / "markdown-9.0.dist-info")
    convert = markdown.Markdown.convert
    monkeypatch.setattr(markdown.Markdown, "convert", lambda self, text: convert(self, text) + "\n<p>rendered by markdown 9</p>")
    assert "rendered by markdown 9" not in first
    assert "rendered by markdown 9" in build()
