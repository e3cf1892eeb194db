"""A build that finds nothing changed is mostly Python's start: it imports neither the
pipeline (Jinja) nor pathlib, re, json, hashlib, enum or typing (~15 ms of its ~40). Its
process must show that, not the test's: it runs with -S, so that no .pth file of the
virtualenv (an editable install's import hook imports pathlib and re) runs before it,
and with the tree and site-packages on PYTHONPATH (so the same packages are installed for
the build's fingerprint)."""

import importlib.util
import os
import re
import site
import subprocess
import sys
import time
from pathlib import Path

from site_gen.rebuild.file_digests import RACY_NS

ROOT = Path(__file__).resolve().parents[2]
SLOW = {"pathlib", "re", "json", "enum", "typing", "fnmatch", "urllib", "jinja2", "markupsafe", "yaml"}
if importlib.util.find_spec("_sha2") or importlib.util.find_spec("_sha256"):  # a Python built with its own SHA-256
    SLOW.add("hashlib")
PROBE = ("import atexit, sys; atexit.register(lambda: print('imported:', "
         f"sorted({{m.split('.')[0] for m in sys.modules}} & {SLOW!r}))); "
         "from site_gen.entry import main; main()")


def _run(*args: str, bare: bool = False) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTHONPATH")}  # CI trusts no earlier build
    if bare:  # the same installed packages visible (the build's fingerprint names them), no .pth run
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *site.getsitepackages()])
    command = [sys.executable, *(["-S"] if bare else []), *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


def test_an_unchanged_build_imports_no_slow_module(marathon_project: Path, tmp_path: Path):
    args = ["build", "--root", str(marathon_project), "--out", str(tmp_path / "site" / "."), "-j", "1"]
    first = _run("-m", "site_gen", *args)
    assert first.returncode == 0, first.stderr
    assert " 0 changed)" not in first.stdout
    # Files and folders made less than RACY_NS before a build began (the inputs, the output's
    # folders) are checked again by it, which records them for the one after; a build that
    # finds them settled only then rewrites its record, importing json. So the second build
    # begins when everything the first one wrote has settled: the third finds its record
    # whole, however long the second took (it did not, once, under a loaded machine).
    time.sleep(RACY_NS / 1e9 + 0.5)
    assert " 0 changed)" in _run("-m", "site_gen", *args).stdout
    unchanged = _run("-c", PROBE, *args, bare=True)
    assert unchanged.returncode == 0, unchanged.stderr
    # the line a build ends with, the output folder spelt as the command line's Path spells it
    assert unchanged.stdout == re.sub(r"\d+ changed\)", "0 changed)", first.stdout) + "imported: []\n"
    assert first.stdout.endswith(f" changed) into {tmp_path / 'site'}\n")
    assert unchanged.stderr == first.stderr  # the warning given again, as the build gave it
    assert "warning: game 103474 is inside the period but in no stage" in unchanged.stderr
