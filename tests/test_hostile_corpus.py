"""The hostile-* cases of tests/invalid/ beyond their exact `check` lines (test_invalid.py):
hostile text that is valid data builds, and every built page shows it as text, with no
script, event handler or script URL but the theme's own; and no case runs a command."""

from __future__ import annotations

import html
import html.parser
import re
import shutil
from pathlib import Path

import pytest

from hostile_project import site_gen

CASES = Path(__file__).parent / "invalid"
AS_DATA = {
    "hostile-markup-as-data": ['<script>alert("names")</script>', "<img src=x onerror=alert(1)>",
                               '"><svg onload=alert(1)>', "javascript:alert(1)", "Robert'); DROP TABLE players;--",
                               '<script>alert("competition")</script> Cup',
                               '<iframe src="javascript:alert(1)"></iframe> left the table',
                               '<script>alert("title")</script>', '<script>alert("raw")</script>',
                               "<b>Rules</b>", "<script>alert('site')</script> & friends"],
    "hostile-template-syntax-as-data": ["{{ 7*7 }}", "{% raw %}", "{# comment #}", "{{ ''.__class__.__mro__ }}",
                                        "${7*7}", "{%- endraw %}", "{{ 7*7 }} Cup {% if true %}yes{% endif %}",
                                        '{% include "base.html" %}', "{{ config }} {% for x in range(9) %}x{% endfor %}",
                                        "{{ site.title }}", "{% raw %} {{ page }} {# x #}"],
}


class _Page(html.parser.HTMLParser):
    """The text of a page, and every script, event handler and script URL in it."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        # the theme's scripts only: static/*.js, relative to the page (../static/site.js)
        if tag == "script" and not re.fullmatch(r"(\.\./)*static/[\w.-]+\.js", attrs.get("src") or ""):
            self.problems.append(f"inline script {attrs}")
        if tag in ("iframe", "object", "embed", "base"):  # the theme writes none (its charts are svg)
            self.problems.append(f"<{tag}>")
        for name, value in attrs.items():
            if name.startswith("on") and not (tag == "form" and name == "onsubmit" and value == "return false"):
                self.problems.append(f"<{tag} {name}>")
            if name in ("href", "src", "action") and value and value.strip().lower().startswith(("javascript:", "data:")):
                self.problems.append(f"<{tag} {name}={value}>")
        if "title" in attrs or "aria-label" in attrs:
            self.text.extend(v for k, v in attrs.items() if k in ("title", "aria-label") and v)

    def handle_data(self, data):
        self.text.append(data)


@pytest.mark.parametrize("case", sorted(AS_DATA))
def test_hostile_text_is_built_and_shown_as_text(case: str, tmp_path: Path):
    project = tmp_path / "project"
    shutil.copytree(CASES / case, project, ignore=shutil.ignore_patterns("expected.txt"))
    result = site_gen("build", "--out", str(tmp_path / "site"), "--base-url", "/", cwd=project)
    assert result.returncode == 0, result.stderr
    shown, problems = [], []
    for page in sorted((tmp_path / "site").rglob("*.html")):
        parser = _Page()
        parser.feed(page.read_text(encoding="utf-8"))
        shown.append(" ".join(" ".join(parser.text).split()))
        problems += [f"{page.relative_to(tmp_path)}: {p}" for p in parser.problems]
    assert problems == []
    everything = "\n".join(shown)
    for text in AS_DATA[case]:
        assert " ".join(text.split()) in everything, text
    assert "49 Cup" not in everything and "Cup yes" not in everything  # the data was never evaluated


def test_no_case_runs_a_command(tmp_path: Path):
    project = tmp_path / "project"
    shutil.copytree(CASES / "hostile-yaml-structure", project, ignore=shutil.ignore_patterns("expected.txt"))
    for command in (["check"], ["build", "--out", str(tmp_path / "site")]):
        result = site_gen(*command, cwd=project)
        assert result.returncode == 1 and "PWNED" not in result.stdout
        assert not any(p.name == "pwned.txt" for p in tmp_path.rglob("*")), command


def test_the_escaped_markup_is_visible_in_the_html_source(tmp_path: Path):
    """Belt and braces for the parser above: the raw bytes hold the escaped form."""
    project = tmp_path / "project"
    shutil.copytree(CASES / "hostile-markup-as-data", project, ignore=shutil.ignore_patterns("expected.txt"))
    assert site_gen("build", "--out", str(tmp_path / "site"), cwd=project).returncode == 0
    page = (tmp_path / "site" / "marathon" / "index.html").read_text(encoding="utf-8")
    assert html.escape('<script>alert("competition")</script>', quote=False) in page.replace("&#34;", '"').replace(
        "&quot;", '"')
    assert '<script>alert("competition")</script>' not in page
