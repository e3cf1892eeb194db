"""Every setting of every rule set is documented, in the schema and in the README."""

import re
from pathlib import Path

from site_gen.config import SITE_FIELDS
from site_gen.project import COMMON_FIELDS
from site_gen.rules.registry import RULESETS

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_every_setting_has_a_doc_string():
    for ruleset in RULESETS.values():
        for field in ruleset.fields:
            assert field.doc, f"{ruleset.name}: {field.key} has no doc"
    for field in (*SITE_FIELDS, *COMMON_FIELDS):
        assert field.doc, field.key


def test_every_rule_setting_is_in_the_readme_table():
    documented = set(re.findall(r"^\| `([a-z0-9_.]+)` \|", README, flags=re.M))
    for ruleset in RULESETS.values():
        assert f"## Rule set `{ruleset.name}`" in README
        missing = {f.key for f in ruleset.fields} - documented
        assert not missing, f"{ruleset.name}: settings missing from README: {sorted(missing)}"
