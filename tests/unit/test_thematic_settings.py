"""The thematic-marathon settings: the regulation's defaults and every problem reported."""

from pathlib import Path

from site_gen.config import parse_fields
from site_gen.diagnostics import Diagnostics
from site_gen.rules.thematic_marathon.model import GamePoints, WinRange
from site_gen.rules.thematic_marathon.settings import FIELDS, make_settings
from site_gen.sources.yaml_reader import parse_yaml

GROUPS = """\
groups:
  - slug: connessioni
    name: Connessioni
    tournaments:
      - {slug: hex, game: Hex}
"""


def parse(text: str):
    diags = Diagnostics()
    ok, doc = parse_yaml(text, "competition.yaml", diags)
    assert ok
    values = parse_fields(doc, list(FIELDS), Path("competition.yaml"), diags)
    return (make_settings(values) if values is not None else None), diags.format()


def test_defaults_are_the_regulations_values():
    s, problems = parse(GROUPS)
    assert problems == []
    assert s.game_points == GamePoints(3, 1, 0)
    assert (s.phase1_min_players, s.phase1_group_max, s.phase2_entrants) == (6, 5, "auto")
    assert s.final_bonus == (7, 5, 3, 2, 1) and s.group_final_bonus == (7, 5, 3, 2, 1)
    assert (s.participation_bonus, s.group_final_size, s.master_size, s.master_direct) == (1, 5, 16, 8)
    assert s.master_win_points == (WinRange(4, 32, 1), WinRange(33, 64, 2), WinRange(65, 128, 3))
    assert s.master_group_bonus == ((2, 4), (3, 8), (4, 12), (5, 16))
    # 4-32 entrants: 1 point, 33-64: 2, 65-128: 3, else 0; bonus for 2-5 groups, else 0
    assert [s.win_points(n) for n in (3, 4, 32, 33, 64, 65, 128, 129)] == [0, 1, 1, 2, 2, 3, 3, 0]
    assert [s.group_bonus(n) for n in (1, 2, 5, 6)] == [0, 4, 16, 0]


def test_a_nested_value_left_out_keeps_its_default():
    s, problems = parse(GROUPS + "game_points: {win: 2}\nmaster_group_bonus: {'2': 5}\n")
    assert problems == [] and s.game_points == GamePoints(2, 1, 0) and s.master_group_bonus == ((2, 5),)


def test_problems_name_the_line():
    _, problems = parse(GROUPS + "      - {slug: master, game: Master}\nfinal_bonus: [7, 5.5]\n")
    assert problems == [
        'competition.yaml:6: error: setting "groups": the tournament slug "master" is taken by the Master\'s page; choose another',
        "competition.yaml:7: error: setting \"final_bonus\": expected whole numbers, found [7, 5.5]",
    ]


def test_a_tournament_slug_must_be_a_slug_and_unique():
    _, problems = parse(GROUPS + "      - {slug: Hex Game, game: Hex}\n")
    assert problems == ['competition.yaml:6: error: setting "groups": group "connessioni", tournament 2: '
                        '"Hex Game" is not a valid slug (lower-case letters, digits and dashes); try "hex-game"']
    _, problems = parse(GROUPS + "      - {slug: hex, game: Hex again}\n")
    assert problems == ['competition.yaml:6: error: setting "groups": tournament slug "hex" is used twice (first on line 5)']
