"""One page per name that plays in several competitions: /players/<slug>/ links each
competition's page of that name, and those pages link back to it.

Built from the competitions' search entries (kind "player"), so every rule set takes part
without doing anything. A name is the same person when it is written the same way.
"""

from __future__ import annotations

from dataclasses import replace

from site_gen.model import CompetitionSite, Page, SearchEntry
from site_gen.slugs import unique_slugs

FOLDER = "players"
TEMPLATE = "person.html"


def _appearances(sites: dict[str, CompetitionSite]) -> dict[str, list[dict]]:
    """Name -> its competition pages (in site order), for names found in two or more."""
    found: dict[str, list[dict]] = {}
    for site in sites.values():
        competition = next((e for e in site.search if e.kind == "competition"), None)
        for entry in site.search:
            if entry.kind == "player":
                found.setdefault(entry.title, []).append({
                    "competition": competition.title if competition else entry.detail,
                    "competition_url": competition.url if competition else None,
                    "url": entry.url, "updated": site.updated, "status": site.status})
    return {name: entries for name, entries in found.items() if len(entries) > 1}


def _urls(names: list[str]) -> dict[str, str]:
    return {name: f"{FOLDER}/{slug}/" for name, slug in unique_slugs(names, fallback="player").items()}


def index_pages(sites: dict[str, CompetitionSite]) -> list[Page]:
    """The /players/<slug>/ pages, in name order; dated by the newest of their competitions."""
    found = _appearances(sites)
    pages = []
    for name, url in sorted(_urls(list(found)).items()):
        dates = [e["updated"] for e in found[name] if e["updated"]]
        pages.append(Page(url, TEMPLATE, name,
                          {"person": name, "appearances": found[name], "updated": max(dates) if dates else None}))
    return pages


def search_entries(sites: dict[str, CompetitionSite]) -> list[SearchEntry]:
    """Search hits for the index pages; the detail names the competitions (no words to translate)."""
    found = _appearances(sites)
    return [SearchEntry(name, url, "player", ", ".join(e["competition"] for e in found[name]))
            for name, url in sorted(_urls(list(found)).items())]


def with_index(pages: list[Page], sites: dict[str, CompetitionSite]) -> list[Page]:
    """`pages` plus the index pages, each competition page of an indexed name given
    `person_url` and `person_name` (base.html links them)."""
    found = _appearances(sites)
    back = {e["url"]: (name, url) for name, url in _urls(list(found)).items() for e in found[name]}
    linked = [replace(p, context={**p.context, "person_name": back[p.url][0], "person_url": back[p.url][1]})
              if p.url in back else p for p in pages]
    return linked + index_pages(sites)
