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


def test_every_rule_set_is_plain():
    """load -> compute -> publish, knowing nothing of earlier builds (issue 40): a rule set
    has no way to be given an earlier result or told to keep its work."""
    for ruleset in RULESETS.values():
        assert not hasattr(ruleset, "recompute") and not hasattr(ruleset, "keep_between_builds")
