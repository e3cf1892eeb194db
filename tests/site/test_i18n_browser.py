"""A Russian page in a real browser: keyboard sorting announces the order in Russian and
sets aria-sort, the "why this place?" disclosure opens from the keyboard, the script's
words (search, sorting) come from the page, and axe-core finds nothing serious.

The site is the example's online marathon (found by its `rules:`) copied to a temporary
project with `language: ru`, built and served like the example site."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from axe_scan import report, scan
from conftest import REPO, _describe, served

pytestmark = pytest.mark.browser


def _expect():
    from playwright.sync_api import expect as playwright_expect
    return playwright_expect


@pytest.fixture(scope="module")
def ru_site(tmp_path_factory):
    marathons = [p.parent for p in sorted((REPO / "data").glob("*/competition.yaml"))
                 if re.search(r"^rules:\s*online-marathon\b", p.read_text(encoding="utf-8"), re.M)]
    if not marathons:
        pytest.fail("the example site has no online-marathon competition", pytrace=False)
    folder = marathons[0]
    project = tmp_path_factory.mktemp("ru") / "project"
    (project / "data").mkdir(parents=True)
    shutil.copy(REPO / "site.yaml", project / "site.yaml")
    shutil.copytree(folder, project / "data" / folder.name)
    yaml = project / "data" / folder.name / "competition.yaml"
    text = re.sub(r"^language:.*$", "language: ru", yaml.read_text(encoding="utf-8"), flags=re.M)
    yaml.write_text(text if "language: ru" in text else "language: ru\n" + text, encoding="utf-8")
    out = project.parent / "_site"
    cmd = [sys.executable, "-m", "site_gen", "build", "--root", str(project), "--out", str(out), "--base-url", "/"]
    proc = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "CI": "true"}, timeout=600)
    if proc.returncode != 0:
        pytest.fail(f"building the Russian copy failed:\n{proc.stdout}\n{proc.stderr}", pytrace=False)
    site = _describe(out, "/")
    with served(out) as address:
        site.base_url = address
        yield site


def headers(page) -> list[str]:
    return page.eval_on_selector_all("#stage thead th", "ths => ths.map(th => th.getAttribute('data-key'))")


def players(page) -> list[str]:
    return page.eval_on_selector_all("#stage tbody th[scope=row]", "ths => ths.map(th => th.textContent.trim())")


def test_the_page_is_russian(ru_site, open_page):
    page = open_page().page
    page.goto(ru_site.url(ru_site.stage_page))
    assert page.evaluate("document.documentElement.lang") == "ru"
    labels = [t.strip() for t in page.locator("#stage thead th").all_inner_texts()]
    assert "Игрок" in labels and "Место" in labels, labels
    assert page.locator("#search-box").get_attribute("placeholder") == "Найти игрока…"


def test_keyboard_sorts_and_announces_in_russian(ru_site, open_page):
    expect = _expect()
    page = open_page().page
    page.goto(ru_site.url(ru_site.stage_page))
    column = headers(page).index("player")
    header = page.locator("#stage thead th").nth(column)
    before = players(page)

    page.locator("#stage").locator("xpath=ancestor::div[contains(@class,'table-scroll')]").focus()
    for _ in range(len(headers(page)) + 1):
        page.keyboard.press("Tab")
        if page.evaluate("() => { const th = document.activeElement.closest('#stage thead th');"
                         " return th ? th.cellIndex : -1; }") == column:
            break
    else:
        pytest.fail("Tab never reached the Игрок header's button")

    page.keyboard.press("Enter")
    expect(header).to_have_attribute("aria-sort", "ascending")
    expect(page.locator("#sort-status")).to_have_text("Сортировка по столбцу «Игрок», по возрастанию")
    ascending = players(page)
    assert sorted(ascending) == sorted(before) and ascending != before
    assert page.evaluate("v => v.every((x, i) => i === 0 || v[i - 1].toLocaleLowerCase().localeCompare(x.toLocaleLowerCase(), 'ru') <= 0)", ascending)

    page.keyboard.press("Enter")
    expect(header).to_have_attribute("aria-sort", "descending")
    expect(page.locator("#sort-status")).to_have_text("Сортировка по столбцу «Игрок», по убыванию")
    assert players(page) == list(reversed(ascending)) or players(page) != ascending


def test_why_this_place_opens_from_the_keyboard(ru_site, open_page):
    expect = _expect()
    page = open_page().page
    page.goto(ru_site.url(ru_site.stage_page))
    row = page.locator("#stage tbody tr").first
    button = row.locator(".why-button")  # site.js makes each note's summary a button opening a popover
    explanation = row.locator(".why-note")
    expect(explanation).to_be_hidden()
    button.focus()
    page.keyboard.press("Enter")
    expect(explanation).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(explanation).to_contain_text("Выше, чем")
    assert players(page)[1] in explanation.inner_text()  # names the next player
    page.keyboard.press("Escape")
    expect(explanation).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")


def test_the_filter_ignores_the_explanations(ru_site, open_page):
    expect = _expect()
    page = open_page().page
    page.goto(ru_site.url(ru_site.stage_page))
    page.locator("input.table-filter").fill("выше")  # a word of every explanation, of no name
    expect(page.locator("#stage tbody tr:visible")).to_have_count(0)


def test_search_says_no_match_in_russian(ru_site, open_page):
    expect = _expect()
    page = open_page().page
    page.goto(ru_site.url(ru_site.stage_page))
    page.locator("#search-box").fill("нет такого игрока \u2603")
    expect(page.locator("#search-results")).to_have_text("Ничего не найдено")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_axe_violations_on_russian_pages(ru_site, open_page, scheme):
    page = open_page(color_scheme=scheme).page
    found = {}
    for rel in ["", ru_site.competition + "/", ru_site.stage_page, ru_site.player_page]:
        page.goto(ru_site.url(rel))
        violations = scan(page)
        if violations:
            found[f"{rel} ({scheme})"] = violations
    assert not found, report(found)
