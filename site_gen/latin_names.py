"""A name's Latin-letter form for the search box: a reader types "Ivanov" for Иванов or
"keron" for ケロンパス. The transliteration is anyascii's (maintained tables for every
script), not a table of our own."""

from __future__ import annotations

from anyascii import anyascii


def latin_form(name: str) -> str | None:
    """The name in Latin letters, lower-cased, for matching a typed query; None for a name
    already in ASCII, which the search matches as it is."""
    if name.isascii():
        return None
    return anyascii(name).lower()
