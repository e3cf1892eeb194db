"""Every catalog translates every message the code and the theme print.

The messages are extracted afresh with babel.cfg (site_gen/**.py and every themes/**.html
present now, other rule sets' templates included), so a new `_()`, `{% trans %}` or
`N_()` without a translation in each language fails here rather than showing English on
a Russian, Japanese or Italian page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from site_gen.config import LANGUAGES
from site_gen.render.i18n import SOURCE_LANGUAGE, catalog_path, translations

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def extracted() -> dict[object, list[str]]:
    """msgid (a tuple for plural messages) -> where it was found."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: dict[object, list[str]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(str(ROOT), method_map, options_map):
        key = message if isinstance(message, str) else tuple(message)
        found.setdefault(key, []).append(f"{filename}:{lineno}")
    return found


@pytest.fixture(scope="module")
def messages():
    found = extracted()
    assert len(found) > 50, f"extraction found only {len(found)} messages: is babel.cfg right?"
    return found


def _catalog(lang: str):
    path = catalog_path(lang)
    assert path.is_file(), f"no catalog for {lang}: {path}"
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def test_extraction_sees_python_and_templates(messages):
    files = {where.split(":")[0] for places in messages.values() for where in places}
    assert any(f.endswith(".py") for f in files) and any(f.endswith(".html") for f in files)
    assert "Rank" in messages  # N_() in a rule set
    assert "Skip to content" in messages  # _() in base.html


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang, messages):
    catalog = _catalog(lang)
    problems = []
    for msgid, places in messages.items():
        entry = catalog.get(msgid)
        if entry is None:
            problems.append(f"missing: {msgid!r} ({places[0]})")
        elif entry.fuzzy:
            problems.append(f"fuzzy: {msgid!r}")
        elif not (all(entry.string) if isinstance(entry.string, tuple) else entry.string):
            problems.append(f"empty: {msgid!r}")
    assert not problems, f"{catalog_path(lang)}:\n  " + "\n  ".join(problems) + (
        "\nupdate the catalogs as docs/translating.md says")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_their_placeholders(lang, messages):
    """A translation uses exactly the %(name)s of its message, so formatting never fails."""
    catalog = _catalog(lang)
    bad = []
    for entry in catalog:
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        for text in strings:
            if text and set(PLACEHOLDER.findall(text)) - wanted:
                bad.append(f"{entry.id!r}: {text!r} uses {set(PLACEHOLDER.findall(text)) - wanted}")
            if text and not isinstance(entry.id, tuple) and set(PLACEHOLDER.findall(text)) != wanted:
                bad.append(f"{entry.id!r}: {text!r} does not use {wanted - set(PLACEHOLDER.findall(text))}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_stale_messages(lang, messages):
    """Messages the code no longer uses are removed, so translators only see live text."""
    stale = [entry.id for entry in _catalog(lang) if entry.id and entry.id not in messages]
    assert not stale, f"{catalog_path(lang)} holds messages nothing uses: {stale}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_compiles_and_translates(lang):
    assert translations(lang).gettext("Player") != "Player"
