"""A name that plays in several competitions gets one page linking each competition's page
of that name, found by the search; each of those pages links back to it."""

from __future__ import annotations

import json

from i18n_project import build_project, page, write_project


def test_one_page_per_name_in_several_competitions(tmp_path):
    root = write_project(tmp_path / "p", competitions={"spring": "Spring marathon", "autumn": "Autumn marathon"})
    # "Ivan" plays only in autumn: no index page for a name seen once
    games = root / "data" / "autumn" / "games.csv"
    games.write_text(games.read_text(encoding="utf-8").replace("Fedor", "Ivan"), encoding="utf-8")
    site = build_project(root)

    html = page(site, "players/anna")
    assert "<h1>Anna</h1>" in html
    # relative to players/anna/, each leading to the page's file (render.links)
    assert 'href="../../autumn/players/anna/index.html"' in html and 'href="../../spring/players/anna/index.html"' in html
    assert "Autumn marathon" in html and "Spring marathon" in html
    assert "Results up to Apr 2, 2015." in html  # dated by the data, not the build
    assert not (site / "players" / "ivan").exists() and not (site / "players" / "fedor").exists()

    back = page(site, "spring/players/anna")
    assert '<a href="../../../players/anna/index.html">Anna in every competition</a>' in back

    search = json.loads((site / "search.json").read_text(encoding="utf-8"))
    hit = [e for e in search if e["url"] == "players/anna/"]
    assert hit == [{"title": "Anna", "url": "players/anna/", "kind": "player", "detail": "Autumn marathon, Spring marathon"}]
    assert "/players/anna/" in (site / "sitemap.xml").read_text(encoding="utf-8")


def test_a_single_competition_gets_no_index(tmp_path):
    site = build_project(write_project(tmp_path / "p"))
    assert not (site / "players").exists()
    assert "in every competition" not in page(site, "spring/players/anna")
