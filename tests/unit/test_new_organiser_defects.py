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


# -- CSV saved by Excel in a locale with a decimal comma ---------------------------------

def _read(tmp_path: Path, text: str, required: list[str], optional: tuple[str, ...] = ()):
    from site_gen.sources.csv_reader import read_csv

    path = tmp_path / "table.csv"
    path.write_bytes(text.encode("utf-8"))
    diags = Diagnostics(root=tmp_path)
    return read_csv(path, diags, required, optional), diags.format()


def test_a_semicolon_header_makes_a_semicolon_table(tmp_path):
    rows, messages = _read(tmp_path, "# saved by Excel\r\nplayer;city\r\nFoo;Roma, Lazio\r\n", ["player"], ("city",))
    assert messages == []
    assert [(r.line, r.cells) for r in rows] == [(3, {"player": "Foo", "city": "Roma, Lazio"})]


def test_a_decimal_comma_in_a_semicolon_table_is_the_exact_number(tmp_path):
    rows, messages = _read(tmp_path, "player;score\nFoo;1,5\nBar;-0,25\nBaz;12\n", ["player", "score"])
    assert messages == []
    # "1,5" is one and a half, "-0,25" minus a quarter, exactly
    assert [Fraction(r.get("score")) for r in rows] == [Fraction(3, 2), Fraction(-1, 4), Fraction(12)]


def test_a_comma_table_keeps_its_commas(tmp_path):
    # only a `;` table reads a decimal comma: in a comma table a quoted "1,5" stays as written
    rows, messages = _read(tmp_path, "player,score\nFoo,\"1,5\"\n", ["player", "score"])
    assert [r.get("score") for r in rows] == ["1,5"]
    assert messages == []


def test_the_expected_columns_name_the_optional_ones_too(tmp_path):
    rows, messages = _read(tmp_path, "nick,name\nFoo,Ivan\n", ["player"], ("name", "country", "city"))
    assert rows is None
    assert messages == ['table.csv:1: error: unknown column "nick"',
                        'table.csv:1: error: missing column "player"; expected: player (optional: name,country,city)']


def test_a_file_without_header_names_every_column(tmp_path):
    rows, messages = _read(tmp_path, "# nothing yet\n", ["player"], ("name",))
    assert messages == ["table.csv:1: error: the file has no header row; expected: player (optional: name)"]


# -- the games a rule set leaves out, said once per file ----------------------------------

def test_games_left_out_is_a_notice_and_a_build_summary_line():
    diags = Diagnostics()
    diags.games_left_out("data/m/games.csv", 1, 2)
    diags.games_left_out("data/n/games.csv", 5, 0)  # none left out: nothing to say
    assert diags.format() == ["data/m/games.csv: notice: 1 game counted, 2 left out (each is listed with its line)"]
    assert diags.games_summary() == ["data/m/games.csv: 1 game counted, 2 left out: see `site-gen check`"]
