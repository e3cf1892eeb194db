"""Links inside the built site, written relative to the page that holds them.

The same output then works wherever it is put: at a host's root, under any sub-path (a
GitHub Pages project site) and opened from disk (file://). Only the sitemap, the feed,
canonical links and calendar URLs are absolute, made from base_url (environment.absolute).

A link to a page's folder leads to its file: "../players/x/index.html", not
"../players/x/" (MkDocs does the same with use_directory_urls: false). A web server opens a
folder's index.html by itself, but a browser reading files from disk shows a folder's
listing, or nothing: only the file name works in both.

The page being rendered is set around its rendering (use_page), as its language is: the
templates' url(), the tables' and crosstables' rows made in Python and the links of
Markdown pages all read it.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from html import escape, unescape
from typing import Iterator
from urllib.parse import quote, unquote, urlsplit

_page: ContextVar[str] = ContextVar("site_gen_page", default="")

_SAFE = "/.-_~"  # kept as they are in a path; anything else (non-ASCII, spaces, %) is quoted
_SAFE_REST = "/#?=&.-_~"  # in a query or fragment, as url() always quoted them


def current_page() -> str:
    """The site-relative URL of the page being rendered ("" for the home page)."""
    return _page.get()


@contextmanager
def use_page(url: str) -> Iterator[None]:
    token = _page.set(url)
    try:
        yield
    finally:
        _page.reset(token)


def relative_url(page: str, target: str) -> str:
    """`target`, a site-relative path as the build names pages and files ("c/players/x/",
    "static/site.css", "c/stages/1/#top"; a leading "/" means the same), as a link from
    the page at site-relative URL `page` ("" home, "c/" a folder, "404.html" a file)."""
    cut = min((i for i in (target.find("#"), target.find("?")) if i >= 0), default=len(target))
    path, rest = target[:cut].lstrip("/"), target[cut:]
    if path == "" or path.endswith("/"):
        path += "index.html"  # the file, not the folder: see the module's docstring
    return _relative_path(page.rpartition("/")[0], path) + (quote(rest, safe=_SAFE_REST) if rest else "")


@lru_cache(maxsize=65536)  # pure; a page links to the same few pages many times
def _relative_path(folder: str, path: str) -> str:
    """The quoted relative path from the folder `folder` ("" the root, "a/b") to the file `path`."""
    here = folder.split("/") if folder else []
    there = path.split("/")
    common = 0
    while common < len(here) and common < len(there) - 1 and here[common] == there[common]:
        common += 1
    return quote("/".join([".."] * (len(here) - common) + there[common:]), safe=_SAFE)


def url(path: str) -> str:
    """The templates' url(): a site-relative path as a link from the page being rendered."""
    return relative_url(_page.get(), path)


def is_external(href: str) -> bool:
    """A link that is no path inside the site: any scheme (https:, mailto:), a host
    ("//cdn.example"), or only a fragment."""
    try:
        return href.startswith(("//", "#")) or bool(urlsplit(href).scheme)
    except ValueError:  # "https://[x": left as it is
        return True


_NAV_SCHEMES = ("http", "https", "mailto")


def nav_target(href: str) -> bool:
    """Whether a site.yaml nav entry is shown as written: an address of another site
    (http:, https:, mailto:, "//host") or a fragment. Anything else is a path inside the
    site, "javascript:..." too, which so becomes a harmless relative link, never script."""
    if href.startswith(("//", "#")):
        return True
    try:
        return urlsplit(href).scheme.lower() in _NAV_SCHEMES
    except ValueError:  # "https://[x": no address
        return False


# an a/img tag's href or src in Python-Markdown's output, which writes every attribute in
# double quotes and escapes "<" in text: no text can look like a tag
_MARKDOWN_LINK = re.compile(r'(<(?:a|img)\b[^>]*?\s(?:href|src)=")([^"]*)(")')


def markdown_links(html: str) -> str:
    """The links of a Markdown page as links from the page being rendered: a path from the
    site's root ("/about/") becomes relative, and a relative link to a folder
    ("../rounds/") leads to its index.html, as the theme's own links do."""
    return _MARKDOWN_LINK.sub(lambda m: m.group(1) + _markdown_href(m.group(2)) + m.group(3), html)


def _markdown_href(href: str) -> str:
    if href.startswith("/") and not href.startswith("//"):
        return escape(url(_unescape(href)))
    if not href or is_external(href):
        return href
    cut = min((i for i in (href.find("#"), href.find("?")) if i >= 0), default=len(href))
    path = href[:cut]
    if path.endswith("/") or path.rpartition("/")[2] in (".", ".."):
        return href[:cut].rstrip("/") + "/index.html" + href[cut:]
    return href


def _unescape(href: str) -> str:
    """An href of Markdown's output as the path it names (url() quotes it again)."""
    return unquote(unescape(href))
