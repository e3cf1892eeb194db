"""The JSON documents' layout: same data as json.dumps, one row per line."""

import json

from hypothesis import given, strategies as st

from site_gen.json_document import document_json, json_rows

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                      max_leaves=30)


@given(values)
def test_the_document_reads_back_as_the_same_data(value):
    assert json.loads(document_json(value)) == value


def test_number_keys_are_written_as_json_writes_them():
    assert json.loads(document_json({"a": [{"x": {3: 1}}]})) == {"a": [{"x": {"3": 1}}]}


def test_each_row_is_one_line_and_the_structure_is_indented():
    document = {"rules": "online-marathon",
                "marathon": [{"rank": 1, "player": "Ёлка", "norm_ratings": {"1": 1000}}, {"rank": 2, "player": "b"}]}
    assert document_json(document).decode("utf-8").splitlines() == [
        "{",
        '  "rules": "online-marathon",',
        '  "marathon": [',
        '    {"rank": 1, "player": "Ёлка", "norm_ratings": {"1": 1000}},',
        '    {"rank": 2, "player": "b"}',
        "  ]",
        "}",
    ]


def test_a_list_of_one_line_values_writes_scalars_empty_containers_and_rows_one_a_line():
    document = {"a": [1, {}, [], {"x": [1, 2]}, "s"]}
    assert document_json(document).decode("utf-8").splitlines() == [
        "{",
        '  "a": [',
        "    1,",
        "    {},",
        "    [],",
        '    {"x": [1, 2]},',
        '    "s"',
        "  ]",
        "}",
    ]


def test_a_list_with_a_deeper_item_indents_that_item_and_keeps_the_others_on_one_line():
    document = {"a": [[1, [2, [3]]], {"b": 1.5}, None]}
    assert document_json(document).decode("utf-8").splitlines() == [
        "{",
        '  "a": [',
        "    [",
        "      1,",
        "      [2, [3]]",
        "    ],",
        '    {"b": 1.5},',
        "    null",
        "  ]",
        "}",
    ]


def test_a_top_level_list_of_rows():
    assert document_json([{"a": 1}, 2]) == b'[\n  {"a": 1},\n  2\n]\n'


def test_rows_written_already_go_as_they_are_where_the_rows_would():
    rows = [{"a": 1, "b": {"c": 2}}, {"a": "Ёлка", "b": [1, 2]}]
    document = {"stages": [{"stage": 1, "rows": json_rows(rows)}, {"stage": 2, "rows": json_rows([])}],
                "games": json_rows(rows)}
    assert document_json(document).decode("utf-8").splitlines() == [
        "{",
        '  "stages": [',
        "    {",
        '      "stage": 1,',
        '      "rows": [',
        '        {"a": 1, "b": {"c": 2}},',
        '        {"a": "Ёлка", "b": [1, 2]}',
        "      ]",
        "    },",
        '    {"stage": 2, "rows": []}',  # no rows: on one line, as an empty list is
        "  ],",
        '  "games": [',
        '    {"a": 1, "b": {"c": 2}},',
        '    {"a": "Ёлка", "b": [1, 2]}',
        "  ]",
        "}",
    ]


# rows as json_rows takes them: containers of scalars and containers of scalars, one at least
flat = st.lists(scalars, max_size=3) | st.dictionaries(st.text(), scalars, max_size=3)
dict_rows = st.builds(lambda row, inner: {**row, "nested": inner}, st.dictionaries(st.text(), scalars | flat, max_size=3), flat)
list_rows = st.builds(lambda row, inner: [*row, inner], st.lists(scalars | flat, max_size=3), flat)
rows = st.lists(dict_rows | list_rows, max_size=4)


@given(rows, rows)
def test_rows_written_already_give_the_bytes_of_the_rows(first, second):
    def document(rows_of):
        return {"stages": [{"stage": 1, "rows": rows_of(first)}, {"stage": 2, "rows": rows_of(second)}],
                "games": rows_of(first + second), "top": [rows_of(second)]}

    assert document_json(document(json_rows)) == document_json(document(list))
