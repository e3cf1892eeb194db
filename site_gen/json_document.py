"""The JSON documents' layout: the document's structure indented, each row on one line.

One row per line keeps a diff of two builds readable (a changed game is one changed line)
and lets the C encoder write the rows, which is ~10x faster than `indent=2`, written by
Python one token at a time (a 100,000-game marathon spent seconds there).
"""

from __future__ import annotations

import json
from itertools import repeat
from json.encoder import c_make_encoder, encode_basestring
from typing import Any, Iterable, Iterator

_ROW = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
_INDENT = "  "
_CONTAINERS = (dict, list)

# JSONEncoder.encode makes a new C encoder at every call, a third of the cost of a short
# row: this one, made once, writes the same text. (No circular-reference check: a row
# holds containers of scalars at most, so it cannot contain itself.)
_ROW_ENCODER = c_make_encoder and c_make_encoder(
    None, _ROW.default, encode_basestring, None, _ROW.key_separator, _ROW.item_separator, False, False, True)


class Encoded(list):
    """A list's rows already written (json_rows), each on its own line: written as they are.
    A document made for the file alone then skips looking into each of 100,000 rows."""


_NESTED = (dict, list, Encoded)  # exact types: a container in a row's container makes it more than a row


def json_rows(rows: Iterable[Any]) -> Encoded:
    """The rows as document_json writes them in a list: each a container of scalars and
    containers of scalars, one of them at least (a table's rows with their nested values),
    so that, as in the list, each row is one line and the rows never share one."""
    return Encoded(_encoded(rows))


def document_json(document: Any) -> bytes:
    parts: list[str] = []
    _write(document, 0, parts)
    parts.append("\n")
    return "".join(parts).encode("utf-8")


def _one_line(value: Any) -> bool:
    """Written on one line below the top level: a scalar, or a row, whose values are
    scalars or containers of scalars. (Exact type checks inside: this runs for every
    row of a 100,000-game document.)"""
    if not isinstance(value, _CONTAINERS):
        return True
    if type(value) is Encoded:  # rows: one line only when there are none
        return not value
    for item in (value.values() if type(value) is dict else value):
        kind = type(item)
        if kind is dict:
            item = item.values()
        elif kind is Encoded:  # rows, each a container
            if item:
                return False
            continue
        elif kind is not list:
            continue
        for inner in item:
            if type(inner) in _NESTED:
                return False
    return True


def _encoded(values: Iterable[Any]) -> Iterator[str]:
    if _ROW_ENCODER is None:  # no C accelerator (not CPython)
        return map(_ROW.encode, values)
    return map("".join, map(_ROW_ENCODER, values, repeat(0)))


def _write(value: Any, level: int, parts: list[str]) -> None:
    if not isinstance(value, _CONTAINERS) or not value or (level > 0 and _one_line(value)):
        parts.extend(_encoded((value,)))  # an empty Encoded too: "[]"
        return
    inner = "\n" + _INDENT * (level + 1)
    if isinstance(value, dict):
        parts.append("{")
        for index, (key, item) in enumerate(value.items()):
            parts.append(("," if index else "") + inner + _key(key) + ": ")
            _write(item, level + 1, parts)
    elif type(value) is Encoded:  # rows written already (json_rows)
        parts.append("[" + inner)
        parts.append(("," + inner).join(value))
    elif all(map(_one_line, value)):  # a list of rows (a table's players): one join
        parts.append("[" + inner)
        parts.append(("," + inner).join(_encoded(value)))
    else:
        parts.append("[")
        for index, item in enumerate(value):
            parts.append("," if index else "")
            parts.append(inner)
            _write(item, level + 1, parts)
    parts.append("\n" + _INDENT * level + ("}" if isinstance(value, dict) else "]"))


def _key(key: Any) -> str:
    if isinstance(key, str):
        return _ROW.encode(key)
    return _ROW.encode({key: 0})[1:-4]  # json's own conversion of a number key: "3"


def competition_header(info: Any, state: Any) -> dict[str, Any]:
    """The `competition` object a published document starts with: what it is and where it
    stands (spec README: a document may carry more than its rule set's keys)."""
    return {
        "name": info.name,
        "rules": info.rules,
        "status": state.state,  # not_started, in_progress or final
        "results_up_to": state.results_up_to.isoformat() if state.results_up_to else None,
        "after_round": state.after_round,
        "provisional": state.provisional,
    }


def with_header(header: dict[str, Any], document: dict[str, Any], schema: str | None = None) -> dict[str, Any]:
    """The published document: `$schema` first (the schema's address, as JSON Schema tools
    look for it), then the `competition` header, then the rule set's keys."""
    return {**({"$schema": schema} if schema else {}), "competition": header, **document}
