"""The JSON Schema of each rule set's standings.json: the hand-written file in the rule set's
package, the address the site publishes it at, and how a document names it (`$schema`)."""

from __future__ import annotations

from importlib.resources import files
from urllib.parse import urljoin

from site_gen.config import has_host
from site_gen.rules.registry import package_of

FILE_NAME = "standings.schema.json"


def schema_text(rules: str) -> bytes:
    """The schema file of a rule set, as written in its package."""
    return files(package_of(rules)).joinpath(FILE_NAME).read_bytes()


def schema_path(rules: str) -> str:
    """Where the site publishes a rule set's schema, from the site's root."""
    return f"schemas/{rules}.schema.json"


def schema_reference(rules: str, base_url: str) -> str:
    """A `$schema` for <competition>/standings.json: the schema's absolute URL when the
    base URL names its host (what editors and validators expect of a `$schema`), else the
    path relative to the document, which resolves wherever the site is served or opened
    from, as every other link of the site does."""
    if has_host(base_url):
        return urljoin(base_url.rstrip("/") + "/", schema_path(rules))  # as the sitemap's addresses
    return "../" + schema_path(rules)
