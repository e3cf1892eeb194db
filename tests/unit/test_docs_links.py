"""Every relative link in README.md and docs/*.md leads somewhere: to a file or folder of
the repository, and, for a `#part`, to a heading of the Markdown file it names (as GitHub
makes a heading's anchor). Links in code are not links; absolute URLs are not checked."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]

FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1[^\n]*$", re.M | re.S)
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+[\"'(][^)]*)?\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)", re.M)
HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", re.M)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _prose(text: str) -> str:
    """The text without fenced code blocks and inline code spans."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def links(path: Path) -> list[str]:
    prose = _prose(path.read_text(encoding="utf-8"))
    found = [m.group(1) for m in INLINE_LINK.finditer(prose)] + [m.group(1) for m in REFERENCE.finditer(prose)]
    return [target[1:-1] if target.startswith("<") else target for target in found]


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    result = set()
    for match in HEADING.finditer(text):
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", match.group(1))  # a link's text
        title = html.unescape(title.replace("`", ""))
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def broken_links(path: Path) -> list[str]:
    problems = []
    for target in links(path):
        if SCHEME.match(target) or target.startswith("//"):
            continue  # an absolute URL (https:, mailto:): not checked here
        part, _, fragment = target.partition("#")
        where = path if not part else (path.parent / unquote(part)).resolve()
        if part.startswith("/"):
            problems.append(f"{target}: a link from the site's root; write it relative to the file")
            continue
        if not where.exists():
            problems.append(f"{target}: no such file or folder")
            continue
        if where != REPO and REPO not in where.parents:
            problems.append(f"{target}: outside the repository")
            continue
        if fragment and where.suffix == ".md" and unquote(fragment) not in anchors(where):
            problems.append(f"{target}: no heading with the anchor #{fragment} in {where.relative_to(REPO)}")
    return problems


def test_there_are_documents():
    assert (REPO / "README.md").is_file()
    assert len(DOCUMENTS) > 1, "docs/ holds no Markdown file"


@pytest.mark.parametrize("path", DOCUMENTS, ids=[str(p.relative_to(REPO)) for p in DOCUMENTS])
def test_relative_links_resolve(path):
    problems = broken_links(path)
    assert not problems, f"{path.relative_to(REPO)}: broken links:\n  " + "\n  ".join(problems)


def test_a_broken_link_is_found(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "REPO", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "there.md").write_text("# A heading\n", encoding="utf-8")
    page = tmp_path / "README.md"
    page.write_text(
        "[ok](docs/there.md) [ok too](docs/there.md#a-heading) [web](https://example.org/x)\n"
        "`[in code](nowhere.md)`\n```\n[in a block](nowhere.md)\n```\n"
        "[missing](docs/gone.md) [bad anchor](docs/there.md#no-such)\n\n[ref]: docs/also-gone.md\n",
        encoding="utf-8")
    assert broken_links(page) == [
        "docs/gone.md: no such file or folder",
        "docs/there.md#no-such: no heading with the anchor #no-such in docs/there.md",
        "docs/also-gone.md: no such file or folder",
    ]
