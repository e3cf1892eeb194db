"""The swiss-cut engine is pure like every other: its scoring, standings, seating, bracket
and outcome modules load no file reader, template engine, YAML parser or CLI library,
and compute without touching a file."""

import subprocess
import sys

from test_engine_purity import FORBIDDEN

ENGINE = (
    "site_gen.rules.swiss_cut.model",
    "site_gen.rules.swiss_cut.mi",
    "site_gen.rules.swiss_cut.standings",
    "site_gen.rules.swiss_cut.outcome",
    "site_gen.rules.swiss_cut.seating",
    "site_gen.rules.swiss_cut.scoring",
    "site_gen.rules.swiss_cut.bracket",
)


def test_swiss_cut_engine_imports_nothing_impure():
    code = (
        f"import sys\nfor m in {ENGINE!r}: __import__(m)\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r} or m in {FORBIDDEN!r} "
        f"or any(m.startswith(f + '.') for f in {FORBIDDEN!r})]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_compute_opens_no_file(monkeypatch):
    import builtins

    from site_gen.rules.swiss_cut.scoring import compute
    from swiss_cut_helpers import REGISTERED, ROUND_1, data, settings

    def refuse(*args, **kwargs):
        raise AssertionError(f"the engine opened a file: {args}")

    monkeypatch.setattr(builtins, "open", refuse)
    assert compute(data(REGISTERED, [ROUND_1]), settings()).standings(1) is not None
