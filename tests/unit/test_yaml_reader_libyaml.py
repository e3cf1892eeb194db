"""Reading YAML with libyaml gives exactly what PyYAML's Python loader gives: the same value,
the same lines (of mappings, keys, lists and items) and the same messages, on generated
texts both sensible and odd (hypothesis); the texts the two read differently, and those
libyaml refuses, are read by the Python loader."""

from __future__ import annotations

import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, find, given, settings, strategies as st

from site_gen.diagnostics import Diagnostics
from site_gen.sources import yaml_reader
from site_gen.sources.yaml_reader import LIBYAML_MAX_DEPTH, MAX_NODES, YamlList, YamlMap, parse_yaml

needs_libyaml = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML is built without libyaml")

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def _python_loader_only():
    saved = yaml_reader._LibyamlLoader
    yaml_reader._LibyamlLoader = None
    try:
        yield
    finally:
        yaml_reader._LibyamlLoader = saved


@contextmanager
def _no_guard():
    """libyaml reads every text it accepts, even those it reads differently."""
    saved = yaml_reader._libyaml_may_read_differently
    yaml_reader._libyaml_may_read_differently = lambda text: False
    try:
        yield
    finally:
        yaml_reader._libyaml_may_read_differently = saved


def _shape(value):
    """The value with all its lines, for ==; repr tells 1 from True and 1.0, and nan == nan."""
    if isinstance(value, YamlMap):
        return "map", value.line, [(key, value.key_lines[key], _shape(item)) for key, item in value.items()]
    if isinstance(value, YamlList):
        return "list", value.line, value.item_lines, [_shape(item) for item in value]
    return type(value).__name__, repr(value)


def _outcome(text: str):
    diags = Diagnostics()
    try:
        ok, value = parse_yaml(text, "x.yaml", diags)
    except Exception as exc:  # a reader bug must at least stay the same bug
        return "raised", type(exc).__name__, str(exc)
    return ok, _shape(value), diags.format()


def _python_outcome(text: str):
    with _python_loader_only():
        return _outcome(text)


def _composed_by_libyaml(text: str) -> bool:
    return yaml_reader._compose_with_libyaml(text)[0]


# --- generated texts ----------------------------------------------------------------------

SCALARS = ["a", "b c", "name", "18:33", "yes", "No", "~", "null", "", "0777", "0x1F", "1_000", "-1", "+2", "3.5",
           "1e3", ".inf", ".NaN", "2015-02-01", "2015-02-01 10:00:00", "'q'", "'it''s'", '"d"', '"e\\"x"',
           '"\\u00e9\\x41\\/\\N\\_"', '"a\n  b"', "'a\n\n  b'", "plain\n  continued", "é Ж 😀", "a #c", "a#b", "-x",
           ":x", "x:", "@x", "`x", "%x", "&a x", "*a", "&b [1]", "*b", "|\n  lit\n  eral\n", ">-\n  fol\n\n  ded\n",
           "|2\n   x\n", "[a, b]", "{a: b}", "[a: b]", "{a, b: }", "[[]]", "{}", "[]", "[a,]", "{? a : b}", '{"a":b}',
           "[a:b]", "x" * 1030]
# what libyaml reads differently (see _libyaml_may_read_differently)
ODD_SCALARS = ["!!str 1", "!x y", "!", "! a", "!.! x", "|#", "|-#c\n  x\n", "[a?]", "{a: b ?c}", "a:\tb", "\ufeff"]
ODD_LINES = ["\ufeff", "odd: [a,\n\ufeffb]", "odd: x\t", "odd:\tx", "odd: |#", "odd: >-#c\n  x", "odd: !",
             "odd: [!]", "odd: !.! x", "odd: [a?]", "odd: {a: b ?c}", "odd: [a\n  ?b]"]
KEYS = ["a", "a", "b", "c", "name", "? a", "'q'", '"d"', "1", "yes", "18:33", "<<", "&k a", "*a", "[x]", "é"]
BREAKS = ["\n", "\n", "\n", "\r\n", "\r", "\x85", "\u2028", "\u2029"]
TOKENS = ["a", "b", "1", "18:33", "yes", "-", "- ", ":", ": ", "? ", "?", "[", "]", "{", "}", ",", ", ", " ", "  ",
          "\n", "\n", "\n  ", "\n- ", "\t", "#", " #c", "&a ", "*a", "&b ", "*b", "!!str ", "!!int ", "! ", "!x ",
          "!.! ", "'", '"', "''", "\\", "|", ">", "|-", ">+", "|2", "---", "--- ", "...", "%YAML 1.1\n",
          "%YAML 1.2\n", "%TAG !e! tag:x,2000:\n", "!e!x ", "\r\n", "\r", "\x85", "\u2028", "\u2029", "\ufeff", "é",
          "😀", "@", "`", "%", "~", "null", ".inf", "0x1F", "2015-02-01", "\\x41", "\\u00e9", "\\uD800", "\\/",
          "\\z", "\x7f", "\xa0", "\x01", "x" * 1030, "Ж" * 600, "a: b\n", "a: &x [1, 2]\nb: *x\n",
          "a:\n  - 1\n  - 2\n", "<<: *a\n", "? a\n: b\n"]
ODD_CHARACTERS = " \n\r\t-?:,[]{}#&*!|>'\"%@`ab1.\\\x85\u2028\u2029\ufeffé~"


FLOW_ITEMS = SCALARS[:20] + ["a: b", "[1]", "{c: d}", "? k", "&a x", "*a"]
ODD_FLOW_ITEMS = ["a?", "b ?c", "! a", "!"]


@st.composite
def documents(draw, odd: bool, depth: int = 0, indent: int = 0) -> str:
    """Block mappings and lists of scalars, flow collections, anchors and aliases, at random
    indentation, with any line break, keys sometimes repeated; `odd`: some of the scalars
    are read differently by libyaml."""
    kind = draw(st.sampled_from(["scalar", "map", "list", "flow"]))
    if depth > 3 or kind == "scalar":
        return draw(st.sampled_from(SCALARS + (ODD_SCALARS if odd else [])))
    if kind == "flow":
        return draw(flow_collections(odd))
    step = draw(st.sampled_from([1, 2, 2, 4]))
    line_break = draw(st.sampled_from(BREAKS))
    entries = []
    for _ in range(draw(st.integers(0, 4))):
        value = draw(documents(odd, depth + 1, indent + step)).lstrip(" ")
        entries.append(" " * indent + draw(block_entry_heads(kind, step, line_break, indent, "\n" in value)) + value)
    return line_break.join(entries)


@st.composite
def flow_collections(draw, odd: bool) -> str:
    items = draw(st.lists(st.sampled_from(FLOW_ITEMS + (ODD_FLOW_ITEMS if odd else [])), max_size=4))
    opening, closing = draw(st.sampled_from(["[]", "{}"]))
    separator = draw(st.sampled_from([", ", ",", ",\n "]))
    return opening + separator.join(items) + draw(st.sampled_from([closing, closing, closing, "]", "}", "", ",]"]))


@st.composite
def block_entry_heads(draw, kind: str, step: int, line_break: str, indent: int, multiline: bool) -> str:
    """What comes before an entry's value: "key: " or "- ", or either and a line break."""
    below = line_break + " " * (indent + step)
    if kind == "list":
        return draw(st.sampled_from(["- ", "- ", "-" + " " * step, "-" + below]))
    key = draw(st.sampled_from(KEYS)) + draw(st.sampled_from([":", ":", " :", ":  "]))
    return key + (below if multiline or draw(st.booleans()) else " ")


@st.composite
def framed_documents(draw, odd: bool) -> str:
    start = draw(st.sampled_from(["", "", "---\n", "--- ", "%YAML 1.1\n---\n", "# comment\n", "\n", "--- &a\n"]))
    end = draw(st.sampled_from(["", "", "", "\n", "\n", "\n", "\n...\n", "\n---\n", "\n--- x\n"]))
    return start + draw(documents(odd)) + end


@st.composite
def one_odd_line(draw) -> str:
    """A mapping both read alike but for one line."""
    values = draw(st.lists(st.sampled_from(SCALARS), max_size=4))
    lines = [f"k{i}: {value}" for i, value in enumerate(values)]
    lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(ODD_LINES)))
    return "\n".join(lines) + "\n"


@st.composite
def mutated(draw, texts: st.SearchStrategy) -> str:
    """A text with pieces inserted, deleted or copied."""
    text = draw(texts)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        change = draw(st.sampled_from(["insert", "delete", "copy"]))
        if change == "insert":
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at:]
        elif change == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 5)):]
        else:
            start = draw(st.integers(0, len(text)))
            text = text[:at] + text[start:start + draw(st.integers(1, 30))] + text[at:]
    return text


# the example's files and the broken ones of tests/invalid
REAL_FILES = [path.read_text(encoding="utf-8", errors="replace")
              for folder in (ROOT / "data", ROOT / "tests" / "invalid") for path in sorted(folder.rglob("*.yaml"))]


def _real_file(index: int) -> str:  # a function, not REAL_FILES.__getitem__: hypothesis shows its repr
    return REAL_FILES[index]


TEXTS = st.one_of(
    framed_documents(odd=False),
    framed_documents(odd=True),
    one_odd_line(),
    st.lists(st.sampled_from(TOKENS), min_size=1, max_size=40).map("".join),
    st.text(st.sampled_from(ODD_CHARACTERS), max_size=60),
    st.text(max_size=40),
    mutated(st.integers(0, len(REAL_FILES) - 1).map(_real_file)),
    mutated(framed_documents(odd=False)),
)
EXAMPLES = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@needs_libyaml
def test_the_generated_texts_take_libyaml_with_every_outcome():
    """Guards the test below: it compares something only if libyaml reads many of the texts,
    values, duplicate keys and aliases among them."""
    find(TEXTS, lambda t: _composed_by_libyaml(t) and isinstance(parse_yaml(t, "x", Diagnostics())[1], YamlMap))
    find(TEXTS, lambda t: _composed_by_libyaml(t) and "duplicate key" in str(_outcome(t)))
    find(TEXTS, lambda t: _composed_by_libyaml(t) and "*" in t and _outcome(t)[0] is True)
    find(TEXTS, lambda t: _composed_by_libyaml(t) and any(b in t for b in BREAKS[3:]) and _outcome(t)[0] is True)
    find(TEXTS, lambda t: not _composed_by_libyaml(t) and _outcome(t)[0] is False)


@EXAMPLES
@given(TEXTS)
def test_libyaml_gives_what_the_python_loader_gives(text):
    assert _outcome(text) == _python_outcome(text)


# --- what the two read differently ----------------------------------------------------------

TAB_ERROR = "found character '\\t' that cannot start any token (indent with spaces, not tabs)"


@needs_libyaml
@pytest.mark.parametrize(("text", "ok", "value", "problems"), [
    ("a:\tb\n", False, None, [f"x.yaml:1: error: YAML syntax error: {TAB_ERROR}"]),
    ("a: b\n\ufeff", False, None, ["x.yaml:2: error: YAML syntax error: could not find expected ':'"]),
    ("a: |#\n  x\n", False, None,
     ["x.yaml:1: error: YAML syntax error: expected chomping or indentation indicators, but found '#'"]),
    ("a: !.! x\n", False, None, ["x.yaml:1: error: YAML syntax error: expected '!', but found '.'"]),
    ("a: !\n", True, {"a": None}, []),
    ("a: [x?]\n", False, None, ["x.yaml:1: error: YAML syntax error: expected ',' or ']', but got '?'"]),
])
def test_what_libyaml_reads_differently_is_read_by_the_python_loader(text, ok, value, problems):
    diags = Diagnostics()
    assert parse_yaml(text, "x.yaml", diags) == (ok, value)
    assert diags.format() == problems
    assert not _composed_by_libyaml(text)
    with _no_guard():
        assert _composed_by_libyaml(text)
        assert _outcome(text) != _python_outcome(text)  # why the text must not go to libyaml


@pytest.mark.parametrize(("text", "differently"), [
    ("name: Cup\nyear: 2015\n", False),
    ("title: Hello!\nurl: https://example.org/?page=1\n", False),  # "!" inside a word; "?" with no flow collection
    ("groups: [{slug: hex}]\nwhy: because\n", False),
    ("a: b!c\n", False),
    ("a:\tb\n", True),
    ("# a\tcomment\n", True),
    ("\ufeffa: 1\n", True),
    ("a: >-#\n", True),
    ("a: |2#x\n", True),
    ("a: !!str 1\n", True),
    ("- !x y\n", True),
    ("[!x y]\n", True),
    ("{a: !}\n", True),
    ("groups: [{slug: hex}]\nwhy: really?\n", True),
])
def test_the_texts_libyaml_may_read_differently(text, differently):
    assert yaml_reader._libyaml_may_read_differently(text) is differently


@needs_libyaml
def test_line_breaks_of_every_kind_count_as_lines():
    text = "a: 1\rb: 2\x85c: 3\u2028d: [4,\r\n 5]\u2029e:\n- 6\n"
    assert _composed_by_libyaml(text)
    value = parse_yaml(text, "x.yaml", Diagnostics())[1]
    assert value == {"a": 1, "b": 2, "c": 3, "d": [4, 5], "e": [6]}
    assert value.key_lines == {"a": 1, "b": 2, "c": 3, "d": 4, "e": 6}
    assert (value["d"].line, value["d"].item_lines, value["e"].line, value["e"].item_lines) == (4, [4, 5], 7, [7])


def test_a_text_libyaml_refuses_gets_the_python_loaders_message():
    diags = Diagnostics()
    assert parse_yaml("a: [1, 2\n", "x.yaml", diags) == (False, None)
    assert diags.format() == ["x.yaml:1: error: YAML syntax error: expected ',' or ']', but got the end of the file "
                              "(while parsing a flow sequence that starts on line 1)"]
    assert not _composed_by_libyaml("a: [1, 2\n")


def _nested(depth: int) -> str:
    """Mappings in mappings, `depth` nodes deep with the scalar at the bottom."""
    return "".join(f"{' ' * level}k{level}:\n" for level in range(depth - 1)) + " " * (depth - 1) + "x\n"


@needs_libyaml
def test_deep_nesting_goes_to_the_python_loader(monkeypatch):
    """The Python loader composes recursively (two calls a level) and gives up where libyaml
    and the conversion would not: a text deeper than LIBYAML_MAX_DEPTH is composed by it."""
    assert _composed_by_libyaml(_nested(LIBYAML_MAX_DEPTH))
    assert not _composed_by_libyaml(_nested(LIBYAML_MAX_DEPTH + 1))
    for depth in (LIBYAML_MAX_DEPTH, LIBYAML_MAX_DEPTH + 1, 1200):
        assert _outcome(_nested(depth)) == _python_outcome(_nested(depth))
    diags = Diagnostics()
    assert parse_yaml(_nested(480), "x.yaml", diags) == (False, None)
    assert diags.format() == ["x.yaml:101: error: the YAML document is nested too deeply"]
    monkeypatch.setattr(yaml_reader, "LIBYAML_MAX_DEPTH", 1000)
    assert parse_yaml(_nested(480), "x.yaml", Diagnostics())[0] is True  # why the limit is needed


def _billion_laughs() -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]  # 10^10 values
    return "\n".join(lines) + "\n"


@needs_libyaml
def test_an_alias_bomb_is_composed_unexpanded_and_stopped_by_the_budget():
    composed, node = yaml_reader._compose_with_libyaml(_billion_laughs())
    assert composed
    a9 = node.value[9][1]
    # shared, not copied: composing is linear in the text, whatever the aliases expand to
    assert len(a9.value) == 10 and all(alias is node.value[8][1] for alias in a9.value)
    diags = Diagnostics()
    assert parse_yaml(_billion_laughs(), "x.yaml", diags) == (False, None)
    # the root, a0..a4 and their keys are 123,462 values; the 76,538 left run out in a5's first
    # *a4, down its 7th *a3, 9th *a2, 9th *a1 and 9th *a0: at the 3rd "lol" of line 1
    message = f"the YAML document expands to more than {MAX_NODES} values (alias bomb?)"
    assert diags.format() == [f"x.yaml:1: error: {message}"]


def test_without_libyaml_the_python_loader_reads_everything():
    script = ("import sys\n"
              "sys.modules['yaml._yaml'] = None  # as if PyYAML were built without libyaml\n"
              "import yaml\n"
              "from site_gen.diagnostics import Diagnostics\n"
              "from site_gen.sources import yaml_reader\n"
              "diags = Diagnostics()\n"
              "ok, value = yaml_reader.parse_yaml('a: 1\\nb: [x, 18:33]\\nb: 2\\n', 'x.yaml', diags)\n"
              "print(yaml.__with_libyaml__, yaml_reader._LibyamlLoader, ok, value, diags.format())\n"
              "print(yaml_reader.parse_yaml('a: 1\\nb: [x, 18:33]\\n', 'x.yaml', diags))\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.splitlines() == [
        "False None False None ['x.yaml:3: error: duplicate key \"b\" (first on line 2); keep one of them']",
        "(True, {'a': 1, 'b': ['x', '18:33']})",
    ]
