"""A small hand-made online-marathon project for the language, explanation, players-index and
calendar tests, built in-process.

Stage 1 (two players equal on score, split by the second key):
  game 1: Anna 40, Boris 10, Chen 0, Dario -50     TP 4, 2, 1, 0
  game 2: Boris 50, Anna 5, Chen 0, Dario -55      TP 4, 2, 1, 0
  game 3: Elena 20, Fedor 20, Chen -10, Dario -30  TP 3, 3, 1, 0 (Elena and Fedor share 1-2)
  series_length 10, so score = TP / 10:
  Boris 0.6 (GP 60), Anna 0.6 (GP 45): Boris ahead on best-series game points, 60 to 45;
  Elena = Fedor 0.3 (GP 20, 1 game): shared place 3; Chen 0.3 (GP -10): below them on GP;
  Dario 0.0. rating_min_games 1: N = 6; NR Boris 1000, Anna 800, Elena, Fedor 600, Chen 200, Dario 0.
Stage 2 (still running):
  game 4: Boris 30, Anna 20, Chen 10, Dario -60    TP 4, 2, 1, 0; N = 4: NR 1000, 667, 333, 0
counted_stages 1, so those who played both drop one: Boris stage 2 (NR equal, lower score
0.400 to 0.600), Anna stage 2 (NR 667 < 800), Chen stage 1 (NR 200 < 333), Dario stage 2
(NR and score equal, fewer games, 1 to 3).
"""

from __future__ import annotations

from pathlib import Path

from site_gen.pipeline.build import build
from site_gen.diagnostics import Diagnostics

GAMES = """game,table,started_at,player1,score1,player2,score2,player3,score3,player4,score4
1,RU-Marathon-1,2015-02-02T20:00:00+03:00,Anna,40,Boris,10,Chen,0,Dario,-50
2,RU-Marathon-1,2015-02-03T20:00:00+03:00,Boris,50,Anna,5,Chen,0,Dario,-55
3,RU-Marathon-2,2015-02-04T20:00:00+03:00,Elena,20,Fedor,20,Chen,-10,Dario,-30
4,RU-Marathon-1,2015-04-02T20:00:00+03:00,Boris,30,Anna,20,Chen,10,Dario,-60
"""

COMPETITION = """name: {name}
rules: online-marathon
language: {language}
period: {{from: 2015-02-01, to: 2015-11-30}}
stages:
  - {{from: 2015-02-01, to: 2015-03-31}}
  - {{from: 2015-04-01, to: 2015-05-31}}
rating_min_games: 1
counted_stages: 1
"""


def write_project(root: Path, language: str = "en", site_language: str = "en",
                  competitions: dict[str, str] | None = None, games: str = GAMES) -> Path:
    """A project with one online marathon per {slug: name} (default: "spring")."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "site.yaml").write_text(f"title: Club results\nbase_url: /\nlanguage: {site_language}\n", encoding="utf-8")
    (root / "content").mkdir(exist_ok=True)
    (root / "content" / "about.md").write_text("---\ntitle: About\ndate: 2015-03-01\n---\nThe club.\n", encoding="utf-8")
    for slug, name in (competitions or {"spring": "Spring marathon"}).items():
        folder = root / "data" / slug
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "competition.yaml").write_text(COMPETITION.format(name=name, language=language), encoding="utf-8")
        (folder / "games.csv").write_text(games, encoding="utf-8")
    return root


def build_project(root: Path, out: Path | None = None) -> Path:
    out = out or root.parent / f"{root.name}-site"
    diags = Diagnostics(root)
    report = build(root, out, diags, incremental=False)
    assert report is not None, "\n".join(d.format() for d in diags.items)
    return out


def page(site: Path, rel: str) -> str:
    return (site / rel / "index.html" if not rel.endswith(".html") else site / rel).read_text(encoding="utf-8")
