"""Typed settings: a small schema that reports every problem with its key and line.

A rule set declares its settings as `Field`s whose defaults are the regulation's values;
`parse_fields` checks a YAML mapping against them in one pass (unknown keys get a
"did you mean", wrong types name what was expected).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.model import Period
from site_gen.values import parse_date, parse_int, parse_timezone

REQUIRED = object()


class SettingError(Exception):
    """A value of the wrong type or range; `line` points inside nested values."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class Field:
    """One setting. A nested mapping gives `fields` and turns their values into one
    value with `parse` (e.g. `period: {from, to}` into a Period)."""

    key: str
    parse: Callable[[Any], Any]
    default: Any = REQUIRED
    doc: str = ""
    fields: tuple["Field", ...] = ()


def _line(value: Any, fallback: int) -> int:
    return getattr(value, "line", 0) or fallback


def parse_fields(
    mapping: Any, fields: list[Field], path: Path, diags: Diagnostics, prefix: str = "", line: int | None = None
) -> dict[str, Any] | None:
    """Values for every field (defaults filled in), or None if anything was wrong.

    `line`: where a nested mapping's key stands, for problems of the mapping as a whole."""
    if not isinstance(mapping, dict):
        if prefix:
            keys = ", ".join(f.key for f in fields)
            diags.error(path, line or _line(mapping, 1), f'setting "{prefix.rstrip(".")}" must be a mapping of keys ({keys})')
        else:
            diags.error(path, _line(mapping, 1), "the file must be a mapping of keys")
        return None
    line_of = getattr(mapping, "line_of", lambda key: 1)  # YAML mappings know their lines
    known = {f.key: f for f in fields}
    ok = True
    for key in mapping:
        if key not in known:
            name = f"{prefix}{key}"
            diags.error(path, line_of(key), f'unknown setting "{name}"{did_you_mean(str(key), known)}')
            ok = False
    values: dict[str, Any] = {}
    for f in fields:
        name = f"{prefix}{f.key}"
        if f.key not in mapping or mapping[f.key] is None:
            if f.default is REQUIRED:
                diags.error(path, line or _line(mapping, 1), f'missing required setting "{name}"')
                ok = False
            else:
                values[f.key] = f.default
            continue
        raw = mapping[f.key]
        if f.fields:
            nested = parse_fields(raw, list(f.fields), path, diags, prefix=f"{name}.", line=line_of(f.key))
            raw = nested
            if nested is None:
                ok = False
                continue
        try:
            values[f.key] = f.parse(raw)
        except SettingError as exc:
            diags.error(path, exc.line or line_of(f.key), f'setting "{name}": {exc}')
            ok = False
    return values if ok else None


# --- value parsers -----------------------------------------------------------------


def as_str(value: Any) -> str:
    if not isinstance(value, str):
        raise SettingError(f"expected text, found {value!r}")
    return value


def as_int(minimum: int | None = None) -> Callable[[Any], int]:
    def parse(value: Any) -> int:
        number = parse_int(value)  # "10" quoted is still the number the user meant
        if number is None:
            raise SettingError(f"expected a whole number, found {value!r}")
        if minimum is not None and number < minimum:
            raise SettingError(f"must be at least {minimum}, found {number}")
        return number

    return parse


def as_date(value: Any) -> Any:
    date = parse_date(value)
    if date is None:
        raise SettingError(f"expected a date YYYY-MM-DD, found {value!r}")
    return date


def as_period(values: dict) -> Period:
    """A `period: {from, to}` whose two dates passed as_date."""
    if values["to"] < values["from"]:
        raise SettingError(f"period.to ({values['to']}) is before period.from ({values['from']})")
    return Period(values["from"], values["to"])


def as_timezone(value: Any) -> Any:
    zone = parse_timezone(value)
    if zone is None:
        import zoneinfo

        hint = did_you_mean(str(value), sorted(zoneinfo.available_timezones()))
        raise SettingError(f'unknown time zone "{value}"' + (hint or '; use an IANA name such as "Europe/Moscow"'))
    return zone


def as_regex(value: Any) -> re.Pattern:
    text = as_str(value)
    try:
        return re.compile(text)
    except re.error as exc:
        raise SettingError(f"not a valid regular expression: {exc}") from None


def as_number_list(length: int | None = None) -> Callable[[Any], tuple]:
    def parse(value: Any) -> tuple:
        if not isinstance(value, list):
            raise SettingError(f"expected a list of numbers, found {value!r}")
        items = []
        for i, item in enumerate(value):
            if isinstance(item, bool) or not isinstance(item, (int, float)):
                line = value.line_of(i) if hasattr(value, "line_of") else None
                raise SettingError(f"expected a number, found {item!r}", line)
            items.append(item)
        if length is not None and len(items) != length:
            raise SettingError(f"expected {length} numbers, found {len(items)}")
        return tuple(items)

    return parse


# --- the site -----------------------------------------------------------------------


@dataclass(frozen=True)
class NavLink:
    title: str
    url: str


@dataclass(frozen=True)
class SiteConfig:
    title: str = "Competition results"
    base_url: str = "/"
    language: str = "en"
    theme: str = "default"
    description: str = ""
    nav: tuple[NavLink, ...] = ()
    markdown_raw_html: bool = False


def _as_nav(value: Any) -> tuple[NavLink, ...]:
    if not isinstance(value, list):
        raise SettingError("expected a list of {title, url}")
    links = []
    for i, item in enumerate(value):
        line = value.line_of(i) if hasattr(value, "line_of") else None
        if not isinstance(item, dict) or set(item) != {"title", "url"}:
            raise SettingError("each nav entry needs exactly a title and a url", line)
        links.append(NavLink(str(item["title"]), str(item["url"])))
    return tuple(links)


def _as_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise SettingError(f"expected true or false, found {value!r}")
    return value


LANGUAGES = ("en", "ru", "ja", "it")


def as_language(value: Any) -> str:
    text = as_str(value)
    if text not in LANGUAGES:
        raise SettingError(f'unsupported language "{text}"; one of: {", ".join(LANGUAGES)}{did_you_mean(text, LANGUAGES)}')
    return text


SITE_FIELDS = [
    Field("title", as_str, SiteConfig.title, "the site's title"),
    Field("base_url", as_str, SiteConfig.base_url, "where the site is published; a sub-path is fine"),
    Field("language", as_language, SiteConfig.language, "default language of the pages"),
    Field("theme", as_str, SiteConfig.theme, "theme folder under themes/"),
    Field("description", as_str, "", "one line shown on the home page and in the feed"),
    Field("nav", _as_nav, (), "extra header links: [{title, url}]"),
    Field("markdown_raw_html", _as_bool, False, "pass raw HTML in Markdown pages through (unsafe)"),
]


def site_config(mapping: Any, path: Path, diags: Diagnostics) -> SiteConfig | None:
    values = parse_fields(mapping if mapping is not None else {}, SITE_FIELDS, path, diags)
    return SiteConfig(**values) if values is not None else None


def has_host(base_url: str) -> bool:
    """Whether the base URL names a scheme and a host (https://example.org/club/), from
    which absolute URLs can be made."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(base_url)
        return bool(parts.scheme and parts.hostname)
    except ValueError:  # "https://[x/": no host to make addresses from
        return False


def warn_base_url(path: Path, diags: Diagnostics) -> None:
    """`check`: a base_url written without scheme and host ("/", "./club/") gets a warning
    at its line. Links inside the site are relative and work without it, but the sitemap,
    the feed and canonical links need full addresses, which only such a base_url gives.
    A site.yaml without base_url gets none: the default is "/" on purpose. Problems of the
    file itself were reported while the project was read."""
    from site_gen.sources.yaml_reader import read_yaml

    ok, doc = read_yaml(path, Diagnostics())
    if not ok or not isinstance(doc, dict) or not isinstance(doc.get("base_url"), str):
        return
    value = doc["base_url"]
    if has_host(value):
        return
    line = doc.line_of("base_url") if hasattr(doc, "line_of") else None
    diags.warning(path, line, f'base_url "{value}" is not a full web address, so the sitemap, the feed and links '
                              "for search engines can't say where the site is; write the address the site is "
                              "published at, with https:// and the host, e.g. base_url: https://yourname.github.io/your-repo/")
