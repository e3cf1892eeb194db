"""Invariants of the thematic-marathon engine on random tournaments (hypothesis)."""

from hypothesis import given, settings as hsettings, strategies as st

from site_gen.rules.thematic_marathon.document import document
from site_gen.rules.thematic_marathon.grouping import phase1_groups, seeding
from site_gen.rules.thematic_marathon.model import FINAL, PHASE1, RESULTS, SEMI, Game
from site_gen.rules.thematic_marathon.scoring import compute

from thematic_helpers import data, rated, settings, tournament

POOL = [f"u{i:02d}" for i in range(14)]
CHOICES = list(RESULTS) + [None]


@st.composite
def marathons(draw):
    """Two tournaments of random entrants with random results for every pair in every phase
    (a pair outside a group is ignored by the engine and reported by `check`)."""
    people = rated(*POOL)
    specs = []
    for slug in ("t1", "t2"):
        entrants = draw(st.lists(st.sampled_from(POOL), min_size=1, max_size=14, unique=True))
        groups = phase1_groups(seeding(entrants, people), 5) if len(entrants) >= 6 else []
        game_list = []
        for number, members in enumerate(groups, start=1):
            game_list += [Game(a, b, draw(st.sampled_from(CHOICES)), phase=PHASE1, group=number)
                          for a in members for b in members if a != b]
        for phase, group in ((SEMI, 1), (SEMI, 2), (FINAL, None)):
            game_list += [Game(a, b, draw(st.sampled_from(CHOICES)), phase=phase, group=group)
                          for a in entrants[:6] for b in entrants[:6] if a != b and draw(st.booleans())]
        specs.append((slug, entrants, game_list))
    return people, specs


S = settings({"g": ["t1", "t2"]}, group_final_size=3, master_size=5, master_direct=2)


def run(people, specs, shuffle=None):
    tournaments = []
    for slug, entrants, game_list in specs:
        game_list = list(game_list)
        entrants = list(entrants)
        if shuffle is not None:
            shuffle.shuffle(game_list)
            shuffle.shuffle(entrants)
        tournaments.append(tournament(slug, entrants, game_list))
    return compute(data(people, S, tournaments), S)


@hsettings(max_examples=60, deadline=None)
@given(marathons(), st.randoms(use_true_random=False))
def test_nothing_depends_on_the_order_of_games_or_entrants_in_the_files(case, rnd):
    people, specs = case
    assert document(S, run(people, specs, rnd)) == document(S, run(people, specs))


@hsettings(max_examples=60, deadline=None)
@given(marathons())
def test_rankings_are_complete_and_points_add_up(case):
    people, specs = case
    result = run(people, specs)
    for (slug, entrants, _), t in zip(specs, result.tournaments):
        assert sorted(r.player for r in t.ranking) == sorted(entrants)
        assert [r.rank for r in t.ranking] == list(range(1, len(entrants) + 1))
        for row in t.ranking:
            assert row.points == row.phase1_points + row.bonus + row.participation
            assert row.participation in (0, 1) and (row.participation == 0) == row.forfeited_all
        # every group table is ordered by points and ranked 1..n
        for table in (*t.phase1, *t.semifinals, t.final):
            points = [r.points for r in table.rows]
            assert points == sorted(points, reverse=True)
            assert [r.rank for r in table.rows] == list(range(1, len(table.rows) + 1))
        assert t.winner == (t.final.rows[0].player if t.final.rows else None)
    marathon = result.marathon
    assert [r.rank for r in marathon] == list(range(1, len(marathon) + 1))
    assert sum(r.points for r in marathon) == sum(r.points for t in result.tournaments for r in t.ranking)
    assert len(result.master) == min(S.master_size, len(marathon))
    assert len({q.player for q in result.master}) == len(result.master)
