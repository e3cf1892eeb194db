"""The best-span settings: the regulation's defaults, exact values, and every bad value
reported with its line."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest

from site_gen.config import parse_fields
from site_gen.diagnostics import Diagnostics
from site_gen.rules.best_span.model import JST, Weights
from site_gen.rules.best_span.settings import FIELDS, make_settings
from site_gen.sources.yaml_reader import parse_yaml

PERIOD = "period: {from: 2009-03-01, to: 2009-08-31}\n"


def parse(text: str):
    diags = Diagnostics()
    ok, doc = parse_yaml(text, "competition.yaml", diags)
    assert ok, diags.format()
    values = parse_fields(doc, list(FIELDS), Path("competition.yaml"), diags)
    return (make_settings(values) if values is not None else None), diags.format()


def test_defaults_are_the_regulations_values():
    settings, problems = parse(PERIOD)
    assert problems == []
    assert settings.target == 500 and settings.place_points == (4, 2, 1, 0)
    assert settings.weights == Weights(direct=0, plain=100, red=105)  # 0.00, 1.00, 1.05
    assert settings.tables == ("特", "鳳") and settings.direct_lobbies == () and settings.open_windows == ()
    assert settings.ignore_red_if_better is True


def test_exact_values_and_partial_weights():
    settings, problems = parse(PERIOD + "target: 499.5\nplace_points: [4, 2, 1.5, 0]\nweights: {red: 1.1}\n"
                               "tables: [上, 特, 鳳]\ndirect_lobbies: [L1234, C0001]\nignore_red_if_better: false\n")
    assert problems == []
    assert settings.target == Fraction(999, 2) and settings.place_points[2] == Fraction(3, 2)
    assert settings.weights == Weights(0, 100, 110)
    assert settings.tables == ("上", "特", "鳳") and settings.direct_lobbies == ("L1234", "C0001")
    assert settings.ignore_red_if_better is False


def test_open_windows_are_japan_time_to_the_minute():
    settings, problems = parse(PERIOD + 'open_windows:\n  - {from: "2009-03-31 23:00", to: 2009-04-01T00:00}\n'
                               '  - {from: "2009-04-30T15:00:45+01:00", to: "2009-05-01 00:00+09:00"}\n')
    assert problems == []
    first, second = settings.open_windows
    assert first.first == dt.datetime(2009, 3, 31, 23, 0, tzinfo=JST) and first.last == dt.datetime(2009, 4, 1, tzinfo=JST)
    # 15:00:45 at +01:00 is 23:00:45 in Japan; minute resolution: 23:00
    assert second.first == dt.datetime(2009, 4, 30, 23, 0, tzinfo=JST)


@pytest.mark.parametrize("text, message", [
    ("target: 0\n", 'competition.yaml:2: error: setting "target": must be positive, found 0'),
    ("target: abc\n", "competition.yaml:2: error: setting \"target\": expected a number, found 'abc'"),
    ("place_points: [4, 2, -1, 0]\n",
     'competition.yaml:2: error: setting "place_points": place 3: must not be negative, found -1'),
    ("place_points: [4, 2, 1]\n",
     'competition.yaml:2: error: setting "place_points": expected a list of 4 numbers (places 1-4), found [4, 2, 1]'),
    ("weights: {red: 1.055}\n", 'competition.yaml:2: error: setting "weights.red": at most two decimals, found 1.055'),
    ("weights: {red: -1}\n", 'competition.yaml:2: error: setting "weights.red": must not be negative, found -1'),
    ("weights: {rde: 1.1}\n", 'competition.yaml:2: error: unknown setting "weights.rde"; did you mean "red"?'),
    ("weights: 1.05\n", 'competition.yaml:2: error: setting "weights" must be a mapping of keys (direct, plain, red)'),
    ("tables: [特上]\n",
     'competition.yaml:2: error: setting "tables": unknown table level "特上"; one of 般, 上, 特, 鳳; did you mean "特"?'),
    ("direct_lobbies: [1234]\n",
     'competition.yaml:2: error: setting "direct_lobbies": lobby 1234 is not a letter and digits like L1234 '
     '(write "L1234")'),
    ('open_windows: [{from: "2009-04-01 00:00", to: "2009-03-31 23:00"}]\n',
     'competition.yaml:2: error: setting "open_windows": window 1 ends (2009-03-31 23:00) before it starts '
     '(2009-04-01 00:00)'),
    ("open_windows: [{from: 2009-03-31, to: 2009-04-01}]\n",
     'competition.yaml:2: error: setting "open_windows": window 1: from: expected a date and time like '
     "\"2009-03-31 23:00\", found '2009-03-31'"),
    ("open_windows: [{form: 2009-03-31 23:00, to: 2009-04-01 00:00}]\n",
     'competition.yaml:2: error: setting "open_windows": window 1 must be a mapping {from, to}; unknown key "form"; '
     'did you mean "from"?'),
    ("ignore_red_if_better: yes\n",
     "competition.yaml:2: error: setting \"ignore_red_if_better\": expected true or false, found 'yes'"),
    ("targte: 400\n", 'competition.yaml:2: error: unknown setting "targte"; did you mean "target"?'),
])
def test_bad_values_are_reported_with_their_line(text, message):
    settings, problems = parse(PERIOD + text)
    assert settings is None and problems == [message]
