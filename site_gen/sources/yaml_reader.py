"""Safe YAML that keeps line numbers and never lets a value change its meaning.

YAML 1.1 reads an unquoted `18:33` as 1113 and `yes` as true; here such scalars stay the
text the user wrote, and dates stay text too, so that the settings parser decides what
they mean (and can report the line when it is neither).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from site_gen.diagnostics import Diagnostics
from site_gen.sources.text import read_text

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


_BOOL_WORDS = {"true": True, "false": False}
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
        return _constructor.construct_object(node)
    if tag == "str":
        return value
    return value  # timestamps and anything else: the text as written


def _convert(node: yaml.Node, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise _Budget()
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        result = YamlMap()
        result.line = line
        result.key_lines = {}
        for key_node, value_node in node.value:
            key = _convert(key_node, budget)
            key = key if isinstance(key, (str, int)) else str(key)
            result[key] = _convert(value_node, budget)
            result.key_lines[key] = key_node.start_mark.line + 1
        return result
    if isinstance(node, yaml.SequenceNode):
        result = YamlList(_convert(n, budget) for n in node.value)
        result.line = line
        result.item_lines = [n.start_mark.line + 1 for n in node.value]
        return result
    return _scalar(node)


def parse_yaml(text: str, path: Path | str, diags: Diagnostics) -> tuple[bool, Any]:
    """(ok, value); a syntax error is reported with its line and ok is False."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        diags.error(path, line, f"YAML syntax error: {exc.problem or exc}")
        return False, None
    except yaml.YAMLError as exc:
        diags.error(path, None, f"YAML error: {exc}")
        return False, None
    if node is None:
        return True, None
    try:
        return True, _convert(node, [MAX_NODES])
    except _Budget:
        diags.error(path, 1, f"the YAML document expands to more than {MAX_NODES} values (alias bomb?)")
        return False, None
    except RecursionError:
        diags.error(path, 1, "the YAML document is nested too deeply")
        return False, None


def read_yaml(path: Path, diags: Diagnostics) -> tuple[bool, Any]:
    text = read_text(path, diags)
    if text is None:
        return False, None
    return parse_yaml(text, path, diags)
