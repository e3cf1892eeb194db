"""Indexes made once: the first value of each key, each key's values in order, and the places
where a list no longer holds the very objects of the last one."""

from site_gen.lookups import MemoDict, first_of, grouped


def test_first_of_keeps_each_keys_first_value_in_first_seen_order():
    index = first_of([("b", 1), ("a", 2), ("b", 3), ("c", 4), ("a", 5)])
    assert index == {"b": 1, "a": 2, "c": 4}
    assert list(index) == ["b", "a", "c"]


def test_grouped_keeps_every_value_in_order():
    groups = grouped([("b", 1), ("a", 2), ("b", 3)])
    assert groups == {"b": [1, 3], "a": [2]}
    assert list(groups) == ["b", "a"]
    assert first_of([]) == {} and grouped([]) == {}


def test_memo_dict_works_each_key_out_once_and_keeps_at_most_limit():
    calls = []
    memo = MemoDict(lambda key: calls.append(key) or key * 2, limit=2)
    assert [memo[k] for k in (1, 2, 1, 3, 3, 2)] == [2, 4, 2, 6, 6, 4]
    assert calls == [1, 2, 3, 3]  # 3 came after the limit: worked out each time, never kept
    assert dict(memo) == {1: 2, 2: 4}
