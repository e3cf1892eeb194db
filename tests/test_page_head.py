"""What a page says of itself in its head (issue 38): a description from the page's own
front matter, else its competition's, else the site's; Open Graph title, description and
(with a host) URL; a favicon that exists; and aria-current on the menu entry of the page
shown. The example's kiev-2006 competition and its pages."""

from __future__ import annotations

import html
import re
from pathlib import Path

import yaml

from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics


def _head(page: Path) -> dict[str, str]:
    text = page.read_text(encoding="utf-8")
    metas = dict(re.findall(r'<meta (?:name|property)="([^"]+)" content="([^"]*)">', text))
    return {key: html.unescape(value) for key, value in metas.items()}


def test_descriptions_open_graph_favicon_and_the_current_menu_entry(example_project, tmp_path: Path):
    root = example_project("kiev-2006")
    out = tmp_path / "out"
    assert build(root, out, Diagnostics(root=root)) is not None
    site = yaml.safe_load((root / "site.yaml").read_text(encoding="utf-8"))
    competition = yaml.safe_load((root / "data" / "kiev-2006" / "competition.yaml").read_text(encoding="utf-8"))
    news = (root / "content" / "kiev-2006" / "news-2006-11-05.md").read_text(encoding="utf-8")
    news_description = yaml.safe_load(news.split("---")[1])["description"]

    home = _head(out / "index.html")
    assert home["description"] == home["og:description"] == site["description"]
    assert home["og:title"] == site["title"] and home["og:url"] == site["base_url"]
    players = _head(out / "kiev-2006" / "players" / "index.html")
    assert players["description"] == competition["description"]
    assert players["og:url"] == site["base_url"] + "kiev-2006/players/"
    assert _head(out / "kiev-2006" / "news-2006-11-05" / "index.html")["description"] == news_description

    page = (out / "kiev-2006" / "players" / "index.html").read_text(encoding="utf-8")
    icon = re.search(r'<link rel="icon" href="([^"]+)"', page).group(1)
    assert (out / "kiev-2006" / "players" / icon).resolve().is_file()
    current = re.findall(r'<a href="([^"]+)"[^>]* aria-current="page">', page)
    assert current == ["index.html"]  # "Players", this very page, and nothing else
    overview = (out / "kiev-2006" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<a href="([^"]+)"[^>]* aria-current="page">([^<]+)</a>', overview) == [
        ("index.html", competition["name"])]
