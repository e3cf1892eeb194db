"""Resource limits: files made to exhaust memory or time are refused quickly, with a
message, inside a stated memory bound.

One `site-gen check` runs over a project holding every hostile file at once (a 2-GB
sparse games.csv, a YAML alias bomb, a CSV with three million columns, 16 MiB of tiny
rows, a FIFO, a YAML file and a Markdown page just under their limits built to be slow)
with its address space limited to ADDRESS_SPACE by setrlimit(RLIMIT_AS). It must exit
1 with each message, within CPU_SECONDS of CPU, and its peak resident memory (reported by
the process itself at exit) must stay under PEAK_RSS. Measured on the 2-core dev
machine: 5.1 s of CPU, peak RSS 229 MiB (mostly the 16 MiB table: alone it peaks at
~190 MiB; the 2-GB file, the alias bomb and the wide CSV each stay under 100 MiB).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

from hostile_project import write_project
from site_gen.sources.text import MAX_MARKDOWN_BYTES, MAX_TEXT_BYTES, MAX_YAML_BYTES

ADDRESS_SPACE = 384 * 1024 * 1024  # RLIMIT_AS: a run needing more dies with MemoryError
PEAK_RSS = 300 * 1024 * 1024
CPU_SECONDS = 30  # generous: the machine is shared; a quadratic reader would take minutes

# The child reports its own peak RSS on the way out (RUSAGE_CHILDREN would be the peak
# of all children of the test process).
_RUN = ("import atexit, resource, runpy, sys\n"
        "atexit.register(lambda: print('peak-rss-kb', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr))\n"
        "sys.argv = ['site-gen', *sys.argv[1:]]\n"
        "runpy.run_module('site_gen', run_name='__main__')\n")


def _limited():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _alias_bomb() -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]  # 10^10 values
    return "\n".join(lines) + "\n"


def _hostile_project(root: Path) -> Path:
    for slug in ("huge", "bomb", "wide", "rows", "fifo", "flat"):
        write_project(root, slug=slug)
    data = root / "data"
    huge = data / "huge" / "games.csv"
    os.truncate(huge, 2 * 1024 ** 3)  # sparse: no disk is used
    competition = data / "bomb" / "competition.yaml"
    competition.write_text(competition.read_text(encoding="utf-8") + _alias_bomb(), encoding="utf-8")
    (data / "wide" / "games.csv").write_text("," * 3_000_000 + "\n", encoding="utf-8")
    header = (data / "rows" / "games.csv").read_text(encoding="utf-8").splitlines()[0] + "\n"
    row = "1,T,2015-02-03T21:15:00+03:00,a,1,b,2,c,3,d,4\n"
    (data / "rows" / "games.csv").write_text(header + row * ((MAX_TEXT_BYTES - 200) // len(row)), encoding="utf-8")
    fifo = data / "fifo" / "games.csv"
    fifo.unlink()
    os.mkfifo(fifo)  # reading it would wait forever for a writer
    flat = data / "flat" / "competition.yaml"  # 65,000 values in one setting: one error, no limit hit
    text = flat.read_text(encoding="utf-8") + "description:\n"
    flat.write_text(text + "- 1\n" * ((MAX_YAML_BYTES - len(text)) // 4), encoding="utf-8")
    # setext headings: each line makes Python-Markdown look at the rest of its block again
    block = "a\n=\n" * 250 + "\n"
    page = (block * (MAX_MARKDOWN_BYTES // len(block) + 1))[:MAX_MARKDOWN_BYTES - 10]
    (root / "content" / "slow.md").write_text(page, encoding="utf-8")
    return root


def test_hostile_files_are_refused_quickly_within_the_memory_bound(tmp_path: Path):
    project = _hostile_project(tmp_path / "p")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([sys.executable, "-c", _RUN, "check"], cwd=project, capture_output=True, text=True,
                          encoding="utf-8", timeout=300, preexec_fn=_limited,
                          env={**os.environ, "CI": "true", "PYTHONIOENCODING": "utf-8"})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = proc.stderr.splitlines()
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr, proc.stderr[-3000:]
    assert proc.returncode == 1, proc.stderr[-3000:]
    expected = [
        "data/huge/games.csv: error: the file has 2,147,483,648 bytes (2 GiB), more than the 16 MiB a data file may hold",
        "data/bomb/competition.yaml:9: error: the YAML document expands to more than 200000 values",
        "data/wide/games.csv:1: error: the line has 3000001 cells, more than the 1000 a table may have",
        "data/rows/games.csv:100002: error: more than 100,000 rows, more than a results table may have",
        "data/fifo/games.csv: error: not a regular file (a device, a FIFO or a socket); data files must be plain files",
    ]
    for start in expected:
        assert any(line.startswith(start) for line in lines), (start, lines[-20:])
    assert [line.split(": error: ")[0] for line in lines if line.startswith(("data/flat/", "content/"))] \
        == ["data/flat/competition.yaml:9"], lines[-20:]  # read in full: the wrong type of description only
    peak = int(next(line.split()[1] for line in lines if line.startswith("peak-rss-kb"))) * 1024
    print(f"hostile check: {cpu:.1f} s CPU, peak RSS {peak / 2**20:.0f} MiB under RLIMIT_AS {ADDRESS_SPACE >> 20} MiB")
    assert peak < PEAK_RSS
    assert cpu < CPU_SECONDS


def test_files_over_the_limits_are_refused_before_they_are_read(tmp_path: Path):
    from site_gen.diagnostics import Diagnostics
    from site_gen.sources.markdown_reader import read_markdown
    from site_gen.sources.yaml_reader import read_yaml

    yaml_file, page = tmp_path / "x.yaml", tmp_path / "x.md"
    yaml_file.write_bytes(b"a: 1\n" + b"#" * MAX_YAML_BYTES)
    page.write_bytes(b"# Title\n" + b"x" * MAX_MARKDOWN_BYTES)
    diags = Diagnostics(root=tmp_path)
    assert read_yaml(yaml_file, diags) == (False, None)
    assert read_markdown(page, "x", diags) is None
    assert diags.format() == [
        f"x.md: error: the file has {MAX_MARKDOWN_BYTES + 8:,} bytes (128 KiB), more than the 128 KiB a data file may hold; "
        "is it the right file?",
        f"x.yaml: error: the file has {MAX_YAML_BYTES + 5:,} bytes (256 KiB), more than the 256 KiB a data file may hold; "
        "is it the right file?",
    ]


def test_a_page_with_a_huge_block_is_refused_with_its_line(tmp_path: Path):
    from site_gen.diagnostics import Diagnostics
    from site_gen.sources.markdown_reader import MAX_BLOCK_LINES, read_markdown

    page = tmp_path / "x.md"
    page.write_text("# Title\n\nfine\n\n" + "# a\n" * (MAX_BLOCK_LINES + 1) + "\n```\n" + "code\n" * 2000 + "```\n",
                    encoding="utf-8")
    diags = Diagnostics(root=tmp_path)
    assert read_markdown(page, "x", diags) is None
    assert diags.format() == [f"x.md:5: error: more than {MAX_BLOCK_LINES} lines without a blank line between them; "
                              "separate paragraphs with blank lines"]
    page.write_text("# Title\n\n```\n" + "code\n" * 2000 + "```\n", encoding="utf-8")  # closed code: fine
    assert read_markdown(page, "x", Diagnostics()) is not None
