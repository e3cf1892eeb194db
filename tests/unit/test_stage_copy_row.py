"""copy_row: dataclasses.replace of a frozen row, made without the frozen __init__."""

import dataclasses
from fractions import Fraction as F

import pytest

from site_gen.rules.online_marathon.scoring import MarathonRow
from site_gen.rules.online_marathon.stage import copy_row
from site_gen.strict_equality import same


def test_a_copied_row_has_the_changes_and_every_other_field_in_order():
    row = MarathonRow("A", 0, {1: 1000, 2: 0}, {1: F(1, 2), 2: F(-1, 5)}, (), 1000, F(3, 10), 7)
    copied = copy_row(row, rank=3)
    assert (copied.player, copied.rank, copied.total_norm_rating, copied.score_sum, copied.games) == (
        "A", 3, 1000, F(3, 10), 7)
    assert same(copied, dataclasses.replace(row, rank=3))
    assert list(vars(copied)) == [f.name for f in dataclasses.fields(MarathonRow)]
    assert row.rank == 0  # the row itself is unchanged
    with pytest.raises(dataclasses.FrozenInstanceError):
        copied.rank = 4


def test_copying_with_an_unknown_field_is_refused():
    row = MarathonRow("A", 0, {}, {}, (), 0, F(0), 0)
    with pytest.raises(TypeError, match="no field rnk"):
        copy_row(row, rnk=1)
