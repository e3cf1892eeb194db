"""Pages kept between builds (site_gen/rebuild/page_cache.py): a page is rendered again only when
its inputs changed, and what is kept is what a clean build would write."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from marathon_edits import first_game, first_march_game, swap_two_scores
from output_tree import tree
from page_key_helpers import build_into, count_rendered

from site_gen.rebuild.page_cache import value_digest

COMP = "online-marathon-2015"


DIGEST_OF_A_TABLE = """
from site_gen.model import Column, Table
from site_gen.rebuild.page_cache import value_digest
names = [f"player{i}" for i in range(50)]
table = Table("t", "c", (Column("player", "Player"),), [{"player": n} for n in names],
              struck={(i, n) for i, n in enumerate(names)}, highlighted=set(range(0, 50, 3)))
print(value_digest({"table": table}).hex())
"""


def test_a_table_has_one_digest_in_every_process():
    """Sets of strings iterate in another order under another PYTHONHASHSEED."""
    digests = {
        subprocess.run([sys.executable, "-c", DIGEST_OF_A_TABLE], env={**os.environ, "PYTHONHASHSEED": seed},
                       capture_output=True, text=True, check=True).stdout
        for seed in ("1", "2", "3")
    }
    assert len(digests) == 1


def test_a_plain_set_is_not_stable_across_processes_which_is_why_tables_hold_stable_sets():
    script = DIGEST_OF_A_TABLE.replace('print(value_digest({"table": table}).hex())',
                                       'print(value_digest(set(table.struck)).hex())')
    digests = {
        subprocess.run([sys.executable, "-c", script], env={**os.environ, "PYTHONHASHSEED": seed},
                       capture_output=True, text=True, check=True).stdout
        for seed in ("1", "2", "3", "4")
    }
    assert len(digests) > 1


def test_a_value_that_cannot_be_pickled_has_no_digest():
    assert value_digest({"f": lambda: 1}) is None


@pytest.fixture
def project(marathon_project: Path, monkeypatch) -> Path:
    monkeypatch.delenv("CI", raising=False)  # CI never reuses a page (tested below)
    return marathon_project


@pytest.fixture
def rendered(monkeypatch) -> list[str]:
    """The URLs of the pages actually rendered."""
    return count_rendered(monkeypatch)


def test_a_markdown_edit_renders_only_the_pages_that_show_it(project, tmp_path, rendered):
    out = tmp_path / "out"
    first = build_into(project, out)
    assert len(rendered) == first.pages
    rendered.clear()
    about = project / "content" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    build_into(project, out)
    # the page itself, and the site-wide pages listing content pages' text
    assert "about/" in rendered
    assert not [url for url in rendered if url.startswith(COMP)]


def test_a_changed_game_renders_only_the_pages_that_show_it(project, tmp_path, rendered):
    out = tmp_path / "out"
    first = build_into(project, out)
    rendered.clear()
    swap_two_scores(project, lambda line: first_game(line) and first_march_game(line))  # a game of stage 1
    build_into(project, out)
    assert f"{COMP}/stages/1/" in rendered
    assert f"{COMP}/stages/2/" not in rendered  # shows nothing of stage 1
    assert 0 < len(rendered) < first.pages
    clean = tmp_path / "clean"
    shutil.rmtree(project / ".site-gen-cache")
    build_into(project, clean)
    assert tree(out) == tree(clean)


def test_a_kept_file_that_was_altered_is_rendered_again(project, tmp_path, rendered):
    out = tmp_path / "out"
    build_into(project, out)
    (out / "404.html").write_text("tampered", encoding="utf-8")
    rendered.clear()
    about = project / "content" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\nx\n", encoding="utf-8")  # a real build, not a skip
    build_into(project, out)
    assert "404.html" in rendered
    assert (out / "404.html").read_text(encoding="utf-8") != "tampered"


def test_ci_renders_every_page(project, tmp_path, rendered, monkeypatch):
    out = tmp_path / "out"
    first = build_into(project, out)
    monkeypatch.setenv("CI", "true")
    rendered.clear()
    build_into(project, out)
    assert len(rendered) == first.pages
