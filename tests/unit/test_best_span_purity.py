"""The best-span engine is pure: its scoring, seats, span and model modules load no file
reader, template engine or YAML parser (the same rule as test_engine_purity.py)."""

import subprocess
import sys

from test_engine_purity import FORBIDDEN

ENGINE = ("site_gen.rules.best_span.scoring", "site_gen.rules.best_span.seats", "site_gen.rules.best_span.span",
          "site_gen.rules.best_span.model")


def test_best_span_engine_imports_nothing_impure():
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in ENGINE)
        + f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r} or m in {FORBIDDEN!r} "
        f"or any(m.startswith(f + '.') for f in {FORBIDDEN!r})]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
