"""serve's next load of a changed thematic marathon: players.csv and the tournament folders
whose files did not change are the last load's very objects (load.py, after
keep_between_builds()), and their tournaments' results the last computation's
(scoring.recompute); the site is byte for byte a clean build's, messages included."""

from __future__ import annotations

from pathlib import Path

import pytest

from output_tree import tree

from site_gen.build import build
from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.project import CompetitionMemo, load_competition
from site_gen.rules.thematic_marathon import load as thematic_load, pages as thematic_pages, scoring
from site_gen.strict_equality import same

COMP = "pbem-marathon"


@pytest.fixture
def project(example_project, monkeypatch) -> Path:
    monkeypatch.setattr(thematic_load, "_kept", {})  # as serve's keep_between_builds(), for this test only
    monkeypatch.setattr(thematic_pages, "_last_tables", {})
    return example_project(COMP)


def _replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _edit_result(root: Path):  # saraf beat paolog in the final: now paolog wins
    _replace_in(root / "data" / COMP / "tournaments" / "amazons" / "games.csv", "saraf,paolog,1-0", "saraf,paolog,0-1")


def _edit_rating(root: Path):  # every tournament's seeding may change (here: finals no longer match, an error)
    _replace_in(root / "data" / COMP / "players.csv", "amazona,,2015,", "amazona,,1015,")


def _edit_name(root: Path):  # players.csv changed: every tournament is computed again
    _replace_in(root / "data" / COMP / "players.csv", "AbaLone,,", "AbaLone,Aba Lone,")


def _edit_unknown_player(root: Path):  # a message, then the next build must give it again
    _replace_in(root / "data" / COMP / "tournaments" / "amazons" / "games.csv", "lucad,fabiop,1-0", "lucad,nobody,1-0")


def _edit_settings(root: Path):  # other game points: nothing of the last computation is kept (an error here too)
    path = root / "data" / COMP / "competition.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "game_points: {win: 2, draw: 1, loss: 0}\n", encoding="utf-8")


def _edit_description(root: Path):  # competition.yaml changed, the settings equal: recomputed from the last result
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
    memo, served = CompetitionMemo(), tmp_path / "served"
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo) is not None
    change(project)
    diags, clean_diags = Diagnostics(root=project), Diagnostics(root=project)
    report = build(project, served, diags, serving=True, memo=memo)
    clean = build(project, tmp_path / "clean", clean_diags, serving=True, incremental=False)
    assert diags.format("warning") == clean_diags.format("warning")
    assert (report is None) == (clean is None) == (change in (_edit_rating, _edit_settings, _edit_unknown_player))
    if clean is not None:
        assert tree(served) == tree(tmp_path / "clean")


def test_a_serve_build_makes_again_only_the_changed_tournament_s_tables(project: Path, tmp_path: Path, monkeypatch):
    """The other tournaments' tables are the last build's very objects (pages._tournament_tables):
    their CSV files and digests are then the last build's (page_renderer, page_cache)."""
    made = []
    real = thematic_pages._made_tables
    monkeypatch.setattr(thematic_pages, "_made_tables", lambda t, *rest: made.append(t.slug) or real(t, *rest))
    memo, served = CompetitionMemo(), tmp_path / "served"
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo) is not None
    assert len(made) == len(set(made)) >= 10  # every tournament's, once
    made.clear()
    _edit_result(project)
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo) is not None
    assert made == ["amazons"]


def _load(root: Path, previous=None, diags=None):
    diags = diags or Diagnostics(root=root)
    return load_competition(root / "data" / COMP, SiteConfig(), diags, previous), diags


def _reloaded(project: Path, change, monkeypatch):
    """The competition loaded, `change`d, loaded again from the first; and the tournaments
    the second load computed."""
    first, _ = _load(project)
    change(project)
    computed = []
    real = scoring.compute_tournament
    monkeypatch.setattr(scoring, "compute_tournament", lambda g, t, *rest: computed.append(t.slug) or real(g, t, *rest))
    second, _ = _load(project, first)
    return first, second, computed


def test_only_the_changed_tournament_is_read_and_computed_again(project: Path, monkeypatch):
    first, second, computed = _reloaded(project, _edit_result, monkeypatch)
    assert computed == ["amazons"]
    assert second.data.players is first.data.players
    kept = [slug for slug, t in second.data.tournaments.items() if t is first.data.tournaments[slug]]
    assert sorted(kept) == sorted(set(first.data.tournaments) - {"amazons"})
    old, new = ({t.slug: t for t in c.result.tournaments} for c in (first, second))
    # the others' results are the last computation's (their phases and ranking the very objects)
    assert [slug for slug in new if new[slug].ranking is old[slug].ranking and new[slug].phase1 is old[slug].phase1] \
        == [slug for slug in new if slug != "amazons"]
    assert second.result == scoring.compute(second.data, second.settings)  # exactly a fresh computation
    assert not same(new["amazons"], old["amazons"])


def test_a_rating_change_computes_every_tournament_again(project: Path, monkeypatch):
    first, second, computed = _reloaded(project, _edit_rating, monkeypatch)
    assert sorted(computed) == sorted(first.data.tournaments)  # the seeding reads every player's rating
    assert second.data.players is not first.data.players
    assert second.result == scoring.compute(second.data, second.settings)


def test_a_folder_that_gave_a_message_is_read_again_and_gives_it_again(project: Path):
    _edit_unknown_player(project)
    first, diags = _load(project)
    assert first is None and any("nobody" in line for line in diags.format("error"))
    again, diags_again = _load(project)
    assert again is None and diags_again.format("error") == diags.format("error")


def test_without_keep_between_builds_nothing_is_kept(project: Path, monkeypatch):
    monkeypatch.setattr(thematic_load, "_kept", None)  # the command line: one build per process
    first, second, computed = _reloaded(project, _edit_result, monkeypatch)
    assert all(second.data.tournaments[slug] is not t for slug, t in first.data.tournaments.items())
    assert sorted(computed) == sorted(first.data.tournaments)
