"""Issue 37 item 5, "defects found by a new organiser": the readers' and helpers' part.

Expected values are worked by hand from the inputs written in each test."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from site_gen.diagnostics import Diagnostics, did_you_mean


# -- "did you mean" never names the very name typed ------------------------------------

def test_did_you_mean_never_suggests_the_name_typed():
    # "Foo" is among the candidates (it is wrong here for another reason): the closest
    # other name is suggested, never "Foo" itself
    assert did_you_mean("Foo", ["Foo", "Fob"]) == '; did you mean "Fob"?'
    assert did_you_mean("Foo", ["Foo"]) == ""


def test_did_you_mean_still_suggests_a_name_in_other_case():
    assert did_you_mean("asapin", ["ASAPIN"]) == '; did you mean "ASAPIN"?'


def test_did_you_mean_gives_the_reason_a_known_name_is_left_out():
    reason = {"elena": "is in players.csv but did not enter"}
    assert did_you_mean("elena", ["alice", "elenA"], reason) == '; "elena" is in players.csv but did not enter'


# -- YAML: an indentation error is told as one ------------------------------------------

def _yaml_messages(text: str) -> list[str]:
    from site_gen.sources.yaml_reader import parse_yaml

    diags = Diagnostics()
    ok, _ = parse_yaml(text, "sanctions.yaml", diags)
    assert not ok
    return diags.format()


def test_a_key_indented_deeper_than_the_one_above_gets_an_indentation_hint():
    # line 3's `from:` starts one column right of `player:` on line 2
    [message] = _yaml_messages("disqualified_players:\n  - player: Foo\n     from: 2015-02-01\n")
    assert message.startswith("sanctions.yaml:3: error: YAML syntax error: this line is indented deeper than the line above it")
    assert "indent with spaces" in message
    assert "quoted" not in message


def test_expected_block_end_is_said_in_words_at_its_line():
    # line 4's `game_points:` starts one column left of `game:` on line 3
    [message] = _yaml_messages("penalties:\n  - player: Foo\n    game: 1002\n   game_points: 10\n")
    assert message.startswith("sanctions.yaml:4: error: YAML syntax error: this line is not lined up with the lines above it")
    assert "block end" not in message and "<block" not in message


def test_a_list_item_in_the_column_of_the_keys_is_told_to_go_under_its_key():
    [message] = _yaml_messages("name: Cup\n- from: 2015-02-01\n")
    assert message.startswith("sanctions.yaml:2: error: YAML syntax error: this list item is not lined up")
    assert "block end" not in message


def test_a_value_holding_colon_space_still_gets_the_quoting_hint():
    [message] = _yaml_messages("name: Cup: spring\n")
    assert 'must be quoted' in message
