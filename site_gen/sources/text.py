"""Decoding a file's bytes as UTF-8 with a message a volunteer can act on."""

from __future__ import annotations

from pathlib import Path

from site_gen.diagnostics import Diagnostics


def read_text(path: Path, diags: Diagnostics) -> str | None:
    """The file's text (a UTF-8 BOM is dropped), or None after reporting why not."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        diags.error(path, None, f"cannot read the file: {exc.strerror or exc}")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        diags.error(
            path,
            line,
            f"the file is not UTF-8 (byte 0x{data[exc.start]:02x} cannot be decoded); "
            "save it as UTF-8 (e.g. a Windows-1251 or Shift-JIS file must be converted)",
        )
        return None
    except Exception as exc:  # pragma: no cover - defensive
        diags.error(path, None, f"cannot decode the file: {exc}")
        return None
