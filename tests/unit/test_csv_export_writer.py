"""csv_file joins plain cells itself and leaves the quoting to the csv module: either way the
file is the one the csv module writes. The rows are given as a function that makes them
(iter(rows) here): a file with a cell to quote reads them twice."""

from __future__ import annotations

import csv
import io

from hypothesis import given, settings, strategies as st

from site_gen.csv_export import csv_file, csv_lines

BOM = b"\xef\xbb\xbf"  # UTF-8's byte order mark: Excel on Windows reads the file as UTF-8 only with it


def test_plain_cells_and_ints_are_written_as_they_are():
    assert csv_file(["a", "b"], lambda: [("x", 1), ["-2", ""]]) == BOM + b"a,b\nx,1\n-2,\n"


def test_a_header_alone():
    assert csv_file(["a", "b"], lambda: []) == BOM + b"a,b\n"


def test_cells_with_a_comma_a_quote_or_a_line_end_are_quoted():
    rows = [("Ivanov, Ivan", 'say "hi"'), ("two\nlines", "x")]
    assert csv_file(["a", "b"], lambda: iter(rows)).decode() == '\ufeffa,b\n"Ivanov, Ivan","say ""hi"""\n"two\nlines",x\n'


def test_the_only_cell_of_a_line_is_quoted_when_empty():
    assert csv_file(["a"], lambda: [("",), ("x",)]) == BOM + b'a\n""\nx\n'


def test_lines_of_other_lengths():
    assert csv_file(["a", "b"], lambda: iter([("x",), ("y", "z", "w")])) == BOM + b"a,b\nx\ny,z,w\n"


def _written_by_the_csv_module(header, rows) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8")


cells = st.one_of(st.integers(), st.text(st.sampled_from('ab1 ,"\n\r\t-.я'), max_size=4))
# a header of 1-3 names, and rows of its width or one cell short
headers_and_rows = st.integers(1, 3).flatmap(lambda width: st.tuples(
    st.lists(st.text("abc", min_size=1, max_size=3), min_size=width, max_size=width),
    st.lists(st.lists(cells, min_size=width - 1, max_size=width), max_size=5)))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(headers_and_rows)
def test_the_file_is_the_one_the_csv_module_writes(header_and_rows):
    header, rows = header_and_rows
    assert csv_file(header, lambda: iter(rows)) == BOM + _written_by_the_csv_module(header, rows)


def test_each_rows_line_as_the_file_has_it():
    assert csv_lines(2, lambda: [("x", 1), ("-2", "")]) == ["x,1\n", "-2,\n"]
    quoted = csv_lines(2, lambda: iter([("x", 1), ("Ivanov, Ivan", 'say "hi"')]))
    assert quoted == ["x,1\n", '"Ivanov, Ivan","say ""hi"""\n']


@settings(max_examples=300, deadline=None, derandomize=True)
@given(headers_and_rows)
def test_the_lines_of_the_rows_are_the_files_lines(header_and_rows):
    header, rows = header_and_rows
    width = len(header)
    lines = [csv_lines(width, lambda: iter([row])) for row in rows]  # each row on its own: each its own way
    assert all(len(line) == 1 for line in lines) and csv_lines(width, lambda: iter(rows)) == [line for line, in lines]
    assert "".join(csv_lines(width, lambda: [header]) + csv_lines(width, lambda: iter(rows))).encode("utf-8") == (
        _written_by_the_csv_module(header, rows))


def test_a_table_s_csv_writes_a_column_s_csv_key_and_the_csv_only_columns_last():
    from site_gen.csv_export import table_csv
    from site_gen.model import Column, Table

    columns = (Column("rank", "Rank", numeric=True, csv_key="rank_number"), Column("player", "Player"))
    rows = [{"rank": 1, "rank_number": 1, "player": "Ann", "excluded": "no"},
            {"rank": "excluded", "rank_number": None, "player": "Bob", "excluded": "yes"}]
    table = Table("t", "T", columns, rows, csv_columns=(Column("excluded", "Excluded"),))
    # the page's word "excluded" never reaches the Rank column: it has a column of its own
    assert table_csv(table) == BOM + b"Rank,Player,Excluded\n1,Ann,no\n,Bob,yes\n"
