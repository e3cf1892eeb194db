"""The search index gives a name written in another script its Latin letters (anyascii's
transliteration, lower-cased), so that a reader who types "Ivanov" finds Иванов."""

from __future__ import annotations

import json
from pathlib import Path

from site_gen.config import SiteConfig
from site_gen.latin_names import latin_form
from site_gen.model import Page
from site_gen.pipeline.project import Project
from site_gen.pipeline.site_pages import search_index


def test_latin_forms_of_names_in_several_scripts():
    assert latin_form("Иванов Алексей") == "ivanov aleksey"  # Cyrillic, as Russian passports write it
    assert latin_form("ケロンパス") == "keronpasu"  # katakana: ke-ro-n-pa-su
    assert latin_form("Zoë") == "zoe"
    assert latin_form("ＡＳＡＰＩＮ") == "asapin"  # full-width Latin letters


def test_a_name_in_ascii_has_none():
    assert latin_form("ASAPIN") is None
    assert latin_form("Mr. Pong") is None


def test_the_index_entries_carry_the_latin_form_of_names_in_other_scripts():
    content = [Page("a/", "page.html", "Иванов Алексей", {}), Page("b/", "page.html", "ケロンパス", {}),
               Page("c/", "page.html", "About", {})]
    project = Project(Path("."), SiteConfig(), [], [])
    entries = json.loads(search_index(project, {}, content))
    assert entries == [
        {"title": "Иванов Алексей", "url": "a/", "kind": "page", "detail": "", "latin": "ivanov aleksey"},
        {"title": "ケロンパス", "url": "b/", "kind": "page", "detail": "", "latin": "keronpasu"},
        {"title": "About", "url": "c/", "kind": "page", "detail": ""},  # matched as it is
    ]
