"""axe-core (npm, pinned in tests/tools) injected into a Playwright page: the serious and
critical violations of what the page shows now."""

from __future__ import annotations

from pathlib import Path

from conftest import REPO, unavailable

AXE = REPO / "tests" / "tools" / "node_modules" / "axe-core" / "axe.min.js"
FAILING = ("serious", "critical")


def _axe() -> Path:
    if not AXE.is_file():
        unavailable(f"axe-core is not installed at {AXE}: run `make node-tools` (npm ci in tests/tools)")
    return AXE


def scan(page) -> list[dict]:
    """axe-core's violations of the loaded page, serious and critical only."""
    page.add_script_tag(path=str(_axe()))
    violations = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ['violations']});
            return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n').slice(0, 2).join(' '))}));
        }""")
    return [v for v in violations if v["impact"] in FAILING]


def report(found: dict[str, list[dict]]) -> str:
    lines = []
    for where, violations in found.items():
        for v in violations:
            lines.append(f"{where}: [{v['impact']}] {v['id']}: {v['help']}")
            lines += [f"    {n}" for n in v["nodes"]]
    return "\n".join(lines)
