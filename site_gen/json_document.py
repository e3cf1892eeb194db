"""The JSON documents' layout: the document's structure indented, each row on one line.

One row per line keeps a diff of two builds readable (a changed game is one changed line)
and lets the C encoder write the rows, which is ~10x faster than `indent=2`, written by
Python one token at a time (a 100,000-game marathon spent seconds there).
"""

from __future__ import annotations

import json
from typing import Any

_ROW = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
_INDENT = "  "
_CONTAINERS = (dict, list)


def document_json(document: Any) -> bytes:
    parts: list[str] = []
    _write(document, 0, parts)
    parts.append("\n")
    return "".join(parts).encode("utf-8")


def _flat(value: dict | list) -> bool:
    """A row: its values are scalars, or containers of scalars. (Exact type checks: this
    runs for every row of a 100,000-game document.)"""
    for item in (value.values() if type(value) is dict else value):
        kind = type(item)
        if kind is dict:
            item = item.values()
        elif kind is not list:
            continue
        for inner in item:
            if type(inner) in _CONTAINERS:
                return False
    return True


def _write(value: Any, level: int, parts: list[str]) -> None:
    if not isinstance(value, (dict, list)) or not value or (level > 0 and _flat(value)):
        parts.append(_ROW.encode(value))
        return
    inner = "\n" + _INDENT * (level + 1)
    if isinstance(value, dict):
        parts.append("{")
        for index, (key, item) in enumerate(value.items()):
            parts.append(("," if index else "") + inner + _key(key) + ": ")
            _write(item, level + 1, parts)
        parts.append("\n" + _INDENT * level + "}")
    else:
        parts.append("[")
        for index, item in enumerate(value):
            parts.append("," if index else "")
            parts.append(inner)
            _write(item, level + 1, parts)
        parts.append("\n" + _INDENT * level + "]")


def _key(key: Any) -> str:
    if isinstance(key, str):
        return _ROW.encode(key)
    return _ROW.encode({key: 0})[1:-4]  # json's own conversion of a number key: "3"
