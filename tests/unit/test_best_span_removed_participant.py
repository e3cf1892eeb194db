"""A participant whose only games corrections.yaml removed is told so, not offered "did you
mean" their own name or a look-alike of the logs (issue 39 §5). The golden month, with both
games of ＡＳＡＰＩＮ (the full-width twin: G3 and G4 on 2009-03-02, NOTES.md) removed."""

import shutil
from pathlib import Path

from site_gen.config import SiteConfig
from site_gen.diagnostics import Diagnostics
from site_gen.pipeline.project import load_competition

GOLDEN = Path(__file__).resolve().parents[1] / "rules" / "best_span" / "cases" / "golden-month"

CORRECTIONS = """\
add:
  - {date: 2009-03-25, line: "18:00 | 20 | 四特南喰－－ | タロウ(+35.0) 花子(+15.0) ASAPIN(-10.0) x1(-40.0)"}
remove:
  - {date: 2009-03-20, time: "12:00", players: [タロウ], reason: played on a friend's account}
  - {date: 2009-03-02, time: "13:10", players: [ＡＳＡＰＩＮ], reason: a shared account}
  - {date: 2009-03-02, time: "13:40", players: [ＡＳＡＰＩＮ], reason: a shared account}
excluded:
  - {player: Ghost, reason: ID deleted by Tenhou}
"""


def test_a_participant_whose_games_were_removed_is_told_so(tmp_path: Path):
    folder = tmp_path / "golden-month"
    shutil.copytree(GOLDEN, folder)
    (folder / "corrections.yaml").write_text(CORRECTIONS, encoding="utf-8")
    diags = Diagnostics(root=folder)
    competition = load_competition(folder, SiteConfig(), diags)
    assert competition is not None and not diags.has_errors, diags.format()
    about = [line for line in diags.format() if "ＡＳＡＰＩＮ" in line and "participants.csv" in line]
    assert about == ['participants.csv:3: notice: participant "ＡＳＡＰＩＮ" has no counted game: '
                     "corrections.yaml took away their games (line 5, 6)"]
    # a participant with no game for another reason still gets the hint
    assert any('participant "Idle" has no counted game in the logs' in line for line in diags.format())
