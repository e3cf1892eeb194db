"""The scoring engine is pure: importing and running it loads no file reader, template
engine or YAML parser."""

import subprocess
import sys

FORBIDDEN = ("yaml", "jinja2", "markdown", "typer", "csv", "site_gen.sources", "site_gen.render", "site_gen.pipeline.project")


def test_scoring_imports_nothing_impure():
    code = (
        "import sys, site_gen.rules.online_marathon.scoring, site_gen.rules.online_marathon.stage,"
        " site_gen.ranking\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r} or m in {FORBIDDEN!r} "
        f"or any(m.startswith(f + '.') for f in {FORBIDDEN!r})]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
