"""`site-gen seat <competition> --round N`: what it writes, and what it refuses (exit 1)
or does not understand (exit 2). Every project is made in tmp_path."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from site_gen.rules.swiss_cut.seating import draw

PLAYERS = ["Hal", "Guy", "Fay", "Eve", "Dan", "Cat", "Bob", "Ann"]  # registration order

# Round 1 with hand-worked standings (see swiss_cut_helpers.ROUND_1): Ann 5/500, Eve 5/400,
# Bob 3/100/2 mahjongs, Fay 3/100/1, Cat and Guy 0/-200/1 (equal), Hal -2/-300, Dan -2/-400.
ROUND_1 = """\
table,player,score,mahjongs,limit_hands,penalty
1,Ann,500,1,,
1,Bob,100,2,,
1,Cat,-200,1,,
1,Dan,-400,0,,
2,Eve,400,1,,
2,Fay,100,1,,
2,Guy,-200,1,,
2,Hal,-300,1,,
"""


def site_gen(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CI": "1", "NO_COLOR": "1", "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "site_gen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)


def project(tmp_path: Path, extra_settings: str = "", players: list[str] | None = None, late: tuple[str, ...] = ()) -> Path:
    root = tmp_path / "site"
    folder = root / "data" / "cup"
    folder.mkdir(parents=True)
    (root / "site.yaml").write_text("title: Club\n", encoding="utf-8")
    (folder / "competition.yaml").write_text(f"name: Cup\nrules: swiss-cut\nseed: 2006\n{extra_settings}", encoding="utf-8")
    rows = [f"{p}," for p in (players or PLAYERS)] + [f"{p},2" for p in late]
    (folder / "players.csv").write_text("player,from_round\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return root


def seating(path: Path) -> list[tuple[str, str]]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    rows = list(csv.DictReader(lines))
    assert all(r["score"] == r["mahjongs"] == r["limit_hands"] == r["penalty"] == "" for r in rows)
    return [(r["table"], r["player"]) for r in rows]


def test_round_1_is_the_seeds_draw(tmp_path):
    root = project(tmp_path)
    result = site_gen("seat", "cup", "--round", "1", cwd=root)
    assert result.returncode == 0, result.stderr
    drawn = draw(PLAYERS, 2006)
    assert seating(root / "data/cup/rounds/1.csv") == [(str(1 + i // 4), p) for i, p in enumerate(drawn)]
    assert "random.Random(seed).shuffle" in (root / "data/cup/rounds/1.csv").read_text(encoding="utf-8")
    assert "table 1: East " + drawn[0] in result.stdout
    checked = site_gen("check", cwd=root)
    assert checked.returncode == 0 and "0 error(s), 0 warning(s), 0 notice(s)" in checked.stderr, checked.stderr


def test_round_2_from_the_standings_table_by_table_and_seat_by_seat(tmp_path):
    root = project(tmp_path)
    (root / "data/cup/rounds").mkdir()
    (root / "data/cup/rounds/1.csv").write_text(ROUND_1, encoding="utf-8")
    result = site_gen("seat", "cup", "--round", "2", cwd=root)
    assert result.returncode == 0, result.stderr
    assert seating(root / "data/cup/rounds/2.csv") == [
        ("1", "Ann"), ("1", "Eve"), ("1", "Bob"), ("1", "Fay"),
        ("2", "Guy"), ("2", "Cat"), ("2", "Hal"), ("2", "Dan"),  # Guy before Cat: registered earlier
    ]
    assert 'warning: "Guy", "Cat" are equal after round 1' in result.stderr


def test_an_incomplete_previous_round_is_refused(tmp_path):
    root = project(tmp_path)
    (root / "data/cup/rounds").mkdir()
    (root / "data/cup/rounds/1.csv").write_text(ROUND_1.replace("1,Bob,100,2,,", "1,Bob,,,,"), encoding="utf-8")
    result = site_gen("seat", "cup", "--round", "2", cwd=root)
    assert result.returncode == 1
    assert 'cannot seat round 2: round 1 is not complete: 1 player(s) have no score ("Bob")' in result.stderr
    assert not (root / "data/cup/rounds/2.csv").exists()


def test_a_player_count_not_a_multiple_of_4_is_refused(tmp_path):
    root = project(tmp_path, late=("Late1", "Late2"))
    (root / "data/cup/rounds").mkdir()
    (root / "data/cup/rounds/1.csv").write_text(ROUND_1, encoding="utf-8")
    result = site_gen("seat", "cup", "--round", "2", cwd=root)
    assert result.returncode == 1
    assert "10 players qualify for round 2: the number must be a multiple of 4" in result.stderr
    assert not (root / "data/cup/rounds/2.csv").exists()


def test_a_cut_inside_an_undecided_tie_is_refused_until_the_judge_decides(tmp_path):
    # cut to 4 for round 2. Round 1 (hand-worked): T1 A 300, B 300 share 1-2 (9/2 each),
    # C, D -300 share 3-4 (-3/2); T2 E 300 (5), F, G, H -100 share 2-4 (1 - 1 = 0 each).
    # Order E, A/B, F/G/H: the 4th place falls inside F, G, H.
    root = project(tmp_path, "rounds: 2\ncuts: {2: 4}\n", players=list("ABCDEFGH"))
    (root / "data/cup/rounds").mkdir()
    rows = [("1", "A", 300), ("1", "B", 300), ("1", "C", -300), ("1", "D", -300),
            ("2", "E", 300), ("2", "F", -100), ("2", "G", -100), ("2", "H", -100)]
    (root / "data/cup/rounds/1.csv").write_text(
        "table,player,score,mahjongs\n" + "".join(f"{t},{p},{s},1\n" for t, p, s in rows), encoding="utf-8")
    result = site_gen("seat", "cup", "--round", "2", cwd=root)
    assert result.returncode == 1
    assert 'the cut to 4 players for round 2 falls inside a tie the judge has not decided: "F", "G", "H"' in result.stderr
    assert not (root / "data/cup/rounds/2.csv").exists()
    (root / "data/cup/judge.yaml").write_text("order: [G]\n", encoding="utf-8")
    result = site_gen("seat", "cup", "--round", "2", cwd=root)
    assert result.returncode == 0, result.stderr
    assert seating(root / "data/cup/rounds/2.csv") == [("1", "E"), ("1", "A"), ("1", "B"), ("1", "G")]


def test_an_existing_seating_needs_force_and_results_are_never_replaced(tmp_path):
    root = project(tmp_path)
    assert site_gen("seat", "cup", "--round", "1", cwd=root).returncode == 0
    again = site_gen("seat", "cup", "--round", "1", cwd=root)
    assert again.returncode == 1 and "exists already" in again.stderr and "--force" in again.stderr
    assert site_gen("seat", "cup", "--round", "1", "--force", cwd=root).returncode == 0
    (root / "data/cup/rounds/1.csv").write_text(ROUND_1, encoding="utf-8")
    forced = site_gen("seat", "cup", "--round", "1", "--force", cwd=root)
    assert forced.returncode == 1 and "holds results already" in forced.stderr
    assert (root / "data/cup/rounds/1.csv").read_text(encoding="utf-8") == ROUND_1


def test_round_1_without_a_seed_is_refused(tmp_path):
    root = project(tmp_path)
    path = root / "data/cup/competition.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("seed: 2006\n", ""), encoding="utf-8")
    result = site_gen("seat", "cup", "--round", "1", cwd=root)
    assert result.returncode == 1 and "set `seed` in competition.yaml" in result.stderr


@pytest.mark.parametrize("args, message", [
    (("seat", "cup", "--round", "7"), "there is no round 7: the rounds are 1 to 6"),
    (("seat", "cupp", "--round", "1"), 'no competition "cupp" under data/; did you mean "cup"?'),
    (("seat", "cup"), "--round"),
    (("seat", "cup", "--round", "x"), "--round"),
])
def test_usage_errors_exit_2(tmp_path, args, message):
    result = site_gen(*args, cwd=project(tmp_path))
    assert result.returncode == 2
    assert message in result.stderr


def test_data_errors_exit_1_with_the_messages(tmp_path):
    root = project(tmp_path)
    (root / "data/cup/rounds").mkdir()
    (root / "data/cup/rounds/1.csv").write_text(ROUND_1.replace("1,Dan,", "1,Dann,"), encoding="utf-8")
    result = site_gen("seat", "cup", "--round", "2", cwd=root)
    assert result.returncode == 1
    assert 'data/cup/rounds/1.csv:5: error: unknown player "Dann" (not in players.csv); did you mean "Dan"?' in result.stderr


def test_seat_is_for_swiss_cut_only(tmp_path):
    root = project(tmp_path)
    made = site_gen("new", "online-marathon", "marathon", cwd=root)
    assert made.returncode == 0, made.stderr
    result = site_gen("seat", "marathon", "--round", "1", cwd=root)
    assert result.returncode == 2 and "seat is for swiss-cut tournaments" in result.stderr


def test_the_scaffold_passes_check_and_seats_round_1(tmp_path):
    root = tmp_path / "site"
    root.mkdir()
    (root / "site.yaml").write_text("title: Club\n", encoding="utf-8")
    made = site_gen("new", "swiss-cut", "spring-cup", cwd=root)
    assert made.returncode == 0, made.stderr
    assert sorted(p.name for p in (root / "data/spring-cup").iterdir()) == ["competition.yaml", "judge.yaml", "players.csv"]
    checked = site_gen("check", cwd=root)
    assert checked.returncode == 0 and "0 error(s), 0 warning(s)" in checked.stderr, checked.stderr
    # the scaffold's example players are commented out: the organiser writes their own
    players = root / "data/spring-cup/players.csv"
    lines = players.read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if not line.startswith("#")] == ["player,name,city,club,from_round"]
    players.write_text("\n".join(lines + [f"P{n},,,," for n in range(1, 9)]) + "\n", encoding="utf-8")
    seated = site_gen("seat", "spring-cup", "--round", "1", cwd=root)
    assert seated.returncode == 0, seated.stderr
    assert len(seating(root / "data/spring-cup/rounds/1.csv")) == 8
    built = site_gen("build", "--out", str(tmp_path / "out"), cwd=root)
    assert built.returncode == 0, built.stderr
    assert "Round 1: seating" in (tmp_path / "out/spring-cup/rounds/next/index.html").read_text(encoding="utf-8")
