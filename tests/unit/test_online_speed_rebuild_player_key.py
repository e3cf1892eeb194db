"""An online marathon player page's key (player_page.player_key): what player_context reads
beyond the page's context, so that a rebuild keeps the pages whose key is unchanged without
working their contexts out. Equal keys must mean equal contexts; a change the page shows
must change the key (or the page's context); a change it does not show must not."""

from __future__ import annotations

import datetime as dt
import pickle
from sys import intern

from site_gen.rules.online_marathon.model import DisqualifiedPlayer, Sanctions
from site_gen.rules.online_marathon.pages import norm_rating_places
from site_gen.rules.online_marathon.player_page import player_context, player_key, player_stages, sanctions_by_player
from site_gen.rules.online_marathon.scoring import compute

from marathon_helpers import data, game, settings

S = settings(rating_min_games=1)


def _games(ann_score=40, late_start="2015-02-03 20:00", other_score=-30, opponent="Cy", fay_score=20):
    """Stage 1: Ann wins game 1 (against Bo, `opponent` and Di) and is 2nd in game 2 (which
    starts at `late_start`); game 3, without her, seats Eve, Fay, Gus and Hal, who scores
    `other_score`. Stage table (rating_min_games 1, series of 10: score = TP sum / 10, then
    series game points): Ann (6 TP, 70 GP), Bo (6, 60), Eve (4), Fay (2, 20), Cy (2, 0),
    Gus (1), Hal (0, -30), Di (0, -130)."""
    return [
        game(1, "2015-02-02 20:00", [("Ann", ann_score), ("Bo", 10), (opponent, 0), ("Di", -50)]),
        game(2, late_start, [("Bo", 50), ("Ann", 30), ("Cy", 0), ("Di", -80)]),
        game(3, "2015-02-04 20:00", [("Eve", 60), ("Fay", fay_score), ("Gus", -50), ("Hal", other_score)]),
    ]


def _page(games, sanctions=None, name="Ann", s=S):
    """(the marathon row, the key, the worked-out context) of `name`'s page."""
    d = data(games, sanctions)
    result = compute(d, s)
    nr_places = {s.stage.number: norm_rating_places(s) for s in result.stages}
    m = next(m for m in result.marathon if m.player == name)
    stages, touched = player_stages(result, nr_places, name), sanctions_by_player(d).get(name, [])
    return m, player_key(stages, touched), player_context(m, s, stages, touched)


def _pickled(value) -> bytes:
    return pickle.dumps(value, protocol=5)


def test_the_same_games_give_the_same_key_from_separate_computations():
    m, key, context = _page(_games())
    assert _pickled(key) == _pickled(_page(_games())[1])
    # hand-worked: Ann, 4 TP + 2 TP in stage 1, is 1st of 8 eligible players there
    (stage,) = context["per_stage"]
    assert (stage["row"]["rank"], stage["nr_n"], stage["nr_p"], m.rank) == (1, 8, 1, 1)


def test_the_same_games_read_again_give_the_same_key():
    # a second read makes new ids, tables and starts; names are interned, as load.py does
    # (the key is pickled with a memo: values shared differently would only render again)
    again = [g.__class__(str(int(g.id)), "".join(g.table), g.started_at + dt.timedelta(0),
                         tuple(intern("".join(name)) for name in g.players), g.scores, g.line) for g in _games()]
    assert [a.started_at is b.started_at or a.id is b.id for a, b in zip(_games(), again)] == [False] * 3
    assert _pickled(_page(again)[1]) == _pickled(_page(_games())[1])


def test_a_score_in_the_players_game_changes_the_key():
    # game 1's row shows Ann's game points: 40 -> 45 (she stays 1st: rank and NR the same)
    assert _page(_games(ann_score=45))[2]["per_stage"][0]["row"]["rank"] == 1
    assert _pickled(_page(_games(ann_score=45))[2]) != _pickled(_page(_games())[2])
    assert _pickled(_page(_games(ann_score=45))[1]) != _pickled(_page(_games())[1])


def test_a_start_time_changes_the_key():
    # game 2 starts an hour later: the games table shows 21:00 instead of 20:00, nothing else
    later = _games(late_start="2015-02-03 21:00")
    assert _pickled(_page(later)[2]) != _pickled(_page(_games())[2])
    assert _pickled(_page(later)[1]) != _pickled(_page(_games())[1])


def test_an_opponents_name_changes_the_key():
    renamed = _games(opponent="Cyd")
    assert _pickled(_page(renamed)[2]) != _pickled(_page(_games())[2])
    assert _pickled(_page(renamed)[1]) != _pickled(_page(_games())[1])


def test_a_rank_change_from_a_game_without_the_player_changes_the_key():
    # Hal at -200 in game 3 (still 4th there) falls below Di's -130 game points: Di, who did
    # not play it, is 7th instead of 8th, P = 7 of N = 8 rather than 8
    before, after = _page(_games(), name="Di"), _page(_games(other_score=-200), name="Di")
    assert [(c["per_stage"][0]["row"]["rank"], c["per_stage"][0]["nr_p"]) for c in (before[2], after[2])] == [
        (8, 8), (7, 7)]
    assert _pickled(after[1]) != _pickled(before[1])


def test_a_rank_change_with_the_same_nr_place_changes_the_key():
    # with 2 games needed for an NR, only Ann, Bo, Cy and Di are eligible: Cy's P is 3.
    # Fay at -40 in game 3 (3rd there: 1 TP) falls below Cy, who is 4th instead of 5th
    # (Hal, 2nd in game 3 with -30, stays below Cy's 0 series game points); P stays 3
    two = settings(rating_min_games=2)
    before, after = _page(_games(), name="Cy", s=two), _page(_games(fay_score=-40), name="Cy", s=two)
    assert [(c["per_stage"][0]["row"]["rank"], c["per_stage"][0]["nr_p"]) for c in (before[2], after[2])] == [
        (5, 3), (4, 3)]
    assert _pickled(after[1]) != _pickled(before[1])


def test_a_sanction_changes_the_key():
    # Ann disqualified from a day after her games: her results stay, her page lists it
    later = Sanctions(disqualified_players=(DisqualifiedPlayer("Ann", dt.date(2015, 11, 1), None, "cheating", 1),))
    assert _page(_games(), later)[2]["per_stage"] == _page(_games())[2]["per_stage"]
    assert _pickled(_page(_games(), later)[2]) != _pickled(_page(_games())[2])
    assert _pickled(_page(_games(), later)[1]) != _pickled(_page(_games())[1])


def test_a_game_the_player_did_not_show_leaves_the_key():
    # Hal -30 -> -70 in game 3: still 4th there and above Di; Ann's rank, N and P unchanged
    assert _pickled(_page(_games(other_score=-70))[2]) == _pickled(_page(_games())[2])
    assert _pickled(_page(_games(other_score=-70))[1]) == _pickled(_page(_games())[1])
