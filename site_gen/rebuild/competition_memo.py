"""serve's competitions, kept whole between its builds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostic, Diagnostics
from site_gen.rebuild.build_state import code_fingerprint, input_fingerprint_of


class CompetitionMemo:
    """Competitions an earlier build of this process loaded (`serve`): one whose folder,
    site settings and site-gen code are unchanged is not read, computed or published
    again, and the messages its loading gave are given again. Until a build of this process
    has succeeded with it (`filled`), a build does not stop at "nothing changed" (build.build)."""

    def __init__(self, load_competition: Callable[[Path, SiteConfig, Diagnostics], Any]) -> None:
        self.load_competition = load_competition  # pipeline.project's
        self.entries: dict[Path, tuple[str, Any, list[Diagnostic]]] = {}
        self.filled = False

    def load(self, folder: Path, site: SiteConfig, diags: Diagnostics) -> Any:
        key = input_fingerprint_of(folder.parent.parent, [folder], f"{code_fingerprint()}\0{site!r}")
        known = self.entries.get(folder)
        if known is not None and known[0] == key:
            diags.items.extend(known[2])
            return known[1]
        before = len(diags.items)
        competition = self.load_competition(folder, site, diags)
        self.entries[folder] = (key, competition, diags.items[before:])
        return competition
