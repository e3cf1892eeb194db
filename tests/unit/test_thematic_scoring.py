"""thematic-marathon spec steps 4-10 on small hand-worked data: phase-2 entrants, the
semifinal non-finalists' bonuses, participation and forfeits, standings keys, group
finals, Master qualifiers with every `via`, candidate games."""

from types import SimpleNamespace as NS

import pytest

from site_gen.rules.thematic_marathon.model import Player, WinRange
from site_gen.rules.thematic_marathon.scoring import (
    FILL,
    GROUP_FINAL,
    STANDINGS,
    TOURNAMENT_WINNER,
    compute,
    master_qualifiers,
    standings_rows,
)

from thematic_helpers import FINAL, PHASE1, SEMI, Layout, data, games, rated, settings, tournament

NINE = [f"p{i}" for i in range(1, 10)]


def ranking(result, slug):
    t = result.tournament(slug)
    return [(r.player, r.phase1_points, r.bonus, r.participation, r.points) for r in t.ranking]


# --- steps 4-6 with semifinals: the non-finalists' bonuses -----------------------------------


def test_semifinal_non_finalists_get_count_down_to_one_in_the_order_of_step_5():
    # 9 entrants, phase1_min_players 10: no phase 1, so phase 2 takes all 9 in seeding order:
    # s = 3 semifinal groups [p1 p6 p7] [p2 p5 p8] [p3 p4 p9], the best 1 of each to the final.
    s = settings({"g": ["t"]}, phase1_min_players=10)
    semis = (
        games(SEMI, 1, "p6-p1 1-0; p1-p6 0-1; p6-p7 1-0; p7-p6 0-1; p1-p7 1-0; p7-p1 0-1")  # p6 12, p1 6, p7 0
        + games(SEMI, 2, "p2-p5 1-0; p5-p2 0-1; p2-p8 draw; p8-p2 draw; p8-p5 draw; p5-p8 draw")  # p2 8, p8 4, p5 2
        + games(SEMI, 3, "p3-p4 draw; p4-p3 draw; p3-p9 draw; p9-p3 draw; p4-p9 draw; p9-p4 draw")  # 4 each: seeding
        + games(FINAL, None, "p3-p6 1-0; p6-p3 0-1; p3-p2 1-0; p2-p3 0-1; p6-p2 1-0; p2-p6 0-1")  # p3 12, p6 6, p2 0
    )
    result = compute(data(rated(*NINE), s, [tournament("t", NINE, semis)]), s)
    t = result.tournament("t")
    assert [g.players for g in t.semifinals] == [("p6", "p1", "p7"), ("p2", "p8", "p5"), ("p3", "p4", "p9")]
    assert t.advance == 1 and t.finalists == ("p3", "p6", "p2")
    # Final p3, p6, p2: bonus 7, 5, 3. Non-finalists by place in their group, then semifinal
    # points, then seeding: 2nd places p1 (6), p4 (4), p8 (4) - p4 before p8 on seeding;
    # 3rd places p9 (4), p5 (2), p7 (0). Six of them: 6, 5, 4, 3, 2, 1. Participation 1 each.
    assert ranking(result, "t") == [
        ("p3", 0, 7, 1, 8), ("p6", 0, 5, 1, 6), ("p2", 0, 3, 1, 4),
        ("p1", 0, 6, 1, 7), ("p4", 0, 5, 1, 6), ("p8", 0, 4, 1, 5),
        ("p9", 0, 3, 1, 4), ("p5", 0, 2, 1, 3), ("p7", 0, 1, 1, 2),
    ]
    assert [r.reached for r in t.ranking] == ["final"] * 3 + ["semifinal"] * 6
    assert t.winner == "p3"


SIX = [f"p{i}" for i in range(1, 7)]
PHASE1_SIX = (
    # group 1 = p1 p4 p5: p5 beats both twice (12), p1 beats p4 twice (6), p4 0
    games(PHASE1, 1, "p5-p1 1-0; p1-p5 0-1; p5-p4 1-0; p4-p5 0-1; p1-p4 1-0; p4-p1 0-1")
    # group 2 = p2 p3 p6: p6 beats p2 twice, draws p3 twice (8); p2 beats p3 twice (6); p3 2
    + games(PHASE1, 2, "p6-p2 1-0; p2-p6 0-1; p6-p3 draw; p3-p6 draw; p2-p3 1-0; p3-p2 0-1")
)


def test_phase2_takes_winners_then_runners_up_each_by_points_then_seeding():
    # 6 entrants: groups [p1 p4 p5] [p2 p3 p6]. auto with 2 groups: runners-up too.
    # Winners p5 12, p6 8; runners-up p1 6, p2 6 (seeding). Final of 4 with no game yet:
    # seeding p1 p2 p5 p6, no bonus until it is complete (rule 11; was 7 5 3 2 before rule
    # 11). The rest by phase-1 place (3rd, 3rd) then points: p3 2, p4 0.
    s = settings({"g": ["t"]})
    result = compute(data(rated(*SIX), s, [tournament("t", SIX, PHASE1_SIX)]), s)
    t = result.tournament("t")
    assert t.phase2_entrants == ("p5", "p6", "p1", "p2")
    assert ranking(result, "t") == [
        ("p1", 6, 0, 1, 7), ("p2", 6, 0, 1, 7), ("p5", 12, 0, 1, 13), ("p6", 8, 0, 1, 9),
        ("p3", 2, 0, 1, 3), ("p4", 0, 0, 1, 1),
    ]


def test_phase2_with_winners_only():
    # phase2_entrants: winners -> p5, p6 play the final (seeding p5, p6; no game yet, so no
    # bonus: rule 11, was 7, 5 before it); the rest by phase-1 place: p1 and p2 both 2nd with
    # 6 (seeding p1, p2), then p3 (3rd, 2), p4 (3rd, 0).
    s = settings({"g": ["t"]}, phase2_entrants="winners")
    result = compute(data(rated(*SIX), s, [tournament("t", SIX, PHASE1_SIX)]), s)
    assert result.tournament("t").phase2_entrants == ("p5", "p6")
    assert ranking(result, "t") == [
        ("p5", 12, 0, 1, 13), ("p6", 8, 0, 1, 9), ("p1", 6, 0, 1, 7), ("p2", 6, 0, 1, 7),
        ("p3", 2, 0, 1, 3), ("p4", 0, 0, 1, 1),
    ]
    # the final played, p6 beating p5 twice: p6 8 + 7 + 1 = 16 first, p5 12 + 5 + 1 = 18 second
    result = compute(data(rated(*SIX), s, [tournament("t", SIX, PHASE1_SIX + games(FINAL, None, "p5-p6 0-1; p6-p5 1-0"))]), s)
    assert ranking(result, "t")[:2] == [("p6", 8, 7, 1, 16), ("p5", 12, 5, 1, 18)]


def test_groups_yaml_phases_replace_the_computed_ones():
    # As played: semifinals [p1 p2 p3] [p4 p5 p6] (not the snake), final left out: the best 2
    # of each (2 groups) by their games. Group 1: p3 beats p1 and p2 once each (6), the rest
    # unplayed; p1, p2 0 -> seeding p1 before p2. Group 2: no games: p4, p5, p6.
    layout = Layout(phase1=(), semifinals=(("p1", "p2", "p3"), ("p4", "p5", "p6")))
    played = games(SEMI, 1, "p3-p1 1-0; p2-p3 0-1")
    s = settings({"g": ["t"]})
    result = compute(data(rated(*SIX), s, [tournament("t", SIX, played, layout)]), s)
    t = result.tournament("t")
    assert t.phase1 == () and t.computed == ("final",)
    assert [[r.player for r in g.rows] for g in t.semifinals] == [["p3", "p1", "p2"], ["p4", "p5", "p6"]]
    # rule 11: the semifinals are incomplete, so the final is not formed yet (before rule 11
    # it was p1 p3 p4 p5 from the results so far)
    assert t.finalists == ()
    # every semifinal game played: group 1 also p1-p3 0-1, p3-p2 1-0 (p3 12) and p1-p2, p2-p1
    # drawn (p1 2, p2 2, head-to-head 2 to 2: seeding p1); group 2 six draws (4 each: seeding).
    # The final: p3 and p4 (the firsts), then p1 and p5; no final game yet: seeding order.
    played += games(SEMI, 1, "p1-p3 0-1; p3-p2 1-0; p1-p2 draw; p2-p1 draw")
    played += games(SEMI, 2, "p4-p5 draw; p5-p4 draw; p4-p6 draw; p6-p4 draw; p5-p6 draw; p6-p5 draw")
    result = compute(data(rated(*SIX), s, [tournament("t", SIX, played, layout)]), s)
    assert result.tournament("t").finalists == ("p1", "p3", "p4", "p5")


# --- step 5: participation and forfeits ------------------------------------------------------


def test_a_player_who_forfeits_every_game_gets_no_participation_and_is_inactive():
    # 5 entrants, no phase 1: a single final of a b c d e.
    five = ["a", "b", "c", "d", "e"]
    s = settings({"g": ["t"]}, phase1_min_players=7)
    played = games(FINAL, None,
                   "a-b 1-0; a-d 1-0 forfeit; d-b 0-1 forfeit; c-d 1-0 forfeit;"  # d: three forfeit losses
                   "a-e 1-0 forfeit; e-b")  # e: one forfeit loss and one game not yet played
    result = compute(data(rated(*five), s, [tournament("t", five, played)]), s)
    rows = {r.player: r for r in result.tournament("t").ranking}
    assert (rows["d"].participation, rows["d"].forfeited_all) == (0, True)
    # e has not lost *every* game by forfeit (one is not played yet); c played and won
    assert (rows["e"].participation, rows["e"].forfeited_all) == (1, False)
    assert rows["c"].participation == 1
    assert result.inactive == {"d": "forfeited every game of T"}
    final = {r.player: r.played for r in result.tournament("t").final.rows}
    assert final == {"a": 3, "b": 2, "c": 1, "d": 3, "e": 1}  # forfeits count as played


def test_inactive_from_then_on_unless_they_play_a_later_tournament():
    people = rated("a", "b", "c")
    people["c"] = Player("c", rating=100, status="E", active=False)  # marked in players.csv
    s = settings({"g": ["t1", "t2"]})
    t1 = tournament("t1", ["a", "b", "c"], games(FINAL, None, "a-b 1-0 forfeit; b-a 0-1 forfeit"))
    t2 = tournament("t2", ["a", "b"], games(FINAL, None, "a-b draw"))
    result = compute(data(people, s, [t1, t2]), s)
    # b forfeited all of t1 but played t2 afterwards: active again. c stays inactive.
    assert result.inactive == {"c": "marked inactive in players.csv"}
    result = compute(data(people, s, [t1, tournament("t2", ["a"])]), s)
    assert result.inactive == {"b": "forfeited every game of T1", "c": "marked inactive in players.csv"}


# --- steps 7 and 9: the standings keys --------------------------------------------------------


def test_standings_break_ties_by_tournaments_won_then_finals_then_seeding():
    row = lambda p, points: NS(player=p, points=points)  # noqa: E731
    t1 = NS(slug="t1", ranking=[row("X", 10), row("Y", 10), row("Z", 7), row("W", 7), row("V", 7)],
            winner="X", finalists=("X", "Y", "Z", "V"))
    seed = ["V", "W", "Z", "Y", "X"].index  # the reverse: the keys must win over seeding
    rows = standings_rows((t1,), {"W": 0}, seed)
    # X, Y 10: X won 1 -> X. Z, W, V 7: won 0 each; finals Z 1, V 1, W 0 -> Z, V by seeding, then W.
    assert [(r.player, r.points, r.won, r.finals) for r in rows] == [
        ("X", 10, 1, 1), ("Y", 10, 0, 1), ("V", 7, 0, 1), ("Z", 7, 0, 1), ("W", 7, 0, 0)]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5]


# --- step 8: group final ----------------------------------------------------------------------


def test_group_final_orders_by_points_then_group_standings_then_seeding_and_pays_the_bonus():
    s = settings({"g": ["t1"]}, group_final_size=3, phase1_min_players=9)
    four = ["a", "b", "c", "d"]
    # t1 final a b c d: a beats everyone (18), b beats c and d (12), c beats d (6), d 0.
    t1 = games(FINAL, None, "a-b 1-0; b-a 0-1; a-c 1-0; c-a 0-1; a-d 1-0; d-a 0-1;"
                            "b-c 1-0; c-b 0-1; b-d 1-0; d-b 0-1; c-d 1-0; d-c 0-1")
    # Group standings a 8, b 6, c 4, d 3: the final is a, b, c. Its games: c beats a twice
    # (c 6), a and b draw twice (a 2, b 2), b beats c once, c-b not played (b 3): a 2, b 5, c 6.
    finals = {"g": tuple(games("", None, "c-a 1-0; a-c 0-1; a-b draw; b-a draw; b-c 1-0; c-b"))}
    result = compute(data(rated(*four), s, [tournament("t1", four, t1)], finals), s)
    group = result.groups[0]
    assert group.finalists == ("a", "b", "c")
    # c-b has no result: the group final is incomplete, so no bonus and no winner yet (rule
    # 11; before it c, b, a had 7, 5, 3 and c won)
    assert [(r.player, r.points, r.played, r.standings_points, r.bonus) for r in group.final] == [
        ("c", 6, 3, 4, 0), ("b", 5, 3, 6, 0), ("a", 2, 4, 8, 0)]
    assert group.winner is None
    assert {r.player: r.points for r in result.marathon} == {"a": 8, "b": 6, "c": 4, "d": 3}
    # c-b drawn: c 7, b 6, a 2, complete: bonus 7, 5, 3 and c wins
    finals = {"g": tuple(games("", None, "c-a 1-0; a-c 0-1; a-b draw; b-a draw; b-c 1-0; c-b draw"))}
    result = compute(data(rated(*four), s, [tournament("t1", four, t1)], finals), s)
    group = result.groups[0]
    assert [(r.player, r.points, r.played, r.standings_points, r.bonus) for r in group.final] == [
        ("c", 7, 4, 4, 7), ("b", 6, 4, 6, 5), ("a", 2, 4, 8, 3)]
    assert group.winner == "c"
    marathon = {r.player: r.points for r in result.marathon}
    assert marathon == {"a": 8 + 3, "b": 6 + 5, "c": 4 + 7, "d": 3}


def test_group_final_equal_points_go_to_group_standings_points_not_head_to_head():
    s = settings({"g": ["t1"]}, group_final_size=2, phase1_min_players=9)
    # t1: a beats b twice -> a 7+1 = 8, b 5+1 = 6. Group final a-b: b wins, then a wins: 3 to 3.
    # Equal: group-standings points a 8 > b 6 -> a first.
    result = compute(data(rated("b", "a"), s, [tournament("t1", ["a", "b"], games(FINAL, None, "a-b 1-0; b-a 0-1"))],
                          {"g": tuple(games("", None, "b-a 1-0; a-b 1-0"))}), s)
    assert [r.player for r in result.groups[0].final] == ["a", "b"]


def test_no_group_final_file_means_no_bonus_and_no_winner():
    s = settings({"g": ["t1"]}, phase1_min_players=9)
    result = compute(data(rated("a", "b"), s, [tournament("t1", ["a", "b"])]), s)
    assert result.groups[0].final is None and result.groups[0].winner is None
    assert result.marathon[0].group_final_bonus == 0


# --- step 10: Master qualifiers ---------------------------------------------------------------


def _marathon(*players):
    return tuple(NS(player=p, rank=i + 1) for i, p in enumerate(players))


def _t(slug, group, winner, entrants):
    return NS(slug=slug, group=NS(slug=group), winner=winner, entrants=tuple(f"x{i}" for i in range(entrants)))


MASTER_SETTINGS = settings(
    {"g1": [], "g2": [], "g3": []}, master_size=7, master_direct=1,
    master_win_points=(WinRange(2, 2, 1), WinRange(3, 9, 2)), master_group_bonus=((2, 4), (3, 8)),
)
MARATHON = _marathon("top", "gf", "n3", "w3", "w4", "w1", "w2", "n8")
GROUPS = (NS(winner="gf", group=NS(slug="g1")), NS(winner="top", group=NS(slug="g2")), NS(winner=None, group=NS(slug="g3")))
TOURNAMENTS = (
    _t("t1", "g1", "w1", 2),  # 1 point
    _t("t2", "g2", "w1", 2),  # 1 point, and a second group: +4 -> w1 6
    _t("t3", "g1", "w2", 3),  # 2 points
    _t("t4", "g2", "w3", 2),  # 1 point
    _t("t5", "g3", "w4", 2),  # 1 point: equal to w3, who is ahead in the marathon (4 vs 5)
    _t("t6", "g3", "top", 12),  # top is in already
    _t("t7", "g1", "gf", 40),  # outside every range: 0, and gf is in already
)


def test_master_qualifiers_with_every_via():
    # top: standings (the first 1); gf: won group 1's final (group 2's winner top is in
    # already; group 3 has no final); winners by winner points: w1 6, w2 2, then w3 and w4
    # at 1 by marathon order; one place left: the next in the marathon, n3.
    qualifiers = master_qualifiers(MARATHON, GROUPS, TOURNAMENTS, MASTER_SETTINGS)
    assert [(q.player, q.via) for q in qualifiers] == [
        ("top", STANDINGS), ("gf", GROUP_FINAL), ("w1", TOURNAMENT_WINNER), ("w2", TOURNAMENT_WINNER),
        ("w3", TOURNAMENT_WINNER), ("w4", TOURNAMENT_WINNER), ("n3", FILL)]
    w1 = qualifiers[2]
    assert (w1.winner_points, w1.group_bonus, w1.wins) == (6, 4, (("t1", 2, 1), ("t2", 2, 1)))
    assert qualifiers[1].group == "g1"


@pytest.mark.parametrize("size, expected", [(0, []), (1, ["top"]), (3, ["top", "gf", "w1"])])
def test_master_stops_at_its_size(size, expected):
    from dataclasses import replace
    s = replace(MASTER_SETTINGS, master_size=size)
    assert [q.player for q in master_qualifiers(MARATHON, GROUPS, TOURNAMENTS, s)] == expected


# --- step 11: candidate games -----------------------------------------------------------------


def test_candidate_games_are_the_best_tournament_of_each_group_best_first():
    s = settings({"g1": ["a1", "a2"], "g2": ["b1"]}, phase1_min_players=9)
    # a1: p beats q twice -> p 7 + 1 = 8; a2: q beats p twice -> p 5 + 1 = 6; b1: one win
    # each, 3 to 3, head-to-head equal: seeding p, q -> p 8 as well, q 6.
    result = compute(data(rated("p", "q"), s, [
        tournament("a1", ["p", "q"], games(FINAL, None, "p-q 1-0; q-p 0-1")),
        tournament("a2", ["p", "q"], games(FINAL, None, "p-q 0-1; q-p 1-0")),
        tournament("b1", ["p", "q"], games(FINAL, None, "p-q 1-0; q-p 1-0")),
    ]), s)
    # p: g1 best is a1 (8 > 6); g2 b1 (8). Equal points: group order, g1 first.
    assert [(c.group, c.tournament, c.points) for c in result.candidates["p"]] == [("g1", "a1", 8), ("g2", "b1", 8)]
    # q: g1 a2 8 (a1 6); g2 b1 6.
    assert [(c.tournament, c.points) for c in result.candidates["q"]] == [("a2", 8), ("b1", 6)]


# --- step 11: the Master's table from master.csv ---------------------------------------------


def test_master_table_ranks_rounds_a_to_c_then_the_best_half_adds_d_and_e():
    from site_gen.rules.thematic_marathon.master import master_table
    from site_gen.rules.thematic_marathon.model import Game

    s = settings({"g": []}, master_size=4)
    qualifiers = [NS(player=p) for p in ("q1", "q2", "q3", "q4")]

    def g(round_, first, second, result):
        return Game(first, second, result, round=round_, group=1, game="t")

    master = [
        g("a", "q1", "q2", "1-0"), g("a", "q3", "q4", "draw"),
        g("b", "q1", "q3", "0-1"), g("b", "q2", "q4", "1-0"),
        g("c", "q1", "q4", "draw"), g("c", "q2", "q3", None),
        g("d", "q3", "q1", "1-0"), g("e", "q1", "q3", "draw"),
    ]
    # After c: q1 3 + 0 + 1 = 4, q2 0 + 3 = 3, q3 1 + 3 = 4, q4 1 + 0 + 1 = 2. q1 and q3 equal:
    # the qualification order puts q1 first -> q1, q3, q2, q4; the best half (2) are q1 and q3.
    # d and e: q3 3 + 1 = 4 -> 8 in all; q1 0 + 1 = 1 -> 5. The rest stay in their order.
    table = master_table(master, qualifiers, s, seed=str)
    assert [(r.player, r.first_points, r.second_points, r.played, r.second_phase) for r in table.rows] == [
        ("q3", 4, 4, 4, True), ("q1", 4, 1, 5, True), ("q2", 3, 0, 2, False), ("q4", 2, 0, 3, False)]
    assert [r.rank for r in table.rows] == [1, 2, 3, 4]
