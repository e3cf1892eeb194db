"""Pages in each language: the theme's words, numbers and dates follow the competition's
`language:` on its pages and site.yaml's on the others, and <html lang> says which."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from i18n_project import build_project, page, write_project

# (language, words that must appear on the stage page, the score 0.6 as shown, stage 1's first day)
EXPECTED = {
    "en": (["Rank", "Player", "Games", "Score", "Find a player", "Skip to content"], "0.600", "Feb 1, 2015"),
    "ru": (["Место", "Игрок", "Игры", "Балл", "Найти игрока", "Перейти к содержанию"], "0,600", "1 февр. 2015 г."),
    "ja": (["順位", "プレイヤー", "対局数", "スコア", "プレイヤーを検索", "本文へ移動"], "0.600", "2015/02/01"),
    "it": (["Posizione", "Giocatore", "Partite", "Punteggio", "Cerca un giocatore", "Vai al contenuto"], "0,600", "1 feb 2015"),
}


@pytest.fixture(scope="module", params=sorted(EXPECTED))
def built(request, tmp_path_factory) -> tuple[str, Path]:
    lang = request.param
    root = write_project(tmp_path_factory.mktemp(f"lang-{lang}") / "project", language=lang, site_language=lang)
    return lang, build_project(root)


def _text(html: str) -> str:
    """The visible words, tags removed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_stage_page_speaks_the_language(built):
    lang, site = built
    words, score, first_day = EXPECTED[lang]
    html = page(site, "spring/stages/1")
    assert html.startswith(f'<!doctype html>\n<html lang="{lang}">')
    text = _text(html)
    missing = [w for w in words if w not in text]
    assert not missing, f"{lang}: {missing} not on the stage page"
    assert f">{score}<" in html, f"{lang}: the score 0.6 is not shown as {score}"
    assert first_day in text


def test_every_page_type_speaks_the_language(built):
    lang, site = built
    other = {"en": "Игрок", "ru": "Player", "ja": "Player", "it": "Player"}[lang]
    for rel in ["", "404.html", "about", "spring", "spring/players", "spring/players/anna", "spring/stages/2"]:
        html = page(site, rel)
        assert f'<html lang="{lang}">' in html, rel
        if lang != "en":
            assert "Skip to content" not in html and "Find a player" not in html, f"English chrome on {rel}"
        assert other not in _text(html), f"{rel} shows {other!r} in a {lang} site"


PLAYER_WORDS = {
    "en": ["Norm rating per stage", "Score 0.600 = (0.600 + 0.600) / 2", "NR = 1000 × (N − P) / (N − 1)"],
    "ru": ["Нормированный рейтинг по этапам", "Балл 0,600 = (0,600 + 0,600) / 2", "НР = 1000 × (N − P) / (N − 1)"],
    "ja": ["ステージ別 NR", "スコア 0.600 = (0.600 + 0.600) / 2", "NR = 1000 × (N − P) / (N − 1)"],
    "it": ["Rating normalizzato per tappa", "Punteggio 0,600 = (0,600 + 0,600) / 2", "NR = 1000 × (N − P) / (N − 1)"],
}


def test_player_page_explains_in_the_language(built):
    lang, site = built
    text = _text(page(site, "spring/players/anna"))
    missing = [w for w in PLAYER_WORDS[lang] if w not in text]
    assert not missing, f"{lang}: {missing}"


def test_competition_language_differs_from_the_site(tmp_path):
    """A Russian competition on an English site: its pages in Russian, the rest in English."""
    site = build_project(write_project(tmp_path / "project", language="ru", site_language="en"))
    assert '<html lang="ru">' in page(site, "spring/stages/1")
    assert "Игрок" in page(site, "spring/stages/1")
    home = page(site, "")
    assert '<html lang="en">' in home and "Competitions" in home
    assert '<html lang="en">' in page(site, "404.html")
    # the home page's summary table is the competition's, in the site's language
    assert "Player" in home and "Игрок" not in home


def test_calendar_summaries_follow_the_competition_language(tmp_path):
    site = build_project(write_project(tmp_path / "project", language="it"))
    assert "SUMMARY:Spring marathon: Tappa 1\r\n" in (site / "spring" / "calendar.ics").read_bytes().decode("utf-8")
