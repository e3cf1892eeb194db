"""What is kept between builds lives in site_gen/rebuild/ (issue 40): only the pipeline and
serve import it, and no rule set, source reader or template helper imports it or the
pipeline; and it stays small."""

import ast
from pathlib import Path

import site_gen

PACKAGE = Path(site_gen.__file__).resolve().parent


def _imports(path: Path) -> set[str]:
    """The site_gen modules a file imports, anywhere in it (a function's own imports too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.update([node.module] + [f"{node.module}.{alias.name}" for alias in node.names])
    return {name for name in found if name.startswith("site_gen.")}


def _importers(prefix: str) -> set[str]:
    """The files of site_gen (relative, posix) that import site_gen.<prefix> or a module of it."""
    return {path.relative_to(PACKAGE).as_posix() for path in sorted(PACKAGE.rglob("*.py"))
            if any(name == f"site_gen.{prefix}" or name.startswith(f"site_gen.{prefix}.") for name in _imports(path))}


def test_only_the_pipeline_and_serve_import_rebuild():
    outside = {name for name in _importers("rebuild") if not name.startswith(("rebuild/", "pipeline/", "serve/"))}
    assert outside == set()


def test_rules_sources_and_render_import_neither_rebuild_nor_the_pipeline():
    layers = ("rules/", "sources/", "render/")
    assert {name for name in _importers("rebuild") | _importers("pipeline") if name.startswith(layers)} == set()


def test_rebuild_is_at_most_1200_lines():
    lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in (PACKAGE / "rebuild").glob("*.py"))
    assert lines <= 1200
