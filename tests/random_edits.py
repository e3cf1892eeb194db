"""Random edits of a project's data files, as an organiser's slips and corrections: a CSV
row's cells swapped, nudged, copied from another row, or the row deleted, doubled or moved;
two scores of a Tenhou log line swapped, a line deleted or doubled; a YAML line's number
nudged, the line deleted or doubled. Many leave the data invalid. The same generator state
and the same files give the same edit.

random_site_edit edits the site's own files instead: a theme template overridden in the
project's templates/ (a line added, deleted or swapped with another; an override removed),
a Markdown page, or site.yaml's title, description or language."""

from __future__ import annotations

import random
import re
from pathlib import Path

from site_gen.render.environment import PACKAGED_THEMES

EDITED = (".csv", ".log", ".html", ".yaml")
THEME_TEMPLATES = PACKAGED_THEMES / "default" / "templates"
LANGUAGES = ("en", "it", "ja", "ru")
_NUMBER = re.compile(r"[0-9]+")
_SCORE = re.compile(r"\(([+-]?[0-9]+\.[0-9])\)")


def data_files(root: Path) -> dict[str, list[Path]]:
    """The files an edit may touch, by competition folder."""
    found: dict[str, list[Path]] = {}
    for path in sorted((root / "data").rglob("*")):
        if path.is_file() and path.suffix in EDITED:
            found.setdefault(path.relative_to(root / "data").parts[0], []).append(path)
    return found


def random_edit(root: Path, rng: random.Random, competition: str | None = None) -> tuple[Path, bytes, str]:
    """Edit a line drawn at random of `competition` (else of one drawn at random): (the
    file, its bytes before, what was done)."""
    files = data_files(root)
    chosen = files[competition or rng.choice(sorted(files))]
    path = rng.choices(chosen, weights=[len(path.read_bytes().splitlines()) + 1 for path in chosen])[0]
    before = path.read_bytes()
    lines = before.decode("utf-8").splitlines(keepends=True)
    edit = {".csv": _csv_edit, ".yaml": _yaml_edit}.get(path.suffix, _log_edit)
    what = edit(lines, rng)
    path.write_text("".join(lines), encoding="utf-8")
    return path, before, what


def undo(path: Path, before: bytes | None) -> None:
    """Put back a file an edit changed (`before`: its bytes, None where it was not there)."""
    if before is None:
        path.unlink()
    else:
        path.write_bytes(before)


def random_site_edit(root: Path, rng: random.Random, templates: list[str]) -> tuple[Path, bytes | None, str]:
    """Edit a template (one of `templates`, paths under the theme's templates/), a Markdown
    page or site.yaml, drawn at random: (the file, its bytes before or None where the
    project had no such file, what was done)."""
    kind = rng.choice(["template", "template", "template", "markdown", "site"])
    if kind == "template":
        rel = rng.choice(templates)
        path = root / "templates" / rel
        before = path.read_bytes() if path.exists() else None
        if before is not None and rng.random() < 0.25:
            path.unlink()
            return path, before, "override removed"
        text = (THEME_TEMPLATES / rel).read_text(encoding="utf-8") if before is None else before.decode("utf-8")
        lines = text.splitlines(keepends=True)
        what = _line_edit(lines, rng)
        path.parent.mkdir(parents=True, exist_ok=True)
    elif kind == "markdown":
        path = rng.choice(sorted((root / "content").rglob("*.md")))
        before = path.read_bytes()
        lines = before.decode("utf-8").splitlines(keepends=True)
        i = rng.randrange(len(lines) + 1)
        lines.insert(i, f"Edited {rng.randrange(1000)}.\n\n")
        what = f"paragraph added at line {i + 1}"
    else:
        path = root / "site.yaml"
        before = path.read_bytes()
        lines = before.decode("utf-8").splitlines(keepends=True)
        key = rng.choice(["title", "description", "language"])
        i = next(k for k, line in enumerate(lines) if line.startswith(f"{key}: "))
        old = lines[i][len(key) + 2:].strip()
        value = rng.choice(LANGUAGES) if key == "language" else f"{old} {rng.randrange(100)}"
        lines[i] = f"{key}: {value}\n"
        what = f"{key}: {value}"
    path.write_text("".join(lines), encoding="utf-8")
    return path, before, what


def _line_edit(lines: list[str], rng: random.Random) -> str:
    """A template's line added, deleted or swapped with another."""
    i = rng.randrange(len(lines))
    op = rng.choice(["add", "add", "delete", "swap"])
    if op == "add":
        lines.insert(i, f"<i>edit {rng.randrange(1000)}</i>\n")
    elif op == "delete":
        del lines[i]
    else:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return f"swap lines {i + 1} and {j + 1}"
    return f"{op} line {i + 1}"


def _csv_edit(lines: list[str], rng: random.Random) -> str:
    rows = [i for i, line in enumerate(lines) if line.strip() and not line.startswith("#")][1:]  # under the header
    if not rows:
        return "nothing"
    i = rng.choice(rows)
    cells = lines[i].rstrip("\n").split(",")
    op = rng.choice(["swap", "nudge", "copy", "delete", "double", "move"])
    if op == "swap":  # two numbers (scores) or two words (players): more often still valid
        a = rng.randrange(len(cells))
        alike = [k for k, cell in enumerate(cells) if k != a and _numeric(cell) == _numeric(cells[a])]
        if alike:
            b = rng.choice(alike)
            cells[a], cells[b] = cells[b], cells[a]
    elif op == "nudge":
        numbers = [k for k, cell in enumerate(cells) if _numeric(cell)]
        if numbers:
            k = rng.choice(numbers)
            cells[k] = str(int(cells[k]) + rng.choice([-1000, -100, -1, 1, 100, 1000]))
    elif op == "copy":
        other = lines[rng.choice(rows)].rstrip("\n").split(",")
        k = rng.randrange(min(len(cells), len(other)))
        cells[k] = other[k]
    elif op == "delete":
        del lines[i]
        return f"{op} line {i + 1}"
    elif op == "double":
        lines.insert(i, lines[i])
        return f"{op} line {i + 1}"
    elif op == "move":
        j = rng.choice(rows)
        lines[i], lines[j] = lines[j], lines[i]
        return f"{op} line {i + 1} with {j + 1}"
    lines[i] = ",".join(cells) + "\n"
    return f"{op} line {i + 1}"


def _numeric(cell: str) -> bool:
    return cell.lstrip("-").isdigit()


def _log_edit(lines: list[str], rng: random.Random) -> str:
    if not lines:
        return "nothing"
    i = rng.randrange(len(lines))
    op = rng.choice(["swap", "swap", "delete", "double"])
    scores = list(_SCORE.finditer(lines[i]))
    if op == "swap" and len(scores) > 1:
        a, b = sorted(rng.sample(scores, 2), key=lambda m: m.start())
        line = lines[i]
        lines[i] = (line[:a.start(1)] + b.group(1) + line[a.end(1):b.start(1)] + a.group(1) + line[b.end(1):])
    elif op == "delete":
        del lines[i]
    elif op == "double":
        lines.insert(i, lines[i])
    return f"{op} line {i + 1}"


def _yaml_edit(lines: list[str], rng: random.Random) -> str:
    candidates = [i for i, line in enumerate(lines)
                  if not line.lstrip().startswith("#") and (line.lstrip().startswith("- ") or _NUMBER.search(line))]
    if not candidates:
        return "nothing"
    i = rng.choice(candidates)
    op = rng.choice(["nudge", "nudge", "delete", "double"])
    numbers = list(_NUMBER.finditer(lines[i]))
    if op == "nudge" and numbers:
        m = rng.choice(numbers)
        value = max(0, int(m.group()) + rng.choice([-1, 1]))
        lines[i] = lines[i][:m.start()] + str(value).zfill(len(m.group())) + lines[i][m.end():]
    elif op == "delete":
        del lines[i]
    elif op == "double":
        lines.insert(i, lines[i])
    return f"{op} line {i + 1}"
