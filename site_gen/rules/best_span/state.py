"""Where a best-span competition stands, by its newest counted game (never the clock): final
once a game is dated on or after the period's last day."""

from site_gen.model import FINAL, IN_PROGRESS, NOT_STARTED, CompetitionState
from site_gen.rules.best_span.model import Settings
from site_gen.rules.best_span.scoring import BestSpanResult


def state(settings: Settings, result: BestSpanResult) -> CompetitionState:
    if result.updated is None:
        return CompetitionState(NOT_STARTED)
    return CompetitionState(FINAL if result.updated >= settings.period.last else IN_PROGRESS, result.updated)
