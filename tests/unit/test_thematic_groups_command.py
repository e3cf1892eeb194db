"""`site-gen groups <competition> <tournament>`: phase-1 groups from the ratings written to
groups.yaml, never over an existing file."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from site_gen.commands.groups import write_groups
from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import load_competition

COMPETITION = """\
name: Groups test
rules: thematic-marathon
groups:
  - slug: g
    name: G
    tournaments:
      - {slug: hex, game: Hex}
      - {slug: trax, game: Trax}
"""


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "site.yaml").write_text("title: T\n", encoding="utf-8")
    folder = tmp_path / "data" / "pbem"
    (folder / "tournaments" / "hex").mkdir(parents=True)
    (folder / "competition.yaml").write_text(COMPETITION, encoding="utf-8")
    # eleven players; seeding: E by rating (e1 1900, e2 1800, E3 1800: e2 before E3 case-
    # insensitively), P (p1), unrated by userid (a-z, "Zoë")
    (folder / "players.csv").write_text(
        "player,rating,status\ne1,1900,E\nE3,1800,E\ne2,1800,E\np1,2100,P\nu1,,\nu2,2500,\nu3,,\n"
        "u4,,\nu5,,\nu6,,\nZoë,,\n", encoding="utf-8")
    entrants = ["Zoë", "u6", "u5", "u4", "u3", "u2", "u1", "p1", "e2", "E3", "e1"]
    (folder / "tournaments" / "hex" / "entrants.csv").write_text("player\n" + "\n".join(entrants) + "\n", encoding="utf-8")
    return tmp_path


def groups_file(site: Path) -> Path:
    return site / "data" / "pbem" / "tournaments" / "hex" / "groups.yaml"


def test_writes_the_snake_groups_of_the_seeding(site: Path, capsys):
    assert write_groups(site, "pbem", "hex") == 0
    # seeding: e1, e2, E3, p1, u1, u2 (rating ignored: unrated), u3, u4, u5, u6, Zoë;
    # 11 players: [1, 6, 7, 11], [2, 5, 8, 10], [3, 4, 9]
    text = groups_file(site).read_text(encoding="utf-8")
    assert text.splitlines()[-4:] == [
        "phase1:",
        '  - ["e1", "u2", "u3", "Zoë"]',
        '  - ["e2", "u1", "u4", "u6"]',
        '  - ["E3", "p1", "u5"]',
    ]
    assert "wrote data/pbem/tournaments/hex/groups.yaml: 3 group(s) of 4, 4, 3" in capsys.readouterr().out
    # the file reads back as the groups as played, equal to what the engine computes without it
    diags = Diagnostics(root=site)
    competition = load_competition(site / "data" / "pbem", SiteConfig(), diags)
    assert not diags.has_errors, diags.format()
    layout = competition.data.tournaments["hex"].layout
    assert layout.phase1 == (("e1", "u2", "u3", "Zoë"), ("e2", "u1", "u4", "u6"), ("E3", "p1", "u5"))
    assert layout.semifinals is None and layout.final is None


def test_refuses_to_overwrite_an_existing_file(site: Path, capsys):
    groups_file(site).write_text("phase1: [[e1, e2, E3], [p1, u1, u2, u3, u4, u5, u6, Zoë]]\n", encoding="utf-8")
    before = groups_file(site).read_bytes()
    assert write_groups(site, "pbem", "hex") == 1
    err = capsys.readouterr().err
    assert "data/pbem/tournaments/hex/groups.yaml exists already; nothing was written" in err
    assert groups_file(site).read_bytes() == before


def test_fewer_entrants_than_phase1_min_players_write_no_phase1(site: Path):
    entrants = site / "data" / "pbem" / "tournaments" / "hex" / "entrants.csv"
    entrants.write_text("player\ne1\ne2\nu1\nu2\nu3\n", encoding="utf-8")
    assert write_groups(site, "pbem", "hex") == 0
    text = groups_file(site).read_text(encoding="utf-8")
    assert text.endswith("# 5 entrant(s), fewer than phase1_min_players (6): no phase 1.\nphase1: []\n")


def test_unknown_tournament_gets_a_did_you_mean(site: Path, capsys):
    assert write_groups(site, "pbem", "hexx") == 2
    assert 'no tournament "hexx" in pbem; known: hex, trax; did you mean "hex"?' in capsys.readouterr().err


def test_a_tournament_without_entrants_is_a_data_problem(site: Path, capsys):
    assert write_groups(site, "pbem", "trax") == 1
    assert "trax has no entrants" in capsys.readouterr().err
    assert not (site / "data" / "pbem" / "tournaments" / "trax").exists()


def test_data_errors_stop_it(site: Path, capsys):
    entrants = site / "data" / "pbem" / "tournaments" / "hex" / "entrants.csv"
    entrants.write_text("player\ne1\nu11\n", encoding="utf-8")
    assert write_groups(site, "pbem", "hex") == 1
    err = capsys.readouterr().err
    assert 'data/pbem/tournaments/hex/entrants.csv:3: error: unknown player "u11" (not in players.csv); did you mean "u1"?' in err
    assert not groups_file(site).exists()


def test_the_command_line(site: Path):
    env = {**os.environ, "CI": "1"}
    run = lambda *args: subprocess.run([sys.executable, "-m", "site_gen", *args], cwd=site, env=env,  # noqa: E731
                                       capture_output=True, text=True, encoding="utf-8", timeout=120)
    first = run("groups", "pbem", "hex")
    assert first.returncode == 0, first.stderr
    again = run("groups", "pbem", "hex")
    assert again.returncode == 1 and "exists already" in again.stderr
    missing = run("groups", "pbm", "hex")
    assert missing.returncode == 2 and 'did you mean "pbem"?' in missing.stderr
    usage = run("groups", "--help")
    assert usage.returncode == 0 and "phase-1 groups" in usage.stdout
