"""A whole Kiev-2006-sized tournament (32 players, default settings), seated by the rule
round after round from any results: the invariants of cuts, the final and the ranking,
and `check` finds nothing to say about a tournament that followed the rule."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings as hypothesis_settings, strategies as st

from site_gen.diagnostics import Diagnostics
from site_gen.rules.swiss_cut.model import FinalSeat, RoundFile, Seat, Settings, TournamentData
from site_gen.rules.swiss_cut.report import report
from site_gen.rules.swiss_cut.scoring import compute
from site_gen.rules.swiss_cut.seating import plan_round

from swiss_cut_helpers import players

NAMES = [f"P{i:02d}" for i in range(1, 33)]
DEFAULTS = Settings(seed=2006)

# one round's results at one table: three free scores, the fourth makes the sum 0
table_scores = st.lists(st.integers(-3000, 3000), min_size=3, max_size=3).map(lambda s: s + [-sum(s)])


def play(draw_scores, mahjongs) -> tuple[TournamentData, list]:
    """Seat every round with the rule and fill in drawn results; the judge orders any
    players still equal after a round, so no seating waits on a tie."""
    data = TournamentData(players(*NAMES), ())
    judge: list[str] = []
    for number in range(1, DEFAULTS.rounds + 1):
        plan = plan_round(number, data, DEFAULTS, compute(data, DEFAULTS).all_standings)
        assert plan.refusals == (), plan.refusals
        seats = []
        for table, names in enumerate(plan.seating.tables, start=1):
            scores = draw_scores(table_scores)
            seats += [Seat(table, p, s, draw_scores(mahjongs), 0, 0, 0) for p, s in zip(names, scores)]
        data = TournamentData(data.players, data.rounds + (RoundFile(number, tuple(seats)),), (), tuple(judge))
        for _, group in compute(data, DEFAULTS).standings(number).tie_groups():
            judge += [p for p in group if p not in judge]
        data = TournamentData(data.players, data.rounds, (), tuple(judge))
    return data, judge


@hypothesis_settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_cuts_final_and_ranking_of_a_whole_tournament(draw):
    data, _ = play(draw.draw, st.integers(0, 4))
    result = compute(data, DEFAULTS)
    # rounds 1-4: everyone; round 5: the best 16 after round 4; round 6: the best 8 after round 5
    sizes = [len(r.seats) for r in result.rounds]
    assert sizes == [32, 32, 32, 32, 16, 8]
    assert {s.player for s in result.round(5).seats} == set(result.standings(4).order[:16])
    assert {s.player for s in result.round(6).seats} == set(result.standings(5).order[:8])
    finalists = result.standings(6).order[:4]
    # the judge's places win over the final's scores: give the reverse of the score order
    scores = draw.draw(table_scores)
    by_score = sorted(range(4), key=lambda i: -scores[i])
    places = {finalists[i]: 4 - by_score.index(i) for i in range(4)}
    final = tuple(FinalSeat(p, scores[i], places[p]) for i, p in enumerate(finalists))
    result = compute(TournamentData(data.players, data.rounds, final, data.judge_order), DEFAULTS)
    ranking = result.ranking
    assert [(r.player, r.rank, r.reached) for r in ranking[:4]] == sorted(
        ((p, places[p], "final") for p in finalists), key=lambda t: t[1])
    # then the round-6, round-5 and round-4 players, each group in its round's standings
    for group, after, size in ((ranking[4:8], 6, 4), (ranking[8:16], 5, 8), (ranking[16:32], 4, 16)):
        assert len(group) == size and {r.reached for r in group} == {after}
        table = result.standings(after)
        assert [r.player for r in group] == [p for p in table.order if p in {r.player for r in group}]
    assert [r.rank for r in ranking] == list(range(1, 33))  # the judge decided every tie


@hypothesis_settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_check_is_silent_about_a_tournament_that_followed_the_rule(draw):
    data, _ = play(draw.draw, st.just(1))
    result = compute(data, DEFAULTS)
    finalists = result.standings(6).order[:4]
    final = tuple(FinalSeat(p, s, None) for p, s in zip(finalists, (600, 200, -300, -500)))
    data = TournamentData(data.players, data.rounds, final, data.judge_order)
    diags = Diagnostics()
    report(data, DEFAULTS, compute(data, DEFAULTS), diags)
    assert diags.format() == []
