"""In serve, games.csv and standings.json are joined from each stage's part, kept between
builds for a stage result that recompute hands back: the joined files are exactly the ones
a clean build writes, whatever changed. A command-line build keeps nothing."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings as hypothesis_settings, strategies as st

from site_gen.json_document import document_json
from site_gen.model import CompetitionInfo, now
from site_gen.rules.online_marathon import exports, pages
from site_gen.rules.online_marathon.document import document
from site_gen.rules.online_marathon.model import DisqualifiedGame, Sanctions, Stage, StagePenalty
from site_gen.rules.online_marathon.scoring import compute, recompute

from marathon_helpers import data, game, settings
from test_marathon_recompute import a_game, a_stage_penalty, changed

S = settings(stages=(
    Stage(1, dt.date(2015, 2, 1), dt.date(2015, 3, 31), "Stage 1"),
    Stage(2, dt.date(2015, 4, 1), dt.date(2015, 5, 31), "Stage 2"),
    Stage(3, dt.date(2015, 6, 1), dt.date(2015, 7, 31), "Stage 3"),
))
INFO = CompetitionInfo("om", "Marathon", "online-marathon", "en", "", Path("data/om"))

# in data order, the stages interleaved; game 4 at another table and game 7 on a day of the
# period in no stage belong to no stage
GAMES = [
    game(1, "2015-02-10 20:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)]),
    game(2, "2015-04-11 20:00", [("A", 20), ("B", 20), ("C", 0), ("D", -40)]),
    game(3, "2015-02-12 20:00", [("E", 10), ("F", 10), ("G", 10), ("H", -30)]),
    game(4, "2015-02-14 20:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)], table="Friendly-1"),
    game(5, "2015-06-20 20:00", [("A", 0), ("E", 0), ("C", 0), ("G", 0)]),
    game(6, "2015-04-12 20:00", [("E", 40), ("F", 0), ("G", 0), ("H", -40)]),
    game(7, "2015-08-05 20:00", [("B", 10), ("D", 10), ("F", -10), ("H", -10)]),
]
# hand-worked: places 1-4 get 4, 2, 1, 0 table points, tied places share their average
LINES = [
    "game,table,started_at,stage,counted,player1,score1,tp1,player2,score2,tp2,player3,score3,tp3,player4,score4,tp4",
    "1,RU-Marathon-1,2015-02-10T20:00:00+03:00,1,yes,A,30,4,B,10,2,C,0,1,D,-40,0",
    "2,RU-Marathon-1,2015-04-11T20:00:00+03:00,2,yes,A,20,3,B,20,3,C,0,1,D,-40,0",
    "3,RU-Marathon-1,2015-02-12T20:00:00+03:00,1,yes,E,10,2.333333,F,10,2.333333,G,10,2.333333,H,-30,0",
    "4,Friendly-1,2015-02-14T20:00:00+03:00,,no,A,30,4,B,10,2,C,0,1,D,-40,0",
    "5,RU-Marathon-1,2015-06-20T20:00:00+03:00,3,yes,A,0,1.75,E,0,1.75,C,0,1.75,G,0,1.75",
    "6,RU-Marathon-1,2015-04-12T20:00:00+03:00,2,yes,E,40,4,F,0,1.5,G,0,1.5,H,-40,0",
    "7,RU-Marathon-1,2015-08-05T20:00:00+03:00,,no,B,10,3,D,10,3,F,-10,0.5,H,-10,0.5",
]


@pytest.fixture(autouse=True)
def one_build_per_process(monkeypatch):
    monkeypatch.setattr(exports, "_last_exports", None)


class Serve:
    """serve's process: its builds publish the competition again after each change."""

    def __init__(self):
        exports.keep_between_builds()
        self.result = None

    def build(self, games, sanctions=None) -> tuple[str, bytes]:
        """(games.csv, standings.json) of the build of these data."""
        marathon = data(games, sanctions)
        self.result = compute(marathon, S) if self.result is None else recompute(marathon, S, self.result)
        site = pages.publish(INFO, S, marathon, self.result)
        return now(site.exports["games.csv"]).decode("utf-8"), document_json(now(site.document))

    def kept(self) -> dict[int, exports.StageExports]:
        """Each stage's exports, by stage number."""
        return {e.result.stage.number: e for e in exports._last_exports["om"].values()}


def clean_build(games, sanctions=None) -> tuple[str, bytes]:
    """What a clean build writes: games.csv and the document (as the standings command has it)."""
    result = compute(data(games, sanctions), S)
    return exports.games_csv(result).decode("utf-8"), document_json(document(S, result))


def test_the_stages_games_are_joined_in_data_order_with_the_games_of_no_stage():
    serve = Serve()
    first = serve.build(GAMES)
    made = serve.kept()
    again = serve.build(GAMES)
    assert all(serve.kept()[number] is made[number] for number in (1, 2, 3))  # nothing changed: all kept
    assert first[0].splitlines() == LINES
    assert first == again == clean_build(GAMES)


def test_after_a_change_in_one_stage_the_others_keep_their_part():
    serve = Serve()
    serve.build(GAMES)
    before = serve.kept()
    games = [game(1, "2015-02-10 20:00", [("A", -40), ("B", 10), ("C", 0), ("D", 30)])] + GAMES[1:]
    csv_text, document_text = serve.build(games)
    after = serve.kept()
    assert after[2] is before[2] and after[3] is before[3] and after[1] is not before[1]
    # D now first, A last
    assert csv_text.splitlines() == [
        *LINES[:1], "1,RU-Marathon-1,2015-02-10T20:00:00+03:00,1,yes,A,-40,0,B,10,2,C,0,1,D,30,4", *LINES[2:]]
    assert json.loads(document_text)["games"][0] == {"game": "1", "stage": 1, "counted": True,
                                                      "table_points": {"A": 0.0, "B": 2.0, "C": 1.0, "D": 4.0}}
    assert (csv_text, document_text) == clean_build(games)


def test_a_stage_scored_again_keeps_the_texts_of_its_unchanged_games():
    """Stage 1 changed in game 1 only: game 3, the very result of the last build, keeps its
    line and row (the same strings); game 1's are made again."""
    serve = Serve()
    serve.build(GAMES)
    before = serve.kept()[1]
    games = [game(1, "2015-02-10 20:00", [("A", -40), ("B", 10), ("C", 0), ("D", 30)])] + GAMES[1:]
    csv_text, document_text = serve.build(games)
    after = serve.kept()[1]
    assert [g.game.id for g in after.games] == ["1", "3"] and after.games[1] is before.games[1]
    assert after.games_csv[1] is before.games_csv[1] and after.games_json[1] is before.games_json[1]
    assert after.games_csv[0] != before.games_csv[0] and after.games_json[0] != before.games_json[0]
    assert after.games_csv == [LINES[1].replace("A,30,4,B,10,2,C,0,1,D,-40,0", "A,-40,0,B,10,2,C,0,1,D,30,4") + "\n",
                               LINES[3] + "\n"]
    assert (csv_text, document_text) == clean_build(games)


def test_a_game_moved_to_another_stage_changes_both_and_keeps_its_place():
    serve = Serve()
    serve.build(GAMES)
    before = serve.kept()
    games = list(GAMES)
    games[2] = game(3, "2015-04-13 20:00", [("E", 10), ("F", 10), ("G", 10), ("H", -30)])
    csv_text, document_text = serve.build(games)
    after = serve.kept()
    assert after[3] is before[3] and after[1] is not before[1] and after[2] is not before[2]
    assert csv_text.splitlines()[3] == (
        "3,RU-Marathon-1,2015-04-13T20:00:00+03:00,2,yes,E,10,2.333333,F,10,2.333333,G,10,2.333333,H,-30,0")
    assert (csv_text, document_text) == clean_build(games)


def test_a_disqualified_game_and_a_stage_penalty_change_their_stage_alone():
    serve = Serve()
    serve.build(GAMES)
    before = serve.kept()
    disqualified = Sanctions(disqualified_games=(DisqualifiedGame("6", "left", 1),))
    csv_text, document_text = serve.build(GAMES, disqualified)
    after = serve.kept()
    assert after[1] is before[1] and after[3] is before[3] and after[2] is not before[2]
    # no longer counted, and no table points
    assert csv_text.splitlines()[6] == "6,RU-Marathon-1,2015-04-12T20:00:00+03:00,2,no,E,40,,F,0,,G,0,,H,-40,"
    assert (csv_text, document_text) == clean_build(GAMES, disqualified)

    penalised = replace(disqualified, stage_penalties=(StagePenalty("A", 3, 0, 1, "late", 2),))
    csv_text, document_text = serve.build(GAMES, penalised)
    again = serve.kept()
    assert again[1] is before[1] and again[2] is after[2] and again[3] is not before[3]
    assert (csv_text, document_text) == clean_build(GAMES, penalised)


def test_a_start_written_at_another_offset_is_written_anew_though_its_stage_is_kept():
    """The same instant, another offset: the game is equal (==), so recompute hands the stage
    result back, yet games.csv writes its start as given."""
    serve = Serve()
    serve.build(GAMES)
    stage = serve.result.stages[1]
    games = list(GAMES)
    games[5] = game(6, dt.datetime(2015, 4, 12, 17, 0, tzinfo=dt.timezone.utc),
                    [("E", 40), ("F", 0), ("G", 0), ("H", -40)])
    csv_text, document_text = serve.build(games)
    assert serve.result.stages[1] is stage
    assert csv_text.splitlines()[6] == "6,RU-Marathon-1,2015-04-12T17:00:00+00:00,2,yes,E,40,4,F,0,1.5,G,0,1.5,H,-40,0"
    assert (csv_text, document_text) == clean_build(games)


def test_serve_keeps_the_parts_of_the_last_build_only():
    serve = Serve()
    serve.build(GAMES)
    games = [game(1, "2015-02-10 20:00", [("A", -40), ("B", 10), ("C", 0), ("D", 30)])] + GAMES[1:]
    serve.build(games)
    kept = list(exports._last_exports["om"].values())
    assert len(kept) == 3 and all(e.result is s for e, s in zip(kept, serve.result.stages))


def test_a_command_line_build_keeps_nothing():
    """One build per process: the parts would only be held to its end, and the workers make
    the files whole."""
    marathon = data(GAMES)
    site = pages.publish(INFO, S, marathon, compute(marathon, S))
    assert exports._last_exports is None
    assert now(site.exports["games.csv"]).decode("utf-8").splitlines() == LINES
    assert document_json(now(site.document)) == clean_build(GAMES)[1]


def test_switching_keeping_on_again_loses_nothing():
    Serve().build(GAMES)
    exports.keep_between_builds()
    assert list(exports._last_exports) == ["om"]


@st.composite
def edits(draw):
    """A marathon and two changes of it, one after the other: any change recompute meets, or a
    start written at another offset."""
    games = [draw(a_game(str(gid))) for gid in range(1, draw(st.integers(1, 14)) + 1)]
    versions = [(games, Sanctions(stage_penalties=tuple(draw(st.lists(a_stage_penalty(), max_size=2)))))]
    for _ in range(2):
        games, sanctions = versions[-1]
        if not games:  # the first change removed the only game
            break
        if draw(st.booleans()):
            games, sanctions = draw(changed(games, sanctions))
        else:
            games = list(games)
            i = draw(st.integers(0, len(games) - 1))
            games[i] = replace(games[i], started_at=games[i].started_at.astimezone(dt.timezone.utc))
        versions.append((games, sanctions))
    return versions


@hypothesis_settings(max_examples=200, deadline=None)
@given(edits())
def test_serve_writes_what_a_clean_build_writes_after_each_change(versions):
    serve = Serve()
    for games, sanctions in versions:
        assert serve.build(games, sanctions) == clean_build(games, sanctions)


def test_serve_keeps_the_very_table_of_each_stage_scored_from_the_same_inputs(monkeypatch):
    """A stage whose result recompute handed back keeps its table, the very object (whose
    digest and CSV serve then keeps: page_cache.PageMemo); a changed stage's is made again,
    equal to a command-line build's."""
    from site_gen.csv_export import table_csv

    monkeypatch.setattr(pages, "_last_stage_tables", {})  # as serve has it
    before = compute(data(GAMES), S)
    first = {t.slug: t for t in pages.publish(INFO, S, data(GAMES), before).tables}
    edited = [*GAMES[:4], game(5, "2015-06-20 20:00", [("A", 10), ("E", 0), ("C", 0), ("G", -10)]), *GAMES[5:]]
    after = recompute(data(edited), S, before)
    assert [a is b for a, b in zip(after.stages, before.stages)] == [True, True, False]
    second = {t.slug: t for t in pages.publish(INFO, S, data(edited), after).tables}
    assert second["stage-1"] is first["stage-1"] and second["stage-2"] is first["stage-2"]
    assert second["stage-3"] is not first["stage-3"]
    monkeypatch.setattr(pages, "_last_stage_tables", None)  # a command-line build
    clean = {t.slug: t for t in pages.publish(INFO, S, data(edited), compute(data(edited), S)).tables}
    assert {slug: table_csv(t) for slug, t in second.items()} == {slug: table_csv(t) for slug, t in clean.items()}
    assert second == clean


def test_runs_of_a_stage_s_games_take_slices_of_its_part_and_a_whole_stage_its_part_itself():
    """GAMES in data order are in stages 1, 2, 1, -, 3, 2, -: stage 3's one game is its whole
    part; stages 1 and 2 come in two runs each, slices of their parts; the games of no stage
    are made now."""
    result = compute(data(GAMES), S)
    kept = {1: ["g1", "g3"], 2: ["g2", "g6"], 3: ["g5"]}
    made = []
    runs = list(exports._in_runs(result.games, kept, lambda games: made.append(games) or [g.game.id for g in games]))
    assert runs == [(1, ["g1"]), (2, ["g2"]), (1, ["g3"]), (None, ["4"]), (3, None), (2, ["g6"]), (None, ["7"])]
    assert [[g.game.id for g in games] for games in made] == [["4"], ["7"]]
    in_order = sorted(GAMES, key=lambda g: (g.started_at.month > 3) + (g.started_at.month > 5))  # stage by stage
    runs = list(exports._in_runs(compute(data(in_order), S).games, kept, lambda games: [g.game.id for g in games]))
    assert runs == [(1, None), (None, ["4"]), (2, None), (3, None), (None, ["7"])]


def test_serve_writes_what_a_clean_build_writes_with_each_stage_one_run():
    """The games stage by stage (the file in the order the games were played): each stage's
    part goes whole; after a change in stage 2, stage 1's and 3's are the last build's."""
    in_order = sorted(GAMES, key=lambda g: g.started_at)
    serve = Serve()
    assert serve.build(in_order) == clean_build(in_order)
    before = serve.kept()
    changed = [replace(g, scores=(0, 40, 0, -40)) if g.id == "6" else g for g in in_order]
    assert serve.build(changed) == clean_build(changed)
    after = serve.kept()
    assert after[1] is before[1] and after[3] is before[3] and after[2] is not before[2]
