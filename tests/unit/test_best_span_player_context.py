"""A best-span player page's context (pages._player_context), from which its digest is made
(a rebuild keeps the page when it is unchanged): a change the page shows changes it, a
change it does not show leaves it."""

from __future__ import annotations

import datetime as dt
import pickle
from fractions import Fraction

from site_gen.rules.best_span.pages import _player_context
from site_gen.rules.best_span.scoring import compute

from best_span_helpers import data, game, settings

S = settings(target=Fraction(12), direct_lobbies=("L1234",))
DAY = dt.date(2009, 3, 2)


def _games(a_score=400, other_score=100, a_late_score=-400, first_rule="四特南喰－－"):
    """A is 1st in the first three games (4 points each: the span, weight 3.00) and 4th
    in the fourth; B and C sit at those four, and B and D at a fifth, without A."""
    games = [game(("A", "B", "C", "x"), day=DAY, time=f"12:0{i}", line=i + 1, rule=first_rule if i == 0 else "四特南喰－－",
                  scores=(a_score if i == 0 else 400, 100, -100, -400)) for i in range(3)]
    games.append(game(("B", "C", "x", "A"), day=DAY, time="12:03", line=4, scores=(400, 100, -100, a_late_score)))
    # a game without A: B's score there changes in a variant below
    games.append(game(("D", "B", "y", "z"), day=DAY, time="12:04", line=5, scores=(400, other_score, -100, -400)))
    return games


def _player(games, name="A"):
    result = compute(data(games), S)
    return next(p for p in result.players if p.player == name)


def _context(games):
    return pickle.dumps(_player_context(S, _player(games)), protocol=5)


def test_the_same_games_give_the_same_context_from_separate_computations():
    a = _player(_games())
    assert (a.rank, a.span.length, a.span.weight) == (1, 3, 300)  # hand-worked: 3 x 4 points reach 12


def test_a_score_in_the_span_changes_the_context():
    # the span's table shows each game's score: 40.0 -> 50.0 in its first row
    assert _context(_games(a_score=500)) != _context(_games())


def test_a_rule_word_in_the_span_changes_the_context():
    # at a 鳳 table rather than 特, still a plain game: the same codes and scores, but the
    # span's table shows the rule word
    assert _player(_games(first_rule="四鳳南喰－－")).games.codes == _player(_games()).games.codes
    assert _context(_games(first_rule="四鳳南喰－－")) != _context(_games())


def test_a_score_outside_the_span_changes_the_context():
    # only the average score shows it: (40 + 40 + 40 - 40) / 4 = 20.0 -> (120 - 30) / 4 = 22.5
    assert _context(_games(a_late_score=-300)) != _context(_games())


def test_a_change_of_rank_changes_the_context():
    # B wins three games in a direct lobby (weight 0): a span of weight 0.00, lighter than
    # A's 3.00, so B is 1st and A 2nd, A's own games unchanged
    direct = [game(("B", "y", "z", "w"), day=DAY, time=f"13:0{i}", family="sca", lobby="L1234", line=i + 1)
              for i in range(3)]
    assert (_player(_games()).rank, _player(_games() + direct).rank) == (1, 2)
    assert _player(_games()).games.codes == _player(_games() + direct).games.codes
    assert _context(_games() + direct) != _context(_games())


def test_a_game_the_player_did_not_play_leaves_the_context():
    assert _context(_games(other_score=200)) == _context(_games())


def test_a_day_in_the_span_changes_the_context():
    # the span's table shows each game's day : the first
    # game a day earlier, at 12:00 on 1 March, is still first, so codes and scores stay
    earlier = _games()
    earlier[0] = earlier[0]._replace(day=DAY - dt.timedelta(days=1))
    assert _player(earlier).games.codes == _player(_games()).games.codes
    assert _context(earlier) != _context(_games())
