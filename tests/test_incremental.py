"""Incremental builds: after any kind of change the output equals a clean build byte for
byte, unchanged files keep their modification times, and an unchanged project is skipped."""

import os
from pathlib import Path

import pytest

from marathon_edits import first_game, first_march_game, swap_two_scores
from output_tree import tree

from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics

COMP = "online-marathon-2015"


@pytest.fixture
def project(marathon_project: Path) -> Path:
    return marathon_project


def _build(root: Path, out: Path, incremental=True):
    report = build(root, out, Diagnostics(root=root), incremental=incremental)
    assert report is not None
    return report


def _serve_build(root: Path, out: Path, memo):
    """A build of `serve` (its memo kept between builds) that must succeed: its report."""
    report = build(root, out, Diagnostics(root=root), serving=True, memo=memo)
    assert report is not None
    return report


def _edit_game(root: Path):
    swap_two_scores(root, first_game)


def _edit_stage_game(root: Path):
    """The first game of March: its first two seats' places, so their stage rows, change."""
    swap_two_scores(root, first_march_game)


def _edit_template(root: Path):
    (root / "templates").mkdir()
    (root / "templates" / "404.html").write_text(
        '{% extends "!theme/404.html" %}{% block content %}<h1>Lost?</h1>{% endblock %}', encoding="utf-8")


def _edit_markdown(root: Path):
    about = root / "content" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")


def _edit_site_yaml(root: Path):
    path = root / "site.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("title: ", "title: Renamed "), encoding="utf-8")


@pytest.mark.parametrize("change", [_edit_game, _edit_template, _edit_markdown, _edit_site_yaml])
def test_incremental_equals_clean(project: Path, tmp_path: Path, change):
    incremental = tmp_path / "incremental"
    _build(project, incremental)
    before = tree(incremental)
    change(project)
    _build(project, incremental)
    clean = tmp_path / "clean"
    _build(project, clean, incremental=False)
    after = tree(incremental)
    assert after == tree(clean)
    assert after != before  # the change did reach the output


def _remove_markdown(root: Path):
    (root / "content" / "about.md").unlink()


def test_rebuilds_staged_into_the_site_the_last_one_replaced_equal_clean_builds(project: Path, tmp_path: Path,
                                                                                 monkeypatch):
    """From the third build into a folder on, a build stages into the site the last one
    replaced, kept under .site-gen-cache/ (output.Staging's spare): after each kind of
    change it still equals a clean build, a page gone from the site gone from the output."""
    monkeypatch.delenv("CI", raising=False)  # under CI nothing is kept (build_state.trust_previous_builds)
    out, clean = tmp_path / "out", tmp_path / "clean"
    _build(project, out)
    for change in (_edit_game, _edit_template, _remove_markdown, _edit_stage_game, _edit_site_yaml):
        change(project)
        _build(project, out)
        assert list((project / ".site-gen-cache").glob("spare-*"))  # the replaced site, kept
        _build(project, clean, incremental=False)
        assert tree(out) == tree(clean), change.__name__
    assert not (out / "about").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clean", "out", "project"]  # nothing left beside


def test_unchanged_files_keep_their_times_and_nothing_changed_is_skipped(project: Path, tmp_path: Path, monkeypatch):
    monkeypatch.delenv("CI", raising=False)  # CI never skips (see the next test)
    out = tmp_path / "out"
    _build(project, out)
    stamp = (out / "404.html").stat().st_mtime_ns
    os.utime(out / "404.html", ns=(stamp - 10**9, stamp - 10**9))  # as if written a second ago
    _edit_markdown(project)
    report = _build(project, out)
    assert 0 < report.written < report.files  # only what the change touched was rewritten
    assert (out / "404.html").stat().st_mtime_ns == stamp - 10**9
    again = _build(project, out)
    assert again.written == 0 and again.files == report.files
    assert (out / "about" / "index.html").is_file()


def test_a_removed_output_file_forces_a_real_build(project: Path, tmp_path: Path):
    out = tmp_path / "out"
    _build(project, out)
    (out / "404.html").unlink()
    _build(project, out)
    assert (out / "404.html").is_file()


def test_ci_never_trusts_a_recorded_state(project: Path, tmp_path: Path, monkeypatch):
    from site_gen.rebuild import build_state, linked_spare

    monkeypatch.delenv("CI", raising=False)
    out = tmp_path / "out"
    _build(project, out)
    fingerprint = build_state.input_fingerprint(project, f"{None}\0{False}")
    assert build_state.unchanged(project, out, fingerprint) is not None
    monkeypatch.setenv("CI", "true")
    assert build_state.unchanged(project, out, fingerprint) is None


# --- `serve`: the builds of one process keep the competitions a change did not touch ----

from site_gen.pipeline import project as project_module  # noqa: E402
from site_gen.pipeline.project import competition_memo  # noqa: E402


@pytest.mark.parametrize("change", [_edit_game, _edit_stage_game, _edit_template, _edit_markdown, _edit_site_yaml])
def test_builds_of_one_process_equal_a_clean_build(project: Path, tmp_path: Path, change):
    memo = competition_memo()
    served = tmp_path / "served"
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo) is not None
    change(project)
    diags = Diagnostics(root=project)
    assert build(project, served, diags, serving=True, memo=memo) is not None
    clean_diags = Diagnostics(root=project)
    assert build(project, tmp_path / "clean", clean_diags, serving=True, incremental=False) is not None
    assert tree(served) == tree(tmp_path / "clean")
    assert diags.format("warning") == clean_diags.format("warning")  # a kept competition's warnings too


def test_serve_has_a_spare_made_after_its_first_build_and_stages_the_next_build_into_it(
        project: Path, tmp_path: Path, monkeypatch):
    """The first build of a serve replaces no site, so no spare is left to stage the next
    build into: one is made of links to the output's files (rebuild.linked_spare)."""
    from site_gen.rebuild import build_state, linked_spare
    from site_gen.pipeline import output

    monkeypatch.delenv("CI", raising=False)  # under CI no spare is kept (build_state.trust_previous_builds)
    memo, served = competition_memo(), tmp_path / "served"
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo) is not None
    spare = build_state.spare_folder(project, served)
    linked_spare.wait_for_spare(spare)
    assert tree(spare) == tree(served)
    assert (spare / "index.html").stat().st_ino == (served / "index.html").stat().st_ino
    taken = []
    take = output._take_spare
    monkeypatch.setattr(output, "_take_spare", lambda s, folder: taken.append(s) or take(s, folder))
    _edit_game(project)
    assert build(project, served, Diagnostics(root=project), serving=True, memo=memo) is not None
    assert taken == [spare]
    assert build(project, tmp_path / "clean", Diagnostics(root=project), incremental=False) is not None
    assert tree(served) == tree(tmp_path / "clean")


def test_only_a_changed_competition_is_loaded_again(project: Path, tmp_path: Path, monkeypatch):
    loaded = []
    load = project_module.load_competition
    monkeypatch.setattr(project_module, "load_competition", lambda folder, *a: loaded.append(folder.name) or load(folder, *a))
    memo = competition_memo()
    out = tmp_path / "served"
    build(project, out, Diagnostics(root=project), serving=True, memo=memo)
    assert loaded == [COMP]
    _edit_markdown(project)
    build(project, out, Diagnostics(root=project), serving=True, memo=memo)
    assert loaded == [COMP]  # a Markdown page changed: the competition was kept
    _edit_game(project)
    build(project, out, Diagnostics(root=project), serving=True, memo=memo)
    assert loaded == [COMP, COMP]


def test_a_restarted_serve_fills_its_memo_even_when_the_site_is_up_to_date(project: Path, tmp_path: Path, monkeypatch):
    """A new serve on the output its last run left up to date: its first build is not
    replayed as "nothing changed", else its memo stays empty and the first edit loads and
    computes every competition from nothing. It rewrites no file; the edit loads the changed
    competition again (from its files alone: a rule set knows no earlier build); later,
    nothing changed is replayed."""
    monkeypatch.delenv("CI", raising=False)  # under CI no build is replayed (build_state.trust_previous_builds)
    out = tmp_path / "served"
    _serve_build(project, out, competition_memo())  # the last run of serve
    loaded = []  # the competitions loaded
    load = project_module.load_competition
    monkeypatch.setattr(project_module, "load_competition", lambda folder, *a: loaded.append(folder.name) or load(folder, *a))
    memo = competition_memo()  # serve started again, nothing changed
    assert _serve_build(project, out, memo).written == 0
    assert loaded == [COMP]
    _edit_game(project)
    _serve_build(project, out, memo)
    assert loaded == [COMP, COMP]
    assert _serve_build(project, out, memo).written == 0
    assert len(loaded) == 2  # nothing changed: replayed, nothing loaded


def test_serve_keeps_the_csv_files_of_unchanged_tables_as_the_very_files(project: Path, tmp_path: Path):
    """A table's CSV with the bytes of the last build's file is that file, linked, not
    written again; the tables a changed game changes are written (the first March game is
    in stage 1 and moves the marathon's standings; stage 3's table stays). The site is a
    clean build's."""
    memo, served = competition_memo(), tmp_path / "served"
    _serve_build(project, served, memo)
    tables = sorted(served.glob(f"{COMP}/*.csv"))
    csv = {path.name: path.stat().st_ino for path in tables}
    assert {"marathon.csv", "stage-1.csv", "stage-3.csv"} <= csv.keys()
    _edit_markdown(project)
    _serve_build(project, served, memo)
    assert {name: (served / COMP / name).stat().st_ino for name in csv} == csv  # the very files
    _edit_stage_game(project)
    _serve_build(project, served, memo)
    after = {name: (served / COMP / name).stat().st_ino for name in csv}
    assert after["stage-3.csv"] == csv["stage-3.csv"]
    assert after["stage-1.csv"] != csv["stage-1.csv"] and after["marathon.csv"] != csv["marathon.csv"]
    assert build(project, tmp_path / "clean", Diagnostics(root=project), serving=True, incremental=False) is not None
    assert tree(served) == tree(tmp_path / "clean")


def test_a_template_edited_between_builds_of_one_process_is_compiled_again(project: Path, tmp_path: Path):
    """Compiled templates outlive a build (render/environment.py); an edit of the same file,
    even to the same length, must reach the next build of the process."""
    page = project / "templates" / "404.html"
    page.parent.mkdir()
    served, memo = tmp_path / "served", competition_memo()
    for word in ("Lost A", "Lost B"):
        page.write_text('{% extends "!theme/404.html" %}{% block content %}<h1>' + word + "</h1>{% endblock %}",
                        encoding="utf-8")
        assert build(project, served, Diagnostics(root=project), serving=True, memo=memo, jobs=2) is not None
        assert f"<h1>{word}</h1>" in (served / "404.html").read_text(encoding="utf-8")
