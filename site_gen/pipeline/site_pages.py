"""The site-wide pages: home, content pages, 404, feed, sitemap and the search index."""

from __future__ import annotations

import json

from site_gen.pipeline import players_index
from site_gen.diagnostics import Diagnostics
from site_gen.i18n import N_, Text
from site_gen.latin_names import latin_form
from site_gen.model import FINAL, CompetitionSite, CompetitionState, DataUpdate, Later, Page, SearchEntry, now
from site_gen.pipeline.project import RESERVED, Project


def content_pages(project: Project, diags: Diagnostics) -> list[Page]:
    pages = []
    for md in project.pages:
        if md.slug == "index":
            continue  # the home page's introduction
        pages.append(Page(f"{md.slug}/", "page.html", md.title, {"markdown": md}))
    for competition in project.competitions:
        for md in competition.pages:
            if md.slug in RESERVED or md.slug == "index":
                diags.error(md.source, None, f'the page name "{md.slug}" is taken by the competition\'s own pages; rename the file')
                continue
            url = f"{competition.info.slug}/{md.slug}/"
            pages.append(Page(url, "page.html", md.title, {"markdown": md, "competition_slug": competition.info.slug}))
    return pages


def home_page(project: Project, sites: dict[str, CompetitionSite]) -> Page:
    intro = next((md for md in project.pages if md.slug == "index"), None)
    rows = [
        {"info": c.info, "status": sites[c.info.slug].status, "updated": sites[c.info.slug].updated,
         "summary": sites[c.info.slug].summary, "summary_url": sites[c.info.slug].summary_url}
        for c in project.competitions
    ]
    return Page("", "index.html", project.site.title, {"intro": intro, "competition_rows": rows})


def feed_entries(project: Project, sites: dict[str, CompetitionSite]) -> list[dict]:
    """One entry per competition (dated by its newest result) and per dated page."""
    entries = []
    for c in project.competitions:
        site = sites[c.info.slug]
        updates = now(site.updates)
        stands = _state_sentence(c.state)
        if updates:
            entries += [_with_state(_update_entry(c.info.name, f"{c.info.slug}/", update), stands) for update in updates]
        elif site.updated is not None:
            entries.append(_with_state({"title": Text(N_("%(competition)s: standings updated"), competition=c.info.name),
                                        "url": f"{c.info.slug}/", "updated": site.updated,
                                        "summary": _status_text(site.status)}, stands))
    for md, url in _dated_pages(project):
        entries.append({"title": md.title, "url": url, "updated": md.date, "summary": md.description})
    entries.sort(key=lambda e: (e["updated"], e["url"]), reverse=True)
    return entries


def _update_entry(name: str, url: str, update: DataUpdate) -> dict:
    """A feed entry naming what one day of results changed."""
    moves = [
        Text(N_("%(player)s new at %(after)s"), player=p, after=after) if before is None
        else Text(N_("%(player)s %(before)s → %(after)s"), player=p, before=before, after=after)
        for p, before, after in update.movements
    ]
    summary = Text(N_("New games: %(count)s."), count=update.new_games)
    if moves:
        summary = Text(N_("%(games)s Rank changes: %(moves)s."), games=summary, moves=Text("; ".join(moves)))
    return {"title": Text(N_("%(competition)s: results of %(day)s"), competition=name, day=update.day),
            "url": url, "updated": update.day, "summary": summary}


def _state_sentence(state: CompetitionState) -> Text:
    """Where the competition stands now, for a reader of the feed: a leader in an entry is
    never taken for the winner of a competition still being played."""
    return (Text(N_("The competition is over: its results are final.")) if state.state == FINAL else
            Text(N_("The competition is still in progress: its standings are provisional.")))


def _with_state(entry: dict, stands: Text) -> dict:
    return {**entry, "summary": Text(N_("%(summary)s %(state)s"), summary=_status_text(entry["summary"]), state=stands)}


def _status_text(status: str) -> Text:
    """A rule set's status (a message marked with N_() or a Text), translated in the feed."""
    return status if isinstance(status, Text) else Text(status)


def _dated_pages(project: Project):
    for md in project.pages:
        if md.date and md.slug != "index":
            yield md, f"{md.slug}/"
    for c in project.competitions:
        for md in c.pages:
            if md.date:
                yield md, f"{c.info.slug}/{md.slug}/"


def feed_page(project: Project, sites: dict[str, CompetitionSite]) -> Page:
    return Page("feed.xml", "feed.xml", project.site.title, later=Later(_feed_context, project, sites))


def _feed_context(project: Project, sites: dict[str, CompetitionSite]) -> dict:
    entries = feed_entries(project, sites)
    return {"entries": entries, "feed_updated": entries[0]["updated"] if entries else None}


def sitemap_page(urls: list[str]) -> Page:
    return Page("sitemap.xml", "sitemap.xml", "sitemap", {"urls": sorted(u for u in urls if u.endswith("/") or u == "")})


def not_found_page() -> Page:
    return Page("404.html", "404.html", Text(N_("Page not found")), {})


def search_index(project: Project, sites: dict[str, CompetitionSite], content: list[Page]) -> bytes:
    entries: list[SearchEntry] = []
    for c in project.competitions:
        entries += sites[c.info.slug].search
    entries += players_index.search_entries(sites)
    entries += [SearchEntry(p.title, p.url, "page") for p in content]
    data = [{"title": e.title, "url": e.url, "kind": e.kind, "detail": e.detail} for e in entries]
    for entry in data:  # the name in Latin letters, where it is written in another script
        latin = latin_form(entry["title"])
        if latin is not None:
            entry["latin"] = latin
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def search_script(index: bytes) -> bytes:
    """search.json as a script that sets window.siteGenSearch: a page opened from disk
    (file://) may load a script beside it but fetch no file, so the search box reads this
    there (site.js). JSON is valid JavaScript, U+2028 included (ES2019)."""
    return b"window.siteGenSearch = " + index.rstrip(b"\n") + b";\n"
