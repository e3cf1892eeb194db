"""What `check` says about data that is valid but may not be what the organiser meant."""

from __future__ import annotations

from site_gen.diagnostics import Diagnostics
from site_gen.places import unbalanced
from site_gen.rules.online_marathon.model import MarathonData
from site_gen.rules.online_marathon.scoring import MarathonResult
from site_gen.rules.online_marathon.model import Settings


def report(data: MarathonData, settings: Settings, result: MarathonResult, diags: Diagnostics) -> None:
    # a game in a stage is part of the marathon: only the others can be noticed
    for outcome in (r for r in result.games if r.stage is None):
        game = outcome.game
        if not settings.table_pattern.search(game.table):
            diags.notice(
                data.games_path,
                game.line,
                f'game {game.id} is not part of the marathon: table "{game.table}" does not match {settings.table_pattern.pattern}',
            )
        elif not outcome.part_of_marathon:
            day = game.started_at.astimezone(settings.timezone).date()
            diags.notice(
                data.games_path,
                game.line,
                f"game {game.id} is not part of the marathon: it starts on {day} in {settings.timezone.key}, "
                f"outside the period {settings.period.first} to {settings.period.last}",
            )
        elif outcome.stage is None:
            day = game.started_at.astimezone(settings.stage_timezone).date()
            diags.warning(
                data.games_path,
                game.line,
                f"game {game.id} is inside the period but in no stage: it starts on {day} in {settings.stage_timezone.key}",
            )
    _unbalanced_games(data, result, diags)
    _games_left_out(data, result, diags)
    for penalty in data.sanctions.stage_penalties:
        stage = result.stages[penalty.stage - 1]
        if stage.row(penalty.player) is None:
            diags.warning(
                data.sanctions_path,
                penalty.line,
                f'player "{penalty.player}" has no counted game in stage {penalty.stage}; the penalty has no effect',
            )


def _unbalanced_games(data: MarathonData, result: MarathonResult, diags: Diagnostics) -> None:
    """A warning for each game of the marathon whose four scores do not add up to 0: what
    one player wins the others lose, so a typo in a score (a lost minus, 3e22 for 32)
    shows there."""
    for outcome in result.games:
        if outcome.part_of_marathon and sum(outcome.game.scores):
            game = outcome.game
            diags.warning(data.games_path, game.line, f"game {game.id}: {unbalanced(game.scores)}")


def _games_left_out(data: MarathonData, result: MarathonResult, diags: Diagnostics) -> None:
    """How many games count and how many the standings leave out (wrong table, outside
    the period or every stage; each noticed above), for `build` to say."""
    left_out = sum(1 for r in result.games if r.stage is None)
    counted = sum(1 for r in result.games if r.counts_for)
    diags.games_left_out(data.games_path, counted, left_out)
