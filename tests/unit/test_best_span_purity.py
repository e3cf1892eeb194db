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


def test_best_span_is_plain_load_compute_publish():
    """No incremental scoring in the rule set (issue 40): it sets neither recompute nor
    keep_between_builds, and neither it nor the Tenhou readers keep anything between builds."""
    import importlib
    import pkgutil

    import site_gen.rules.best_span as package
    from site_gen.rules.registry import RULESETS

    ruleset = RULESETS["best-span"]
    assert not hasattr(ruleset, "recompute") and not hasattr(ruleset, "keep_between_builds")
    modules = [importlib.import_module(f"{package.__name__}.{m.name}") for m in pkgutil.iter_modules(package.__path__)]
    modules += [importlib.import_module(f"site_gen.sources.{name}") for name in ("log_store", "tenhou_columns",
                                                                                  "tenhou_files", "tenhou_log")]
    for module in modules:
        assert not hasattr(module, "keep_between_builds"), module.__name__
        assert not [name for name, value in vars(module).items()
                    if name.startswith(("_last", "_kept", "_unwritten")) and not callable(value)], module.__name__


def test_best_span_keeps_no_module_level_memo():
    """No function of the rule set remembers its answers for later calls (issue 40: a rule
    set is load, compute, publish, a pure function of data and settings): functools' caches
    (lru_cache, cache) carry cache_info."""
    import importlib
    import pkgutil

    import site_gen.rules.best_span as package

    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        memos = [name for name, value in vars(module).items() if hasattr(value, "cache_info")]
        assert not memos, f"{module.__name__}: {memos}"
