"""The bench's Hugo case: the same pages' tables rendered by Hugo, the fastest static site
generator, from data and a template.

    python bench/hugo_site.py PROJECT WORK [--export]

Plans the pages as site-gen does (untimed, as the bare loop's contexts are), then writes a
Hugo project under WORK/src: one content file per HTML page, its JSON front matter holding
the page's title and every table it shows (caption, column headings, each cell's text,
link and "why this place", as site-gen prints them in the page's language), and one
layout that prints them. Then times `hugo` building it into WORK/public (a fresh process,
using every core) and prints "PAGES SECONDS": the HTML pages Hugo wrote, its wall time.
--export: only write the project and print PAGES (bench/run then times `hugo_command`).

Hugo prints less than site-gen does (no navigation, charts, filters, sorting attributes,
nor the text around the tables), so its time is a lower bound of Hugo building these
sites. The thematic marathon's pages also print tables straight from their templates (a
player's tournaments, game lists): Hugo gets its crosstables and Tables, about two thirds
of its rows. Non-HTML pages (the calendar, the feed) are left out. Needs `hugo` on PATH
(Debian's package is 0.111, the version the targets were measured with).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CONFIG = """\
baseURL = "/"
disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
disableHugoGeneratorInject = true
"""

# the tables as macros.html's data_table prints them, cell by cell (Go's html/template
# escapes by context, as Jinja's autoescape does)
LAYOUT = """\
<!DOCTYPE html>
<html lang="{{ .Params.lang }}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title><link rel="stylesheet" href="/static/site.css"></head>
<body><main>
<h1>{{ .Title }}</h1>
{{ range .Params.tables }}<figure class="table-block"><table class="standings sortable">
<caption>{{ .caption }}</caption>
<thead><tr>{{ range .header }}<th scope="col">{{ . }}</th>{{ end }}</tr></thead>
<tbody>
{{ range .rows }}<tr>{{ range . }}<td>{{ with index . 3 }}<span title="{{ . }}">{{ end }}{{ with index . 1 }}<a href="{{ . }}">{{ end }}{{ index . 0 }}{{ with index . 1 }}</a>{{ end }}{{ with index . 3 }}</span>{{ end }}{{ with index . 2 }}<details class="why"><summary>?</summary><p>{{ . }}</p></details>{{ end }}</td>{{ end }}</tr>
{{ end }}</tbody>
</table></figure>
{{ end }}</main></body>
</html>
"""


def tables_in(value: Any) -> Iterator[Any]:
    """Every Table (and crosstable) a page's context holds, also inside lists, tuples and
    dicts (a player page's stages each hold one), in the order the context gives them."""
    from site_gen.model import Table

    if isinstance(value, Table) or _is_crosstable(value):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from tables_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from tables_in(item)


def _is_crosstable(value: Any) -> bool:
    """A thematic marathon's crosstable (thematic_marathon/crosstable.py), a dict."""
    return isinstance(value, dict) and {"caption", "numbers", "rows", "why"} <= value.keys()


def table_data(table: Any) -> dict[str, Any]:
    """A table as the layout prints it: texts in the current language, links site-absolute;
    a cell is [text, link, why this place, title]."""
    from site_gen.render.i18n import translate
    from site_gen.render.table_view import reason_cell, reason_texts, table_rows

    if _is_crosstable(table):
        return _crosstable_data(table)
    why_key, why = reason_cell(table), reason_texts(table)
    return {
        "caption": translate(table.caption),
        "header": [translate(c.label) for c in table.columns],
        "rows": [[[cell.text, "" if cell.href is None else "/" + cell.href,
                   why.get(index, "") if cell.key == why_key else "", ""] for cell in cells]
                 for index, (_, cells) in enumerate(table_rows(table))],
    }


def _crosstable_data(table: dict[str, Any]) -> dict[str, Any]:
    """A crosstable's rank, player, one cell per opponent (each game's symbol, their words
    as the cell's title), points and games played, as _macros.html's crosstable prints them."""
    from site_gen.render.i18n import gettext, translate

    def games(cell: dict[str, Any] | None) -> list[str]:
        if cell is None:
            return ["■", "", "", ""]
        return ["".join(g["symbol"] for g in cell["games"]) or "·", "", "",
                "; ".join(translate(g["title"]) for g in cell["games"])]

    return {
        "caption": translate(table["caption"]),
        "header": [gettext("Rank"), gettext("Player"), *map(str, table["numbers"]), gettext("Points"), gettext("Played")],
        "rows": [[[str(row["rank"]), "", translate(table["why"][index]) if index in table["why"] else "", ""],
                  [row["player"], "/" + row["url"] if row["url"] else "", "", ""],
                  *map(games, row["cells"]),
                  [str(row["points"]), "", "", ""], [str(row["played"]), "", "", ""]]
                 for index, row in enumerate(table["rows"])],
    }


def write_hugo_project(root: Path, src: Path) -> int:
    """The Hugo project of `root`'s HTML pages under `src`; the number of pages."""
    from site_gen.build import analyse, plan
    from site_gen.diagnostics import Diagnostics
    from site_gen.model import Page
    from site_gen.output import output_path
    from site_gen.page_renderer import PageRenderer
    from site_gen.render.i18n import translate, use_language

    diags = Diagnostics(root=root)
    project = analyse(root, diags)
    pages, _ = plan(project, diags)
    renderer = PageRenderer(project, "/")
    if src.exists():
        shutil.rmtree(src)
    (src / "layouts" / "_default").mkdir(parents=True)
    (src / "content" / "pages").mkdir(parents=True)
    (src / "config.toml").write_text(CONFIG, encoding="utf-8")
    (src / "layouts" / "_default" / "single.html").write_text(LAYOUT, encoding="utf-8")
    count = 0
    for page in map(Page.resolved, pages):
        if not output_path(page.url).endswith(".html"):
            continue
        lang = renderer.language(page)
        with use_language(lang):
            matter = {"title": translate(page.title), "url": "/" + page.url, "lang": lang,
                      "tables": [table_data(table) for table in tables_in(page.context)]}
        count += 1
        text = json.dumps(matter, ensure_ascii=False) + "\n"
        (src / "content" / "pages" / f"{count:06d}.md").write_text(text, encoding="utf-8")
    return count


def hugo_command(work: Path) -> list[str]:
    """`hugo` building WORK/src into WORK/public (hugo wants its cache folder absolute)."""
    work = work.resolve()
    return ["hugo", "--quiet", "--source", str(work / "src"), "--destination", str(work / "public"),
            "--cacheDir", str(work / "hugo-cache")]


def html_pages(folder: Path) -> int:
    return sum(1 for _ in folder.rglob("*.html"))


def main() -> None:
    root, work = Path(sys.argv[1]), Path(sys.argv[2])
    pages = write_hugo_project(root, work / "src")
    if "--export" in sys.argv[3:]:  # bench/run times the hugo runs itself
        print(pages)
        return
    shutil.rmtree(work / "public", ignore_errors=True)
    start = time.perf_counter()
    subprocess.run(hugo_command(work), check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    if html_pages(work / "public") != pages:
        raise SystemExit(f"hugo wrote {html_pages(work / 'public')} pages of {pages}")
    print(pages, seconds)


if __name__ == "__main__":
    main()
