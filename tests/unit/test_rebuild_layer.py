"""What is kept between builds lives in site_gen/rebuild/ (issue 40), and it stays small;
who may import it, import-linter's contracts say (test_import_layers.py)."""

from pathlib import Path

import site_gen

PACKAGE = Path(site_gen.__file__).resolve().parent


def test_rebuild_is_at_most_1200_lines():
    lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in (PACKAGE / "rebuild").glob("*.py"))
    assert lines <= 1200
