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
