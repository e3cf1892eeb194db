"""best-span in `serve`: after a change of a few games, recompute rescores only the
participants those games seat and gives exactly what compute gives; an unchanged player's
result is the very object it was, so that the player's page is kept without working it out."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path
from unittest.mock import patch

from hypothesis import given, settings as hypothesis_settings, strategies as st

from site_gen.model import CompetitionInfo
from site_gen.output import output_path
from site_gen.page_cache import PageMemo
from site_gen.rules.best_span import rescoring, runs
from site_gen.rules.best_span.model import Game, GamesByFile, Settings
from site_gen.rules.best_span.pages import publish
from site_gen.rules.best_span.rescoring import changed_games, recompute
from site_gen.rules.best_span.scoring import compute

from best_span_helpers import PERIOD, data, game, removal, settings

EIGHT = settings(target=Fraction(8))  # places give 4, 2, 1, 0: two wins reach the target


def _at(minute: int, players: str) -> Game:
    """A plain game at 2009-03-01 00:mm, its players in place order (x, y: not participants)."""
    return game(list(players), time=f"00:{minute:02d}", line=minute + 1)


def _league(last: str):
    return data([_at(0, "ABxy"), _at(1, "ACxy"), _at(2, "BCxy"), _at(3, last)], players="ABC")


# --- hand-worked: one game changed in place ----------------------------------------------------

def test_a_changed_game_rescores_the_players_it_seats_and_keeps_the_others():
    """Before, the last game is C 1st, B 2nd. A: 4, 4 -> span of 2 games (2.00), rank 1.
    B: 2, 4, 2 -> 8 in 3 games (3.00); C: 2, 2, 4 -> 8 in 3 games (3.00): both rank 2.
    The last game becomes B 1st, C 2nd. B: 2, 4, 4 -> games 2-3 give 8 in 2 games (2.00),
    from B's second game (start 1): rank 1 beside A. C: 2, 2, 2 -> 6 < 8: no span, rank 3.
    A's games and rank are as before: A's result is the very object it was."""
    before = compute(_league("CBxy"), EIGHT)
    assert [(p.player, p.rank, p.span.weight) for p in before.players] == [("A", 1, 200), ("B", 2, 300), ("C", 2, 300)]
    new = _league("BCxy")
    after = recompute(new, EIGHT, before)
    a, b, c = after.players
    assert a is before.players[0]
    assert (b.rank, b.span.weight, b.span.start, b.span.length, b.points) == (1, 200, 1, 2, 10)
    assert (c.rank, c.span, c.points) == (3, None, 6)
    assert [p.player for p in after.standings] == ["A", "B", "C"]
    assert after == compute(new, EIGHT)


def test_a_removed_game_then_a_new_one():
    """The first game (A 1st, B 2nd) goes, the others read again (equal games, new objects):
    A has 4 in 1 game, B 4 + 2 = 6 in 2: no span; C keeps 8 in 3 games (3.00) and its very
    sequence and span, now rank 1; B (6 points) 2, A (4) 3. Then a game with A 1st comes
    after the others: A has 4 + 4 in 2 games (2.00), rank 1; C 2, B 3."""
    before = compute(_league("CBxy"), EIGHT)
    removed = data([_at(1, "ACxy"), _at(2, "BCxy"), _at(3, "CBxy")], players="ABC")
    after = recompute(removed, EIGHT, before)
    a, b, c = after.players
    assert (a.span, a.points, b.span, b.points) == (None, 4, None, 6)
    assert (c.games, c.span) == (before.players[2].games, before.players[2].span)
    assert (c.games is before.players[2].games) and [(p.player, p.rank) for p in after.standings] == [
        ("C", 1), ("B", 2), ("A", 3)]
    assert after == compute(removed, EIGHT)
    added = data([*removed.games, _at(9, "Axyz")], players="ABC")
    again = recompute(added, EIGHT, after)
    a = again.players[0]
    assert (a.span.weight, [p.game.minute for p in a.games]) == (200, [1, 9])
    assert [(p.player, p.rank) for p in again.standings] == [("A", 1), ("C", 2), ("B", 3)]
    assert again.players[1].games is after.players[1].games and again.counted == 4 and again == compute(added, EIGHT)


def test_recompute_computes_afresh_when_the_removals_differ():
    before = compute(_league("CBxy"), EIGHT)
    cut = removal(dt.date(2009, 3, 1), "00:03", ["C"])
    new = data(_league("CBxy").games, players="ABC", removals=[cut])
    after = recompute(new, EIGHT, before)
    assert after.removal_matches == (1,) and after.players[0] is not before.players[0]
    assert after == compute(new, EIGHT)


def test_changed_games_by_position_or_between_the_common_head_and_tail():
    g = [_at(i, "ABxy") for i in range(5)]
    changed = _at(2, "BAxy")
    assert changed_games(g, [*g[:2], changed, *g[3:]]) == ([g[2]], [changed])
    assert changed_games(g, [Game(*x) for x in g]) == ([], [])  # equal games, new objects
    assert changed_games(g, [*g[:3], changed, *g[3:]]) == ([], [changed])
    assert changed_games(g, [*g[:1], *g[3:]]) == ([g[1], g[2]], [])
    assert changed_games(g, [Game(*x) for x in g] + [changed]) == ([], [changed])  # equal games, one more


def test_changed_games_file_by_file_skips_the_files_that_are_the_very_same_list():
    """Games given file by file (load.py): files that are the same list in both loads, at
    the head and the tail, are skipped without looking at their games; between them, games
    are compared as above."""
    f1, f2, f3 = [_at(0, "ABxy"), _at(1, "ABxy")], [_at(2, "ABxy"), _at(3, "ABxy")], [_at(4, "ABxy")]
    old = GamesByFile([f1, f2, f3])
    assert old == [*f1, *f2, *f3] and len(old) == 5 and old[2] is f2[0] and list(old[3:]) == [f2[1], *f3]
    changed = _at(3, "BAxy")
    assert changed_games(old, GamesByFile([f1, [f2[0], changed], f3])) == ([f2[1]], [changed])
    assert changed_games(old, GamesByFile([f1, [Game(*x) for x in f2], f3])) == ([], [])  # read again
    assert changed_games(old, GamesByFile([f1, f2, [changed], f3])) == ([], [changed])  # a new file
    assert changed_games(old, GamesByFile([f1, f3])) == (f2, [])  # a file gone
    # a file whose list is another object is looked at even when its games are the same objects
    assert changed_games(old, GamesByFile([f1, [*f2], f3])) == ([], [])
    # a load's added games (the last file) are a new list each time: equal, they are the same
    added = [_at(5, "ABxy")]
    old = GamesByFile([f1, f2, f3, added])
    assert changed_games(old, GamesByFile([f1, [changed], f3, [Game(*added[0])]])) == (f2, [changed])


def test_changed_games_file_by_file_looks_at_the_games_of_the_changed_files_only(monkeypatch):
    looked_at = []
    common_head = rescoring._common_head
    monkeypatch.setattr(rescoring, "_common_head", lambda a, b: looked_at.append((len(a), len(b))) or common_head(a, b))
    files = [[_at(i, "ABxy")] * 3 for i in range(6)]
    changed = [*files[2][:2], _at(2, "BAxy"), _at(2, "BAxy")]  # one more game
    assert changed_games(GamesByFile([*files, [_at(9, "ABxy")]]),
                         GamesByFile([*files[:2], changed, *files[3:], [_at(9, "ABxy")]])) == ([files[2][2]], changed[2:])
    assert looked_at[0] == (3, 4)  # the changed file's games alone


@hypothesis_settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.integers(0, 3), max_size=3), max_size=5), st.data())
def test_changed_games_file_by_file_gives_what_differs(files, draw):
    """Whatever files are kept (the very list), edited, added or dropped: the games of the
    old load less `gone` are those of the new less `came`, each taken from its own load."""
    old_files = [[_at(minute, "ABxy") for minute in f] for f in files]
    new_files = [f if draw.draw(st.booleans()) else [_at(m, draw.draw(st.sampled_from(["ABxy", "BAxy"])))
                                                      for m in draw.draw(st.lists(st.integers(0, 3), max_size=3))]
                 for f in old_files if draw.draw(st.integers(0, 4))]  # some dropped
    new_files.insert(draw.draw(st.integers(0, len(new_files))), [_at(9, "ABxy")] * draw.draw(st.integers(0, 1)))
    old, new = GamesByFile(old_files), GamesByFile(new_files)
    gone, came = changed_games(old, new)
    assert all(any(g is h for h in old) for g in gone) and all(any(g is h for h in new) for g in came)
    left, got = list(old), list(new)
    for g in gone:
        left.remove(g)
    for g in came:
        got.remove(g)
    assert sorted(left) == sorted(got)


# --- serve's page memo keeps the unchanged players' pages ---------------------------------------

def test_the_page_memo_keeps_the_page_of_an_unchanged_player_only():
    info = CompetitionInfo("cup", "Cup", "best-span", "en", "", Path("data/cup"))
    before = compute(_league("CBxy"), EIGHT)
    new = _league("BCxy")
    old_pages, new_pages = (publish(info, EIGHT, d, r).pages
                            for d, r in ((_league("CBxy"), before), (new, recompute(new, EIGHT, before))))
    players = {page.url: page for page in old_pages if "/players/" in page.url and page.later}
    memo = PageMemo()
    memo.remember(list(players.values()), {output_path(url): (f"digest of {url}", 1) for url in players},
                  b"base", lambda page: "en")
    kept = {page.url: memo.digest(page, "en", b"base", {}) for page in new_pages if page.url in players}
    assert kept == {"cup/players/a/": "digest of cup/players/a/", "cup/players/b/": None, "cup/players/c/": None}


def test_serve_keeps_the_event_tables_until_a_game_of_a_direct_lobby_changes(monkeypatch):
    """The events' tables sum every game of a direct lobby: recompute hands back the very
    tuple of direct outcomes when none of them changed, and serve then keeps the tables."""
    from site_gen.rules.best_span import events

    s = settings(target=Fraction(8), direct_lobbies=("L1",))
    info = CompetitionInfo("cup", "Cup", "best-span", "en", "", Path("data/cup"))
    lobby = game(["A", "B", "x", "y"], family="sca", lobby="L1", time="09:00", line=1)
    ranked = [_at(0, "ABxy"), _at(1, "ACxy")]

    def published(d, r):
        return [page for page in publish(info, s, d, r).pages if "/events/" in page.url]

    first = data([lobby, *ranked], players="ABC")
    before = compute(first, s)
    monkeypatch.setattr(events, "_last_events", {})  # as serve has it
    kept = published(first, before)
    assert [page.url for page in kept] == ["cup/events/l1/", "cup/events/"]
    # a ranked game changed: the same direct outcomes, the very same pages
    second = data([lobby, ranked[0], _at(1, "CAxy")], players="ABC")
    after = recompute(second, s, before)
    assert after.direct is before.direct
    same = published(second, after)
    assert same == kept and same[0].context["results"] is kept[0].context["results"]  # not made again
    # the lobby's game changed: its pages made again, as a command-line build makes them
    third = data([lobby._replace(players=("B", "A", "x", "y")), ranked[0], _at(1, "CAxy")], players="ABC")
    last = recompute(third, s, after)
    again = published(third, last)
    assert last.direct is not after.direct and again[0].context["results"] is not kept[0].context["results"]
    monkeypatch.setattr(events, "_last_events", None)
    assert again == published(third, compute(third, s))
    assert again[0].context["results"].rows[0]["player"] == "B"


# --- property: recompute after random edits equals compute -------------------------------------

NAMES = ("A", "B", "C", "x", "y", "NoName")
RULES = ("四特南喰－－", "四特南喰赤－", "四般南喰赤－", "三特南喰赤－")
DAYS = (PERIOD.first, dt.date(2009, 3, 2), PERIOD.first - dt.timedelta(days=1))


@st.composite
def a_game(draw) -> Game:
    family = draw(st.sampled_from(["scb", "scb", "sca"]))
    return game(draw(st.permutations(NAMES))[:4], day=draw(st.sampled_from(DAYS)),
                time=draw(st.sampled_from(["10:00", "10:01", "23:59"])), rule=draw(st.sampled_from(RULES)),
                family=family, lobby="L1" if family == "sca" else "", line=draw(st.integers(1, 6)),  # keys may tie
                scores=draw(st.lists(st.integers(-500, 500), min_size=4, max_size=4)))


@st.composite
def edited(draw, games: list[Game], excluded: tuple[str, ...]):
    """One edit of the games (or of who is excluded), as a rebuild meets it."""
    games = list(games)
    kind = draw(st.sampled_from(["replace", "add", "remove", "swap", "same again", "copies", "exclude"]))
    i = draw(st.integers(0, max(len(games) - 1, 0)))
    if kind == "add" or not games:
        games.insert(draw(st.integers(0, len(games))), draw(a_game()))
    elif kind == "replace":
        games[i] = draw(a_game())
    elif kind == "remove":
        del games[i]
    elif kind == "swap":  # the same line read again with two players' places swapped
        players = list(games[i].players)
        players[0], players[-1] = players[-1], players[0]
        games[i] = games[i]._replace(players=tuple(players))
    elif kind == "same again":  # the very game object twice
        games.insert(draw(st.integers(0, len(games))), games[i])
    elif kind == "copies":  # every game read again: equal games, new objects
        games = [Game(*g) for g in games]
    else:
        excluded = tuple(draw(st.lists(st.sampled_from("ABC"), max_size=2, unique=True)))
    return games, excluded


@st.composite
def history(draw):
    s = Settings(PERIOD, target=draw(st.sampled_from([Fraction(5), Fraction(17, 2), Fraction(12)])),
                 place_points=draw(st.sampled_from([(Fraction(4), Fraction(2), Fraction(1), Fraction(0)),
                                                    (Fraction(3), Fraction(3, 2), Fraction(1, 2), Fraction(0))])),
                 direct_lobbies=("L1",), ignore_red_if_better=draw(st.booleans()))
    removals = draw(st.lists(st.builds(removal, st.just(PERIOD.first), st.sampled_from(["10:00", "10:01"]),
                                       st.lists(st.sampled_from(NAMES[:5]), min_size=1, max_size=2)), max_size=2))
    games, excluded = draw(st.lists(a_game(), max_size=12)), ()
    versions = [data(games, players="ABC", removals=removals)]
    for _ in range(draw(st.integers(1, 3))):
        games, excluded = draw(edited(games, excluded))
        versions.append(data(games, players="ABC", removals=removals, excluded=excluded))
    return s, versions


@hypothesis_settings(max_examples=400, deadline=None)
@given(history())
def test_recompute_after_random_edits_equals_compute(case):
    """Whatever runs the outcomes are kept in (runs.Runs): edits across runs' ends too."""
    s, versions = case
    for run in (runs.RUN, 1, 3):
        with patch.object(runs, "RUN", run):
            result = compute(versions[0], s)
            for version in versions[1:]:
                result = recompute(version, s, result)
                assert result == compute(version, s)


def test_the_property_takes_the_rescoring_path(monkeypatch):
    """The random edits are mostly rescored, not computed afresh (else the property above
    would test compute against itself)."""
    calls = {"afresh": 0, "all": 0}
    real = rescoring.compute

    def counted(*args):
        calls["afresh"] += 1
        return real(*args)

    monkeypatch.setattr(rescoring, "compute", counted)

    @hypothesis_settings(max_examples=100, deadline=None, derandomize=True)
    @given(history())
    def run(case):
        s, versions = case
        result = real(versions[0], s)
        for version in versions[1:]:
            calls["all"] += 1
            result = recompute(version, s, result)

    run()
    assert calls["afresh"] < calls["all"] / 2
