"""`{% cache "name", value, ... %}...{% endcache %}`: a block of a template kept between
`serve`'s builds, as Hugo's partialCached.

The values the tag lists must decide everything the block shows, besides what every page
of the build shares (the template set, site.yaml's settings, the base URL: the build's
`fragment_base`, page_cache's base digest), the page's language with its catalog and the
page's address (its links are relative to it: render.links). A
block whose values are those of a block rendered earlier in the process is that output.
After one changed result, a marathon player page is rendered again for its rank line,
while most of its stage sections show what they showed. On the command line, under CI,
or with a value that can't be pickled, the block is simply rendered.
"""

from __future__ import annotations

from typing import Any, Callable

from jinja2 import nodes
from jinja2.ext import Extension
from markupsafe import Markup

from site_gen.render.table_memo import MEMO, remembering


class FragmentCache(Extension):
    tags = {"cache"}

    def __init__(self, environment) -> None:
        super().__init__(environment)
        environment.extend(fragment_base=None)  # set by the renderer while serving

    def parse(self, parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        values = [parser.parse_expression()]
        while parser.stream.skip_if("comma"):
            values.append(parser.parse_expression())
        body = parser.parse_statements(("name:endcache",), drop_needle=True)
        # the block's place in its template (its name, line and count of blocks parsed so far):
        # two blocks listing the same values stay apart
        parser.cache_blocks = getattr(parser, "cache_blocks", 0) + 1
        where = nodes.Const((parser.name, lineno, parser.cache_blocks))
        return nodes.CallBlock(self.call_method("_cached", [where, nodes.List(values)]), [], [], body).set_lineno(lineno)

    def _cached(self, where: tuple, values: list[Any], caller: Callable[[], str]) -> str:
        base = self.environment.fragment_base
        if base is None or not remembering():
            return caller()
        key = MEMO.fragment_key((base, where, values))
        found = MEMO.get(key) if key is not None else None
        if found is None:
            found = Markup(caller())  # under autoescape: markup already
            if key is not None:
                MEMO.put(key, found)
        return found
