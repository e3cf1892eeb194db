"""The registry of rule sets: `rules:` in competition.yaml picks one by name."""

from __future__ import annotations

from site_gen.rules.base import RuleSet
from site_gen.rules.best_span.ruleset import RULESET as BEST_SPAN
from site_gen.rules.online_marathon.ruleset import RULESET as ONLINE_MARATHON
from site_gen.rules.swiss_cut.ruleset import RULESET as SWISS_CUT
from site_gen.rules.thematic_marathon.ruleset import RULESET as THEMATIC_MARATHON

RULESETS: dict[str, RuleSet] = {r.name: r for r in (ONLINE_MARATHON, SWISS_CUT, BEST_SPAN, THEMATIC_MARATHON)}
