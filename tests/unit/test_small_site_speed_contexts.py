"""A player page holds what it shows, not the whole bracket or the games of a group: every
page's context is pickled for its digest (page_cache), so what each of n player pages
holds whole costs n² (swiss-cut: a column's entries; thematic: the phase-1 group)."""

from fractions import Fraction
from pathlib import Path

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import load_competition
from site_gen.rules.swiss_cut.bracket import Entry, Stage

CASES = Path(__file__).resolve().parents[1] / "rules"
SWISS = CASES / "swiss_cut" / "cases" / "hand-worked-eight"
THEMATIC = CASES / "thematic_marathon" / "cases" / "two-groups"


def published(case: Path):
    diags = Diagnostics(root=case)
    c = load_competition(case, SiteConfig(), diags)
    assert not diags.has_errors, diags.format()
    return c.ruleset.publish(c.info, c.settings, c.data, c.result)


def context(case: Path, url: str) -> dict:
    return next(p for p in published(case).pages if p.url == url).resolved().context


def test_a_swiss_cut_players_path_holds_each_stage_and_the_players_entry_only():
    path = context(SWISS, "hand-worked-eight/players/gleb/")["path"]
    # NOTES.md: Gleb is 4th after rounds 1-2 (3 MI) and after round 3 (-0.5 MI), 2nd in the final (800)
    assert path == [
        (Stage("1-2", "Rounds 1–2", (1, 2), True, "through to round 3"), Entry("Gleb", 4, Fraction(3), True)),
        (Stage("3", "Round 3", (3,), True, "through to the final"), Entry("Gleb", 4, Fraction(-1, 2), True)),
        (Stage("final", "Final", (), True, ""), Entry("Gleb", 2, Fraction(800), False)),
    ]
    assert not any(hasattr(stage, "entries") for stage, _ in path)  # not the other seven players' entries


def test_a_thematic_players_tournaments_hold_no_group_table():
    entries = context(THEMATIC, "two-groups/players/c/")["entries"]
    # c is among the entrants of hex and go (tournaments/*/entrants.csv), in competition.yaml's order
    assert [e["t"]["tournament"].slug for e in entries] == ["hex", "go"]
    for entry in entries:
        assert set(entry) == {"t", "row", "url", "winner", "status", "tiebreaks"}
