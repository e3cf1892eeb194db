"""render.links: every link inside the site is relative to the page holding it, and a link
to a page's folder leads to its index.html (a browser reading files from disk opens no
folder's index.html by itself). Cases worked out by hand."""

from __future__ import annotations

import pytest

from site_gen.render.links import markdown_links, relative_url, url, use_page


@pytest.mark.parametrize("page, target, expected", [
    # from the home page to a player's folder: its file
    ("", "players/x/", "players/x/index.html"),
    # a sibling folder: up out of b/, into c/
    ("a/b/", "a/c/", "../c/index.html"),
    # the home page from two folders down
    ("a/b/", "", "../../index.html"),
    # a page's own address
    ("a/b/", "a/b/", "index.html"),
    # an asset from a player page: up to the root, then into static/
    ("c/players/x/", "static/site.css", "../../../static/site.css"),
    # a file beside the page's folder, and from a page that is a file (404.html)
    ("c/", "c/games.csv", "games.csv"),
    ("404.html", "static/site.js", "static/site.js"),
    ("404.html", "", "index.html"),
    # a leading slash means the site's root, as without it
    ("a/", "/a/x/", "x/index.html"),
    # a fragment and a query stay, after the file
    ("c/stages/1/", "c/players/x/#stage-2", "../../players/x/index.html#stage-2"),
    ("c/", "c/stages/?sort=rank", "stages/index.html?sort=rank"),
    ("c/", "c/#top", "index.html#top"),
    # non-ASCII names quoted as UTF-8; a common first folder of the same name is no shortcut
    # unless it is the same folder
    ("kiev/", "kiev/players/белова/", "players/%D0%B1%D0%B5%D0%BB%D0%BE%D0%B2%D0%B0/index.html"),
    ("a/players/", "b/players/ケロ/", "../../b/players/%E3%82%B1%E3%83%AD/index.html"),
    # a space and a percent sign in a name are quoted too
    ("", "c/players/a b%/", "c/players/a%20b%25/index.html"),
])
def test_relative_url(page, target, expected):
    assert relative_url(page, target) == expected


def test_url_is_relative_to_the_page_being_rendered():
    assert url("static/site.css") == "static/site.css"  # no page: the site's root
    with use_page("c/players/x/"):
        assert url("c/") == "../../index.html"
        with use_page("404.html"):
            assert url("c/") == "c/index.html"
        assert url("c/stages/1/") == "../../stages/1/index.html"


def test_markdown_links_from_the_page_shown():
    html = ('<p><a href="/about/">about</a> <a href="../rounds/">bracket</a> <a href="../rounds/#r2">r2</a> '
            '<a href="https://example.org/x/">out</a> <a href="#here">here</a> <a href="rules.csv">csv</a> '
            '<img alt="" src="/static/logo.png"> <code>&lt;a href="/x/"&gt;</code></p>')
    with use_page("kiev-2006/news/"):
        assert markdown_links(html) == (
            '<p><a href="../../about/index.html">about</a> <a href="../rounds/index.html">bracket</a> '
            '<a href="../rounds/index.html#r2">r2</a> '
            '<a href="https://example.org/x/">out</a> <a href="#here">here</a> <a href="rules.csv">csv</a> '
            '<img alt="" src="../../static/logo.png"> <code>&lt;a href="/x/"&gt;</code></p>')


@pytest.mark.parametrize("href, expected", [
    ("about/", "../../../about/index.html"),  # a path inside the site, from c/players/x/
    ("/about/", "../../../about/index.html"),
    ("https://example.org/rules/", "https://example.org/rules/"),
    ("mailto:judge@example.org", "mailto:judge@example.org"),
    ("#main", "#main"),
    # no script from site.yaml: any other scheme is taken as a (harmless) path
    ("javascript:alert(1)", "../../../javascript%3Aalert%281%29"),
    ("JavaScript://%0aalert(1)", "../../../JavaScript%3A//%250aalert%281%29"),
])
def test_nav_entries_of_site_yaml(tmp_path, href, expected):
    from site_gen.render.environment import make_environment

    env = make_environment(tmp_path, "default", "https://example.org/club/")
    with use_page("c/players/x/"):
        assert env.globals["nav_href"](href) == expected
