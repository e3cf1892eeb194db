"""What `check` says about data that is valid but may not be what the organiser meant."""

from __future__ import annotations

import unicodedata
from itertools import chain

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.rules.best_span.model import BestSpanData, Game, Settings, game_order
from site_gen.rules.best_span.scoring import BestSpanResult, kind_of


def why_not_counted(game: Game, settings: Settings) -> str:
    rule = game.rule
    if rule[0] != "四":
        return f"{rule} is a 3-player game"
    if rule[2] != "南":
        return f"{rule} is not an east-south game"
    if rule[3] != "喰":
        return f"{rule} is played without open tanyao"
    if not settings.period.contains(game.day):
        return f"{game.day} is outside the period {settings.period.first} to {settings.period.last}"
    if game.family == "sca":
        return f"lobby {game.lobby} is not in direct_lobbies"
    return f"table level {rule[1]} is not one of the tables {', '.join(settings.tables)}"


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


class NameHints:
    """For participants without a game: a log name that is their ID in other widths or
    case, else the closest. The names seen are sorted and folded once, not once per
    participant (a year's logs hold tens of thousands of names)."""

    def __init__(self, seen: tuple[tuple[str, ...], ...]):
        self.names = sorted(set(chain.from_iterable(seen)))  # BestSpanData.names_seen: a tuple per log file
        self.folded: dict[str, list[str]] = {}
        for name in self.names:
            self.folded.setdefault(_folded(name), []).append(name)

    def hint(self, player: str) -> str:
        same = [n for n in self.folded.get(_folded(player), ()) if n != player]  # sorted already
        if same:
            return f'; the logs have "{same[0]}" (Tenhou IDs are matched exactly as written)'
        return did_you_mean(player, self.names)


def report(data: BestSpanData, settings: Settings, result: BestSpanResult, diags: Diagnostics) -> None:
    for removal, count in zip(data.removals, result.removal_matches):
        if count == 0:
            diags.warning(data.corrections_path, removal.line,
                          f"{removal.kind}: no game that could count on {removal.day} at {removal.hour:02d}:"
                          f"{removal.minute:02d} with {', '.join(removal.players)}; nothing "
                          + ("removed" if removal.kind == "remove" else "voided"))
    participants = {p.player for p in data.participants}
    for game in sorted(data.additions, key=game_order):  # as their outcomes come, not a million outcomes looked at
        if kind_of(game, settings) is None:
            diags.warning(data.corrections_path, game.added,
                          f"add: the game does not count ({why_not_counted(game, settings)})")
        elif participants.isdisjoint(game.players):
            diags.notice(data.corrections_path, game.added, "add: the game names no participant")
    # a participant whose games corrections.yaml took away is told so, not "did you mean" their own name
    removed: dict[str, list[int]] = {}
    for removal, count in zip(data.removals, result.removal_matches):
        for name in removal.players if count else ():
            removed.setdefault(name, []).append(removal.line)
    hints = None
    for player in result.players:
        if not player.games:
            if player.player in removed:
                lines = ", ".join(map(str, removed[player.player]))
                diags.notice(data.participants_path, player.participant.line,
                             f'participant "{player.player}" has no counted game: corrections.yaml took away '
                             f"their games (line {lines})")
                continue
            hints = hints or NameHints(data.names_seen)
            diags.notice(data.participants_path, player.participant.line,
                         f'participant "{player.player}" has no counted game in the logs'
                         f"{hints.hint(player.player)}")
