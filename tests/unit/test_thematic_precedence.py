"""thematic-marathon: precedences the older tests could not tell apart (issue 40), each on
data where the spec's order and the mutated one disagree. Every round-robin group here is
complete (every ordered pair has a result), so the results hold under spec step 11 too."""

from types import SimpleNamespace as NS

from site_gen.rules.thematic_marathon.model import WinRange
from site_gen.rules.thematic_marathon.scoring import FILL, TOURNAMENT_WINNER, compute, master_qualifiers, standings_rows

from thematic_helpers import FINAL, PHASE1, SEMI, data, games, rated, settings, tournament

NINE = [f"p{i}" for i in range(1, 10)]


def both_ways(a: str, b: str, result: str) -> str:
    """The two games of a pair, each player moving first once: result from a's side."""
    flipped = {"1-0": "0-1", "0-1": "1-0", "draw": "draw"}[result]
    return f"{a}-{b} {result}; {b}-{a} {flipped};"


# --- step 5/6: semifinal non-finalists, place in their group before semifinal points ---------


def test_non_finalists_go_by_semifinal_place_before_semifinal_points():
    # 9 entrants, phase1_min_players 10: no phase 1, phase 2 takes all 9 in seeding order
    # (p1 best): s = 3 semifinal groups by the snake [p1 p6 p7] [p2 p5 p8] [p3 p4 p9], the
    # best 1 of each to the final.
    #   group 1: six draws -> p1 4, p6 4, p7 4; the mini-league does not split: seeding p1, p6, p7
    #   group 2: p2 beats both twice (12), p5 beats p8 twice -> p2 12, p5 6, p8 0
    #   group 3: p3 beats both twice (12), p4 and p9 win one each -> 3 and 3, head-to-head
    #            3-3 does not split: seeding p4 (2nd), p9 (3rd)
    #   final p1 p2 p3: p1 beats both twice (12), p2 beats p3 twice (6), p3 0 -> bonus 7, 5, 3
    # Step 5's order for the six non-finalists: place in their semifinal group, then
    # semifinal points, then seeding:
    #   2nd places p5 (6), p6 (4), p4 (3); then 3rd places p7 (4), p9 (3), p8 (0)
    #   -> bonus 6, 5, 4, 3, 2, 1. p7 (3rd, 4 points) comes AFTER p4 (2nd, 3 points);
    #   points first would put p7 before p4.
    s = settings({"g": ["t"]}, phase1_min_players=10)
    played = (
        games(SEMI, 1, both_ways("p1", "p6", "draw") + both_ways("p1", "p7", "draw") + both_ways("p6", "p7", "draw"))
        + games(SEMI, 2, both_ways("p2", "p5", "1-0") + both_ways("p2", "p8", "1-0") + both_ways("p5", "p8", "1-0"))
        + games(SEMI, 3, both_ways("p3", "p4", "1-0") + both_ways("p3", "p9", "1-0") + "p4-p9 1-0; p9-p4 1-0")
        + games(FINAL, None, both_ways("p1", "p2", "1-0") + both_ways("p1", "p3", "1-0") + both_ways("p2", "p3", "1-0"))
    )
    result = compute(data(rated(*NINE), s, [tournament("t", NINE, played)]), s)
    t = result.tournament("t")
    assert [[(r.player, r.points) for r in g.rows] for g in t.semifinals] == [
        [("p1", 4), ("p6", 4), ("p7", 4)], [("p2", 12), ("p5", 6), ("p8", 0)], [("p3", 12), ("p4", 3), ("p9", 3)]]
    assert t.finalists == ("p1", "p2", "p3")
    assert [(r.rank, r.player, r.bonus, r.points, r.reached) for r in t.ranking] == [
        (1, "p1", 7, 8, "final"), (2, "p2", 5, 6, "final"), (3, "p3", 3, 4, "final"),
        (4, "p5", 6, 7, "semifinal"), (5, "p6", 5, 6, "semifinal"), (6, "p4", 4, 5, "semifinal"),
        (7, "p7", 3, 4, "semifinal"), (8, "p9", 2, 3, "semifinal"), (9, "p8", 1, 2, "semifinal"),
    ]


# --- steps 7 and 9: tournaments won before final groups reached -----------------------------


def test_standings_put_tournaments_won_before_final_groups_reached():
    # Group g, tournaments t1 and t2 (ranking points as given):
    #   t1: W wins (10), F 2nd (6) ... both in t1's final group
    #   t2: F reaches the final group again (4), W is out in phase 1 (0)
    # Points W 10, F 10: equal. Won W 1, F 0; finals W 1, F 2.
    # Step 7: points, then tournaments won, then final groups reached -> W before F.
    # (Final groups first would put F first; seeding too, F is seeded above W.)
    row = lambda p, points: NS(player=p, points=points)  # noqa: E731
    t1 = NS(slug="t1", ranking=[row("W", 10), row("F", 6), row("X", 3)], winner="W", finalists=("W", "F", "X"))
    t2 = NS(slug="t2", ranking=[row("X", 9), row("F", 4), row("W", 0)], winner="X", finalists=("X", "F"))
    seed = ["F", "X", "W"].index
    rows = standings_rows((t1, t2), {}, seed)
    assert [(r.rank, r.player, r.points, r.won, r.finals) for r in rows] == [
        (1, "X", 12, 1, 2), (2, "W", 10, 1, 1), (3, "F", 10, 0, 2)]


def test_group_and_marathon_standings_from_computed_tournaments_put_won_before_finals():
    # The same precedence through compute(). Group g: t1, t2, t3; phase1_min_players 3,
    # phase2_entrants winners; seeding b, c, e, a, f (b above a).
    #   t1 (a, b; 2 < 3: no phase 1, a final of 2): a beats b twice -> a 7+1 = 8, b 5+1 = 6
    #   t2 (c, b; the same): c beats b twice -> c 8, b 6
    #   t3 (e, a, f; phase 1, one group [e a f]): e beats a and f twice (12), a and f win one
    #      each (3, 3; seeding: a 2nd); winners only -> the final group is [e] alone:
    #      e 12+7+1 = 20, a 3+0+1 = 4, f 3+0+1 = 4
    # Totals: e 20 (won 1, finals 1); a 8+4 = 12 (won 1, finals 1); b 6+6 = 12 (won 0,
    # finals 2); c 8 (won 1, finals 1); f 4 (won 0, finals 0).
    # Step 7: a before b on tournaments won (final groups first, or seeding, would put b first).
    s = settings({"g": ["t1", "t2", "t3"]}, phase1_min_players=3, phase2_entrants="winners")
    t1 = tournament("t1", ["a", "b"], games(FINAL, None, both_ways("a", "b", "1-0")))
    t2 = tournament("t2", ["c", "b"], games(FINAL, None, both_ways("c", "b", "1-0")))
    t3 = tournament("t3", ["e", "a", "f"], games(PHASE1, 1, both_ways("e", "a", "1-0") + both_ways("e", "f", "1-0")
                                                   + "a-f 1-0; f-a 1-0"))
    result = compute(data(rated("b", "c", "e", "a", "f"), s, [t1, t2, t3]), s)
    assert result.tournament("t3").finalists == ("e",)
    expected = [(1, "e", 20, 1, 1), (2, "a", 12, 1, 1), (3, "b", 12, 0, 2), (4, "c", 8, 1, 1), (5, "f", 4, 0, 0)]
    assert [(r.rank, r.player, r.points, r.won, r.finals) for r in result.groups[0].standings] == expected
    # step 9, the marathon (no group final here, so no group-final bonus): the same keys
    assert [(r.rank, r.player, r.points, r.won, r.finals) for r in result.marathon] == expected


# --- step 10: the Master group bonus counts DIFFERENT groups, not tournaments ---------------


def test_master_group_bonus_counts_different_groups_not_tournaments_won():
    # Groups g1 = [t1, t2], g2 = [t3]. master_win_points: 2 entrants -> 1, 3-9 -> 3;
    # master_group_bonus the default {2: 4, 3: 8, ...}; master_direct 0, master_size 3.
    #   t1 (s, x): s beats x twice -> s wins, 2 entrants: 1 point
    #   t2 (s, y): s beats y twice -> s wins, 2 entrants: 1 point
    #   t3 (o, x, y; final of 3): o beats both twice, x beats y twice -> o wins, 3 entrants: 3
    # s won two tournaments of ONE group: 1 + 1 + bonus for 1 group (none) = 2 (counting
    # tournaments would give the 2-group bonus: 2 + 4 = 6). o: 3 + 0 = 3.
    # Tournament points: s 8 + 8 = 16; x 6 (t1) + 6 (t3, 2nd) = 12; y 6 + 4 = 10; o 8.
    # Qualifiers: no direct place, no group final; winners by winner points o 3, s 2 (the
    # marathon has s above o, so only the winner points put o first); then fill: x.
    s = settings({"g1": ["t1", "t2"], "g2": ["t3"]}, master_size=3, master_direct=0,
                 master_win_points=(WinRange(2, 2, 1), WinRange(3, 9, 3)))
    t1 = tournament("t1", ["s", "x"], games(FINAL, None, both_ways("s", "x", "1-0")))
    t2 = tournament("t2", ["s", "y"], games(FINAL, None, both_ways("s", "y", "1-0")))
    t3 = tournament("t3", ["o", "x", "y"], games(FINAL, None, both_ways("o", "x", "1-0") + both_ways("o", "y", "1-0")
                                                       + both_ways("x", "y", "1-0")))
    result = compute(data(rated("s", "o", "x", "y"), s, [t1, t2, t3]), s)
    assert [(r.player, r.points) for r in result.marathon] == [("s", 16), ("x", 12), ("y", 10), ("o", 8)]
    assert [(q.player, q.via) for q in result.master] == [
        ("o", TOURNAMENT_WINNER), ("s", TOURNAMENT_WINNER), ("x", FILL)]
    by_player = {q.player: q for q in result.master}
    assert (by_player["s"].winner_points, by_player["s"].group_bonus) == (2, 0)
    assert by_player["s"].wins == (("t1", 2, 1), ("t2", 2, 1))
    assert (by_player["o"].winner_points, by_player["o"].group_bonus) == (3, 0)


def test_master_group_bonus_for_three_wins_in_two_groups_is_the_two_group_bonus():
    # m won t1 and t2 (group g1) and t3 (group g2), 2 entrants each (1 point each):
    # 3 points + the bonus for 2 different groups (4) = 7; counting tournaments: 3 + 8 = 11.
    s = settings({"g1": [], "g2": []}, master_size=2, master_direct=0, master_win_points=(WinRange(2, 2, 1),))
    won = [NS(slug=slug, group=NS(slug=group), winner="m", entrants=("m", "z"))
           for slug, group in (("t1", "g1"), ("t2", "g1"), ("t3", "g2"))]
    marathon = (NS(player="m", rank=1), NS(player="z", rank=2))
    qualifiers = master_qualifiers(marathon, (), tuple(won), s)
    assert [(q.player, q.via, q.winner_points, q.group_bonus) for q in qualifiers] == [
        ("m", TOURNAMENT_WINNER, 7, 4), ("z", FILL, 0, 0)]
