"""Reading an online marathon's sanctions.yaml: disqualified games and players and
penalties, each checked against what games.csv holds (read_games), every problem reported."""

from __future__ import annotations

import functools
from pathlib import Path

from site_gen.diagnostics import Diagnostics, did_you_mean
from site_gen.rules.online_marathon.model import (
    DisqualifiedGame,
    DisqualifiedPlayer,
    Game,
    GamePenalty,
    Sanctions,
    StagePenalty,
)
from site_gen.rules.online_marathon.read_games import Written
from site_gen.rules.online_marathon.settings import Settings
from site_gen.sources.yaml_reader import read_yaml, section_entries
from site_gen.values import parse_date, parse_int

GAME_PENALTIES = (5, 10, 20, 60)
STAGE_GAME_PENALTIES = (50, 100, 200, 600)
STAGE_TABLE_PENALTIES = (1, 2, 4)


def load_sanctions(
    path: Path, settings: Settings, games: list[Game], written: Written, diags: Diagnostics
) -> Sanctions | None:
    ok, doc = read_yaml(path, diags)
    if not ok:
        return None
    if doc is None:
        return Sanctions()
    if not isinstance(doc, dict):
        diags.error(path, 1, "sanctions.yaml must be a mapping with disqualified_games, disqualified_players, penalties")
        return None
    checker = _SanctionChecker(path, settings, games, written, diags)
    sections = {"disqualified_games": checker.game, "disqualified_players": checker.player, "penalties": checker.penalty}
    for key in doc:
        if key not in sections:
            diags.error(path, doc.line_of(key), f'unknown section "{key}"{did_you_mean(str(key), sections)}')
    for key, handler in sections.items():
        for entry, line in section_entries(doc, key, path, diags):
            handler(entry, line)
    return Sanctions(
        tuple(checker.games), tuple(checker.players), tuple(checker.game_penalties), tuple(checker.stage_penalties)
    )


class _SanctionChecker:
    """Validates sanction entries one by one, collecting every problem."""

    def __init__(self, path: Path, settings: Settings, games: list[Game], written: Written, diags: Diagnostics):
        self.path, self.settings, self.written, self.diags = path, settings, written, diags
        self.games_by_id = {g.id: g for g in games}
        self.games: list[DisqualifiedGame] = []
        self.players: list[DisqualifiedPlayer] = []
        self.game_penalties: list[GamePenalty] = []
        self.stage_penalties: list[StagePenalty] = []
        self._games_list = games

    @functools.cached_property
    def names(self) -> set[str]:
        """The players seated in the games, worked out at the first name checked."""
        return {p for g in self._games_list for p in g.players}

    @functools.cached_property
    def rejected_ids(self) -> set[str]:
        """Ids written on rows that games.csv errors already reject (no second error), worked
        out at the first unknown id."""
        return self.written.ids - self.games_by_id.keys()

    @functools.cached_property
    def rejected_names(self) -> set[str]:
        """Names written on such rows, worked out at the first unknown name."""
        return {p for _, seat in self.written.seats for p in seat} - self.names

    def _keys(self, entry: dict, line: int, allowed: tuple[str, ...]) -> bool:
        ok = True
        for key in entry:
            if key not in allowed:
                self.diags.error(self.path, line, f'unknown key "{key}"{did_you_mean(str(key), allowed)}')
                ok = False
        return ok

    def _game(self, entry: dict, line: int) -> str | None:
        raw = entry.get("game")
        game_id = str(raw) if raw is not None and not isinstance(raw, (dict, list)) else None
        if game_id is None:
            self.diags.error(self.path, line, "missing game id")
        elif game_id not in self.games_by_id:
            if game_id not in self.rejected_ids:
                # a numeric id is close to many others: a guess would name an arbitrary game
                hint = "" if game_id.isdigit() else did_you_mean(game_id, self.games_by_id)
                self.diags.error(self.path, line, f'unknown game "{game_id}" (not in games.csv){hint}')
            return None
        return game_id

    def _player(self, entry: dict, line: int) -> str | None:
        name = entry.get("player")
        if isinstance(name, (int, float)) and not isinstance(name, bool):
            name = str(name)  # a player whose name is a number
        if not isinstance(name, str) or not name:
            self.diags.error(self.path, line, "missing player name")
            return None
        if name not in self.names:  # the players seated in the games, counted at the first name
            if name not in self.rejected_names:
                hint = did_you_mean(name, sorted(self.names))
                self.diags.error(self.path, line, f'unknown player "{name}"{hint}')
            return None
        return name

    @staticmethod
    def _reason(entry: dict) -> str:
        return "" if entry.get("reason") is None else str(entry.get("reason"))

    def game(self, entry: dict, line: int) -> None:
        keys_ok = self._keys(entry, line, ("game", "reason"))
        game_id = self._game(entry, line)
        if keys_ok and game_id:
            self.games.append(DisqualifiedGame(game_id, self._reason(entry), line))

    def player(self, entry: dict, line: int) -> None:
        keys_ok = self._keys(entry, line, ("player", "from", "to", "reason"))
        name = self._player(entry, line)
        first = parse_date(entry.get("from"))
        if first is None:
            self.diags.error(self.path, line, f'"from" must be a date YYYY-MM-DD, found {entry.get("from")!r}')
        last = None
        if entry.get("to") is not None:
            last = parse_date(entry.get("to"))
            if last is None:
                self.diags.error(self.path, line, f'"to" must be a date YYYY-MM-DD, found {entry.get("to")!r}')
                return
            if first is not None and last < first:
                self.diags.error(self.path, line, f'"to" ({last}) is before "from" ({first})')
                return
        if keys_ok and name and first is not None:
            self.players.append(DisqualifiedPlayer(name, first, last, self._reason(entry), line))

    def penalty(self, entry: dict, line: int) -> None:
        if "game" in entry:
            self._game_penalty(entry, line)
        elif "stage" in entry:
            self._stage_penalty(entry, line)
        else:
            self.diags.error(self.path, line, 'a penalty names either a "game" or a "stage"')

    def _amount(self, entry: dict, key: str, allowed: tuple[int, ...], line: int) -> int | None:
        value = entry.get(key)
        if value is None:
            return 0
        number = parse_int(value)
        if number not in allowed:
            self.diags.error(self.path, line, f"{key} penalty must be one of {', '.join(map(str, allowed))}, found {value!r}")
            return None
        return number

    def _game_penalty(self, entry: dict, line: int) -> None:
        keys_ok = self._keys(entry, line, ("player", "game", "game_points", "reason"))
        name, game_id = self._player(entry, line), self._game(entry, line)
        if "game_points" not in entry:
            self.diags.error(self.path, line, "a game penalty needs game_points (5, 10, 20 or 60)")
            return
        amount = self._amount(entry, "game_points", GAME_PENALTIES, line)
        if name and game_id and name not in self.games_by_id[game_id].players:
            self.diags.error(self.path, line, f'player "{name}" did not play game "{game_id}"')
            return
        if keys_ok and name and game_id and amount:
            self.game_penalties.append(GamePenalty(name, game_id, amount, self._reason(entry), line))

    def _stage_penalty(self, entry: dict, line: int) -> None:
        keys_ok = self._keys(entry, line, ("player", "stage", "game_points", "table_points", "reason"))
        name = self._player(entry, line)
        raw_stage = entry.get("stage")
        stage = parse_int(raw_stage)
        numbers = [s.number for s in self.settings.stages]
        stage_ok = stage in numbers
        if not stage_ok:
            shown = "" if raw_stage is None else f" {raw_stage}"
            self.diags.error(self.path, line, f"unknown stage{shown}; stages are {', '.join(map(str, numbers))}")
        if "game_points" not in entry and "table_points" not in entry:
            self.diags.error(self.path, line, "a stage penalty needs game_points (50, 100, 200, 600) or table_points (1, 2, 4)")
            return
        gp = self._amount(entry, "game_points", STAGE_GAME_PENALTIES, line)
        tp = self._amount(entry, "table_points", STAGE_TABLE_PENALTIES, line)
        if keys_ok and name and stage_ok and gp is not None and tp is not None:
            self.stage_penalties.append(StagePenalty(name, stage, gp, tp, self._reason(entry), line))
