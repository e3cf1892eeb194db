"""Pages of the best-span, swiss-cut and thematic-marathon rule sets in Russian, Japanese and
Italian: the theme's words, the rule sets' labels and statuses, numbers and the "why this
place?" explanations follow the competition's `language:`.

Each rule set's hand-worked golden case (tests/rules/<rules>/cases/) is built in a
temporary project with `language:` added to its competition.yaml."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics

CASES = Path(__file__).resolve().parents[1] / "rules"
SOURCES = {
    "best-span": CASES / "best_span" / "cases" / "golden-month",
    "swiss-cut": CASES / "swiss_cut" / "cases" / "hand-worked-eight",
    "thematic": CASES / "thematic_marathon" / "cases" / "two-groups",
}

# (rule set, page under the competition) -> {language: words that must be on it}
EXPECTED = {
    ("best-span", ""): {
        "en": ["Standings", "Span weight", "Games in span", "Downloads", "Ahead of"],
        "ru": ["Таблица", "Вес отрезка", "Игр в отрезке", "Файлы", "Выше, чем"],
        "ja": ["順位表", "区間の重み", "区間の対局数", "ダウンロード", "より上位"],
        "it": ["Classifica", "Peso della serie", "Partite nella serie", "Download", "Davanti a"],
    },
    ("best-span", "players"): {
        "en": ["Participants", "Avg place", "1st"],
        "ru": ["Участники", "Ср. место", "1-е"],
        "ja": ["参加者", "平均着順", "1着"],
        "it": ["Partecipanti", "Piazz. medio", "1°"],
    },
    ("swiss-cut", ""): {
        "en": ["Tournament ranking", "Rounds", "Bracket", "Reached", "Status:"],
        "ru": ["Итоговая таблица турнира", "Раунды", "Сетка", "Дошёл до", "Статус:"],
        "ja": ["大会最終順位", "回戦", "トーナメント表", "到達", "状況："],
        "it": ["Classifica del torneo", "Turni", "Tabellone", "Arrivato a", "Stato:"],
    },
    ("swiss-cut", "rounds/1"): {
        "en": ["Round 1", "Table 1", "East", "Wind", "Place MI"],
        "ru": ["Раунд 1", "Стол 1", "Восток", "Ветер", "МИ за место"],
        "ja": ["第1回戦", "1卓", "東", "風", "着順MI"],
        "it": ["Turno 1", "Tavolo 1", "Est", "Vento", "MI piazzamento"],
    },
    ("swiss-cut", "rounds/1/standings"): {
        "en": ["Standings after round 1", "Mahjongs", "Ahead of"],
        "ru": ["Таблица после раунда 1", "Маджонги", "Выше, чем"],
        "ja": ["第1回戦終了時の順位表", "和了数", "より上位"],
        "it": ["Classifica dopo il turno 1", "Mahjong", "Davanti a"],
    },
    ("thematic", ""): {
        "en": ["Thematic groups", "Marathon standings", "Tournaments won", "Ahead of"],
        "ru": ["Тематические группы", "Итоговая таблица марафона", "Выше, чем"],
        "ja": ["テーマ別グループ", "マラソン総合順位", "より上位"],
        "it": ["Gruppi tematici", "Classifica della maratona", "Davanti a"],
    },
    ("thematic", "tournaments/hex"): {
        "en": ["Phase 1", "Group 1", "Tie-breaks:", "ahead of a on head-to-head: 4 to 1"],
        "ru": ["Первый этап", "Группа 1", "Дополнительные показатели:", "выше, чем a, по личной встрече: 4 против 1"],
        "ja": ["第1フェーズ", "グループ1", "タイブレーク：", "直接対決でaより上位：4 対 1"],
        "it": ["Fase 1", "Girone 1", "Spareggi:", "davanti a a negli scontri diretti: 4 a 1"],
    },
}
# "Tournaments won" is no heading of the thematic overview: keep only words that are there
EXPECTED[("thematic", "")]["en"].remove("Tournaments won")

ENGLISH_ONLY = ["Standings after round", "Span weight", "Thematic groups", "Tournament ranking", "Skip to content",
                "Ahead of", "Tie-breaks"]


def _project(tmp: Path, rules: str, lang: str) -> Path:
    root = tmp / f"{rules}-{lang}"
    folder = root / "data" / "c"
    shutil.copytree(SOURCES[rules], folder, ignore=shutil.ignore_patterns("expected.json", "NOTES.md"))
    yaml = folder / "competition.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8") + f"\nlanguage: {lang}\n", encoding="utf-8")
    (root / "site.yaml").write_text(f"title: Club\nlanguage: {lang}\n", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[tuple[str, str], Path]:
    tmp = tmp_path_factory.mktemp("rule-sets")
    built = {}
    for rules in SOURCES:
        for lang in ("en", "ru", "ja", "it"):
            root = _project(tmp, rules, lang)
            diags = Diagnostics(root=root)
            assert build(root, root.parent / f"{root.name}-site", diags) is not None, diags.format()
            built[rules, lang] = root.parent / f"{root.name}-site" / "c"
    return built


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


@pytest.mark.parametrize("lang", ["en", "ru", "ja", "it"])
@pytest.mark.parametrize("rules,rel", sorted(EXPECTED))
def test_pages_show_the_words_of_their_language(sites, rules, rel, lang):
    html = (sites[rules, lang] / rel / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in html
    text = _text(html)
    missing = [w for w in EXPECTED[rules, rel][lang] if w not in text]
    assert not missing, f"{rules} {rel or 'overview'} in {lang}: {missing} not on the page"
    if lang != "en":
        english = [w for w in ENGLISH_ONLY if w in text]
        assert not english, f"{rules} {rel or 'overview'} in {lang} still shows {english}"


@pytest.mark.parametrize("lang", ["ru", "it"])
def test_decimals_use_the_language_decimal_sign(sites, lang):
    """Span weights (2 decimals) and swiss-cut MI with a comma in Russian and Italian."""
    best_span = (sites["best-span", lang] / "index.html").read_text(encoding="utf-8")
    assert re.search(r">\d+,\d\d<", best_span)
    assert not re.search(r'<td class="num"[^>]*>\d+\.\d\d<', best_span)
    bracket = (sites["swiss-cut", lang] / "rounds" / "index.html").read_text(encoding="utf-8")
    points = re.findall(r'<span class="sc-points">([^<]*)</span>', bracket)
    assert points and not any("." in p for p in points) and any("," in p for p in points)


def test_statuses_are_translated(sites):
    assert "завершён" in _text((sites["swiss-cut", "ru"] / "index.html").read_text(encoding="utf-8"))
    assert "Status: finished" in _text((sites["swiss-cut", "en"] / "index.html").read_text(encoding="utf-8"))


def test_csv_exports_stay_english(sites):
    """Data files never follow the page language: the same bytes in every language."""
    for rules in SOURCES:
        for csv in sorted((sites[rules, "en"]).glob("*.csv")):
            for lang in ("ru", "ja", "it"):
                assert (sites[rules, lang] / csv.name).read_bytes() == csv.read_bytes(), (rules, csv.name, lang)
        assert (sites[rules, "ru"] / "standings.json").read_bytes() == (sites[rules, "en"] / "standings.json").read_bytes()
