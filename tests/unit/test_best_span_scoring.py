"""The best-span engine, spec steps 1-6, on games built by hand (expected values worked
out in the comments)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from site_gen.rules.best_span.document import document
from site_gen.rules.best_span.model import JST, Weights, Window
from site_gen.rules.best_span.scoring import compute, kind_of, outcomes

from best_span_helpers import PERIOD, data, game, removal, seated, settings

D1 = dt.date(2009, 3, 1)
S = settings()


# --- step 1: counted games and their kinds ----------------------------------------------

@pytest.mark.parametrize("rule, family, expected", [
    ("四特南喰赤－", "scb", "red"),
    ("四特南喰－－", "scb", "plain"),
    ("四鳳南喰赤－", "scc", "red"),
    ("四特南喰赤速", "scb", "red"),  # the sixth character does not matter
    ("四特南喰－速", "scb", "plain"),
    ("四上南喰赤－", "scb", None),  # 上 is not in the default tables (特, 鳳)
    ("四般南喰赤－", "scb", None),
    ("三特南喰赤－", "scb", None),  # 3 players
    ("四特東喰赤－", "scb", None),  # east only
    ("四特南－赤－", "scb", None),  # no open tanyao
])
def test_ranked_lobby_kinds(rule, family, expected):
    assert kind_of(game("ABCD", rule=rule, family=family), S) == expected


def test_the_period_is_inclusive_days_of_the_file():
    assert kind_of(game("ABCD", day=PERIOD.first, time="00:00"), S) == "plain"
    assert kind_of(game("ABCD", day=PERIOD.last, time="23:59"), S) == "plain"
    assert kind_of(game("ABCD", day=PERIOD.first - dt.timedelta(days=1), time="23:59"), S) is None
    assert kind_of(game("ABCD", day=PERIOD.last + dt.timedelta(days=1)), S) is None


def test_direct_lobbies_and_open_windows():
    # the window 2009-03-31 23:00 to 2009-04-01 00:00 (Japan time), both ends included
    window = Window(dt.datetime(2009, 3, 31, 23, 0, tzinfo=JST), dt.datetime(2009, 4, 1, 0, 0, tzinfo=JST))
    s = settings(direct_lobbies=("L1234",), open_windows=(window,))
    march31, april1 = dt.date(2009, 3, 31), dt.date(2009, 4, 1)

    def kind(day, time, rule="四般南喰赤－", lobby="L1234"):
        return kind_of(game("ABCD", day=day, time=time, rule=rule, family="sca", lobby=lobby), s)

    assert kind(march31, "22:59") == "direct"
    assert kind(march31, "23:00") == "plain"  # the window's first minute
    assert kind(april1, "00:00") == "plain"  # its last minute, red fives or not
    assert kind(april1, "00:01") == "direct"
    assert kind(march31, "23:30", lobby="L9999") is None  # not a direct lobby
    assert kind(march31, "23:30", rule="四般東喰赤－") is None  # east only: never counted
    assert kind(march31, "12:00", rule="四鳳南喰－－") == "direct"  # any table level in the lobby


# --- steps 2-3: sequences, order and corrections ------------------------------------------

def test_order_is_time_then_file_name_then_line():
    # same minute: scb2009030112.log sorts before scc2009030112.html; within a file, by line
    a = game(["A", "x", "y", "z"], time="12:00", family="scc", rule="四鳳南喰－－", line=1)  # A 1st: 4
    b = game(["x", "A", "y", "z"], time="12:00", family="scb", line=9)  # A 2nd: 2
    c = game(["x", "y", "A", "z"], time="12:00", family="scb", line=3)  # A 3rd: 1
    d = game(["x", "y", "z", "A"], time="11:59", family="scc", rule="四鳳南喰－－", line=7)  # A 4th: 0
    result = compute(data([a, b, c, d], players=["A"]), S)
    assert [p.place for p in result.players[0].games] == [4, 3, 2, 1]


def test_a_sequence_holds_the_games_of_the_period_days_only():
    # A places 1st the day before the period, 2nd on its first day, 3rd on its last day,
    # 4th the day after; given latest first. Only the 2nd and 3rd places count, in day
    # order: places [2, 3], 2 + 1 = 3 points. The games around them (2009-03-02, ...)
    # make the period's two ends fall inside the list of games, not at its ends.
    day = dt.timedelta(days=1)
    places = {PERIOD.first - day: 1, PERIOD.first: 2, PERIOD.first + day: 0, PERIOD.last - day: 0,
              PERIOD.last: 3, PERIOD.last + day: 4}
    seats = {0: ["x", "y", "z", "w"], 1: ["A", "x", "y", "z"], 2: ["x", "A", "y", "z"], 3: ["x", "y", "A", "z"],
             4: ["x", "y", "z", "A"]}  # place 0: A does not play
    games = [game(seats[place], day=d) for d, place in places.items()]
    result = compute(data(reversed(games), players=["A"]), S)
    assert [p.place for p in result.players[0].games] == [2, 3]
    assert result.players[0].points == 3
    assert result.counted == 4  # the four games inside the period, A's or not
    assert result.updated == PERIOD.last


def test_an_added_game_comes_after_the_lines_of_its_file():
    first = game(["x", "A", "y", "z"], time="12:00", line=50)
    added = game(["A", "x", "y", "z"], time="12:00", line=10**9, added=3)
    result = compute(data([added, first], players=["A"]), S)
    assert [p.place for p in result.players[0].games] == [2, 1]


def test_remove_and_void_match_every_game_of_the_minute_with_all_listed_players():
    g1 = game(["A", "B", "x", "y"], time="18:33", line=1)
    g2 = game(["C", "A", "x", "y"], time="18:33", line=2)
    g3 = game(["B", "A", "x", "y"], time="18:34", line=3)
    removals = [removal(D1, "18:33", ["A"]), removal(D1, "18:34", ["B", "C"], "void"),
                removal(D1, "18:33", ["A", "B"], "void")]
    result = compute(data([g1, g2, g3], removals=removals), S)
    # A's games at 18:33 go (g1, g2); nobody sat with B and C at 18:34; g1 also matches the void
    assert result.removal_matches == (2, 0, 1)
    assert [o.counted for o in outcomes(data([g1, g2, g3], removals=removals), S)[0]] == [False, False, True]
    a = result.players[0]
    assert [p.game.line for p in a.games] == [3] and a.points == 2


def test_noname_takes_its_place_and_excluded_players_still_count_for_others():
    g = game(["NoName", "A", "B", "NoName"], rule="四特南喰赤－")
    result = compute(data([g], players=["A", "B"], excluded=["B"]), S)
    a, b = result.players
    assert (a.places, a.points) == ((0, 1, 0, 0), 2)  # 2nd: 2 points
    assert (b.places, b.points, b.rank) == ((0, 0, 1, 0), 1, 0)  # 3rd: 1 point, not ranked
    assert [r.player for r in result.standings] == ["A"]


# --- step 4: ignoring red ---------------------------------------------------------------

def _sequence(kinds_places, player="A"):
    rules = {"plain": "四特南喰－－", "red": "四特南喰赤－"}
    return [seated(player, place, i, rule=rules[kind]) for i, (kind, place) in enumerate(kinds_places)]


def test_red_games_are_ignored_when_that_is_lighter():
    # target 8. Sequence: red 4th, red 4th, plain 1st, red 4th, plain 1st.
    # All games: games 3-5 give 4+0+4 = 8 weighing 1.00+1.05+1.00 = 3.05 (the lightest).
    # Without red: plain 1st, plain 1st: 8 in 2 games weighing 2.00 < 3.05: red is ignored.
    games = _sequence([("red", 4), ("red", 4), ("plain", 1), ("red", 4), ("plain", 1)])
    s = settings(target=Fraction(8))
    a = compute(data(games, players=["A"]), s).players[0]
    assert (a.span.weight, a.span.length, a.span.red_ignored, a.span.wraps) == (200, 2, True, False)
    assert [p.game.line for p in a.span.games] == [3, 5]
    # statistics keep every counted game, red ones included: 2 wins, 3 4th places
    assert a.places == (2, 0, 0, 3) and a.kinds == {"direct": 0, "plain": 2, "red": 3}
    off = compute(data(games, players=["A"]), settings(target=Fraction(8), ignore_red_if_better=False)).players[0]
    assert (off.span.weight, off.span.length, off.span.red_ignored) == (305, 3, False)


def test_the_whole_sequence_wins_a_tie():
    # plain 1st, plain 1st, red 4th: all games give 8 in games 1-2 weighing 2.00; without
    # red the same 2.00: equal, so the whole sequence's span is kept (red not ignored)
    games = _sequence([("plain", 1), ("plain", 1), ("red", 4)])
    a = compute(data(games, players=["A"]), settings(target=Fraction(8))).players[0]
    assert (a.span.weight, a.span.red_ignored) == (200, False)


def test_without_red_the_span_may_wrap_in_the_shorter_sequence():
    # plain 1st, red 2nd, red 2nd, plain 3rd, plain 1st; target 8.
    # All games: 4+2+2 = 8 in games 1-3 weighing 1.00+1.05+1.05 = 3.10; games 5,1 (wrapping)
    # 4+4 = 8 weighing 2.00: the lightest of all is 2.00 and wraps.
    # Without red (plain 1st, plain 3rd, plain 1st): games 3,1 wrapping, 8 weighing 2.00:
    # equal, so the whole sequence wins; it wraps from game 5 to game 1.
    games = _sequence([("plain", 1), ("red", 2), ("red", 2), ("plain", 3), ("plain", 1)])
    a = compute(data(games, players=["A"]), settings(target=Fraction(8))).players[0]
    assert (a.span.weight, a.span.start, a.span.length, a.span.wraps, a.span.red_ignored) == (200, 4, 2, True, False)
    # with red games weighing 0.50, games 1-3 give 4+2+2 = 8 weighing 1.00+0.50+0.50 = 2.00,
    # the same as the wrap; the fewest games win: the wrap (2 games) beats games 1-3 (3).
    cheap = compute(data(games, players=["A"]), settings(target=Fraction(8), weights=Weights(0, 100, 50)))
    span = cheap.players[0].span
    assert (span.weight, span.length, span.wraps) == (200, 2, True)


# --- the regulation's own arithmetic, through the whole engine -----------------------------

@pytest.mark.parametrize("rule, weight", [("四特南喰－－", Fraction(285)), ("四鳳南喰赤－", Fraction(29925, 100))])
def test_regulation_average_player(rule, weight):
    # places 1,2,3,4 x 100 (1.75 a game): 285 games (see test_best_span_span for the
    # arithmetic); all red: 285 x 1.05 = 299.25 (the regulation rounds: "about 286", "300")
    games = [seated("A", i % 4 + 1, i, rule=rule) for i in range(400)]
    result = compute(data(games, players=["A"]), S)
    row = document(S, result)["standings"][0]
    assert row["weight"] == float(weight) and row["span"]["games"] == 285 and row["span"]["points"] == 501
    assert row["games"] == 400 and row["points"] == 700  # 100 cycles x 7


@pytest.mark.parametrize("rule, weight", [("四特南喰－－", 206), ("四鳳南喰赤－", 216.3)])
def test_regulation_strongest_player(rule, weight):
    # places 1,1,1,1,2,2,2,3,3,4 x 40 (2.4 a game): 206 games; red: 206 x 1.05 = 216.3
    cycle = [1, 1, 1, 1, 2, 2, 2, 3, 3, 4]
    games = [seated("A", cycle[i % 10], i, rule=rule) for i in range(400)]
    row = document(S, compute(data(games, players=["A"]), S))["standings"][0]
    assert row["weight"] == weight and row["span"]["games"] == 206 and row["span"]["points"] == 500
    assert row["span"]["first"] == "2009-03-01T00:00+09:00"  # game 1 (index 0), one a minute
    assert row["span"]["last"] == "2009-03-01T03:25+09:00"  # game 206: index 205 = 3 h 25 min


# --- steps 5-6: standings and statistics ----------------------------------------------------

def test_standings_ranks_and_players_without_a_span():
    # target 8. A: win, win (8 in 2 games, 2.00). B: win, win too (2.00): same rank as A.
    # C: red win, red win (8 in 2 games, 2.10): rank 3. D: one win (4 points, 1 game):
    # no span. E: 2nd, 2nd (4 points in 2 games): no span, behind D (same points, more games).
    # F: no counted game: last. G: excluded: not ranked.
    t = ["{:02d}:00".format(h) for h in range(24)]
    games = [
        game(["A", "x", "y", "z"], time=t[0]), game(["A", "x", "y", "z"], time=t[1]),
        game(["B", "x", "y", "z"], time=t[2]), game(["B", "x", "y", "z"], time=t[3]),
        game(["C", "x", "y", "z"], time=t[4], rule="四特南喰赤－"), game(["C", "x", "y", "z"], time=t[5], rule="四特南喰赤－"),
        game(["D", "x", "y", "z"], time=t[6]),
        game(["x", "E", "y", "z"], time=t[7]), game(["x", "E", "y", "z"], time=t[8]),
        game(["G", "x", "y", "z"], time=t[9]), game(["G", "x", "y", "z"], time=t[10]),
    ]
    s = settings(target=Fraction(8))
    result = compute(data(games, players=list("ABCDEFG"), excluded=["G"]), s)
    assert [(r.player, r.rank) for r in result.standings] == [
        ("A", 1), ("B", 1), ("C", 3), ("D", 4), ("E", 5), ("F", 6)]
    doc = document(s, result)
    assert doc["standings"][2] == {
        "rank": 3, "player": "C", "weight": 2.1, "games": 2, "points": 8,
        "span": {"first": "2009-03-01T04:00+09:00", "last": "2009-03-01T05:00+09:00", "games": 2, "points": 8,
                 "wraps": False, "red_ignored": False}}
    assert doc["standings"][4] == {"rank": 5, "player": "E", "weight": None, "span": None, "games": 2, "points": 4}
    assert doc["standings"][5] == {"rank": 6, "player": "F", "weight": None, "span": None, "games": 0, "points": 0}
    assert [p["player"] for p in doc["players"]] == list("ABCDEFG")  # participants.csv order


def test_players_without_games_share_the_last_rank():
    result = compute(data([], players=["B", "A"]), S)
    assert [(r.player, r.rank) for r in result.standings] == [("A", 1), ("B", 1)]


def test_statistics():
    # A: 1st with +40.0 (plain), 3rd with -12.5 (red), 2nd with +5.0 in a direct lobby.
    # places [1, 1, 1, 0]; average place (1+3+2)/3 = 2; average score (40 - 12.5 + 5)/3
    # = 32.5/3 = 10.833333...; points 4 + 1 + 2 = 7
    s = settings(direct_lobbies=("L1234",))
    games = [
        game(["A", "x", "y", "z"], time="10:00", scores=(400, 100, -100, -400)),
        game(["x", "y", "A", "z"], time="11:00", rule="四特南喰赤－", scores=(300, 100, -125, -275)),
        game(["x", "A", "y", "z"], time="12:00", family="sca", lobby="L1234", rule="四般南喰－速",
             scores=(300, 50, -100, -250)),
    ]
    result = compute(data(games, players=["A", "B"]), s)
    doc = document(s, result)
    assert doc["players"][0] == {"player": "A", "games": {"direct": 1, "plain": 1, "red": 1}, "places": [1, 1, 1, 0],
                                 "average_place": 2, "average_score": 10.833333, "points": 7}
    assert doc["players"][1] == {"player": "B", "games": {"direct": 0, "plain": 0, "red": 0}, "places": [0, 0, 0, 0],
                                 "average_place": None, "average_score": None, "points": 0}


def test_points_with_fractions_stay_exact():
    # place points 1.5, 1, 0.5, 0 and target 2.5: A 1st then 2nd: 1.5 + 1 = 2.5 in 2 games
    s = settings(place_points=(Fraction(3, 2), Fraction(1), Fraction(1, 2), Fraction(0)), target=Fraction(5, 2))
    games = [game(["A", "x", "y", "z"], time="10:00"), game(["x", "A", "y", "z"], time="11:00")]
    row = document(s, compute(data(games, players=["A"]), s))["standings"][0]
    assert (row["weight"], row["span"]["points"], row["points"], document(s, compute(data([]), s))["target"]) == (
        2, 2.5, 2.5, 2.5)


def test_updated_is_the_day_of_the_newest_counted_game():
    games = [game(["A", "x", "y", "z"], day=dt.date(2009, 3, 5)),
             game(["A", "x", "y", "z"], day=dt.date(2009, 3, 9), rule="三特南喰－－", scores=(1, 2, 3))]
    assert compute(data(games), S).updated == dt.date(2009, 3, 5)
