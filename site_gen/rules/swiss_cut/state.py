"""Where a swiss-cut tournament stands: not started until a score is in, final once the
final has its places; the rounds carry no dates."""

from site_gen.model import FINAL, IN_PROGRESS, NOT_STARTED, CompetitionState
from site_gen.rules.swiss_cut.model import Settings
from site_gen.rules.swiss_cut.scoring import TournamentResult


def state(settings: Settings, result: TournamentResult) -> CompetitionState:
    if not any(r.scored for r in result.rounds):
        return CompetitionState(NOT_STARTED)
    return CompetitionState(FINAL if result.final else IN_PROGRESS, after_round=result.last_played or None)
