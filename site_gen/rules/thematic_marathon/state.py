"""Where a thematic marathon stands (rule 11): final once every tournament and every group
final is finished; its files carry no dates."""

from site_gen.model import FINAL, IN_PROGRESS, NOT_STARTED, CompetitionState
from site_gen.rules.thematic_marathon.scoring import MarathonResult
from site_gen.rules.thematic_marathon.tournament import NOT_STARTED as TOURNAMENT_NOT_STARTED


def state(settings, result: MarathonResult) -> CompetitionState:
    if not result.provisional:
        return CompetitionState(FINAL)
    if all(t.status == TOURNAMENT_NOT_STARTED for t in result.tournaments):
        return CompetitionState(NOT_STARTED)
    return CompetitionState(IN_PROGRESS)
