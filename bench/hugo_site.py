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

Each page's tables are those site-gen prints, cell for cell (tests/test_bench_hugo.py):
the tables a page's context holds, in order; for the templates that print tables
themselves (the thematic marathon's crosstables, a player's tournaments, game lists, the
bracket, mini-leagues), leave some of their context's out or order them otherwise (the
swiss-cut overview), what _PRINTED says they print. Hugo prints nothing else of a page
(no navigation, charts, filters, sorting attributes, nor the text around the tables), so
its time is a lower bound of Hugo building these sites. Non-HTML pages (the calendar, the
feed) are left out. Needs `hugo` on PATH (Debian's package is 0.111, the version the
targets were measured with).
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
    """Every Table a page's context holds, also inside lists, tuples and dicts (a player
    page's stages each hold one), in the order the context gives them."""
    from site_gen.model import Table

    if isinstance(value, Table):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from tables_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from tables_in(item)


def table_data(table: Any) -> dict[str, Any]:
    """A Table as the layout prints it: texts in the current language, links site-absolute;
    a cell is [text, link, why this place, title]."""
    from site_gen.render.i18n import gettext, translate
    from site_gen.render.table_view import reason_cell, reason_texts, table_rows

    why_key, why = reason_cell(table), reason_texts(table)
    dropped = f" ({gettext('dropped')})"  # what a struck cell says to a screen reader
    return {
        "caption": translate(table.caption),
        "header": [translate(c.label) for c in table.columns],
        "rows": [[[cell.text + (dropped if cell.struck else ""), "" if cell.href is None else "/" + cell.href,
                   why.get(index, "") if cell.key == why_key else "", ""] for cell in cells]
                 for index, (_, cells) in enumerate(table_rows(table))],
    }


def _crosstable_data(table: dict[str, Any]) -> dict[str, Any]:
    """A thematic marathon's crosstable (a dict: thematic_marathon/crosstable.py): rank,
    player, one cell per opponent (each game's symbol, their words as the cell's title),
    points and games played, as _macros.html's crosstable prints them."""
    from site_gen.render.i18n import gettext, translate

    first_move = f" ({gettext('first move')})"

    def games(cell: dict[str, Any] | None) -> list[str]:
        if cell is None:
            return ["■", "", "", ""]
        if not cell["games"]:
            return ["·", "", "", gettext("no game listed")]
        return ["".join(g["symbol"] + (first_move if g["first"] else "") for g in cell["games"]), "", "",
                "; ".join(translate(g["title"].text()) for g in cell["games"])]

    return {
        "caption": translate(table["caption"]),
        "header": [gettext("Rank"), gettext("Player"), *map(str, table["numbers"]), gettext("Points"), gettext("Played")],
        "rows": [[[str(row["rank"]), "", translate(table["why"][index]) if index in table["why"] else "", ""],
                  _cell(row["player"], row["url"]), *map(games, row["cells"]), _cell(row["points"]),
                  _cell(row["played"])]
                 for index, row in enumerate(table["rows"])],
    }


def _cell(text: Any, href: str | None = None) -> list[str]:
    """A cell as the `text` filter prints a value, with its link."""
    from site_gen.render.i18n import text as shown

    return [shown(text), "/" + href if href else "", "", ""]


def _small_table(caption: str, header: list[str], rows: list[list[list[str]]]) -> dict[str, Any]:
    return {"caption": caption, "header": header, "rows": rows}


def _crosstable_tables(table: dict[str, Any] | None) -> list[dict[str, Any]]:
    """A crosstable and, under its tie-breaks, its mini-leagues (_macros.html)."""
    from site_gen.render.i18n import gettext, translate

    if not table:
        return []
    leagues = [_small_table(translate(league["caption"]), [gettext("Player"), gettext("Points among them"),
                                                           gettext("Games")],
                            [[_cell(r["player"]), _cell(r["points"]), _cell(r["played"])] for r in league["rows"]])
               for league in (table["leagues"] if table["reasons"] else [])]
    return [_crosstable_data(table), *leagues]


def _bracket_tables(bracket: dict[str, Any]) -> list[dict[str, Any]]:
    """The phase-2 bracket: each semifinal group, then the final group (_macros.html)."""
    from site_gen.render.i18n import gettext

    header = [gettext("Place"), gettext("Player"), gettext("Points"), gettext("Bonus")]
    to_final = f" → {gettext('final')}"
    semis = [_small_table(gettext("Group %(number)s") % {"number": s["number"]}, header,
                          [[_cell(r["rank"]), _cell(r["player"] + (to_final if r["advances"] else ""), r["url"]),
                            _cell(r["points"]), _cell("" if r["advances"] else r["bonus"])] for r in s["rows"]])
             for s in bracket["semifinals"]]
    final = _small_table(gettext("Final group"), header, [[_cell(r["rank"]), _cell(r["player"], r["url"]),
                                                           _cell(r["points"]), _cell(r["bonus"])]
                                                          for r in bracket["final"]])
    return [*semis, final]


def _games_table(games: list[dict[str, Any]], caption: str, with_round: bool = False) -> dict[str, Any]:
    """_macros.html's games_table."""
    from site_gen.render.i18n import gettext

    header = [gettext("Round"), gettext("Group")] if with_round else []
    header += [gettext(word) for word in ("Game", "Board", "First move", "Second", "Result")]
    return _small_table(caption, header, [
        ([_cell(g["round"]), _cell(g["group"])] if with_round else [])
        + [_cell(g["game"]), _cell(g["board"]), _cell(g["first"], g["first_url"]), _cell(g["second"], g["second_url"]),
           _cell(g["result"])] for g in games])


def _entries_tables(entry_groups: list) -> list[dict[str, Any]]:
    """A thematic marathon player's tournaments, one table per thematic group (player.html)."""
    from site_gen.render.i18n import gettext, translate

    reached = {"final": gettext("Final"), "semifinal": gettext("Semifinal"), "phase1": gettext("Phase 1")}
    forfeited = f" ({gettext('forfeited every game')})"
    header = [gettext(word) for word in ("Tournament", "Place", "Entrants", "Reached", "Phase 1", "Bonus",
                                         "Participation", "Points")]
    return [_small_table(group.name, header, [
        [_cell(e["t"]["tournament"].game + ("" if e["status"] == "finished" else " " + translate(e["status"])), e["url"]),
         _cell(e["row"].rank), _cell(e["t"]["entrant_count"]),
         _cell(reached[e["row"].reached] + (forfeited if e["row"].forfeited_all else "")),
         _cell(e["row"].phase1_points), _cell(e["row"].bonus), _cell(e["row"].participation), _cell(e["row"].points)]
        for e in entries]) for group, entries in entry_groups]


def _thematic_tournament(c: dict[str, Any]) -> list[dict[str, Any]]:
    tables = [t for ct in c["phase1"] for t in _crosstable_tables(ct)]
    if c["semis"]:
        tables += _bracket_tables(c["bracket"])
    tables += [t for ct in [*c["semis"], c["final"]] for t in _crosstable_tables(ct)]
    return tables + [table_data(c["ranking"])]


def _thematic_group(c: dict[str, Any]) -> list[dict[str, Any]]:
    from site_gen.render.i18n import gettext

    if not c["final"]:
        return [table_data(c["table"])]
    caption = gettext("%(group)s: group-final games") % {"group": c["g"]["group"].name}
    return [table_data(c["table"]), table_data(c["final"]), _games_table(c["final_games"], caption)]


def _thematic_master(c: dict[str, Any]) -> list[dict[str, Any]]:
    from site_gen.render.i18n import gettext

    tables = [table_data(c["table"]), table_data(c["candidates"])]
    if c["results"]:
        tables += [table_data(c["results"]), _games_table(c["games"], gettext("Master games"), with_round=True)]
    return tables


def _swiss_cut_overview(c: dict[str, Any]) -> list[dict[str, Any]]:
    shown = [c["upcoming"]] if c["upcoming"] else []
    shown += [c["final_table"]] if c["result"].final else []
    return [table_data(t) for t in shown + ([c["table"]] if c["table"].rows else [])]


def _swiss_cut_print(c: dict[str, Any]) -> list[dict[str, Any]]:
    """A round's print page: the wall sheets by table and by name, then a slip per table."""
    from site_gen.render.i18n import translate

    def plain(caption: str, rows: list[list[str]]) -> dict[str, Any]:
        return {"caption": caption, "header": [], "rows": [[[text, "", "", ""] for text in row] for row in rows]}

    tables = [plain("", [[str(t.table), *[player for _, player in t.seats]] for t in c["tables"]]),
              plain("", [[player, str(table), translate(wind)] for player, table, wind in c["by_name"]])]
    tables += [plain("", [[translate(wind), player, "", "", "", "", ""] for wind, player in t.seats]) for t in c["tables"]]
    return tables


# the pages whose templates print tables themselves, or leave out some of their context's,
# or print them in another order: by template, what each page prints, in order
_PRINTED = {
    "swiss-cut/overview.html": _swiss_cut_overview,
    "swiss-cut/print.html": _swiss_cut_print,
    "thematic-marathon/overview.html": lambda c: [table_data(c["table"])],
    "thematic-marathon/tournament.html": _thematic_tournament,
    "thematic-marathon/group.html": _thematic_group,
    "thematic-marathon/master.html": _thematic_master,
    "thematic-marathon/player.html": lambda c: _entries_tables(c["entry_groups"]) if c["entries"] else [],
}


def page_tables(page: Any) -> list[dict[str, Any]]:
    """The tables a resolved page prints, as the layout prints them."""
    printed = _PRINTED.get(page.template)
    if printed is not None:
        return printed(page.context)
    return [table_data(table) for table in tables_in(page.context)]


def write_hugo_project(root: Path, src: Path) -> int:
    """The Hugo project of `root`'s HTML pages under `src`; the number of pages."""
    from site_gen.pipeline.build import analyse, plan
    from site_gen.diagnostics import Diagnostics
    from site_gen.model import Page
    from site_gen.pipeline.output import output_path
    from site_gen.pipeline.page_renderer import PageRenderer
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
                      "tables": page_tables(page)}
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
