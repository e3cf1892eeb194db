"""Decoding a file's bytes as UTF-8 with a message a volunteer can act on.

Every data file is read whole, so its size is checked before a byte is read: a file
above MAX_TEXT_BYTES (or a FIFO, a device) is refused with a message instead of filling
the memory. Bytes that are not UTF-8 get a guess of what the file was saved as.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from site_gen.diagnostics import Diagnostics

# The largest file of each kind, far above real ones, so that a wrong or hostile file is
# refused before it fills the memory or the build's time (each at most ~2 s of CPU and
# ~200 MB, measured in tests/test_hostile_limits.py). Tables: an online marathon's
# games.csv is ~150 KB a season. YAML: the pure-Python parser builds every node first
# (real files: a few KB). Markdown: Python-Markdown is quadratic on some input (see
# markdown_safety; real pages: < 10 KB). Tenhou logs are streamed, not read here.
MAX_TEXT_BYTES = 16 * 1024 * 1024
MAX_YAML_BYTES = 256 * 1024
MAX_MARKDOWN_BYTES = 128 * 1024

# Legacy encodings volunteers' editors save in, tried in this order to name the problem:
# any byte string decodes as some of them, so each needs text that looks like its script.
_GUESSES = (
    ("shift_jis", "Shift-JIS (Japanese)"),
    ("cp1251", "Windows-1251 (Cyrillic)"),
    ("cp1252", "Windows-1252 (Western European)"),
)
_PUNCTUATION = set("«»№—–…“”„‘’·")


def read_text(path: Path, diags: Diagnostics, limit: int = MAX_TEXT_BYTES) -> str | None:
    """The file's text (a UTF-8 BOM is dropped), or None after reporting why not."""
    data = _read_bytes(path, diags, limit)
    if data is None:
        return None
    if b"\x00" in data and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        at = data.index(b"\x00")
        line = data.count(b"\n", 0, at) + 1
        diags.error(path, line, f"the file holds a NUL byte (column {_column(data, at)}): it is a binary file "
                                "or saved as UTF-16; save it as UTF-8 text")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        diags.error(
            path,
            line,
            f"the file is not UTF-8{_guess(data)}: byte 0x{data[exc.start]:02x} at column "
            f"{_column(data, exc.start)} cannot be decoded; save it as UTF-8",
        )
        return None


def _read_bytes(path: Path, diags: Diagnostics, limit: int) -> bytes | None:
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        diags.error(path, None, f"cannot read the file: {exc.strerror or exc}")
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a device, a FIFO or a socket)"
            diags.error(path, None, f"{what}; data files must be plain files")
            return None
        if info.st_size > limit:
            diags.error(path, None, f"the file has {info.st_size:,} bytes ({_size(info.st_size)}), more than the "
                                    f"{_size(limit)} a data file may hold; is it the right file?")
            return None
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limit + 1)  # a file growing while read still stops at the limit
    except OSError as exc:
        diags.error(path, None, f"cannot read the file: {exc.strerror or exc}")
        return None
    finally:
        os.close(fd)
    if len(data) > limit:
        diags.error(path, None, f"the file is more than the {_size(limit)} a data file may hold; is it the right file?")
        return None
    return data


def _guess(data: bytes) -> str:
    """' but looks like Windows-1251 (Cyrillic)' when another encoding reads it plausibly."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return " but UTF-16"
    for codec, name in _GUESSES:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        if _plausible(text, codec):
            return f" but looks like {name}"
    return ""


def _plausible(text: str, codec: str) -> bool:
    """Most of the non-ASCII characters are letters of the codec's script."""
    wide = [i for i, ch in enumerate(text) if ord(ch) > 127 and ch not in _PUNCTUATION]
    if not wide:
        return False
    if codec == "shift_jis":  # kana, kanji, full-width forms; half-width kana are cp1251 bytes read as SJIS
        ok = sum(1 for i in wide if "\u3000" <= text[i] <= "\u9fff" or "\uff01" <= text[i] <= "\uff60")
    elif codec == "cp1251":  # Cyrillic words, not single accented letters of a Latin-1 file
        ok = sum(1 for i in wide if "\u0400" <= text[i] <= "\u04ff" and _in_a_run(text, i))
    else:
        ok = sum(1 for i in wide if text[i].isalpha())
    return ok >= 0.9 * len(wide)


def _in_a_run(text: str, i: int) -> bool:
    return any(0 <= j < len(text) and "\u0400" <= text[j] <= "\u04ff" for j in (i - 1, i + 1))


def _column(data: bytes, index: int) -> int:
    return index - (data.rfind(b"\n", 0, index) + 1) + 1


def _size(n: int) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{n} bytes"
