"""The registry of rule sets: `rules:` in competition.yaml picks one by name.

A rule set's package is imported when a competition first asks for it: a build of one
rule set's competitions does not pay for importing the other three (~0.1 s of every
small build's start)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from site_gen.rules.base import RuleSet

_MODULES = {  # name -> the module whose RULESET it is, in the order the CLI lists them
    "online-marathon": "site_gen.rules.online_marathon.ruleset",
    "swiss-cut": "site_gen.rules.swiss_cut.ruleset",
    "best-span": "site_gen.rules.best_span.ruleset",
    "thematic-marathon": "site_gen.rules.thematic_marathon.ruleset",
}


class _Registry(Mapping[str, RuleSet]):
    def __getitem__(self, name: str) -> RuleSet:
        ruleset = importlib.import_module(_MODULES[name]).RULESET
        assert ruleset.name == name, f"{_MODULES[name]} registers {ruleset.name}"
        return ruleset

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


RULESETS: Mapping[str, RuleSet] = _Registry()


def package_of(name: str) -> str:
    """The package of a rule set (its schema file lives there), without importing it."""
    return _MODULES[name].rpartition(".")[0]

