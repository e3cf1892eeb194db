"""A player page's games table, made from each PlayedGame's fields unpacked at once
(player_page._player_stage), against hand-worked rows."""

import datetime as dt
from fractions import Fraction
from zoneinfo import ZoneInfo

from site_gen.rules.online_marathon.pages import norm_rating_places
from site_gen.rules.online_marathon.player_page import player_context, player_stages, sanctions_by_player
from site_gen.rules.online_marathon.scoring import compute

from marathon_helpers import data, game, settings

MOSCOW = ZoneInfo("Europe/Moscow")


def test_a_players_games_rows_hold_each_games_own_fields():
    """Ann wins game 1 (40 game points: place 1, 4 TP); in game 2, seated second, she ties
    Bo on 30 for places 1-2, (4 + 2) / 2 = 3 TP each. Game 2 starts at 17:00 UTC, shown as
    20:00 in Moscow (UTC+3). Her opponents are the other seats in seat order."""
    g1 = game(1, "2015-02-02 20:00", [("Ann", 40), ("Bo", 10), ("Cy", 0), ("Di", -50)])
    g2 = game(2, dt.datetime(2015, 2, 3, 17, 0, tzinfo=dt.timezone.utc),
              [("Bo", 30), ("Ann", 30), ("Cy", 0), ("Di", -60)])
    s = settings()
    result = compute(data([g1, g2]), s)
    nr_places = {st.stage.number: norm_rating_places(st) for st in result.stages}
    ann = next(m for m in result.marathon if m.player == "Ann")
    context = player_context(ann, s, player_stages(result, nr_places, "Ann"), sanctions_by_player(data([g1, g2])))
    (stage,) = context["per_stage"]  # no game in stage 2
    rows = stage["table"].rows
    assert [{k: v for k, v in r.items() if k != "started_at"} for r in rows] == [
        {"number": 1, "game": "1", "opponents": "Bo, Cy, Di", "game_points": 40, "place": "1",
         "table_points": Fraction(4)},
        {"number": 2, "game": "2", "opponents": "Bo, Cy, Di", "game_points": 30, "place": "1–2",
         "table_points": Fraction(3)},
    ]
    assert list(rows[0]) == ["number", "started_at", "game", "opponents", "game_points", "place", "table_points"]
    starts = [r["started_at"] for r in rows]
    assert [(t.day, t.hour, t.minute, t.tzinfo) for t in starts] == [(2, 20, 0, MOSCOW), (3, 20, 0, MOSCOW)]
