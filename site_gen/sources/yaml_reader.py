"""Safe YAML that keeps line numbers and never lets a value change its meaning.

YAML 1.1 reads an unquoted `18:33` as 1113 and `yes` as true; here such scalars stay the
text the user wrote, and dates stay text too, so that the settings parser decides what
they mean (and can report the line when it is neither).

libyaml composes the node tree when PyYAML has it (reading ~10 times faster); whenever
libyaml refuses a text, or the text holds what the two read differently, PyYAML's Python
loader composes it instead, so that every value, line and message is the Python loader's.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from site_gen.diagnostics import Diagnostics
from site_gen.sources.text import MAX_YAML_BYTES, read_text

MAX_NODES = 200_000  # guards against alias bombs ("billion laughs")


class YamlMap(dict):
    """A dict that remembers the line of the mapping and of each key (1-based)."""

    line: int = 0
    key_lines: dict

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class YamlList(list):
    line: int = 0
    item_lines: list

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line


class _Budget(Exception):
    pass


class _DuplicateKey(Exception):
    def __init__(self, key: Any, line: int, first: int):
        super().__init__(key)
        self.key, self.line, self.first = key, line, first


_BOOL_WORDS = {"true": True, "false": False}
_DECIMAL = re.compile(r"^[-+]?(0|[1-9][0-9]*)$")
_constructor = yaml.constructor.SafeConstructor()


def _scalar(node: yaml.ScalarNode) -> Any:
    tag = node.tag.rsplit(":", 1)[-1]
    value = node.value
    if tag == "null":
        return None
    if tag == "bool":
        return _BOOL_WORDS.get(value.lower(), value)
    if tag in ("int", "float"):
        if ":" in value:  # sexagesimal: the user meant a time
            return value
        if tag == "int" and not _DECIMAL.match(value):
            return value  # 0777 (octal), 0x1F, 1_000: keep the digits as written
        return _constructor.construct_object(node)
    if tag == "str":
        return value
    return value  # timestamps and anything else: the text as written


def _convert(node: yaml.Node, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise _Budget(node.start_mark.line + 1)  # inside the aliases that multiply
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        result = YamlMap()
        result.line = line
        result.key_lines = {}
        for key_node, value_node in node.value:
            key = _convert(key_node, budget)
            key = key if isinstance(key, (str, int)) else str(key)
            if key in result:
                raise _DuplicateKey(key, key_node.start_mark.line + 1, result.key_lines[key])
            result[key] = _convert(value_node, budget)
            result.key_lines[key] = key_node.start_mark.line + 1
        return result
    if isinstance(node, yaml.SequenceNode):
        result = YamlList(_convert(n, budget) for n in node.value)
        result.line = line
        result.item_lines = [n.start_mark.line + 1 for n in node.value]
        return result
    return _scalar(node)


# What libyaml reads differently from the Python loader (found by comparing the two, see
# tests/unit/test_yaml_reader_libyaml.py): a BOM at the start of a line, which it skips
# ("[a,\n\ufeffb]") and Python reads as text; tabs, which it accepts where Python refuses
# them ("a: b\t"); a comment right after a block scalar's header ("|#"); tags (a "!" that
# starts a token): it takes more handles ("!.!"), and a lone "!" on an empty node is "" to
# it, None to Python.
_READ_DIFFERENTLY = re.compile(r"[\t\ufeff]|[|>][-+0-9]*#|(?<![^\s\[{,:?])!")
# Deeper texts (nodes in nodes) go to the Python loader: it composes recursively and gives
# up ("nested too deeply") where libyaml would not, at a depth that depends on the caller's
# stack. Real files nest a few levels.
LIBYAML_MAX_DEPTH = 100


class _TooDeepForLibyaml(Exception):
    pass


if yaml.__with_libyaml__:
    class _LibyamlLoader(yaml.CSafeLoader):
        """libyaml's safe loader that stops past LIBYAML_MAX_DEPTH levels of nesting."""

        def __init__(self, stream: str):
            super().__init__(stream)
            self.depth = 0

        # libyaml's composer calls these around each node it composes, aliases excepted (the
        # inherited ones only serve path resolvers, which nothing here registers)
        def descend_resolver(self, current_node: Any, current_index: Any) -> None:
            self.depth += 1
            if self.depth > LIBYAML_MAX_DEPTH:
                raise _TooDeepForLibyaml

        def ascend_resolver(self) -> None:
            self.depth -= 1
else:
    _LibyamlLoader = None


def _libyaml_may_read_differently(text: str) -> bool:
    if _READ_DIFFERENTLY.search(text):
        return True
    # libyaml lets a plain scalar in a flow collection hold "?" ("[a?]"); Python refuses it
    return "?" in text and ("[" in text or "{" in text)


def _compose_with_libyaml(text: str) -> tuple[bool, yaml.Node | None]:
    """(composed, node); composed is False when the Python loader must compose the text: no
    libyaml, or a text that libyaml refuses or may read differently."""
    if _LibyamlLoader is None or _libyaml_may_read_differently(text):
        return False, None
    try:
        return True, yaml.compose(text, Loader=_LibyamlLoader)
    except Exception:  # refused or too deep: the Python loader decides, and words any message
        return False, None


def parse_yaml(text: str, path: Path | str, diags: Diagnostics) -> tuple[bool, Any]:
    """(ok, value); a syntax error is reported with its line and ok is False."""
    composed, node = _compose_with_libyaml(text)
    if composed:
        return _to_value(node, text, path, diags)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        line, message = _syntax_error(exc, text)
        diags.error(path, line, f"YAML syntax error: {message}")
        return False, None
    except yaml.reader.ReaderError as exc:  # a control character: the reader gives an offset, not a line
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        what = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
        diags.error(path, line, f"the character {what} (column {column}) is not allowed in YAML (a control character?); remove it")
        return False, None
    except yaml.YAMLError as exc:
        diags.error(path, None, f"YAML error: {exc}")
        return False, None
    except RecursionError:  # PyYAML composes nested [ and { recursively
        diags.error(path, _too_deep(text), "the YAML document is nested too deeply")
        return False, None
    return _to_value(node, text, path, diags)


def _to_value(node: yaml.Node | None, text: str, path: Path | str, diags: Diagnostics) -> tuple[bool, Any]:
    if node is None:
        return True, None
    try:
        return True, _convert(node, [MAX_NODES])
    except _DuplicateKey as exc:
        diags.error(path, exc.line, f'duplicate key "{exc.key}" (first on line {exc.first}); keep one of them')
        return False, None
    except _Budget as exc:
        diags.error(path, exc.args[0], f"the YAML document expands to more than {MAX_NODES} values (alias bomb?)")
        return False, None
    except RecursionError:
        diags.error(path, _too_deep(text), "the YAML document is nested too deeply")
        return False, None


def _too_deep(text: str, limit: int = 100) -> int:
    """The line where the nesting passes `limit` levels (the parser itself is not recursive)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > limit:
                    return event.start_mark.line + 1
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        pass
    return 1


_HINTS = {
    "mapping values are not allowed here": ' (a value holding ": " must be quoted, e.g. name: "Cup: spring")',
    "found character '\\t' that cannot start any token": " (indent with spaces, not tabs)",
}


def _syntax_error(exc: yaml.MarkedYAMLError, text: str) -> tuple[int | None, str]:
    """The line to show and a message: a problem found at the end of the file (an
    unclosed bracket or quote) is shown where the unclosed part starts."""
    mark, context = exc.problem_mark, exc.context_mark
    indentation = _indentation_problem(exc, text)
    if indentation:
        return mark.line + 1, indentation
    problem = (exc.problem or str(exc)).replace("'<stream end>'", "the end of the file")
    problem = problem.replace("found unexpected end of stream", "the file ends too early")
    for known, hint in _HINTS.items():
        if problem.startswith(known):
            problem += hint
    line = mark.line + 1 if mark else None
    if context is not None and exc.context:
        if mark is None or mark.index >= len(text.rstrip()):
            line = context.line + 1
        if context.line + 1 != (mark.line + 1 if mark else None):
            problem += f" ({exc.context} that starts on line {context.line + 1})"
    return line, problem


_INDENT_ADVICE = "indent with spaces, the same number for every line at one level (e.g. 2)"


def _indentation_problem(exc: yaml.MarkedYAMLError, text: str) -> str | None:
    """A person's words for the two errors a misplaced indentation gives, else None.

    PyYAML says "mapping values are not allowed here" when a `key: value` line is indented
    deeper than the key above it (read as the rest of that key's value), and "expected
    <block end>, but found ..." when a line starts in a column where no list or mapping
    above it does; neither is about quoting."""
    mark = exc.problem_mark
    if mark is None:
        return None
    problem = exc.problem or ""
    if problem.startswith("expected <block end>"):
        if "'-'" in problem:  # a `- item` in the column of the keys above it
            return (f"this list item is not lined up with the lines above it: a list goes under its key, "
                    f"indented deeper than the key (`stages:`, then `  - from: ...`); {_INDENT_ADVICE}")
        return (f"this line is not lined up with the lines above it: the keys of one mapping, and the dashes "
                f"of one list, start in the same column; {_INDENT_ADVICE}")
    if problem.startswith("mapping values are not allowed here"):
        lines = text.splitlines()
        before = lines[mark.line][:mark.column] if mark.line < len(lines) else ""
        # the colon that failed is the line's first: the line is `key: value`, and only its
        # indentation (deeper than the line above) makes it part of the value above
        if ": " not in before and before.strip() and before[:1] in (" ", "\t") and mark.line > 0:
            return (f"this line is indented deeper than the line above it, so it reads as part of that line's "
                    f"value; start it in the same column as the key it belongs beside; {_INDENT_ADVICE}")
    return None


def read_yaml(path: Path, diags: Diagnostics) -> tuple[bool, Any]:
    text = read_text(path, diags, MAX_YAML_BYTES)
    if text is None:
        return False, None
    return parse_yaml(text, path, diags)


def section_entries(doc: YamlMap, key: str, path: Path | str, diags: Diagnostics):
    """(entry, line) for each mapping listed under `key` of a YAML document; a section that
    is not a list, or an entry that is not a mapping, is reported and skipped."""
    entries = doc.get(key)
    if entries is None:
        return
    if not isinstance(entries, list):
        diags.error(path, doc.line_of(key), f"{key} must be a list of entries")
        return
    for i, entry in enumerate(entries):
        line = entries.line_of(i) if isinstance(entries, YamlList) else doc.line_of(key)
        if not isinstance(entry, dict):
            diags.error(path, line, f"each entry of {key} must be a mapping")
            continue
        yield entry, line
