"""Page addresses made from names: stable, unique, and never able to leave their folder."""

from __future__ import annotations

import functools
import re
import unicodedata

_SEPARATORS = re.compile(r"[^\w]+", re.UNICODE)


@functools.lru_cache(maxsize=65536)  # pure: serve's builds slugify the same thousands of names again
def slugify(name: str, fallback: str = "item") -> str:
    """Lower-case letters, digits and dashes (any script); never '', '.', '/' or '..'."""
    text = unicodedata.normalize("NFKC", name).lower()
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    text = _SEPARATORS.sub("-", text).replace("_", "-")
    text = re.sub(r"-{2,}", "-", text).strip("-")
    return text[:80].strip("-") or fallback


def unique_slugs(names: list[str], fallback: str = "item") -> dict[str, str]:
    """A slug per name; colliding names get -2, -3... in code-point order of the names,
    so a name's slug only changes when a colliding name is added or removed."""
    result: dict[str, str] = {}
    taken: set[str] = set()
    for name in sorted(set(names)):
        base = slugify(name, fallback)
        slug, k = base, 2
        while slug in taken:
            slug, k = f"{base}-{k}", k + 1
        taken.add(slug)
        result[name] = slug
    return result
