"""The one door every rule set comes through.

A rule set is a package exposing the same names everywhere; `RuleSet` gathers them so
`check`, `build`, `standings`, `new` and the exports loop over the registry alone.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from site_gen.config import Field
from site_gen.diagnostics import Diagnostics
from site_gen.model import CompetitionInfo, CompetitionSite, CompetitionState, Table


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    fields: tuple[Field, ...]  # competition.yaml settings, defaults = the regulation's values
    make_settings: Callable[[dict[str, Any]], Any]
    load: Callable[[Path, Any, Diagnostics], Any]  # files -> data (None on errors)
    compute: Callable[[Any, Any], Any]  # pure: (data, settings) -> result
    report: Callable[[Any, Any, Any, Diagnostics], None]  # (data, settings, result): notices
    document: Callable[[Any, Any], dict]  # (settings, result) -> the JSON document
    publish: Callable[[CompetitionInfo, Any, Any, Any], CompetitionSite]
    standings_table: Callable[[Any, Any, int | None], Table | None]  # (settings, result, stage)
    # (competition name, today) -> {file name: text}: `new` reads the clock, a rule set never does
    scaffold: Callable[[str, dt.date], dict[str, str]]
    state: Callable[[Any, Any], CompetitionState]  # pure: (settings, result) -> where it stands
