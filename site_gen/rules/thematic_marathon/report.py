"""What `check` says once the phases are known: games whose players are not in the group
the row names (errors: the standings leave those games out), and Master games of players
who did not qualify (warnings)."""

from __future__ import annotations

from typing import Collection

from site_gen.diagnostics import Diagnostics
from site_gen.rules.thematic_marathon.model import FINAL, PHASE1, Game, MarathonData, Settings
from site_gen.rules.thematic_marathon.scoring import MarathonResult
from site_gen.rules.thematic_marathon.tournament import GroupTable, TournamentResult


def _outsiders(game: Game, players: Collection[str]) -> list[str]:
    return [p for p in game.players if p not in players]


def _members(table: GroupTable) -> str:
    return ", ".join(table.players) or "nobody"


def _tournament(t: TournamentResult, path: str, games: tuple[Game, ...], diags: Diagnostics) -> None:
    members = {(table.phase, table.number): frozenset(table.players)
               for table in (*t.phase1, *t.semifinals, t.final) if table}
    for game in games:
        if game.phase == FINAL:
            table, name = t.final, "the final"
            if table is not None and not t.final_formed:
                diags.error(path, game.line, f"the final of {t.tournament.game} is not formed yet (spec rule 11: "
                            f"every {'semifinal' if t.semifinals else 'phase-1'} group needs all its games first); "
                            "write it in groups.yaml to play it now")
                continue
        else:
            tables = t.phase1 if game.phase == PHASE1 else t.semifinals
            name = f"phase-1 group {game.group}" if game.phase == PHASE1 else f"semifinal group {game.group}"
            if game.phase != PHASE1 and not tables and t.phase1 and not t.phase2_entrants:
                diags.error(path, game.line, f"{name} does not exist: phase 2 of {t.tournament.game} is not formed yet "
                            "(spec rule 11: every phase-1 group needs all its games first); write the semifinals "
                            "in groups.yaml to play them now")
                continue
            if game.group > len(tables):
                what = "phase 1" if game.phase == PHASE1 else "phase 2"
                has = f"has {len(tables)} group(s)" if tables else "has no groups"
                diags.error(path, game.line, f"{name} does not exist: {what} of {t.tournament.game} {has}")
                continue
            table = tables[game.group - 1]
        outside = _outsiders(game, members[table.phase, table.number] if table else ())
        if outside:
            who = " and ".join(f'"{p}"' for p in outside)
            diags.error(path, game.line, f"{who} {'is' if len(outside) == 1 else 'are'} not in {name} "
                        f"({_members(table) if table else 'nobody'}); the game cannot count")


def report(data: MarathonData, settings: Settings, result: MarathonResult, diags: Diagnostics) -> None:
    for t in result.tournaments:
        source = data.tournaments[t.slug]
        _tournament(t, source.games_path, source.games, diags)
    for g in result.groups:
        path = data.paths.get(f"group-final:{g.group.slug}")
        for game in data.group_finals.get(g.group.slug, ()):
            outside = _outsiders(game, g.finalists)
            if outside:
                who = " and ".join(f'"{p}"' for p in outside)
                diags.error(path, game.line, f"{who} {'is' if len(outside) == 1 else 'are'} not in the {g.group.name} "
                            f"group final (the first {settings.group_final_size} of its standings: "
                            f"{', '.join(g.finalists) or 'nobody'})")
    qualified = {q.player for q in result.master}
    for game in data.master:
        for p in _outsiders(game, qualified):
            diags.warning(data.paths["master"], game.line, f'"{p}" is not among the Master qualifiers computed from the standings')
