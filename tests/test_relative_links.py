"""The example site works wherever it is put: every link and asset of every page is
relative to the page and leads to a file of the output (a folder's index.html, as a
browser reading files from disk needs); only the sitemap, the feed, canonical links and
the 404 page (which a server shows at any missing address) are made from base_url.
`check` warns about a base_url without scheme and host; `--base-url` with an empty or
relative value is a usage error."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
BASE = "https://example.org/club/"


def site_gen(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "CI": "1", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "site_gen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=600)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The example site (its four competitions), built for https://example.org/club/."""
    out = tmp_path_factory.mktemp("relative") / "_site"
    result = site_gen("build", "--root", str(ROOT), "--out", str(out), "--base-url", BASE)
    assert result.returncode == 0, result.stderr
    return out


class _Links(HTMLParser):
    """Every href and src of a page, with the tag that holds it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.links.append((tag, value))


def links_of(page: Path) -> list[tuple[str, str]]:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.links


def pages(site: Path) -> list[Path]:
    found = sorted(site.rglob("*.html"))
    assert len(found) > 200, "the example site should have its four competitions' pages"
    return found


def test_every_link_is_relative_and_leads_to_a_file(site: Path):
    """The link checker: no href or src of a page (404.html aside) starts with "/", and every
    relative one names a file of the output, not a folder; its fragment, if any, is an id
    of that page."""
    problems, checked = [], 0
    for page in pages(site):
        rel = page.relative_to(site).as_posix()
        if rel == "404.html":
            continue  # test_404_links_from_the_base_path
        for tag, link in links_of(page):
            if tag == "link" and link.startswith(BASE):
                continue  # <link rel="canonical">: test_canonical_links_are_absolute
            if link.startswith("/"):
                problems.append((rel, link, "starts with /"))
                continue
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or not parts.path:
                continue  # another site, mailto:, or "#main" on the page itself
            target = (page.parent / unquote(parts.path)).resolve()
            checked += 1
            if not target.is_relative_to(site.resolve()):
                problems.append((rel, link, "leaves the site's folder"))
            elif not target.is_file():
                problems.append((rel, link, "a folder, not a file" if target.is_dir() else "no such file"))
            elif parts.fragment and target.suffix == ".html" and not _has_id(target, unquote(parts.fragment)):
                problems.append((rel, link, "no such id on that page"))
    assert not problems, f"{len(problems)} bad links, e.g. {problems[:10]}"
    assert checked > 5000


_IDS: dict[Path, str] = {}


def _has_id(page: Path, ident: str) -> bool:
    if page not in _IDS:
        _IDS[page] = page.read_text(encoding="utf-8")
    return f'id="{ident}"' in _IDS[page]


def test_player_links_from_a_stage_and_a_markdown_page(site: Path):
    """A few links worked out by hand: the player from their stage table, the bracket
    from a Markdown news page (written "../rounds/" by the organiser)."""
    stage = (site / "online-marathon-2015" / "stages" / "1" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../players/' in stage and 'href="../../../static/site.css"' in stage
    assert 'href="../../../index.html"' in stage  # the home page
    news = (site / "kiev-2006" / "news-2006-11-05" / "index.html").read_text(encoding="utf-8")
    assert 'href="../rounds/index.html"' in news
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="static/site.css"' in home and 'data-index="search.json"' in home
    assert 'href="online-marathon-2015/index.html"' in home


def test_404_links_from_the_base_path(site: Path):
    """A server shows 404.html at any missing address (/club/a/b/typo/): its links go from
    the base's path, so they work at every depth (a folder's address too: only a server
    shows this page)."""
    links = [link for _, link in links_of(site / "404.html") if not link.startswith("#")]
    assert links and all(link.startswith("/club/") for link in links), links
    assert "/club/static/site.css" in links and "/club/" in links
    for link in links:
        file = site / unquote(urlsplit(link).path)[len("/club/"):]
        assert file.is_file() or (file / "index.html").is_file(), link


def test_sitemap_and_feed_are_absolute_from_base_url(site: Path):
    sitemap = ET.parse(site / "sitemap.xml").getroot()
    locs = [loc.text for loc in sitemap.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    assert locs and all(loc.startswith(BASE) for loc in locs)
    assert f"{BASE}online-marathon-2015/stages/1/" in locs
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ET.parse(site / "feed.xml").getroot()
    hrefs = [link.get("href") for link in feed.iter(f"{atom}link")]
    assert f"{BASE}feed.xml" in hrefs and BASE in hrefs
    assert all(href.startswith(BASE) for href in hrefs), hrefs


def test_canonical_links_are_absolute(site: Path):
    for rel, url in [("index.html", BASE), ("online-marathon-2015/stages/1/index.html", f"{BASE}online-marathon-2015/stages/1/")]:
        canonical = [link for tag, link in links_of(site / rel) if tag == "link" and link.startswith("http")]
        assert canonical == [url], (rel, canonical)
    assert "canonical" not in (site / "404.html").read_text(encoding="utf-8")


def test_no_canonical_link_without_a_host(marathon_project: Path, tmp_path: Path):
    """base_url "/" gives no address to be canonical: no such link, and every link relative."""
    out = tmp_path / "out"
    result = site_gen("build", "--out", str(out), "--base-url", "/", cwd=marathon_project)
    assert result.returncode == 0, result.stderr
    html = (out / "online-marathon-2015" / "index.html").read_text(encoding="utf-8")
    assert 'rel="canonical"' not in html
    assert not [link for _, link in links_of(out / "404.html") if link.startswith("/")]


# --- base_url: check's warning and --base-url's usage errors --------------------------------

@pytest.mark.parametrize("value", ["/", "./", "/club/", "example.org/club/"])
def test_check_warns_about_a_base_url_without_host(marathon_project: Path, value: str):
    site_yaml = marathon_project / "site.yaml"
    text = site_yaml.read_text(encoding="utf-8")
    site_yaml.write_text(re.sub(r"(?m)^base_url: .*$", f'base_url: "{value}"', text), encoding="utf-8")
    line = next(i for i, row in enumerate(site_yaml.read_text(encoding="utf-8").splitlines(), 1) if row.startswith("base_url:"))
    result = site_gen("check", cwd=marathon_project)
    assert result.returncode == 0, result.stderr
    warnings = [row for row in result.stderr.splitlines() if row.startswith("site.yaml:")]
    assert warnings == [f'site.yaml:{line}: warning: base_url "{value}" is not a full web address, so the sitemap, '
                        "the feed and links for search engines can't say where the site is; write the address the "
                        "site is published at, with https:// and the host, e.g. base_url: "
                        "https://yourname.github.io/your-repo/"]


def test_check_is_quiet_about_a_full_base_url(marathon_project: Path):
    """The example's own base_url (https://example.org/) and no base_url at all get no warning."""
    result = site_gen("check", cwd=marathon_project)
    assert result.returncode == 0 and "base_url" not in result.stderr, result.stderr
    site_yaml = marathon_project / "site.yaml"
    site_yaml.write_text(re.sub(r"(?m)^base_url: .*\n", "", site_yaml.read_text(encoding="utf-8")), encoding="utf-8")
    result = site_gen("check", cwd=marathon_project)
    assert result.returncode == 0 and "base_url" not in result.stderr, result.stderr


@pytest.mark.parametrize("value", ["", "./", "club/", "https://"])
def test_build_refuses_a_base_url_that_names_no_place(marathon_project: Path, tmp_path: Path, value: str):
    out = tmp_path / "out"
    for args in (["--base-url", value], [f"--base-url={value}"]):
        result = site_gen("build", "--out", str(out), *args, cwd=marathon_project)
        assert result.returncode == 2, (args, result.stderr)
        assert "is not an address the site is published at" in result.stderr
        assert "--base-url https://yourname.github.io/your-repo/" in result.stderr
        assert "leave --base-url out" in result.stderr
        assert not out.exists()


def test_search_js_holds_search_json(site: Path):
    """Opened from disk a page can't fetch search.json; site.js loads search.js there,
    the same index set as window.siteGenSearch."""
    import json

    script = (site / "search.js").read_text(encoding="utf-8")
    assert script.startswith("window.siteGenSearch = ") and script.endswith(";\n")
    data = json.loads(script[len("window.siteGenSearch = "):-2])
    assert data == json.loads((site / "search.json").read_text(encoding="utf-8")) and len(data) > 50
