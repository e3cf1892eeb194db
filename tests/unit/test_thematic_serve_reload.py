"""serve's next build of a changed thematic marathon: the competition is loaded, computed
and published again, plainly, and the site is byte for byte a clean build's, messages
included."""

from __future__ import annotations

from pathlib import Path

import pytest

from output_tree import tree

from site_gen.pipeline.build import build
from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import competition_memo, load_competition

COMP = "pbem-marathon"


@pytest.fixture
def project(example_project) -> Path:
    return example_project(COMP)


def _replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _edit_result(root: Path):  # saraf beat paolog in the final: now paolog wins
    _replace_in(root / "data" / COMP / "tournaments" / "amazons" / "games.csv", "saraf,paolog,1-0", "saraf,paolog,0-1")


def _edit_rating(root: Path):  # every tournament's seeding may change (here: finals no longer match, an error)
    _replace_in(root / "data" / COMP / "players.csv", "amazona,,2015,", "amazona,,1015,")


def _edit_name(root: Path):  # players.csv changed, no rating: the seeding stays
    _replace_in(root / "data" / COMP / "players.csv", "AbaLone,,", "AbaLone,Aba Lone,")


def _edit_unknown_player(root: Path):  # a message, then the next build must give it again
    _replace_in(root / "data" / COMP / "tournaments" / "amazons" / "games.csv", "lucad,fabiop,1-0", "lucad,nobody,1-0")


def _edit_settings(root: Path):  # other game points (an error here too)
    path = root / "data" / COMP / "competition.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "game_points: {win: 2, draw: 1, loss: 0}\n", encoding="utf-8")


def _edit_description(root: Path):  # competition.yaml changed, the settings equal
    _replace_in(root / "data" / COMP / "competition.yaml", "description: Twenty-five", "description: 25")


def _fill_empty_results(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    filled = [line.replace(",\n", ",1-0\n") if line.endswith(",\n") else line for line in lines]
    assert filled != lines
    path.write_text("".join(filled), encoding="utf-8")


def _edit_finish_tournament(root: Path):  # rule 11: cathedral's final complete: finished, a winner, bonuses
    _fill_empty_results(root / "data" / COMP / "tournaments" / "cathedral" / "games.csv")


def _edit_unfinish_tournament(root: Path):  # rule 11: amazons' final loses a result: in phase 2 again, no winner
    _replace_in(root / "data" / COMP / "tournaments" / "amazons" / "games.csv", "saraf,paolog,1-0", "saraf,paolog,")


def _edit_finish_group_final(root: Path):  # rule 11: the classici group final complete: bonuses and a winner
    _fill_empty_results(root / "data" / COMP / "group-finals" / "classici.csv")


@pytest.mark.parametrize("change", [_edit_result, _edit_name, _edit_description, _edit_rating, _edit_settings,
                                    _edit_unknown_player, _edit_finish_tournament, _edit_unfinish_tournament,
                                    _edit_finish_group_final])
def test_builds_of_one_process_equal_a_clean_build(project: Path, tmp_path: Path, change):
    memo, served = competition_memo(), tmp_path / "served"
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo) is not None
    change(project)
    diags, clean_diags = Diagnostics(root=project), Diagnostics(root=project)
    report = build(project, served, diags, serving=True, memo=memo)
    clean = build(project, tmp_path / "clean", clean_diags, serving=True, incremental=False)
    assert diags.format("warning") == clean_diags.format("warning")
    assert (report is None) == (clean is None) == (change in (_edit_rating, _edit_settings, _edit_unknown_player))
    if clean is not None:
        assert tree(served) == tree(tmp_path / "clean")


def _load(root: Path):
    diags = Diagnostics(root=root)
    return load_competition(root / "data" / COMP, SiteConfig(), diags), diags


def test_a_folder_that_gave_a_message_is_read_again_and_gives_it_again(project: Path):
    _edit_unknown_player(project)
    first, diags = _load(project)
    assert first is None and any("nobody" in line for line in diags.format("error"))
    again, diags_again = _load(project)
    assert again is None and diags_again.format("error") == diags.format("error")
