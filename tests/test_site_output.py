"""The example site as files: every published file exists, links stay under the base path,
the feed and sitemap are well-formed, and the exports agree with the pages."""

import csv
import io
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
COMP = "online-marathon-2015"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "_site"
    subprocess.run(
        [sys.executable, "-m", "site_gen", "build", "--root", str(ROOT), "--out", str(out),
         "--base-url", "https://example.org/club/"],
        check=True, capture_output=True,
    )
    return out


def test_published_files(site: Path):
    for rel in ["index.html", "404.html", "feed.xml", "sitemap.xml", "search.json", "about/index.html",
                f"{COMP}/index.html", f"{COMP}/standings.json", f"{COMP}/marathon.csv", f"{COMP}/games.csv",
                f"{COMP}/players/index.html", f"{COMP}/rules/index.html"]:
        assert (site / rel).is_file(), rel
    for n in range(1, 6):
        assert (site / COMP / "stages" / str(n) / "index.html").is_file()
        assert (site / COMP / f"stage-{n}.csv").is_file()


def test_every_player_has_a_page_and_a_search_entry(site: Path):
    doc = json.loads((site / COMP / "standings.json").read_text(encoding="utf-8"))
    search = json.loads((site / "search.json").read_text(encoding="utf-8"))
    urls = {e["title"]: e["url"] for e in search if e["kind"] == "player" and e["url"].startswith(COMP + "/")}
    assert set(urls) == {row["player"] for row in doc["marathon"]}
    for url in urls.values():
        assert (site / url / "index.html").is_file(), url


def test_internal_links_resolve_under_the_base_path(site: Path):
    bad = []
    for page in site.rglob("*.html"):
        rel = page.relative_to(site).as_posix()
        page_url = "https://example.org/club/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)
        for link in re.findall(r'(?:href|src)="([^"]+)"', page.read_text(encoding="utf-8")):
            if link.startswith(("mailto:", "#")):
                continue
            target = urljoin(page_url, link)
            if not target.startswith("https://example.org/"):
                continue  # an external link
            path = unquote(urlsplit(target).path)
            if not path.startswith("/club/"):
                bad.append((rel, link, "outside the base path"))
                continue
            file = site / path[len("/club/"):]
            if not (file.is_file() or (file / "index.html").is_file()):
                bad.append((rel, link, "no such file"))
    assert not bad, bad[:10]


def test_feed_and_sitemap_are_well_formed(site: Path):
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ET.parse(site / "feed.xml").getroot()
    entries = feed.findall(f"{atom}entry")
    assert entries and all(e.find(f"{atom}updated").text.endswith("Z") for e in entries)
    assert feed.find(f"{atom}id").text == "https://example.org/club/"
    sitemap = ET.parse(site / "sitemap.xml").getroot()
    locs = {loc.text for loc in sitemap.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")}
    assert f"https://example.org/club/{COMP}/stages/1/" in locs
    assert all(loc.startswith("https://example.org/club/") for loc in locs)


def test_marathon_csv_matches_the_document(site: Path):
    doc = json.loads((site / COMP / "standings.json").read_text(encoding="utf-8"))
    data = (site / COMP / "marathon.csv").read_bytes()
    # a byte order mark (Excel on Windows reads UTF-8 only with one), the page's column headings
    assert data.startswith(b"\xef\xbb\xbfRank,Player,Total NR,NR 1,NR 2,NR 3,NR 4,NR 5,Score sum,Games,Dropped stages\n")
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    assert [(int(r["Rank"]), r["Player"], int(r["Total NR"]), r["Dropped stages"]) for r in rows] == [
        (m["rank"], m["player"], m["total_norm_rating"], " ".join(map(str, m["dropped_stages"]))) for m in doc["marathon"]
    ]


def test_the_marathon_csv_names_the_dropped_stage(site: Path):
    """The best 4 of 5 stages count: a player with all five NRs drops one of the lowest, and
    the total is the other four's sum; a player who missed a stage drops none."""
    rows = list(csv.DictReader(io.StringIO((site / COMP / "marathon.csv").read_text(encoding="utf-8-sig"))))
    assert rows[0]["Player"] == "WhiteDragonMSK" and rows[0]["Dropped stages"] == "3"  # 1000 977 958 1000 1000
    full = 0
    for row in rows:
        nrs = {n: row[f"NR {n}"] for n in range(1, 6)}
        if "" in nrs.values():
            assert row["Dropped stages"] == "", row
            continue
        full += 1
        dropped = int(row["Dropped stages"])
        nr = {n: int(v) for n, v in nrs.items()}
        assert nr[dropped] == min(nr.values()), row
        assert int(row["Total NR"]) == sum(nr.values()) - nr[dropped], row
    assert full > 5


def test_every_csv_column_holds_one_kind_of_value(site: Path):
    """A column holds numbers (or nothing) or words, never both: the rank's exclusion and a
    shared place's range go to columns of their own."""
    number = re.compile(r"-?[0-9]+(\.[0-9]+)?")
    mixed = []
    for path in sorted(site.glob("*/*.csv")):
        rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
        for index, label in enumerate(rows[0]):
            cells = [row[index] for row in rows[1:] if row[index] != ""]
            numbers = sum(1 for cell in cells if number.fullmatch(cell))
            if 0 < numbers < len(cells):
                mixed.append(f"{path.relative_to(site)}: {label}")
    assert mixed == []


def test_an_excluded_player_has_no_rank_number_and_says_so(site: Path):
    rows = list(csv.DictReader(io.StringIO((site / "tenhou-best-span" / "players.csv").read_text(encoding="utf-8-sig"))))
    # corrections.yaml excludes DDT-X (an ID Tenhou deleted): not ranked, games still counted
    excluded = [row for row in rows if row["Excluded"] == "yes"]
    assert [(row["Player"], row["Rank"]) for row in excluded] == [("DDT-X", "")]
    assert all(row["Excluded"] == "no" and row["Rank"].isdigit() for row in rows if row["Player"] != "DDT-X")


def test_a_shared_place_is_its_first_number_and_marked_shared(site: Path):
    rows = list(csv.DictReader(io.StringIO((site / "kiev-2006" / "round-1.csv").read_text(encoding="utf-8-sig"))))
    # table 7 of round 1 scored 0 each (no hand won): the four share places 1-4, 1.5 place MI each
    table_7 = [(row["Place"], row["Shared place"], row["Place MI"]) for row in rows if row["Table"] == "7"]
    assert table_7 == [("1", "yes", "1.5")] * 4
    assert {row["Shared place"] for row in rows if row["Table"] == "1"} == {"no"}


EXAMPLE_RULES = {"online-marathon-2015": "online-marathon", "kiev-2006": "swiss-cut", "tenhou-best-span": "best-span",
                 "pbem-marathon": "thematic-marathon"}


def test_every_standings_json_is_valid_against_the_schema_it_names(site: Path):
    from jsonschema import Draft202012Validator

    published = {p.name for p in (site / "schemas").iterdir()}
    assert published == {f"{rules}.schema.json" for rules in EXAMPLE_RULES.values()}  # one per rule set used
    documents = sorted(site.glob("*/standings.json"))
    assert {p.parent.name for p in documents} == set(EXAMPLE_RULES)
    for path in documents:
        doc = json.loads(path.read_text(encoding="utf-8"))
        rules = EXAMPLE_RULES[path.parent.name]
        # first key, absolute from --base-url: the schema the site publishes for the rule set
        assert next(iter(doc)) == "$schema"
        assert doc["$schema"] == f"https://example.org/club/schemas/{rules}.schema.json"
        schema = json.loads((site / "schemas" / f"{rules}.schema.json").read_text(encoding="utf-8"))
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        Draft202012Validator.check_schema(schema)
        checker = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
        assert [f"{e.json_path}: {e.message}" for e in checker.iter_errors(doc)] == [], path


def test_html_lang_and_escaped_names(site: Path):
    html = (site / COMP / "index.html").read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>\n<html lang=\"en\">")
    assert "<script>" not in html.split("</header>")[1].split("<script src")[0]


class _Sections(__import__("html.parser").parser.HTMLParser):
    """A page's table of contents (nav.toc links) and its <details> sections: id, open, and
    the tag that starts each one's <summary>."""

    def __init__(self):
        super().__init__()
        self.toc, self.details, self._in_toc, self._summary = [], {}, False, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "nav" and "toc" in (a.get("class") or "").split():
            self._in_toc = True
        elif tag == "a" and self._in_toc:
            self.toc.append(a["href"])
        elif tag == "details" and a.get("id"):
            self.details[a["id"]] = {"open": "open" in a, "summary": None}
            self._summary = a["id"]
        elif self._summary and tag == "summary":
            self.details[self._summary]["summary"] = "summary"
        elif self._summary and self.details[self._summary]["summary"] == "summary":
            self.details[self._summary]["summary"] = tag  # the summary's first child: its heading
            self._summary = None

    def handle_endtag(self, tag):
        if tag == "nav":
            self._in_toc = False


@pytest.mark.parametrize("page,sections", [
    # NomWise played every stage of the example marathon (standings.json: norm_ratings 1-5)
    (f"{COMP}/players/nomwise/index.html", [f"#stage-{n}" for n in range(1, 6)]),
    # the example's five thematic groups (data/pbem-marathon/competition.yaml), each with a tournament of giulia's
    ("pbem-marathon/players/giulia-8/index.html",
     ["#group-filetti", "#group-connessioni", "#group-salti", "#group-classici", "#group-misto"]),
])
def test_a_long_player_page_lists_its_sections_and_folds_each(site: Path, page: str, sections: list[str]):
    found = _Sections()
    found.feed((site / page).read_text(encoding="utf-8"))
    assert found.toc == sections
    for link in sections:
        section = found.details[link[1:]]
        assert section["open"] and section["summary"] in ("h2", "h3"), (link, section)


def test_a_wrapping_span_reads_as_one_run_of_games(site: Path):
    doc = json.loads((site / "tenhou-best-span" / "standings.json").read_text(encoding="utf-8"))
    wrapping = [r for r in doc["standings"] if r["span"] and r["span"]["wraps"]]
    search = json.loads((site / "search.json").read_text(encoding="utf-8"))
    urls = {e["title"]: e["url"] for e in search if e["url"].startswith("tenhou-best-span/players/")}
    assert wrapping
    for row in wrapping:
        html = (site / urls[row["player"]] / "index.html").read_text(encoding="utf-8")
        summary = re.search(r'<p class="span-summary">(.*?)</p>', html, re.S).group(1)
        found = re.search(r"from game (\d+) of (\d+) \(.*?\) round to game (\d+) \(", summary)
        assert found, summary
        first, total, last = map(int, found.groups())
        # the run goes from `first` to the end, then from game 1 to `last`
        assert last < first <= total and (total - first + 1) + last == row["span"]["games"]
        assert f"from {row['span']['first'][:10]}" not in summary  # no dates running backwards
    table = (site / "tenhou-best-span" / "standings" / "index.html").read_text(encoding="utf-8")
    assert len(re.findall(r"<td>from game \d+ of \d+ round to game \d+</td>", table)) == len(wrapping)
