"""The thematic-marathon engine and the shared tie-break module are pure: importing and
running them loads no file reader, template engine or YAML parser."""

import subprocess
import sys

FORBIDDEN = ("yaml", "jinja2", "markdown", "typer", "csv", "site_gen.sources", "site_gen.render", "site_gen.pipeline.project",
             "site_gen.config", "site_gen.diagnostics")
ENGINE = ("site_gen.tiebreak", "site_gen.rules.thematic_marathon.model", "site_gen.rules.thematic_marathon.grouping",
          "site_gen.rules.thematic_marathon.tournament", "site_gen.rules.thematic_marathon.master",
          "site_gen.rules.thematic_marathon.scoring")


def test_thematic_engine_imports_nothing_impure():
    code = (
        f"import sys\nfor m in {ENGINE!r}: __import__(m)\n"
        "from site_gen.rules.thematic_marathon.scoring import compute\n"
        "from site_gen.rules.thematic_marathon.model import MarathonData, Settings, GroupDef, TournamentDef, TournamentData\n"
        "s = Settings(groups=(GroupDef('g', 'G', (TournamentDef('t', 'T'),)),))\n"
        "compute(MarathonData({}, {'t': TournamentData('t', True, ('a', 'b'))}, {}), s)\n"
        f"bad = [m for m in sys.modules if m in {FORBIDDEN!r} or any(m.startswith(f + '.') for f in {FORBIDDEN!r})]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
