"""bench/hugo_site.py: the bench's Hugo case prints the tables site-gen's pages show, cell
for cell, so that Hugo's time is measured on the same pages (with Debian's hugo, which
`make hugo` installs; without it the Hugo build test skips, except under CI=true)."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from required_tool import unavailable
from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics
from site_gen.model import Column, RankReason, Table
from site_gen.render.i18n import use_language
from site_gen.rules.thematic_marathon.crosstable import game_title

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import hugo_site  # noqa: E402 - bench/ is not a package


def _stage_table() -> Table:
    return Table(
        "stage-1", "Stage 1",
        (Column("rank", "#", numeric=True), Column("player", "Player", link_key="url"),
         Column("score", "Score", numeric=True, decimals=2)),
        [{"rank": 1, "player": "Ann", "url": "m/players/ann/", "score": Fraction(5, 2)},
         {"rank": 2, "player": "Bo & Cy", "url": None, "score": Fraction(-1, 3)}],
        struck={(1, "score")},  # as a dropped stage's score
        reasons={0: RankReason("score", Fraction(5, 2), Fraction(-1, 3), "Bo & Cy", 2)},
    )


def test_a_table_comes_out_as_its_cells_texts_links_why_and_strikes():
    with use_language("en"):
        data = hugo_site.table_data(_stage_table())
    assert data == {
        "caption": "Stage 1",
        "header": ["#", "Player", "Score"],
        "rows": [
            # the "why" sits in the rank column; 5/2 and -1/3 with 2 decimals; links site-absolute
            [["1", "", "Ahead of Bo & Cy on score: 2.50 to -0.33.", ""], ["Ann", "/m/players/ann/", "", ""],
             ["2.50", "", "", ""]],
            # a struck cell ends with what the page says of it to a screen reader
            [["2", "", "", ""], ["Bo & Cy", "", "", ""], ["-0.33 (dropped)", "", "", ""]],
        ],
    }


def test_the_tables_of_a_context_are_found_inside_its_lists_and_dicts_in_order():
    first, second = _stage_table(), _stage_table()
    context = {"player": "Ann", "per_stage": [{"table": first, "name": "Stage 1"}, {"table": second}], "none": None}
    assert [id(t) for t in hugo_site.tables_in(context)] == [id(first), id(second)]


def test_a_crosstable_comes_out_as_rank_player_one_cell_per_opponent_points_played():
    crosstable = {
        "caption": "Group 1", "numbers": [1, 2], "why": {}, "reasons": [], "leagues": [],
        "rows": [
            {"rank": 1, "player": "Ann", "url": "t/ann/", "points": 2, "played": 2,
             "cells": [None, {"games": [{"symbol": "1", "first": True, "title": game_title("won", "Bo", True, "")},
                                        {"symbol": "1", "first": False, "title": game_title("won", "Bo", False, "7")}],
                              "points": 2}]},
            {"rank": 2, "player": "Bo", "url": None, "points": 0, "played": 2,
             "cells": [{"games": [{"symbol": "0", "first": False, "title": game_title("lost", "Ann", False, "")},
                                  {"symbol": "0", "first": True, "title": game_title("lost", "Ann", True, "7")}],
                        "points": 0}, None]},
        ],
    }
    with use_language("en"):
        data = hugo_site._crosstable_data(crosstable)
    assert data["header"] == ["Rank", "Player", "1", "2", "Points", "Played"]
    assert data["rows"] == [
        # the game its row player moved first in carries the words the page hides visually
        [["1", "", "", ""], ["Ann", "/t/ann/", "", ""], ["■", "", "", ""], ["1 (first move)1", "", "", "won against Bo, first move; won against Bo (board 7)"],
         ["2", "", "", ""], ["2", "", "", ""]],
        [["2", "", "", ""], ["Bo", "", "", ""], ["00 (first move)", "", "", "lost against Ann; lost against Ann, first move (board 7)"], ["■", "", "", ""],
         ["0", "", "", ""], ["2", "", "", ""]],
    ]


def _cells(page: Path) -> list[list[str]]:
    """The text of every body cell of every table of a page, "why this place" left out."""
    text = re.sub(r'<details class="why">.*?</details>', "", page.read_text(encoding="utf-8"), flags=re.S)
    return [[html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
            for body in re.findall(r"<tbody>(.*?)</tbody>", text, re.S)
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def _both_sites(tmp_path: Path, generator: str) -> tuple[Path, Path, set[str]]:
    """A small generated project built by site-gen and by Hugo (bench/hugo_site.py): the two
    output folders and the HTML pages, which must be the same set."""
    if shutil.which("hugo") is None:
        unavailable("hugo is not installed: run `make hugo`")
    root = tmp_path / "project"
    subprocess.run([sys.executable, str(BENCH / generator), str(root), "--scale", "0.02"], check=True,
                   capture_output=True)
    ours = tmp_path / "site"
    assert build(root, ours, Diagnostics(root=root), base_url="/", incremental=False) is not None
    # WORK given relative to the current folder, as a user may type it
    printed = subprocess.run([sys.executable, str(BENCH / "hugo_site.py"), str(root), "hugo"], cwd=tmp_path,
                             check=True, capture_output=True, text=True).stdout.split()
    public = tmp_path / "hugo" / "public"
    html_pages = {p.relative_to(ours).as_posix() for p in ours.rglob("*.html")}
    assert {p.relative_to(public).as_posix() for p in public.rglob("*.html")} == html_pages
    assert int(printed[0]) == len(html_pages) and float(printed[1]) > 0
    return ours, public, html_pages


def test_hugo_builds_every_html_page_with_the_tables_site_gen_shows(tmp_path):
    ours, public, html_pages = _both_sites(tmp_path, "generate_swiss_cut.py")
    players = sorted(rel for rel in html_pages if re.fullmatch(r"[^/]+/players/[^/]+/index\.html", rel))
    assert len(players) >= 32  # the generator's floor
    assert all(_cells(ours / rel) for rel in players)  # a round-by-round table each
    assert [rel for rel in sorted(html_pages) if _cells(public / rel) != _cells(ours / rel)] == []


def test_hugo_prints_every_table_of_a_thematic_marathon_cell_for_cell(tmp_path):
    # its templates print some tables themselves (a player's tournaments, game lists, the
    # bracket, mini-leagues): hugo_site.py's _PRINTED follows them page by page
    ours, public, html_pages = _both_sites(tmp_path, "generate_thematic_marathon.py")
    differing = [rel for rel in sorted(html_pages) if _cells(public / rel) != _cells(ours / rel)]
    assert differing == []
    kinds = {rel.split("/")[1] for rel in html_pages if rel.count("/") > 1 and _cells(ours / rel)}
    assert {"players", "tournaments", "groups"} <= kinds  # pages of each kind had tables to compare
