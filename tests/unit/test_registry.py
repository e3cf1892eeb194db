"""The registry names every rule set and gives each one's own RuleSet."""

import subprocess
import sys

from site_gen.rules.registry import RULESETS


def test_every_name_gives_the_rule_set_of_that_name():
    assert list(RULESETS) == ["online-marathon", "swiss-cut", "best-span", "thematic-marathon"]
    assert [r.name for r in RULESETS.values()] == list(RULESETS)
    assert RULESETS.get("go") is None and "go" not in RULESETS


def test_a_rule_set_is_imported_only_when_asked_for():
    code = ("import sys; from site_gen.rules.registry import RULESETS; RULESETS['swiss-cut']; "
            "print(sorted(m for m in sys.modules if m.endswith('.ruleset')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['site_gen.rules.swiss_cut.ruleset']"


def test_serves_switch_reaches_every_rule_set_that_keeps_work_between_builds(monkeypatch):
    from site_gen.rules import registry
    from site_gen.rules.best_span import document, events
    from site_gen.rules.thematic_marathon import load as thematic_load, pages as thematic_pages
    from site_gen.sources import log_cache

    kept = [(log_cache, "_last_builds"), (thematic_load, "_kept"), (events, "_last_events"), (document, "_last_rows"),
            (thematic_pages, "_last_tables")]
    for module, name in kept:
        monkeypatch.setattr(module, name, None)  # as a command-line process has them; restored after the test
    registry.keep_between_builds()
    assert [getattr(module, name) for module, name in kept] == [{}] * len(kept)


def test_online_marathon_is_plain():
    """load -> compute -> publish, knowing nothing of earlier builds (issue 40)."""
    ruleset = RULESETS["online-marathon"]
    assert ruleset.recompute is None and ruleset.keep_between_builds is None
