"""The swiss-cut pages at every moment of the day: not started, a round seated, a round in
progress, waiting for the next seating, the final to play, finished. Built in-process from
small projects in tmp_path (the hand-worked eight of tests/rules/swiss_cut/cases)."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics

CASE = Path(__file__).resolve().parents[1] / "rules" / "swiss_cut" / "cases" / "hand-worked-eight"


def project(tmp_path: Path, drop=(), replace: dict[str, str] | None = None) -> Path:
    root = tmp_path / "site"
    folder = root / "data" / "eight"
    shutil.copytree(CASE, folder, ignore=shutil.ignore_patterns("expected.json", "NOTES.md"))
    (root / "site.yaml").write_text("title: Club\n", encoding="utf-8")
    for name in drop:
        (folder / name).unlink()
    for name, text in (replace or {}).items():
        (folder / name).write_text(text, encoding="utf-8")
    return root


def built(root: Path) -> Path:
    out = root.parent / "out"
    diags = Diagnostics(root=root)
    assert build(root, out, diags) is not None, diags.format()
    return out / "eight"


def page(out: Path, rel: str) -> str:
    return (out / rel / "index.html").read_text(encoding="utf-8")


def text(markup: str) -> str:
    """The visible words, without the "why this place?" disclosures of rank cells."""
    markup = re.sub(r'<details class="why">.*?</details>', "", markup, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))


def status(tmp_path: Path, **kw) -> str:
    home = (built(project(tmp_path, **kw)).parent / "index.html").read_text(encoding="utf-8")
    return text(home)


UNPLAYED_3 = "table,player,score\n1,Boris,\n1,Anna,\n1,Dmitry,\n1,Gleb,\n"


def test_finished(tmp_path):
    out = built(project(tmp_path))
    overview = text(page(out, ""))
    assert "Status: finished" in overview
    # the final's places on the overview and the final page
    assert re.search(r"1 Dmitry 800 \S+ 2 Gleb 800 \S+ 3 Boris -600 \S+ 4 Anna -1000", text(page(out, "rounds/final")))  # place, player, score (ranked by), wind
    assert "The tournament is over" in text(page(out, "rounds/next"))


def test_round_3_seated_shows_the_next_seating_first(tmp_path):
    out = built(project(tmp_path, drop=["final.csv"], replace={"rounds/3.csv": UNPLAYED_3}))
    overview = page(out, "")
    assert "round 3 seated" in text(overview)
    # "what is on now" comes before the ranking
    assert overview.index("Now: Round 3: seating") < overview.index("Tournament ranking")
    assert "1 East Boris 1 South Anna 1 West Dmitry 1 North Gleb" in text(overview)
    nxt = text(page(out, "rounds/next"))
    assert "1 East Boris 1 South Anna 1 West Dmitry 1 North Gleb" in nxt
    assert "Seated, not played yet" in text(page(out, "rounds/3"))
    assert not (out / "rounds" / "3" / "standings").exists()


def test_round_3_in_progress(tmp_path):
    partial = "table,player,score\n1,Boris,100\n1,Anna,\n1,Dmitry,-100\n1,Gleb,\n"
    out = built(project(tmp_path, drop=["final.csv"], replace={"rounds/3.csv": partial}))
    assert "round 3 in progress" in text(page(out, ""))
    assert "In progress: 2 of 4 results in" in text(page(out, "rounds/3"))


def test_waiting_for_the_next_seating(tmp_path):
    out = built(project(tmp_path, drop=["final.csv", "rounds/3.csv"]))
    assert "round 3 to be seated" in text(page(out, ""))
    nxt = text(page(out, "rounds/next"))
    assert "Round 3 is not seated yet. It is played by the best 4 of the standings after round 2" in nxt


def test_the_final_to_play_shows_the_finalists(tmp_path):
    out = built(project(tmp_path, drop=["final.csv"]))
    assert "final to be played" in text(page(out, ""))
    assert "East Boris" in text(page(out, "rounds/next")) and "North Gleb" in text(page(out, "rounds/next"))


def test_not_started(tmp_path):
    out = built(project(tmp_path, drop=["final.csv", "rounds/3.csv", "rounds/2.csv", "rounds/1.csv"]))
    assert "Status: not started" in text(page(out, ""))
    assert "Nothing is seated yet" in text(page(out, "rounds/next"))
    assert json.loads((out / "standings.json").read_text(encoding="utf-8")) == {
        "$schema": "../schemas/swiss-cut.schema.json",  # a base_url without host: relative to the document
        "competition": {"name": "Hand-worked eight", "rules": "swiss-cut", "status": "not_started",
                        "results_up_to": None, "after_round": None, "provisional": True},
        "rules": "swiss-cut", "rounds": [], "final": [], "ranking": []}


def test_standings_draw_the_cut_and_mark_who_goes_through(tmp_path):
    out = built(project(tmp_path))
    markup = page(out, "rounds/2/standings")
    body = markup[markup.index("<tbody>"):markup.index("</tbody>")]
    rows = body.split("<tr")[1:]
    # the cut to 4 for round 3: the line under the 4th row (Gleb), marks on the best four
    assert 'class="highlight sc-cut"' in rows[3] and "Gleb" in rows[3]
    assert all("through to round 3" in r for r in rows[:4])
    assert all(">out<" in r for r in rows[4:])
    assert "sc-cut" not in "".join(rows[:3] + rows[4:])
    assert "the line under place 4 is the cut: the best 4 play round 3" in text(markup)
    # the judge's order is shown where it decided: Boris (listed 2nd) over Anna
    assert "Judge's order" in text(markup)


def test_round_page_shows_the_mi_parts(tmp_path):
    out = built(project(tmp_path))
    table_2 = text(page(out, "rounds/1"))
    # Dmitry: 2100 wists, 10 MI = place 3 + limit 2 + scale 5; Igor: penalty 5, -7 MI
    assert "East Dmitry 2100 10.00 1 3.00 2 5 0" in table_2
    assert "North Igor -700 -7.00 2–4 1.00 0 -3 5" in table_2


def test_bracket_columns_and_a_players_path(tmp_path):
    out = built(project(tmp_path))
    markup = page(out, "rounds")
    columns = re.findall(r'<section class="sc-column[^"]*" id="column-([^"]+)"', markup)
    assert columns == ["1-2", "3", "final"]  # rounds 1-2 (before the cut), round 3, the final
    player = text(page(out, "players/gleb"))
    assert "Rounds 1–2 rank 4 · 3 MI · through to round 3" in player
    assert "Round 3 rank 4 · -0.5 MI · through to the final" in player
    assert "Final place 2" in player
    assert "Tournament rank 2 · reached the final: place 2, score 800" in player


def test_a_round_in_progress_has_null_computed_fields_in_the_document(tmp_path):
    # table 1 of round 2 finished (MI known on the page), table 2 not: the round is not
    # played, so the document keeps the entered scores and nulls every computed field
    partial = (CASE / "rounds/2.csv").read_text(encoding="utf-8").replace("2,Igor,-257,1,0,0", "2,Igor,,,,")
    out = built(project(tmp_path, drop=["final.csv", "rounds/3.csv"], replace={"rounds/2.csv": partial}))
    document = json.loads((out / "standings.json").read_text(encoding="utf-8"))
    round_2 = document["rounds"][1]
    assert round_2["standings"] == []
    dmitry = round_2["tables"][0]["seats"][0]
    assert dmitry == {"player": "Dmitry", "score": -1200, "place_points": None, "limit_points": None,
                      "scale_points": None, "penalty": 0, "points": None}
    assert round_2["tables"][1]["seats"][3]["score"] is None
    # the page shows the finished table's MI already: Dmitry -4 (0 + scale -4)
    assert "East Dmitry -1200 -4.00" in text(page(out, "rounds/2"))
