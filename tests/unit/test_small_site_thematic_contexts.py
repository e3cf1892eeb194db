"""The overview, groups, group and tournament pages of a thematic marathon hold what they
show, not the tournaments' results: every page's context is pickled for its digest
(page_cache), and a whole MarathonResult, GroupResult or TournamentResult there was most
of a large marathon's digesting (its groups' games, orderings and rankings)."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import load_competition
from site_gen.rules.thematic_marathon.scoring import GroupResult, MarathonResult
from site_gen.rules.thematic_marathon.tournament import GroupTable, TournamentResult

CASE = Path(__file__).resolve().parents[1] / "rules" / "thematic_marathon" / "cases" / "two-groups"
RESULTS = (MarathonResult, GroupResult, TournamentResult, GroupTable)


@pytest.fixture(scope="module")
def pages():
    diags = Diagnostics(root=CASE)
    c = load_competition(CASE, SiteConfig(), diags)
    assert not diags.has_errors, diags.format()
    return {p.url: p for p in c.ruleset.publish(c.info, c.settings, c.data, c.result).pages}


def pickled_types(value) -> set[type]:
    """The type of everything the value's pickle holds."""
    seen: set[type] = set()

    class Recording(pickle.Pickler):
        def persistent_id(self, obj):
            seen.add(type(obj))
            return None

    Recording(io.BytesIO(), protocol=5).dump(value)
    return seen


@pytest.mark.parametrize("url", ["two-groups/", "two-groups/groups/", "two-groups/groups/alpha/",
                                 "two-groups/tournaments/hex/"])
def test_the_page_holds_no_results_of_tournaments(pages, url):
    assert not pickled_types(pages[url].context) & set(RESULTS)


def test_the_overview_counts_the_tournaments_and_players(pages):
    context = pages["two-groups/"].context
    # competition.yaml: hex, twixt (alpha), go, trax (beta); players.csv and the entrants: a to h
    assert (context["tournament_count"], context["player_count"]) == (4, 8)
    alpha = context["groups"][0]
    assert alpha["group"].slug == "alpha" and [t["slug"] for t in alpha["tournaments"]] == ["hex", "twixt"]
    assert alpha["winner"] == "e"  # NOTES.md: e won the Alpha group final (group-finals/alpha.csv)
    assert pages["two-groups/groups/"].context["groups"] is context["groups"]  # one list, digested once


def test_the_tournament_page_shows_its_phases_groups_by_number(pages):
    t = pages["two-groups/tournaments/hex/"].context["t"]
    # NOTES.md: hex has 6 entrants, 2 phase-1 groups of 3, then a final without semifinals
    assert t["slug"] == "hex" and len(t["entrants"]) == 6
    assert (t["phase1"], t["semifinals"]) == ([1, 2], [])
    trax = pages["two-groups/tournaments/trax/"].context["t"]
    assert (trax["started"], trax["phase1"], trax["played"]) == (False, [], 0)  # no tournaments/trax/ folder
