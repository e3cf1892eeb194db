"""The document's games rows convert each table-points pattern once: every game still
gets its own players' numbers."""

from site_gen.rules.online_marathon.document import document
from site_gen.rules.online_marathon.scoring import compute

from marathon_helpers import data, game, settings


def test_games_with_the_same_points_pattern_keep_their_own_players():
    games = [
        game(1, "2015-02-10 20:00", [("A", 30), ("B", 10), ("C", 0), ("D", -40)]),
        game(2, "2015-02-10 21:00", [("E", 30), ("F", 10), ("G", 0), ("H", -40)]),  # same pattern as game 1
        game(3, "2015-02-11 20:00", [("A", -40), ("B", 0), ("C", 10), ("D", 30)]),  # reversed
        game(4, "2015-02-11 21:00", [("E", 10), ("F", 10), ("G", -10), ("H", -10)]),  # two ties: (4+2)/2, (1+0)/2
    ]
    result = compute(data(games), settings())
    assert result.games[0].twelfths == result.games[1].twelfths  # the pattern converted once
    rows = document(settings(), result)["games"]
    assert [row["table_points"] for row in rows] == [
        {"A": 4.0, "B": 2.0, "C": 1.0, "D": 0.0},
        {"E": 4.0, "F": 2.0, "G": 1.0, "H": 0.0},
        {"A": 0.0, "B": 1.0, "C": 2.0, "D": 4.0},
        {"E": 3.0, "F": 3.0, "G": 0.5, "H": 0.5},
    ]
