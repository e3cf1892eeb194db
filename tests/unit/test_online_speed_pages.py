"""A large online marathon's player pages and exports, against hand-worked values: game
starts in the stage zone, the places' texts, the games' rows of standings.json."""

import datetime as dt
from zoneinfo import ZoneInfo

from site_gen.json_document import json_rows
from site_gen.rules.online_marathon.document import game_rows
from site_gen.rules.online_marathon.exports import _games_json_rows
from site_gen.rules.online_marathon.model import DisqualifiedGame, Sanctions
from site_gen.rules.online_marathon.player_page import _place
from site_gen.rules.online_marathon.scoring import compute

from marathon_helpers import data, game, settings

MOSCOW = ZoneInfo("Europe/Moscow")


def test_a_played_game_starts_in_the_stage_zone():
    """Game 1 starts at 17:00 UTC on 10 February 2015, 20:00 in Moscow (UTC+3 then): each
    seat's game shows that moment in the stage zone, the game itself keeps its offset."""
    utc_start = dt.datetime(2015, 2, 10, 17, 0, tzinfo=dt.timezone.utc)
    g = game(1, utc_start, [("A", 40), ("B", 10), ("C", 0), ("D", -50)])
    (stage, _) = compute(data([g]), settings()).stages
    starts = [row.games[0].started_at for row in stage.rows]
    assert len(starts) == 4 and all(start.tzinfo is MOSCOW for start in starts)
    assert starts[0].tzinfo is MOSCOW and (starts[0].hour, starts[0].minute) == (20, 0)
    assert starts[0] == utc_start and g.started_at.tzinfo is dt.timezone.utc


def test_a_place_text_names_a_shared_place_as_a_range():
    assert [_place(p) for p in [(1, 1), (4, 4), (2, 3), (1, 4)]] == ["1", "4", "2–3", "1–4"]


def test_games_json_rows_written_without_the_encoder():
    """Game 1: Bo and Жанна share places 2-3, (2 + 1) / 2 = 1.5 TP each; game 2 is
    disqualified (no TP, counts for no one); game 3, at another table, is in no stage;
    game 4: three share places 1-3, (4 + 2 + 1) / 3 = 2.333333 TP (6 decimals)."""
    names = ["Ann", 'Bo "B"', "Жанна", "Dee\\x"]
    games = [game(1, "2015-02-02 20:00", list(zip(names, [30, 20, 20, -70]))),
             game(2, "2015-02-03 20:00", list(zip(names, [40, 30, 20, -90]))),
             game(3, "2015-02-04 20:00", list(zip(names, [40, 30, 20, -90])), table="Casual-7"),
             game(4, "2015-02-05 20:00", list(zip(names, [10, 10, 10, -30])))]
    results = compute(data(games, Sanctions(disqualified_games=(DisqualifiedGame("2", "left", 1),))), settings()).games
    assert _games_json_rows(results) == [
        '{"game": "1", "stage": 1, "counted": true, '
        '"table_points": {"Ann": 4.0, "Bo \\"B\\"": 1.5, "Жанна": 1.5, "Dee\\\\x": 0.0}}',
        '{"game": "2", "stage": 1, "counted": false, "table_points": {}}',
        '{"game": "3", "stage": null, "counted": false, '
        '"table_points": {"Ann": 4.0, "Bo \\"B\\"": 2.0, "Жанна": 1.0, "Dee\\\\x": 0.0}}',
        '{"game": "4", "stage": 1, "counted": true, '
        '"table_points": {"Ann": 2.333333, "Bo \\"B\\"": 2.333333, "Жанна": 2.333333, "Dee\\\\x": 0.0}}',
    ]
    assert _games_json_rows(results) == json_rows(game_rows(results))  # as the encoder writes them


def test_games_json_rows_of_a_player_seated_twice_come_from_the_encoder():
    """No loaded game seats a player twice, but the engine takes any: the document's row
    holds the name once, with the later seat's TP (a dict's key given twice)."""
    results = compute(data([game(1, "2015-02-02 20:00", [("A", 30), ("B", 20), ("A", 10), ("C", 0)])]),
                      settings()).games
    assert _games_json_rows(results) == [
        '{"game": "1", "stage": 1, "counted": true, "table_points": {"A": 1.0, "B": 2.0, "C": 0.0}}']
