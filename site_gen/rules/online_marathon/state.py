"""Where an online marathon stands, by its newest game (never the clock): final once a game
is dated on or after the last stage's last day and no stage is still running."""

from site_gen.model import FINAL, IN_PROGRESS, NOT_STARTED, CompetitionState
from site_gen.rules.online_marathon.model import Settings
from site_gen.rules.online_marathon.scoring import MarathonResult


def state(settings: Settings, result: MarathonResult) -> CompetitionState:
    if result.updated is None:
        return CompetitionState(NOT_STARTED)
    running = any(s.provisional and s.rows for s in result.stages)
    over = not running and result.updated >= settings.stages[-1].last
    return CompetitionState(FINAL if over else IN_PROGRESS, result.updated)
