"""Finding a project's parts: site.yaml, data/<slug>/ competitions and content/ pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from site_gen.config import Field, SiteConfig, as_language, as_str, parse_fields, site_config
from site_gen.diagnostics import Diagnostic, Diagnostics, did_you_mean
from site_gen.model import CompetitionInfo, CompetitionState
from site_gen.rebuild.competition_memo import CompetitionMemo
from site_gen.rebuild.log_cache import open_cache
from site_gen.rules.registry import RULESETS
from site_gen.rules.base import RuleSet
from site_gen.slugs import slugify
from site_gen.sources.log_store import stores_from
from site_gen.sources.markdown_reader import MarkdownPage, read_markdown
from site_gen.sources.safe_paths import refuse_links_under, refuse_outside_links
from site_gen.sources.yaml_reader import read_yaml

COMMON_FIELDS = (
    Field("name", as_str, doc="the competition's name as shown on the site"),
    Field("rules", as_str, doc="the rule set: " + ", ".join(RULESETS)),
    Field("language", as_language, None, "language of this competition's pages; default: site.yaml's"),
    Field("description", as_str, "", "one line shown on the home page"),
)

# the folders of a competition's own pages: no Markdown page of the competition may take them
RESERVED = {"players", "stages", "rounds", "tournaments", "groups", "events"}


@dataclass
class Competition:
    info: CompetitionInfo
    ruleset: RuleSet
    settings: Any
    data: Any = None
    result: Any = None
    pages: list[MarkdownPage] = field(default_factory=list)
    state: CompetitionState | None = None  # where it stands, worked out once with the result
    published: Any = None  # its CompetitionSite, made once (build.plan)


@dataclass
class Project:
    root: Path
    site: SiteConfig
    competitions: list[Competition]
    pages: list[MarkdownPage]


def load_project(root: Path, diags: Diagnostics, memo: CompetitionMemo | None = None) -> Project | None:
    """Every competition and page of the project; `memo`: serve's competitions from earlier builds."""
    if refuse_outside_links(root, diags):  # before any file is read: never read one from outside
        return None
    site = read_site_config(root, diags)
    competitions = []
    data_dir = root / "data"
    folders = sorted(p for p in data_dir.iterdir() if p.is_dir() and not p.name.startswith(".")) if data_dir.is_dir() else []
    own_pages = {slug: "the competition's own pages" for slug in (*sorted(RESERVED), "index")}
    for folder in folders:
        competition = memo.load(folder, site, diags) if memo else load_competition(folder, site, diags)
        # the pages are checked even when the data has errors: every problem in one run
        pages = _markdown_pages(root / "content" / folder.name, diags, site, taken=own_pages)
        if competition is not None:
            competition.pages = pages
            competitions.append(competition)
    # a page content/<slug>.md would be published at the address of competition <slug>
    pages = _markdown_pages(root / "content", diags, site, taken={f.name: f"the competition data/{f.name}/" for f in folders})
    return Project(root, site, competitions, pages)


def read_site_config(root: Path, diags: Diagnostics) -> SiteConfig:
    """site.yaml's settings; the defaults where it is missing or wrong (reported in `diags`)."""
    ok, doc = read_yaml(root / "site.yaml", diags)
    return (site_config(doc, root / "site.yaml", diags) if ok else None) or SiteConfig()


def read_competition_yaml(path: Path, diags: Diagnostics):
    """competition.yaml as a mapping (with line numbers); None once the reason is reported."""
    ok, doc = read_yaml(path, diags)
    if not ok:
        return None
    if not isinstance(doc, dict):
        diags.error(path, 1, "competition.yaml must be a mapping with name, rules and the rule set's settings")
        return None
    return doc


def load_competition(folder: Path, site: SiteConfig, diags: Diagnostics) -> Competition | None:
    """Settings and data of one competition, computed; None when anything is wrong."""
    if refuse_links_under(folder, folder.parent.parent, diags):  # data/<slug>/ in the repository
        return None
    path = folder / "competition.yaml"
    if not path.is_file():
        diags.error(folder, None, "a competition folder needs a competition.yaml (name, rules, settings)")
        return None
    if slugify(folder.name) != folder.name:
        diags.error(folder, None, f'folder name "{folder.name}" is not a valid slug; try "{slugify(folder.name)}"')
        return None
    doc = read_competition_yaml(path, diags)
    if doc is None:
        return None
    rules_name = doc.get("rules")
    ruleset = RULESETS.get(rules_name) if isinstance(rules_name, str) else None
    if ruleset is None:
        known = ", ".join(RULESETS)
        line = doc.line_of("rules") if "rules" in doc else doc.line
        what = 'missing required setting "rules"' if rules_name is None else f'unknown rules "{rules_name}"'
        diags.error(path, line, f"{what}; known rule sets: {known}{did_you_mean(str(rules_name or ''), RULESETS)}")
        return None
    values = parse_fields(doc, list(COMMON_FIELDS) + list(ruleset.fields), path, diags)
    if values is None:
        return None
    common = {f.key: values.pop(f.key) for f in COMMON_FIELDS}
    settings = ruleset.make_settings(values)
    info = CompetitionInfo(
        slug=folder.name,
        name=common["name"],
        rules=ruleset.name,
        language=common["language"] or site.language,
        description=common["description"],
        folder=folder,
    )
    competition = Competition(info, ruleset, settings)
    with stores_from(open_cache):  # a reader may keep what it read for the next build (Tenhou logs)
        competition.data = ruleset.load(folder, settings, diags)
    if competition.data is None:
        return None
    competition.result = ruleset.compute(competition.data, settings)
    competition.state = ruleset.state(settings, competition.result)
    ruleset.report(competition.data, settings, competition.result, diags)
    return competition


def _markdown_pages(
    folder: Path, diags: Diagnostics, site: SiteConfig, taken: dict[str, str] | None = None
) -> list[MarkdownPage]:
    """The pages of a folder; `taken`: page names (slugs) already used at the same address,
    with what uses them. Two files with the same page name are an error as well."""
    if not folder.is_dir():
        return []
    taken = taken or {}
    seen: dict[str, Path] = {}
    pages = []
    for path in sorted(folder.glob("*.md")):
        slug = slugify(path.stem, "page")
        page = read_markdown(path, slug, diags, raw_html=site.markdown_raw_html)
        if slug in taken:
            diags.error(path, None, f'the page name "{slug}" is taken by {taken[slug]}; rename the file')
            continue
        if slug in seen:
            diags.error(path, None, f'the page name "{slug}" is taken by {seen[slug].name} in the same folder; rename one of them')
            continue
        seen[slug] = path
        if page is not None:
            pages.append(page)
    pages.sort(key=lambda p: (p.order, p.slug))
    return pages


def competition_memo() -> CompetitionMemo:
    """A memo of competitions (serve) that loads them as builds do."""
    return CompetitionMemo(load_competition)
