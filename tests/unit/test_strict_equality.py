"""strict_equality.same: equal only when a page made from one value is made from the other."""

import copy
from collections import namedtuple
import datetime as dt
import pickle
import re
from dataclasses import dataclass, field
from fractions import Fraction as F
from zoneinfo import ZoneInfo

from hypothesis import given, strategies as st

from site_gen.i18n import Text
from site_gen.model import StableSet
from site_gen.rebuild.strict_equality import same


@dataclass(frozen=True)
class Row:
    player: str
    points: F
    games: tuple = ()
    note: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Slotted:
    name: str
    value: int


class Opaque:  # not a dataclass, no rule for it
    def __eq__(self, other):
        return True


def test_numbers_of_another_type_are_not_the_same_though_equal():
    # 1 == 1.0 == F(1) == True in Python, yet a page shows "1", "1.0", "1.00" (decimals) or "True"
    values = [1, 1.0, F(1), True]
    assert all(a == b for a in values for b in values)
    assert [same(a, b) for a in values for b in values] == [a is b for a in values for b in values]
    assert same(F(2, 4), F(1, 2)) and same(10**30, 10**30)


def test_a_signed_zero_is_not_zero():
    assert 0.0 == -0.0 and not same(0.0, -0.0)
    assert same(0.5, 0.5)


def test_containers_keep_their_type_and_order():
    assert not same((1, 2), [1, 2])
    assert not same({"a": 1, "b": 2}, {"b": 2, "a": 1})  # equal dicts, shown in another order
    assert same({"a": [1, (2, "x")]}, {"a": [1, (2, "x")]})
    assert not same({"a": [1, (2, "x")]}, {"a": [1, (2, "y")]})
    assert not same({1: "x"}, {True: "x"})  # equal keys of another type


def test_named_tuples_compare_as_their_own_type():
    Pair, Other = namedtuple("Pair", "a b"), namedtuple("Other", "a b")
    assert Pair(1, "x") == (1, "x") == Other(1, "x")
    assert same(Pair(1, "x"), Pair(1, "x")) and not same(Pair(1, "x"), Pair(True, "x"))
    assert not same(Pair(1, "x"), (1, "x")) and not same(Pair(1, "x"), Other(1, "x"))


def test_a_text_is_its_message_and_parameters_not_its_english_words():
    stage = Text("Stage %(number)s", number=1)
    assert stage == "Stage 1"
    assert not same(stage, "Stage 1")  # a stage named "Stage 1" is never translated
    assert same(stage, Text("Stage %(number)s", number=1))
    assert not same(stage, Text("Stage %(number)s", number=F(1)))  # equal parameter of another type
    assert not same(Text("%(a)s", a="x"), Text("%(b)s", b="x"))


def test_times_are_the_same_only_in_the_same_zone():
    utc = dt.datetime(2015, 3, 1, 9, 0, tzinfo=dt.timezone.utc)
    moscow = dt.datetime(2015, 3, 1, 12, 0, tzinfo=dt.timezone(dt.timedelta(hours=3)))
    assert utc == moscow and not same(utc, moscow)
    # a new fixed-offset object per parsed time (as fromisoformat makes them) is still the same zone
    assert same(dt.datetime.fromisoformat("2015-03-01T12:00:00+03:00"), moscow)
    assert not same(moscow, dt.datetime(2015, 3, 1, 12, 0, tzinfo=dt.timezone(dt.timedelta(hours=3), "MSK")))
    zoned = dt.datetime(2015, 3, 1, 12, 0, tzinfo=ZoneInfo("Europe/Moscow"))
    assert zoned == moscow and not same(zoned, moscow)
    assert same(zoned, dt.datetime(2015, 3, 1, 12, 0, tzinfo=ZoneInfo("Europe/Moscow")))
    assert not same(dt.datetime(2015, 3, 1), dt.date(2015, 3, 1))


def test_dataclasses_compare_every_field_even_those_equality_skips():
    a = Row("A", F(3, 2), (1, 2), note="fined")
    assert a == Row("A", F(3, 2), (1, 2), note="")  # compare=False
    assert not same(a, Row("A", F(3, 2), (1, 2), note=""))
    assert same(a, Row("A", F(3, 2), (1, 2), note="fined"))
    assert not same(a, Row("A", F(3, 2), [1, 2], note="fined"))
    assert same(Slotted("x", 1), Slotted("x", 1)) and not same(Slotted("x", 1), Slotted("x", True))


def test_sets_patterns_and_zones():
    assert same(StableSet({1, 2}), StableSet({2, 1})) and not same(StableSet({1, 2}), frozenset({1, 2}))
    assert not same(frozenset({1}), frozenset({True}))
    assert not same(frozenset({1.0}), frozenset({1.0}))  # only str and int elements are compared
    assert same(re.compile("^a$"), re.compile("^a$")) and not same(re.compile("a"), re.compile("a", re.I))
    assert same(ZoneInfo("Europe/Rome"), ZoneInfo("Europe/Rome"))
    assert not same(ZoneInfo("Europe/Rome"), ZoneInfo("Europe/Moscow"))


def test_a_type_without_a_rule_is_never_the_same_unless_it_is_the_object_itself():
    a, b = Opaque(), Opaque()
    assert a == b and not same(a, b) and same(a, a)


# --- property: the same values pickle alike, so a remembered digest is the digest ----------

# two clusters of values Python finds equal, shown differently, and a few others
SCALARS = st.sampled_from([0, 0.0, -0.0, False, F(0), 1, 1.0, True, F(1), "1", None])
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.tuples(inner, inner), st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(["a", "b", "c"]), inner, max_size=3),
                            st.builds(Row, st.sampled_from(["A", "B"]), st.sampled_from([F(1), F(1, 2)]),
                                      st.tuples(inner))),
    max_leaves=6,
)


CLUSTERS = ([0, 0.0, -0.0, False, F(0)], [1, 1.0, True, F(1)])


def twin(value, draw):
    """The value with each number swapped for one Python finds equal to it (or itself)."""
    if type(value) in (tuple, list):
        return type(value)(twin(v, draw) for v in value)
    if type(value) is dict:
        return {k: twin(v, draw) for k, v in value.items()}
    if type(value) is Row:
        return Row(value.player, value.points, twin(value.games, draw))
    cluster = next((c for c in CLUSTERS if any(value is v or type(v) is type(value) and v == value and
                                                   repr(v) == repr(value) for v in c)), [value])
    return draw(st.sampled_from(cluster))


@given(st.data())
def test_the_same_values_have_the_same_pickle(data):
    a = data.draw(VALUES)
    b = twin(a, data.draw)
    if same(a, b):
        assert pickle.dumps(a, protocol=5) == pickle.dumps(b, protocol=5)


@given(VALUES)
def test_a_copy_is_the_same(a):
    assert same(a, copy.deepcopy(a))
