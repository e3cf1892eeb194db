"""kept_digests: a digest is kept under its name while the value is the very same object,
and a forked worker's digests reach the building process only for the values it expects."""

import hashlib
import pickle

import pytest

from site_gen.rebuild.kept_digests import KeptDigests


def sha(value) -> bytes:
    return hashlib.sha256(pickle.dumps(value, protocol=5)).digest()


@pytest.fixture
def memo():
    """A memo that counts what it pickles (columns: a tuple's items in reverse)."""
    pickled = []
    memo = KeptDigests(lambda value: pickled.append(value) or tuple(reversed(value)))
    memo.pickled_values = pickled
    return memo


def test_the_digest_is_of_the_pickled_form(memo):
    assert memo.digest("a", (1, 2)) == sha((2, 1)) != sha((1, 2))


def test_the_very_same_value_is_pickled_once_an_equal_one_again(memo):
    value = (1, [2])  # a list inside: equal tuples are never the same object
    first = memo.digest("a", value)
    assert memo.digest("a", value) == first and len(memo.pickled_values) == 1
    equal = (1, [2])
    assert memo.digest("a", equal) == first and len(memo.pickled_values) == 2
    assert memo.digest("a", (1, [3])) != first  # another value under the same name
    assert memo.digest("b", equal) == first and len(memo.pickled_values) == 4  # names keep apart


def test_only_a_worker_of_a_serving_process_hands_its_digests_back(memo):
    value = (1, [2])
    memo.digest("a", value)
    assert memo.made_here() == []  # the building process
    memo.owner = -1  # as in a forked worker
    memo.digest("b", value)
    assert memo.made_here() == []  # not kept (the command line): nothing to hand back
    memo.keep()
    digest = memo.digest("c", value)
    assert memo.made_here() == [("c", id(value), digest)] and memo.made_here() == []


def test_the_building_process_takes_a_digest_for_the_value_it_expects_only(memo):
    value, other = (1, [2]), (1, [2])
    memo.keep()
    memo.expect("a", value)
    memo.expect("b", other)
    memo.take([("a", id(value), b"digest of a"), ("b", id(value), b"not other's"), ("c", id(value), b"unexpected")])
    assert memo.known == {"a": (value, b"digest of a")}
    assert memo.digest("a", value) == b"digest of a" and memo.pickled_values == []


def test_without_keep_nothing_is_expected(memo):
    memo.expect("a", (1,))
    assert memo.expected == {}
