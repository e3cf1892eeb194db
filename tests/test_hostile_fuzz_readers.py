"""Fuzzing the readers: random and mutated bytes never raise, and every outcome is either a
result or diagnostics that point at a line of the file.

Each reader gets mutations of valid files (truncated, bytes inserted, deleted, doubled,
line ends changed, legacy encodings, NUL, BOM) and plain random input. The number of
examples is set per reader below so that the whole module runs in ~10-15 s on two cores;
SITE_GEN_FUZZ_EXAMPLES=N multiplies it by N for a long run.
"""

from __future__ import annotations

import html.parser
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from hostile_project import games_csv, sanctions_yaml
from site_gen.diagnostics import Diagnostics
from site_gen.sources.csv_reader import Row, read_csv
from site_gen.sources.markdown_reader import MarkdownPage, read_markdown
from site_gen.sources.markdown_safety import safe_url
from site_gen.sources.yaml_reader import read_yaml

SCALE = int(os.environ.get("SITE_GEN_FUZZ_EXAMPLES", "1"))
# Per reader (the Tenhou count is for each of its two tests), for ~10 s in all.
EXAMPLES = {"csv": 500, "yaml": 500, "markdown": 400, "tenhou": 400}


def fuzz(reader: str):
    return settings(max_examples=EXAMPLES[reader] * SCALE, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def report(reader: str, ran: list) -> None:
    """Print how many examples ran (pytest -s shows it) and make sure it was most of them."""
    print(f"fuzz {reader}: {len(ran)} examples")
    assert len(ran) >= EXAMPLES[reader.split()[0]] * SCALE // 2


GAME_COLUMNS = ["game", "table", "started_at"] + [f"{k}{i}" for i in range(1, 5) for k in ("player", "score")]
CSV_SEEDS = [
    games_csv().encode(),
    "# comment\nplayer,name,country\nNomWise,,Russia\n\"Quoted, name\",\"He said \"\"hi\"\"\",Japan\n".encode(),
]
YAML_SEEDS = [
    (Path(__file__).parent / "invalid" / "duplicate-game-id" / "data" / "marathon" / "competition.yaml").read_bytes(),
    sanctions_yaml("ComboRus", "left the table: twice").encode(),
    b"a: &x [1, 2, {b: c}]\nb: *x\nc: |\n  text\n  more\nd: 18:33\ne: 2015-02-01\n",
]
MARKDOWN_SEEDS = [
    b"---\ntitle: News\ndate: 2015-12-01\norder: 2\n---\n# Heading\n\nText with [a link](../x/) and *emphasis*.\n",
    b"---\r\ntitle: \"Quoted: title\"\r\n---\r\n| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n",
    b"No front matter at all.\n\n```python\nprint('<b>')\n```\n",
]
# Bytes that break readers: quotes, separators, line ends, NUL, BOM, invalid UTF-8,
# legacy encodings, YAML and Markdown syntax, raw HTML.
NASTY = [b"\x00", b'"', b",", b"\r", b"\n", b"\r\n", b"\xef\xbb\xbf", b"\xff", b"\xc0\xaf", "Странник".encode("cp1251"),
         "麻雀".encode("shift_jis"), b"#", b"---\n", b"&a ", b"*a", b": ", b"- ", b"[", b"{", b"}", b"\t", b"!!python/object ",
         b"<script>alert(1)</script>", b"[x](javascript:alert(1))", b"{: onclick=alert(1)}", b"\xe2\x80\xa8", b"'", b"|",
         b"{{ 7*7 }}", b"%", b"\\", b"\x1b[31m"]


@st.composite
def mutated(draw, seeds: list[bytes]) -> bytes:
    data = bytearray(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, 5))):
        op = draw(st.sampled_from(["truncate", "insert", "delete", "duplicate", "flip", "line-ends", "random"]))
        at = draw(st.integers(0, len(data)))
        if op == "truncate":
            del data[at:]
        elif op == "insert":
            data[at:at] = draw(st.sampled_from(NASTY)) * draw(st.integers(1, 3))
        elif op == "delete":
            del data[at:at + draw(st.integers(1, 40))]
        elif op == "duplicate":
            data[at:at] = data[at:at + draw(st.integers(1, 200))] * draw(st.integers(1, 3))
        elif op == "flip" and data:
            data[min(at, len(data) - 1)] = draw(st.integers(0, 255))
        elif op == "line-ends":
            old, new = draw(st.sampled_from([(b"\n", b"\r\n"), (b"\n", b"\r"), (b"\r\n", b"\n"), (b"\n", b"\n\n")]))
            head, tail = bytes(data[:at]), bytes(data[at:])
            data = bytearray(head + tail.replace(old, new))  # mixed: only after `at`
        elif op == "random":
            data[at:at] = draw(st.binary(max_size=30))
    return bytes(data)


def inputs(seeds: list[bytes]):
    return st.one_of(mutated(seeds), st.binary(max_size=400),
                     st.text(alphabet=st.sampled_from(list(",\"\n\r#:- []{}&*|'\\\t\x00aя麻0")), max_size=300)
                     .map(lambda s: s.encode("utf-8")))


def line_bound(data: bytes) -> int:
    """More lines than any reader can count in `data` (YAML also breaks at U+0085, U+2028...)."""
    text = data.decode("utf-8", "replace")
    return sum(text.count(c) for c in "\r\n\x85\u2028\u2029\x0b\x0c\x1c\x1d\x1e") + 1


def check_outcome(result, diags: Diagnostics, path: Path, data: bytes, failed) -> None:
    """A result, or at least one error; every diagnostic names the file and a line in it."""
    if failed(result):
        assert diags.has_errors, "no result but no error either"
    bound = line_bound(data)
    for d in diags.items:
        assert d.path == path.as_posix(), d
        assert d.line is not None and 1 <= d.line <= bound, d
        shown = d.format()  # one line, whatever the message quotes from the data
        assert d.message and shown.splitlines() == [shown] and "\x1b" not in shown, d


class Workspace:
    """One file rewritten for every example (hypothesis cannot use pytest's tmp_path)."""

    def __init__(self, name: str):
        self._dir = tempfile.TemporaryDirectory(prefix="site-gen-fuzz-")
        self.path = Path(self._dir.name) / name

    def write(self, data: bytes) -> Path:
        self.path.write_bytes(data)
        return self.path

    def close(self):
        self._dir.cleanup()


# --- CSV ------------------------------------------------------------------------------

def test_csv_reader_survives_fuzzing():
    space = Workspace("games.csv")

    ran = []

    @fuzz("csv")
    @given(data=inputs(CSV_SEEDS), extra_ok=st.booleans())
    def run(data: bytes, extra_ok: bool):
        ran.append(1)
        diags = Diagnostics()
        rows = read_csv(space.write(data), diags, GAME_COLUMNS[:3], optional=GAME_COLUMNS[3:], extra_ok=extra_ok)
        check_outcome(rows, diags, space.path, data, lambda r: r is None)
        for row in rows or []:
            assert isinstance(row, Row) and 1 <= row.line <= line_bound(data)

    try:
        run()
        report("csv", ran)
    finally:
        space.close()


# --- YAML -----------------------------------------------------------------------------

def test_yaml_reader_survives_fuzzing():
    space = Workspace("competition.yaml")

    ran = []

    @fuzz("yaml")
    @given(data=inputs(YAML_SEEDS))
    def run(data: bytes):
        ran.append(1)
        diags = Diagnostics()
        ok, value = read_yaml(space.write(data), diags)
        check_outcome(ok, diags, space.path, data, lambda ok: not ok)
        assert ok or value is None

    try:
        run()
        report("yaml", ran)
    finally:
        space.close()


# --- Markdown with front matter ---------------------------------------------------------

class _Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "iframe", "object", "embed", "style", "form", "svg", "math", "base", "meta", "link"):
            self.problems.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on") or (name in ("href", "src") and value is not None and not safe_url(value)):
                self.problems.append(f"{tag} {name}={value!r}")


def assert_no_script(page_html: str) -> None:
    parser = _Tags()
    parser.feed(page_html)
    parser.close()
    assert not parser.problems, (parser.problems, page_html[:2000])


def test_markdown_reader_survives_fuzzing():
    space = Workspace("news.md")

    ran = []

    @fuzz("markdown")
    @given(data=inputs(MARKDOWN_SEEDS), raw_html=st.booleans())
    def run(data: bytes, raw_html: bool):
        ran.append(1)
        diags = Diagnostics()
        page = read_markdown(space.write(data), "news", diags, raw_html=raw_html)
        check_outcome(page, diags, space.path, data, lambda p: p is None)
        if page is not None:
            assert isinstance(page, MarkdownPage) and page.title
            assert_no_script(page.html)

    try:
        run()
        report("markdown", ran)
    finally:
        space.close()


# --- Tenhou log lines (best-span) --------------------------------------------------------

TENHOU_SEEDS = [
    "L1412 | 18:33 | 四般東喰赤－ | 夜叉丸(+40.0) v-bind(+5.0) こむぎ(-35.0) グランドクロス(-30.0)",
    "C3630 | 23:25 | 四般南喰赤祝 | 残飯くん(+57.0,+2枚) Ryon(+20.0,+6枚) はるちゃんぱぱ(-24.0,-3枚) そこに北はある(-53.0,-5枚)",
    "L1045 | 20:50 | 三般南喰赤－ | はらこ2(+43.0) ゴトゴト(-5.0) RaFaFa(-38.0)",
    "00:01 | 13 | 四般南喰赤－ | A(+61.0) NoName(0.0) B(-25.0) C(-36.0)",
    "23:59 | 41 | 四鳳南喰赤－ | <a href=\"http://tenhou.net/0/?log=2013022000gm-00a9-0000-1f3fd6a3\">牌譜</a> | a(+58.0) b(+2.0) c(-20.0) d(-40.0)<br>",
]
TENHOU_NASTY = ["(", ")", " | ", "|", "+", "-", ".", ",", "枚", "\r", "<br>", " ", "\t", "四", "三", "NoName", "\x00",
                "\u2028", "(+1.0)", "99:99"]


@st.composite
def tenhou_lines(draw) -> str:
    line = draw(st.sampled_from(TENHOU_SEEDS))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(line)))
        op = draw(st.sampled_from(["truncate", "insert", "delete", "random"]))
        if op == "truncate":
            line = line[:at]
        elif op == "insert":
            line = line[:at] + draw(st.sampled_from(TENHOU_NASTY)) + line[at:]
        elif op == "delete":
            line = line[:at] + line[at + draw(st.integers(1, 10)):]
        else:
            line = line[:at] + draw(st.text(max_size=8)) + line[at:]
    return line.replace("\n", "")


def test_tenhou_line_parser_survives_fuzzing():
    from site_gen.sources.tenhou_log import LineScanner, TenhouLine, family_of_line, parse_line

    scanners = {f: LineScanner(f, tables="般上特鳳", lobbies=["L1412", "C3630", "L1045"]) for f in ("sca", "scb", "scc")}

    ran = []

    @fuzz("tenhou")
    @given(lines=st.lists(st.one_of(tenhou_lines(), st.text(max_size=80).map(lambda s: s.replace("\n", ""))),
                          min_size=1, max_size=6))
    def run(lines: list[str]):
        ran.append(1)
        family = family_of_line(lines[0])
        parsed = [parse_line(line, family, n) for n, line in enumerate(lines, 1)]
        for result in parsed:
            assert result is None or isinstance(result, (str, TenhouLine))
            if isinstance(result, TenhouLine):
                assert len(result.players) == len(result.scores) in (3, 4)
        malformed: list[int] = []
        found = list(scanners[family].scan("\n".join(lines) + "\n", 1, lambda names: True,
                                           lambda line, why: malformed.append(line)))
        assert all(1 <= n <= len(lines) for n in malformed)
        # the fast scanner reports every line the line parser finds malformed
        assert set(malformed) >= {n for n, r in enumerate(parsed, 1) if isinstance(r, str)}
        assert all(isinstance(line, TenhouLine) and 1 <= line.line <= len(lines) for line in found)

    run()
    report("tenhou lines", ran)


def test_tenhou_file_reader_survives_random_bytes():
    from site_gen.sources.tenhou_files import find_sources, read_blocks

    space = Workspace("scb2009030112.log")

    ran = []

    @fuzz("tenhou")
    @given(data=st.one_of(st.binary(max_size=300),
                          st.lists(tenhou_lines(), max_size=5).map(lambda ls: "\n".join(ls).encode("utf-8")),
                          mutated([("\n".join(TENHOU_SEEDS[3:4] * 3)).encode("utf-8")])))
    def run(data: bytes):
        ran.append(1)
        diags = Diagnostics()
        space.write(data)
        sources = find_sources([space.path], diags)
        assert len(sources) == 1
        text = "".join(block for _, block in read_blocks(sources[0], diags, block=64))
        assert text.count("\n") <= data.count(b"\n")
        check_outcome(text, diags, space.path, data, lambda t: False)

    try:
        run()
        report("tenhou files", ran)
    finally:
        space.close()


# --- the extremes the issue names, each with its exact outcome ------------------------------

HEADER = ",".join(GAME_COLUMNS) + "\n"
ROW = "1001,RU-Marathon-1,2015-02-03T21:15:00+03:00,NomWise,48,ComboRus,12,AnryChan,-20,Foo,-40\n"


def _csv(tmp_path: Path, data: bytes) -> tuple[list[Row] | None, list[str]]:
    path = tmp_path / "games.csv"
    path.write_bytes(data)
    diags = Diagnostics(root=tmp_path)
    return read_csv(path, diags, GAME_COLUMNS), diags.format()


def test_a_row_of_ten_thousand_cells(tmp_path: Path):
    rows, lines = _csv(tmp_path, (HEADER + ROW + ROW.rstrip("\n") + "," * 9_989 + "\n" + ROW).encode())
    assert rows is None
    assert lines == ["games.csv:3: error: the line has 10000 cells, more than the 1000 a table may have; "
                     "the rest of the file is not read"]


def test_a_one_megabyte_cell(tmp_path: Path):
    huge = "x" * (1 << 20)
    rows, lines = _csv(tmp_path, (HEADER + ROW + ROW.replace("NomWise", huge) + ROW).encode())
    assert rows is None and lines == ["games.csv:3: error: a cell is more than 131072 characters long, more than "
                                      "the 10000 a cell may hold (a quote that is never closed?)"]
    rows, lines = _csv(tmp_path, (HEADER + ROW.replace("NomWise", huge[:20_000]) + ROW).encode())
    assert [r.line for r in rows] == [3] and lines == [
        'games.csv:2: error: cell "player1" is 20000 characters long, more than the 10000 a cell may hold '
        "(a quote that is never closed?)"]


def test_mixed_line_ends_keep_their_line_numbers(tmp_path: Path):
    data = HEADER.replace("\n", "\r\n") + ROW + ROW.replace("\n", "\r") + ROW.replace("\n", "\r\n") + ROW.replace("1001", "x,")
    rows, lines = _csv(tmp_path, data.encode())  # LF, a lone CR, CRLF: each ends one line
    assert [r.line for r in rows] == [2, 3, 4] and lines == ["games.csv:5: error: expected 11 cells as in the header, found 12"]


def test_a_truncated_last_line_and_a_nul_byte(tmp_path: Path):
    rows, lines = _csv(tmp_path, (HEADER + ROW + ROW[:40]).encode())
    assert [r.line for r in rows] == [2] and lines == ["games.csv:3: error: expected 11 cells as in the header, found 3"]
    rows, lines = _csv(tmp_path, (HEADER + ROW + ROW.replace("Foo", "F\0oo")).encode())
    assert rows is None and lines == ["games.csv:3: error: the file holds a NUL byte (column 83): it is a binary "
                                      "file or saved as UTF-16; save it as UTF-8 text"]


@pytest.mark.parametrize("codec, name", [("cp1251", "Windows-1251 (Cyrillic)"), ("shift_jis", "Shift-JIS (Japanese)")])
def test_legacy_encodings_are_named(tmp_path: Path, codec: str, name: str):
    players = {"cp1251": ["Странник", "Иван", "Колобок", "Ёжик"], "shift_jis": ["山田太郎", "佐藤", "鈴木", "ツモ"]}[codec]
    row = ROW
    for old, new in zip(["NomWise", "ComboRus", "AnryChan", "Foo"], players):
        row = row.replace(old, new)
    for reader in ("csv", "yaml", "markdown"):
        path = tmp_path / f"file.{reader}"
        text = {"csv": HEADER + row, "yaml": f"name: {players[0]}\n", "markdown": f"# {players[0]}\n"}[reader]
        path.write_bytes(text.encode(codec))
        diags = Diagnostics(root=tmp_path)
        {"csv": lambda: read_csv(path, diags, GAME_COLUMNS), "yaml": lambda: read_yaml(path, diags),
         "markdown": lambda: read_markdown(path, "file", diags)}[reader]()
        [line] = diags.format()
        assert f": error: the file is not UTF-8 but looks like {name}: byte 0x" in line and "save it as UTF-8" in line
