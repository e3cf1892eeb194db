"""CSV with line numbers: UTF-8 (BOM accepted), a header row, blank and `#` lines skipped."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.sources.text import read_text


@dataclass(frozen=True)
class Row:
    line: int
    cells: dict[str, str]

    def get(self, column: str) -> str:
        return self.cells.get(column, "")


def read_csv(
    path: Path,
    diags: Diagnostics,
    required: list[str],
    optional: list[str] | tuple[str, ...] = (),
    extra_ok: bool = False,
) -> list[Row] | None:
    """Rows keyed by header name; None when the file cannot be read at all.

    Every problem (missing or unknown column, wrong cell count) is reported, and rows
    with the wrong number of cells are skipped so the rest can still be checked.
    """
    text = read_text(path, diags)
    if text is None:
        return None
    reader = csv.reader(io.StringIO(text, newline=""))
    header: list[str] | None = None
    header_line = 0
    rows: list[Row] = []
    previous_end = 0
    try:
        for record in reader:
            start = previous_end + 1
            previous_end = reader.line_num
            if not record or all(not c.strip() for c in record):
                continue
            if record[0].lstrip().startswith("#"):
                continue
            if header is None:
                header = [c.strip() for c in record]
                header_line = start
                if not _check_header(path, diags, header, header_line, required, optional, extra_ok):
                    return None
                continue
            if len(record) != len(header):
                diags.error(
                    path,
                    start,
                    f"expected {len(header)} cells as in the header, found {len(record)}",
                )
                continue
            rows.append(Row(start, {h: c.strip() for h, c in zip(header, record)}))
    except csv.Error as exc:
        diags.error(path, reader.line_num, f"malformed CSV: {exc}")
        return None
    if header is None:
        diags.error(path, 1, f"the file has no header row; expected: {','.join(required)}")
        return None
    return rows


def _check_header(path, diags, header, line, required, optional, extra_ok) -> bool:
    ok = True
    known = list(required) + list(optional)
    seen: set[str] = set()
    suggested: set[str] = set()  # a missing column already named by a "did you mean"
    for name in header:
        if name in seen:
            diags.error(path, line, f'column "{name}" appears twice in the header')
            ok = False
        seen.add(name)
        if name not in known and not extra_ok:
            missing = [k for k in known if k not in header]
            hint = did_you_mean(name, missing) or did_you_mean(name, known)
            suggested.update(k for k in missing if hint == f'; did you mean "{k}"?')
            diags.error(path, line, f'unknown column "{name}"{hint}')
            ok = False
    for name in required:
        if name not in seen and name not in suggested:
            diags.error(path, line, f'missing column "{name}"; expected: {",".join(required)}')
            ok = False
    return ok
