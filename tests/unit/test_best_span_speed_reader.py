"""`ColumnReader.games` reads a block of valid lines with one pattern and then a column at a
time: for lines as Tenhou writes them, the Python it runs does not grow with the number of
lines (a year of logs holds millions of them)."""

from __future__ import annotations

import gc
import sys

import pytest

from site_gen.sources.tenhou_columns import ColumnReader
from site_gen.sources.tenhou_log import LineScanner

LINK = '<a href="http://tenhou.net/0/?log=2013022000gm-00a9-0000-aa">牌譜</a>'
LINES = {
    "scc": [f"00:00 | 19 | 四鳳南喰赤－ | {LINK} | A(+50.0) b(+12.0) c(-18.0) d(-44.0)<br>",
            f"00:01 | 19 | 四鳳南喰赤－ | {LINK} | e(+50.0) f(+12.0) g(-18.0) h(-44.0)<br>",  # nobody wanted
            f"00:02 | 19 | 三鳳南喰赤－ | {LINK} | A(+50.0) b(+12.0) c(-62.0)<br>",  # cannot count
            f"00:03 | 19 | 四鳳南喰赤－ | {LINK} | (b)(+50.0) A(+12.0) c(-18.0) d(-44.0)<br>"],  # a name with "("
    "sca": ["L1234 | 00:44 | 四般南喰赤祝 | A(+61.0,+2枚) b(0.0,0枚) c(-25.0,-1枚) d(-36.0,-1枚)",
            "L9 | 00:45 | 四般南喰赤－ | A(+1.0) e(+2.0) f(-1.0) g(-2.0)"],  # a lobby not counted
}


def python_calls(function, *args) -> int:
    """The Python functions `function` calls (no collection runs: the finalizers of other
    tests' garbage would count)."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        calls += event == "call"

    gc.collect()
    gc.disable()
    sys.setprofile(count)
    try:
        function(*args)
    finally:
        sys.setprofile(None)
        gc.enable()
    return calls


@pytest.mark.parametrize("family", sorted(LINES))
def test_the_python_games_runs_does_not_grow_with_the_lines(family):
    reader = ColumnReader(LineScanner(family, ["鳳"], ["L1234"]))
    blocks = {n: "\n".join(LINES[family] * n) + "\n" for n in (10, 1000)}

    def read(text: str) -> tuple[list, ...]:
        return reader.games(text, 1, {"A"}, set(), lambda line, why: pytest.fail(why))

    read(blocks[10])  # the scores, once each: the scanner keeps their values
    calls = {n: python_calls(read, text) for n, text in blocks.items()}
    assert calls[10] == calls[1000]
    assert len(read(blocks[1000])[0]) == 1000 * (2 if family == "scc" else 1)
