"""The Jinja environment: project templates/ over the theme's, and the helpers templates use.

A project template can extend the theme's template of the same name as `!theme/<name>`.
Data is only ever passed as context, never compiled as a template.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, urljoin, urlsplit

from jinja2 import (BytecodeCache, ChoiceLoader, Environment, FileSystemLoader, PrefixLoader, StrictUndefined,
                    select_autoescape)

from site_gen.render.charts import bar_chart
from site_gen.render.span_chart import span_chart
from site_gen.formatting import sort_key
from site_gen.render.crosstable_view import crosstable_body
from site_gen.config import has_host
from site_gen.render.prose_tables import boxed_tables
from site_gen.render.table_view import reason_cell, reason_texts, table_body, table_rows
from site_gen.render import i18n, links
from site_gen.render.icalendar import calendar

PACKAGED_THEMES = Path(__file__).resolve().parent.parent / "themes"


def theme_dir(root: Path, theme: str) -> Path:
    """The project's themes/<name>/ if it has one, else the theme shipped with site-gen."""
    own = root / "themes" / theme
    return own if own.is_dir() else PACKAGED_THEMES / theme


NOT_FOUND = "404.html"  # the page a server shows for any missing address


def base_path(base_url: str) -> str:
    """The path part of the base URL, with a trailing slash: '/club/' for https://x.org/club."""
    try:
        path = urlsplit(base_url).path
    except ValueError:  # "https://[x/" (check warns about it): no path to take
        path = ""
    path = "/".join(part for part in path.split("/") if part not in ("", "."))
    return f"/{path}/" if path else "/"


def make_environment(root: Path, theme: str, base_url: str,
                     bytecode_cache: BytecodeCache | None = None) -> Environment:
    """The templates of `theme` under the project's own; `bytecode_cache`: where compiled
    templates are kept between builds, if anywhere."""
    theme_templates = FileSystemLoader(str(theme_dir(root, theme) / "templates"))
    loaders = []
    if (root / "templates").is_dir():
        loaders.append(FileSystemLoader(str(root / "templates")))
    loaders += [theme_templates, PrefixLoader({"!theme": theme_templates}, delimiter="/")]
    env = Environment(
        loader=ChoiceLoader(loaders),
        autoescape=select_autoescape(["html", "xml", "svg"], default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],  # {% trans %}
        bytecode_cache=bytecode_cache,
        auto_reload=False,  # an environment lives for one build: no stat of the file at each use
    )
    # `_()`, `{% trans %}`: translated in the language of the page being rendered; each
    # build reads the catalogs afresh (a long-running `serve` sees edited .po files)
    i18n.translations.cache_clear()
    env.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True,
                                  pgettext=i18n.pgettext, npgettext=i18n.npgettext)
    env.globals["_"] = env.globals["gettext"] = i18n.template_gettext()  # the same words, found once
    prefix = base_path(base_url)
    hosted = has_host(base_url)

    def url(path: str) -> str:
        """A link from the page being rendered (render.links): relative, so the site works
        from disk and under any sub-path. The 404 page is the exception when the base
        names its host: a server shows it in place of any missing address, however deep
        ("/club/a/b/typo/"), where links relative to /club/404.html would all break; it
        links from the base's path instead ("/club/static/site.css"), as MkDocs does."""
        page = links.current_page()
        if page == NOT_FOUND and hosted:
            return prefix + quote(path.lstrip("/"), safe="/#?=&.-_~")
        return links.relative_url(page, path)

    def from_base(path: str) -> str:
        """The path under the base URL's path: '/club/x/' (the sitemap's and feed's links
        when the base has no host, which `check` warns about)."""
        return prefix + quote(path.lstrip("/"), safe="/#?=&.-_~")

    def absolute(path: str) -> str:
        """The full URL of a site-relative path, where a standard asks for one (sitemap,
        feed, canonical link, calendar)."""
        if not hosted:
            return from_base(path)
        return urljoin(base_url.rstrip("/") + "/", quote(path.lstrip("/"), safe="/#?=&.-_~"))

    def nav_href(href: str) -> str:
        """A site.yaml nav entry: a site-internal path ("about/", "/about/") as a link from
        this page; another site's address (https:, mailto:) or "#top" as written; any
        other scheme ("javascript:") is taken as a path, never run (links.nav_target)."""
        return href if links.nav_target(href) else url(href)

    def atom_id(path: str) -> str:
        """A permanent IRI for a feed entry: its absolute URL, or a URN when the base has no host."""
        return absolute(path) if hosted else "urn:site-gen:" + quote(path.lstrip("/") or "home", safe="/.-_~")

    env.globals.update(url=url, absolute=absolute, atom_id=atom_id, bar_chart=bar_chart, table_rows=table_rows,
                       table_body=table_body)
    # <link rel="canonical"> and the like only where the base names its host: a canonical
    # link must be absolute
    env.globals.update(hosted=hosted, nav_href=nav_href)
    env.filters["site_links"] = links.markdown_links  # a Markdown page's links, from the page shown
    env.filters["boxed_tables"] = boxed_tables  # a Markdown page's tables in scroll boxes
    env.globals["span_chart"] = span_chart  # best-span player pages
    env.globals["crosstable_body"] = crosstable_body  # thematic marathon crosstables
    # numbers, dates and the messages rule sets mark with N_() or Text, in the page's language
    env.filters.update(num=i18n.number, num_short=i18n.short_number, sortkey=sort_key, date=i18n.date, t=i18n.translate, text=i18n.text)
    env.globals.update(reason_cell=reason_cell, reason_texts=reason_texts)  # "why this place?" in data_table

    def icalendar(name: str, events: list, stamp) -> str:
        """calendar.ics: summaries in the page's language, URLs only when the base has a host."""
        host = urlsplit(base_url).hostname if hosted else None  # (hosted: it parses)
        return calendar(name, events, stamp, host or "site-gen", i18n.text, absolute if host else None)

    env.globals["icalendar"] = icalendar
    return env
