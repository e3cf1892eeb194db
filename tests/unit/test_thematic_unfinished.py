"""thematic-marathon spec rule 11 (a marathon published while it is played), each boundary
on small data worked out by hand: a tournament with no game, phase 1 missing one game, the
final missing one game, a pair with two games in one move order only, a group final with
an empty result or no game, groups.yaml giving a phase that cannot be formed yet, and a
final group of one player."""

from site_gen.diagnostics import Diagnostics
from site_gen.rules.thematic_marathon import tables
from site_gen.rules.thematic_marathon.document import document
from site_gen.rules.thematic_marathon.report import report
from site_gen.rules.thematic_marathon.scoring import FILL, GROUP_FINAL, STANDINGS, compute

from thematic_helpers import FINAL, PHASE1, Layout, data, games, rated, settings, tournament

SIX = [f"p{i}" for i in range(1, 7)]
# 6 entrants, seeding p1..p6: phase 1 has k = ceil(6/5) = 2 groups of 3, snake 1 2 2 1 1 2:
# group 1 = p1 p4 p5, group 2 = p2 p3 p6.
GROUP1 = games(PHASE1, 1, "p5-p1 1-0; p1-p5 0-1; p5-p4 1-0; p4-p5 0-1; p1-p4 1-0; p4-p1 0-1")  # p5 12, p1 6, p4 0
# group 2 with p3-p2 (p3 moving first against p2) missing: p6 beats p2 twice (6) and draws
# p3 twice (2): 8; p2 beats p3 once: 3; p3 the two draws: 2
GROUP2_MISSING_ONE = games(PHASE1, 2, "p6-p2 1-0; p2-p6 0-1; p6-p3 draw; p3-p6 draw; p2-p3 1-0")


def rows(t):
    return [(r.player, r.phase1_points, r.bonus, r.participation, r.points, r.reached) for r in t.ranking]


def one_tournament(entrants, game_list=(), layout=Layout(), finals=None, **overrides):
    s = settings({"g": ["t"]}, **overrides)
    marathon = data(rated(*entrants), s, [tournament("t", entrants, game_list, layout)], finals)
    return s, marathon, compute(marathon, s)


def test_a_tournament_with_no_game_is_not_started_and_forms_no_phase_2():
    # No game: phase-1 groups p1 p4 p5 and p2 p3 p6 are incomplete, so phase 2 is not formed
    # (no semifinals, a final with no players), no bonus, no winner. Ranking by phase-1 place
    # (all 0 points: seeding inside each group): 1st p1, p2; 2nd p4, p3; 3rd p5, p6; each
    # place by points (0) then seeding. Points 0 + 0 + participation 1 = 1 each.
    s, _, result = one_tournament(SIX)
    t = result.tournament("t")
    assert rows(t) == [(p, 0, 0, 1, 1, "phase1") for p in ["p1", "p2", "p3", "p4", "p5", "p6"]]
    assert t.winner is None and t.semifinals == () and t.finalists == () and t.phase2_entrants == ()
    assert t.status == "not_started" and tables.status(t) == "not started"
    doc = document(s, result)
    assert doc["tournaments"][0]["status"] == "not_started" and doc["tournaments"][0]["winner"] is None
    assert doc["tournaments"][0]["final"] == [] and doc["tournaments"][0]["semifinals"] == []
    assert doc["provisional"] is True
    # nobody reached a final group (none formed): finals 0 each, standings by seeding
    assert [(r["player"], r["points"], r["won"], r["finals"]) for r in doc["marathon"]] == [
        (p, 1, 0, 0) for p in SIX]


def test_a_tournament_without_folder_is_not_started():
    s = settings({"g": ["t", "u"]})
    result = compute(data(rated("a", "b"), s, [tournament("t", ["a", "b"], games(FINAL, None, "a-b 1-0; b-a 1-0"))]), s)
    # t: a final of a and b (no phase 1, formed from the start), both games played: finished
    # (a 3, b 3, head-to-head 3 to 3, seeding a). u has no folder: not started, no players.
    assert [(t.slug, tables.status(t), t.winner) for t in result.tournaments] == [
        ("t", "finished", "a"), ("u", "not started", None)]
    assert [t.status for t in result.tournaments] == ["finished", "not_started"]
    assert document(s, result)["provisional"] is True


def test_phase_1_missing_one_game_forms_no_phase_2_and_names_no_winner():
    # Group 1 complete: p5 12, p1 6, p4 0. Group 2 lacks p3-p2: p6 8, p2 3, p3 2. Phase 2 is not
    # formed: no final players, no bonus. Ranking by phase-1 place then points: 1st p5 12, p6 8;
    # 2nd p1 6, p2 3; 3rd p3 2, p4 0. Points = phase 1 + 0 + 1.
    # (The old engine formed the final p5 p6 p1 p2 and gave it 7 5 3 2, p1 first by seeding.)
    s, _, result = one_tournament(SIX, GROUP1 + GROUP2_MISSING_ONE)
    t = result.tournament("t")
    assert rows(t) == [("p5", 12, 0, 1, 13, "phase1"), ("p6", 8, 0, 1, 9, "phase1"), ("p1", 6, 0, 1, 7, "phase1"),
                       ("p2", 3, 0, 1, 4, "phase1"), ("p3", 2, 0, 1, 3, "phase1"), ("p4", 0, 0, 1, 1, "phase1")]
    assert t.winner is None and t.finalists == () and t.phase2_entrants == ()
    assert [g.complete for g in t.phase1] == [True, False]
    assert t.status == "phase1" and tables.status(t) == "in progress: phase 1"
    # the missing game played (p3 loses it): phase 1 complete, the final is formed. auto with
    # 2 groups takes the runners-up: winners p5 12, p6 8, then runners-up p1 6, p2 6 (seeding)
    # -> a final of 4 with no game yet: status phase 2, still no bonus and no winner.
    _, _, result = one_tournament(SIX, GROUP1 + GROUP2_MISSING_ONE + games(PHASE1, 2, "p3-p2 0-1"))
    t = result.tournament("t")
    assert t.status == "phase2" and t.phase2_entrants == ("p5", "p6", "p1", "p2")
    # final order with no game: seeding p1 p2 p5 p6; then p3 (3rd, 2 points), p4 (3rd, 0)
    assert [(r.player, r.bonus, r.reached) for r in t.ranking] == [
        ("p1", 0, "final"), ("p2", 0, "final"), ("p5", 0, "final"), ("p6", 0, "final"),
        ("p3", 0, "phase1"), ("p4", 0, "phase1")]
    assert t.winner is None


FINAL_ABC_MISSING_CB = "a-b 1-0; b-a 0-1; a-c 1-0; c-a 0-1; b-c 1-0"  # a 12, b 3, c 0; c-b missing


def test_the_final_missing_one_game_gives_no_bonus_and_no_winner():
    # 3 entrants: no phase 1, a final of a b c formed from the start. c-b is missing: the
    # final is incomplete, status phase 2. Order from the results so far a 12, b 3, c 0;
    # bonus 0 each, points 0 + 0 + 1 = 1 each. (The old engine gave 7 5 3 and named a.)
    s, _, result = one_tournament(["a", "b", "c"], games(FINAL, None, FINAL_ABC_MISSING_CB))
    t = result.tournament("t")
    assert rows(t) == [("a", 0, 0, 1, 1, "final"), ("b", 0, 0, 1, 1, "final"), ("c", 0, 0, 1, 1, "final")]
    assert tables.status(t) == "in progress: phase 2" and t.winner is None
    assert t.status == "phase2" and not t.final.complete
    doc = document(s, result)
    # certain (issue 39 §3): a has 12 with no game left; b (one game left) reaches 6 at most,
    # c 3: a is sure to win, b and c can no longer, before the winner is named
    assert doc["tournaments"][0]["final"] == [
        {"rank": 1, "player": "a", "points": 12, "played": 4, "certain": "through"},
        {"rank": 2, "player": "b", "points": 3, "played": 3, "certain": "out"},
        {"rank": 3, "player": "c", "points": 0, "played": 3, "certain": "out"}]
    # standings: 1 each, won 0, one final group reached each -> seeding a, b, c
    assert [(r["player"], r["points"], r["won"], r["finals"]) for r in doc["marathon"]] == [
        ("a", 1, 0, 1), ("b", 1, 0, 1), ("c", 1, 0, 1)]
    # c-b played (b wins: b 6): complete -> finished, a 0 + 7 + 1 = 8, b 5 + 1 = 6, c 3 + 1 = 4
    s, _, result = one_tournament(["a", "b", "c"], games(FINAL, None, FINAL_ABC_MISSING_CB + "; c-b 0-1"))
    t = result.tournament("t")
    assert (t.status, t.winner) == ("finished", "a")
    assert [(r.player, r.bonus, r.points) for r in t.ranking] == [("a", 7, 8), ("b", 5, 6), ("c", 3, 4)]
    assert document(s, result)["tournaments"][0]["winner"] == "a"


def test_two_games_in_one_move_order_do_not_complete_a_pair():
    # a-b twice, no b-a: two decided games = n(n-1) for n = 2, which the old count took for a
    # complete final; rule 11 asks for a game of each move order. a 3, b 3, head-to-head 3 to 3,
    # seeding a. Incomplete: phase 2, no bonus, no winner.
    _, _, result = one_tournament(["a", "b"], games(FINAL, None, "a-b 1-0; a-b 0-1"))
    t = result.tournament("t")
    assert tables.status(t) == "in progress: phase 2"
    assert t.winner is None and [(r.player, r.bonus, r.points) for r in t.ranking] == [("a", 0, 1), ("b", 0, 1)]
    assert not t.final.complete and t.status == "phase2"
    # a b-a game (a draw) completes it; the extra a-b row changes nothing else: a 3 + 0 + 1 = 4,
    # b 0 + 3 + 1 = 4, head-to-head 4 to 4, seeding a: bonus 7 and 5
    _, _, result = one_tournament(["a", "b"], games(FINAL, None, "a-b 1-0; a-b 0-1; b-a draw"))
    t = result.tournament("t")
    assert t.final.complete and (t.status, t.winner) == ("finished", "a")
    assert [(r.player, r.bonus, r.points) for r in t.ranking] == [("a", 7, 8), ("b", 5, 6)]


def test_a_final_group_of_one_player_is_complete():
    # 3 entrants, phase1_min_players 3 and group max 3: one phase-1 group a b c; winners only
    # go on, so the final is the phase-1 winner alone, complete as soon as it is formed.
    kw = dict(phase1_min_players=3, phase1_group_max=3, phase2_entrants="winners")
    # c-b missing: a 12, b 3, c 0; phase 1 incomplete, no final: ranking by phase-1 place
    _, _, result = one_tournament(["a", "b", "c"], games(PHASE1, 1, FINAL_ABC_MISSING_CB), **kw)
    t = result.tournament("t")
    assert [(r.player, r.points) for r in t.ranking] == [("a", 13), ("b", 4), ("c", 1)]
    assert (t.winner, t.finalists, t.status) == (None, (), "phase1")
    # c-b 0-1: b 6. Phase 1 complete, the final [a] is formed and complete: finished, a wins
    # a 12 + 7 + 1 = 20, b 6 + 0 + 1 = 7, c 0 + 0 + 1 = 1
    _, _, result = one_tournament(["a", "b", "c"], games(PHASE1, 1, FINAL_ABC_MISSING_CB + "; c-b 0-1"), **kw)
    t = result.tournament("t")
    assert (t.status, t.winner, t.finalists) == ("finished", "a", ("a",))
    assert [(r.player, r.points, r.reached) for r in t.ranking] == [("a", 20, "final"), ("b", 7, "phase1"),
                                                                    ("c", 1, "phase1")]


def test_a_single_entrant_never_plays_so_the_tournament_stays_not_started():
    # One entrant: no phase 1, a final of a alone, complete (a group of one player) from the
    # start; but games.csv has no result, so the status is not started, and the final-group
    # bonus and the winner wait for the tournament to be finished: a 0 + 0 + 1 = 1, no winner.
    s, _, result = one_tournament(["a"])
    t = result.tournament("t")
    assert t.final.complete and t.finalists == ("a",)
    assert (t.status, t.winner) == ("not_started", None)
    assert [(r.player, r.bonus, r.points, r.reached) for r in t.ranking] == [("a", 0, 1, "final")]
    assert [(q.player, q.via) for q in result.master] == [("a", STANDINGS)]
    assert document(s, result)["provisional"] is True


def test_semifinal_bonuses_wait_for_every_semifinal_group():
    # 9 entrants, phase1_min_players 10: no phase 1, phase 2 takes all 9 in seeding order:
    # 3 semifinal groups [p1 p6 p7] [p2 p5 p8] [p3 p4 p9], formed from the start.
    nine = [f"p{i}" for i in range(1, 10)]
    semis = (games("semi", 1, "p1-p6 1-0; p6-p1 0-1; p1-p7 1-0; p7-p1 0-1; p6-p7 1-0; p7-p6 0-1")  # p1 12, p6 6, p7 0
             + games("semi", 2, "p2-p5 1-0; p5-p2 0-1; p2-p8 1-0; p8-p2 0-1; p5-p8 1-0; p8-p5 0-1")  # p2 12, p5 6, p8 0
             + games("semi", 3, "p3-p4 1-0; p4-p3 0-1; p3-p9 1-0; p9-p3 0-1; p4-p9 1-0"))  # p9-p4 missing
    _, _, result = one_tournament(nine, semis, phase1_min_players=10)
    t = result.tournament("t")
    # group 3 incomplete (p3 12, p4 3, p9 0): the final (best 1 of each group) is not formed;
    # every semifinalist ranks as a non-finalist: by place, then semifinal points, then
    # seeding: 1st p1 12, p2 12, p3 12; 2nd p6 6, p5 6, p4 3; 3rd p7, p8, p9 (0 each, seeding).
    # No semifinal bonus yet: 1 point each (participation).
    assert [(r.player, r.bonus, r.points, r.reached) for r in t.ranking] == [
        (p, 0, 1, "semifinal") for p in ["p1", "p2", "p3", "p5", "p6", "p4", "p7", "p8", "p9"]]
    assert t.finalists == () and t.winner is None and t.status == "phase2"
    # p9-p4 played (p4 wins: p4 6): every group complete, the final p1 p2 p3 is formed (no game:
    # status phase 2, no final bonus); the 6 non-finalists get 6..1: 2nd places p5 6, p6 6, p4 6
    # by seeding p4, p5, p6; 3rd places p7, p8, p9.
    _, _, result = one_tournament(nine, semis + games("semi", 3, "p9-p4 0-1"), phase1_min_players=10)
    t = result.tournament("t")
    assert t.status == "phase2" and t.finalists == ("p1", "p2", "p3") and t.winner is None
    assert [(r.player, r.bonus) for r in t.ranking] == [
        ("p1", 0), ("p2", 0), ("p3", 0), ("p4", 6), ("p5", 5), ("p6", 4), ("p7", 3), ("p8", 2), ("p9", 1)]


def test_groups_yaml_may_give_a_phase_that_cannot_be_formed_yet():
    # Spec rule 11: "groups.yaml may still give them: then they are as written" -- neither an
    # error nor a warning, and not ignored. Phase 1 lacks p3-p2 (as above), the final is
    # written p5 p6 p1 p2: it is formed (status phase 2) with no game: order by seeding p1 p2
    # p5 p6, bonus 0 (incomplete), then p3 (3rd, 2) and p4 (3rd, 0).
    layout = Layout(final=("p5", "p6", "p1", "p2"))
    s, marathon, result = one_tournament(SIX, GROUP1 + GROUP2_MISSING_ONE, layout)
    t = result.tournament("t")
    assert rows(t) == [("p1", 6, 0, 1, 7, "final"), ("p2", 3, 0, 1, 4, "final"), ("p5", 12, 0, 1, 13, "final"),
                       ("p6", 8, 0, 1, 9, "final"), ("p3", 2, 0, 1, 3, "phase1"), ("p4", 0, 0, 1, 1, "phase1")]
    assert t.winner is None and t.finalists == ("p1", "p2", "p5", "p6") and t.status == "phase2"
    diags = Diagnostics()
    report(marathon, s, result, diags)
    assert not diags.items
    # the standings count the written final as reached: finals 1 for p1 p2 p5 p6
    assert {r.player: r.finals for r in result.marathon} == {"p1": 1, "p2": 1, "p5": 1, "p6": 1, "p3": 0, "p4": 0}


# --- group finals ---------------------------------------------------------------------------

# t1: a final of a and b, a beats b twice: a 0 + 7 + 1 = 8, b 0 + 5 + 1 = 6 (finished, winner a)
T1 = games(FINAL, None, "a-b 1-0; b-a 0-1")
GF = dict(group_final_size=2, master_size=2, master_direct=1)


def test_a_group_final_with_an_empty_result_gives_no_bonus_and_no_winner():
    # group final a b: a-b 0-1 (b 3), b-a not played yet. Incomplete: the players listed by
    # points so far, b 3, a 0, bonus 0 each; no winner.
    s, _, result = one_tournament(["a", "b"], T1, finals={"g": tuple(games("", None, "a-b 0-1; b-a"))}, **GF)
    group = result.groups[0]
    assert [(r.player, r.points, r.bonus) for r in group.final] == [("b", 3, 0), ("a", 0, 0)]
    assert group.winner is None and not group.final_complete
    # marathon a 8, b 6 (no group-final bonus). Master (2 places, 1 direct): a by the
    # standings; no group-final winner; the only tournament winner a is in; b fills the place.
    # (The old engine named b the group-final winner: via group_final, and b 6 + 7 = 13.)
    assert [(r.player, r.points) for r in result.marathon] == [("a", 8), ("b", 6)]
    assert [(q.player, q.via) for q in result.master] == [("a", STANDINGS), ("b", FILL)]
    doc = document(s, result)
    assert doc["groups"][0]["final_complete"] is False and doc["provisional"] is True
    # certain: b-a left, a can reach b's 3 (a tie the standings points would break): nothing certain
    assert doc["groups"][0]["final"] == [{"rank": 1, "player": "b", "points": 3, "bonus": 0, "certain": None},
                                         {"rank": 2, "player": "a", "points": 0, "bonus": 0, "certain": None}]
    # b-a 1-0 as well: complete, b 6 first (bonus 7), a 0 (bonus 5); marathon a 8 + 5 = 13,
    # b 6 + 7 = 13: equal, tournaments won a 1, b 0 -> a first. Master: a, then b via the group final.
    s, _, result = one_tournament(["a", "b"], T1, finals={"g": tuple(games("", None, "a-b 0-1; b-a 1-0"))}, **GF)
    group = result.groups[0]
    assert group.final_complete and group.winner == "b"
    assert [(r.player, r.bonus) for r in group.final] == [("b", 7), ("a", 5)]
    assert [(r.player, r.points) for r in result.marathon] == [("a", 13), ("b", 13)]
    assert [(q.player, q.via) for q in result.master] == [("a", STANDINGS), ("b", GROUP_FINAL)]
    doc = document(s, result)
    assert doc["groups"][0]["final_complete"] is True and doc["provisional"] is False


def test_a_group_final_file_with_no_game_is_not_complete():
    # The file exists but holds no game: the finalists a, b listed with 0 points (tie: the
    # group-standings points a 8, b 6), bonus 0, no winner; the document stays provisional.
    s, _, result = one_tournament(["a", "b"], T1, finals={"g": ()}, **GF)
    group = result.groups[0]
    assert [(r.player, r.points, r.bonus) for r in group.final] == [("a", 0, 0), ("b", 0, 0)]
    assert group.winner is None and not group.final_complete
    doc = document(s, result)
    assert (doc["groups"][0]["final_complete"], doc["provisional"]) == (False, True)
    # no file at all: no final listed, not complete, provisional (t1 is finished)
    s, _, result = one_tournament(["a", "b"], T1, **GF)
    doc = document(s, result)
    assert (doc["tournaments"][0]["status"], doc["groups"][0]["final"], doc["groups"][0]["final_complete"],
            doc["provisional"]) == ("finished", [], False, True)


def test_master_takes_winners_of_finished_tournaments_only():
    # t1 finished (a wins), t2 a final of c and d with d-c missing: c leads 3 to 0 but is no
    # winner yet. Marathon: a 8, b 6, c 1, d 1 (seeding c, d; both reached t2's final).
    # Master (3 places, 1 direct): a; no group final; the tournament winner a is in (c is not
    # a winner); fill b, then c.
    s = settings({"g": ["t1", "t2"]}, master_size=3, master_direct=1)
    result = compute(data(rated("a", "b", "c", "d"), s, [
        tournament("t1", ["a", "b"], T1), tournament("t2", ["c", "d"], games(FINAL, None, "c-d 1-0"))]), s)
    assert [(r.player, r.points) for r in result.marathon] == [("a", 8), ("b", 6), ("c", 1), ("d", 1)]
    assert [(q.player, q.via) for q in result.master] == [("a", STANDINGS), ("b", FILL), ("c", FILL)]
    assert [(t.status, t.winner) for t in result.tournaments] == [("finished", "a"), ("phase2", None)]


def test_check_says_when_a_game_belongs_to_a_phase_not_formed_yet():
    # Phase 1 lacks p3-p2, so neither the semifinals nor the final are formed: a final game
    # and a semifinal game cannot count, and check says why (an error each: the standings
    # leave them out) rather than "not in the final (nobody)".
    played = GROUP1 + GROUP2_MISSING_ONE + games(FINAL, None, "p5-p6 1-0") + games("semi", 1, "p5-p1 1-0")
    s, marathon, result = one_tournament(SIX, played)
    diags = Diagnostics()
    report(marathon, s, result, diags)
    messages = [d.message for d in diags.items]
    assert len(messages) == 2 and all(d.severity == "error" for d in diags.items)
    assert "the final of T is not formed yet" in messages[0] and "groups.yaml" in messages[0]
    assert "phase 2 of T is not formed yet" in messages[1] and "groups.yaml" in messages[1]
