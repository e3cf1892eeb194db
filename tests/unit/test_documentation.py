"""Every setting of every rule set is documented, in the schema and in its guide
(docs/<rule set>.md, linked from the README)."""

import re
from pathlib import Path

from site_gen.config import SITE_FIELDS
from site_gen.pipeline.project import COMMON_FIELDS
from site_gen.rules.registry import RULESETS

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")


def test_every_setting_has_a_doc_string():
    for ruleset in RULESETS.values():
        for field in ruleset.fields:
            assert field.doc, f"{ruleset.name}: {field.key} has no doc"
    for field in (*SITE_FIELDS, *COMMON_FIELDS):
        assert field.doc, field.key


def test_every_rule_setting_is_in_its_guide():
    for ruleset in RULESETS.values():
        guide = REPO / "docs" / f"{ruleset.name}.md"
        assert guide.is_file(), f"{ruleset.name}: no guide {guide.relative_to(REPO)}"
        assert f"(docs/{ruleset.name}.md)" in README, f"README.md does not link docs/{ruleset.name}.md"
        text = guide.read_text(encoding="utf-8")
        assert f"# Rule set `{ruleset.name}`" in text
        documented = set(re.findall(r"^\| `([a-z0-9_.]+)` \|", text, flags=re.M))
        missing = {f.key for f in ruleset.fields} - documented
        assert not missing, f"{ruleset.name}: settings missing from {guide.relative_to(REPO)}: {sorted(missing)}"


def test_every_site_setting_is_in_the_readme():
    documented = set(re.findall(r"^\| `([a-z0-9_.]+)` \|", README, flags=re.M))
    missing = {f.key for f in SITE_FIELDS} - documented
    assert not missing, f"site.yaml settings missing from README.md: {sorted(missing)}"
