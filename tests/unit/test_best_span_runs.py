"""runs.Runs: a long sequence kept in runs, edited by copying only the runs an edit is in."""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import given, settings as hypothesis_settings, strategies as st

from site_gen.rules.best_span import runs
from site_gen.rules.best_span.runs import Runs


def test_a_sequence_in_runs_reads_as_the_sequence():
    with patch.object(runs, "RUN", 3):
        items = Runs.of(list("abcdefgh"))
    assert [len(run) for run in items.runs] == [3, 3, 2]
    assert len(items) == 8
    assert [items[i] for i in range(8)] == list("abcdefgh")
    assert items[-1] == "h" and items[-8] == "a"
    assert items[2:5] == ("c", "d", "e")
    assert list(reversed(items)) == list("hgfedcba")
    assert items == tuple("abcdefgh") and tuple("abcdefgh") == items and items == list("abcdefgh")
    assert items != tuple("abcdefgx") and items != tuple("abcdefg")
    assert hash(items) == hash(tuple("abcdefgh"))
    assert Runs.of(items) is items
    for outside in (8, -9):
        try:
            items[outside]
        except IndexError:
            pass
        else:
            raise AssertionError(f"no IndexError at {outside}")


def test_edits_copy_only_the_runs_they_fall_in():
    with patch.object(runs, "RUN", 3):
        items = Runs.of(list("abcdefgh"))
        # take out "d" (4th), put "X" before "a" and "Y" at the end
        edited = items.edited([(0, False, "X"), (3, True, None), (8, False, "Y")])
    assert list(edited) == list("XabcefghY")
    assert list(items) == list("abcdefgh")  # the edited sequence is a new one
    assert edited.runs == (("X", "a", "b", "c"), ("e", "f"), ("g", "h", "Y"))
    with patch.object(runs, "RUN", 3):
        middle = items.edited([(4, True, None)])  # "e" out: the first and last runs are the very ones
    assert list(middle) == list("abcdfgh")
    assert middle.runs[0] is items.runs[0] and middle.runs[2] is items.runs[2] and middle.runs[1] == ("d", "f")


def test_edits_at_one_place_stand_in_the_order_given_before_the_item_taken_out():
    items = Runs.of(list("abc"))
    # at "b": put in "X" then "Y", and take "b" out
    assert list(items.edited([(1, False, "X"), (1, False, "Y"), (1, True, None)])) == list("aXYc")


def test_a_run_that_grew_past_twice_its_size_is_cut():
    with patch.object(runs, "RUN", 2):
        items = Runs.of(list("ab"))
        edited = items.edited([(2, False, c) for c in "cdefg"])
    assert list(edited) == list("abcdefg")
    assert [len(run) for run in edited.runs] == [2, 2, 2, 1]


def test_an_empty_sequence_takes_edits_and_runs_emptied_are_dropped():
    assert list(Runs(()).edited([(0, False, "a"), (0, False, "b")])) == ["a", "b"]
    with patch.object(runs, "RUN", 2):
        items = Runs.of(list("abcd"))
    emptied = items.edited([(0, True, None), (1, True, None)])
    assert list(emptied) == ["c", "d"] and len(emptied.runs) == 1
    assert emptied[0] == "c" and emptied[1] == "d"


@st.composite
def edits(draw):
    items = draw(st.lists(st.integers(0, 9), max_size=30))
    taken = draw(st.sets(st.integers(0, len(items) - 1), max_size=len(items))) if items else set()
    put = draw(st.lists(st.tuples(st.integers(0, len(items)), st.integers(100, 199)), max_size=8))
    return items, sorted([(p, False, v) for p, v in put] + [(p, True, None) for p in taken], key=lambda e: (e[0], e[1]))


def model_edit(items: list, edits: list) -> list:
    """The edits made on a plain list, as a slice copy: what Runs.edited must give."""
    out, at = [], 0
    for position, take_out, item in edits:
        out += items[at:position]
        at = max(at, position)
        if take_out:
            at = position + 1
        else:
            out.append(item)
    return out + items[at:]


@hypothesis_settings(max_examples=300, deadline=None)
@given(edits(), st.integers(1, 5))
def test_edited_runs_equal_the_edited_list(case, run):
    items, changes = case
    with patch.object(runs, "RUN", run):
        edited = Runs.of(items).edited(changes)
    expected = model_edit(items, changes)
    assert list(edited) == expected
    assert [edited[i] for i in range(len(edited))] == expected and len(edited) == len(expected)
    assert list(reversed(edited)) == expected[::-1]
    assert all(0 < len(r) <= 2 * run for r in edited.runs)
