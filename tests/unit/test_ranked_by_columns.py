"""Issue 38: on every ranked table the column it is ranked by comes right after the
player, so a phone (or a table scrolled to its left) shows place, name and the value that
decides the place together. The keys below are read from the spec (/work/shared/spec/),
rule by rule, not from the code; the home card and the overview show that column too."""

from pathlib import Path

import pytest

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import load_competition

RULES = Path(__file__).resolve().parents[1] / "rules"

# (case, [(table slug prefix, the key that ranks it, the spec's rule)]); a table of the case
# that no prefix names fails the test: every published table is either ranked here or
# listed in NOT_RANKED with why
RANKED_BY = {
    "online_marathon/cases/hand-worked-two-stages": [
        ("marathon", "total_norm_rating", "step 9: total_norm_rating, score_sum, games"),
        ("stage-", "score", "step 7: score, series_game_points, n"),
    ],
    "swiss_cut/cases/hand-worked-eight": [
        ("ranking", "reached", "Tournament ranking: the finalists, then by the last round played"),
        ("standings-", "points", "step 2: MI, score, mahjongs"),
        ("final", "score", "step 4: the final's places come from its score"),
    ],
    "best_span/cases/golden-month": [
        ("standings", "weight", "step 5: the span's total weight"),
        ("event-", "points", "a direct event's place points, then its score total"),
    ],
    "thematic_marathon/cases/two-groups": [
        ("marathon", "points", "rule 9: points, then tournaments won"),
        ("group-", "points", "rules 7 and 8: points"),
        ("tournament-", "reached", "rule 6: the final group, then the semifinalists, then the rest"),
        ("master", "via", "rule 10: standings, group-final winners, tournament winners, fill"),
    ],
}
# tables whose rows are not places: seats in wind order, games, tournaments, participants
NOT_RANKED = {"round-", "players", "tournaments", "master-candidates"}
# a phase's round-robin table (rule 1) is ranked by its points, as the groups are
PHASE_TABLES = ("-phase1-", "-semifinal-", "-final")


def _published(case: str):
    folder = RULES / case
    diags = Diagnostics(root=folder)
    c = load_competition(folder, SiteConfig(), diags)
    assert not diags.has_errors, diags.format()
    return c.ruleset.publish(c.info, c.settings, c.data, c.result)


def _expected(case: str, slug: str) -> str | None:
    if any(slug == n or (n.endswith("-") and slug.startswith(n)) for n in NOT_RANKED):
        return None
    if slug.startswith("tournament-") and any(p in slug for p in PHASE_TABLES):
        return "points"
    for prefix, key, _ in RANKED_BY[case]:
        if slug == prefix or (slug.startswith(prefix) and prefix.endswith("-")):
            return key
    raise AssertionError(f"{case}: table {slug} is neither ranked here nor listed as not ranked")


def _after_player(table) -> str:
    keys = [c.key for c in table.columns]
    return keys[keys.index("player") + 1]


@pytest.mark.parametrize("case", sorted(RANKED_BY))
def test_the_column_after_the_player_is_the_one_the_table_is_ranked_by(case):
    site = _published(case)
    checked = 0
    for table in site.tables:
        key = _expected(case, table.slug)
        if key is None:
            continue
        assert _after_player(table) == key, (table.slug, [c.key for c in table.columns])
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("case", sorted(RANKED_BY))
def test_the_home_card_and_the_overview_show_that_column_in_a_few(case):
    site = _published(case)
    headline = RANKED_BY[case][0]
    overview = next(p for p in site.pages if p.template.endswith("/overview.html"))
    # what fits a 360-px phone: a card (inside its border and padding) three columns, the overview four
    assert [c.key for c in site.summary.columns] == ["rank", "player", headline[1]]
    keys = [c.key for c in overview.context["table"].columns]
    assert keys[:3] == ["rank", "player", headline[1]] and len(keys) <= 4, keys
    full = next(p for p in site.pages if p.url == site.summary_url)
    assert [c.key for c in full.context["table"].columns] == [
        c.key for c in next(t for t in site.tables if t.slug == headline[0]).columns]
