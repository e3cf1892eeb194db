"""Showing a failed rebuild in the browser while `site-gen serve` runs.

The output folder keeps the last good site (a failed build writes nothing); this handler
adds the problems to every page it serves until a rebuild succeeds. When no good page
exists yet (the first build failed), an error page stands in for it. The overlay is part
of the HTTP response only: the files on disk, and so `build`, never carry it.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from livereload.handlers import StaticFileHandler
from tornado import web


@dataclass
class Failure:
    problems: list[str] | None = None  # the diagnostics of the last rebuild, None when it succeeded


FAILURE = Failure()
OVERLAY_ID = "site-gen-error"
_BODY_OPEN = re.compile(rb"<body\b[^>]*>", re.IGNORECASE)


def overlay(problems: list[str]) -> bytes:
    lines = "\n".join(html.escape(p) for p in problems)  # messages quote the data: escape them
    return (
        f'<div id="{OVERLAY_ID}" role="alert" style="position:fixed;left:0;right:0;bottom:0;max-height:60vh;'
        "overflow:auto;z-index:2147483647;margin:0;padding:1em;background:#fff0f0;color:#600;"
        'border-top:4px solid #c00;font:14px/1.4 monospace">'
        "<strong>site-gen: the last rebuild failed, so this is the last good site.</strong> "
        "Fix these problems and save; the page reloads by itself."
        f'<pre style="white-space:pre-wrap;margin:.5em 0 0">{lines}</pre></div>'
    ).encode("utf-8")


def with_overlay(page: bytes, problems: list[str]) -> bytes:
    box = overlay(problems)
    match = _BODY_OPEN.search(page)
    return page[: match.end()] + box + page[match.end():] if match else box + page


def error_page(problems: list[str]) -> bytes:
    """A page of its own (with a </head> for livereload's script) when no built page exists."""
    return (b'<!doctype html><html><head><meta charset="utf-8"><title>site-gen: build failed</title></head><body>'
            + overlay(problems) + b"</body></html>")


def _is_page(path: str) -> bool:
    return path == "" or path.endswith("/") or path.endswith(".html")


class OverlayStaticFileHandler(StaticFileHandler):
    """livereload's static file handler (files inside the output folder only, as tornado
    checks); while a rebuild has failed, its pages carry the problems."""

    _overlaid = False

    async def get(self, path: str, include_body: bool = True) -> None:
        if "\x00" in path:  # the OS refuses such names: a bad request, not a server error
            raise web.HTTPError(400)
        problems = FAILURE.problems
        if problems is None or not _is_page(path):
            return await super().get(path, include_body)
        self.path = self.parse_url_path(path)
        try:
            absolute = self.validate_absolute_path(self.root, self.get_absolute_path(self.root, self.path))
        except web.HTTPError as exc:
            if exc.status_code != 404:
                raise  # 403: outside the output folder, served by nobody
            absolute, page = "", None
        else:
            if absolute is None:
                return  # redirected to the folder's address with a slash
            page = Path(absolute).read_bytes()
        self._overlaid = True
        self.set_status(200 if page is not None else 500)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        body = with_overlay(page, problems) if page is not None else error_page(problems)
        if include_body:
            self.write(body)
        else:
            self.set_header("Content-Length", len(body))

    def compute_etag(self):
        return None if self._overlaid else super().compute_etag()
