"""The `thematic-marathon` settings schema; defaults are the regulation's values (the
Settings dataclass lives in model.py so the engine never imports a parser)."""

from __future__ import annotations

from typing import Any

from site_gen.config import Field, SettingError, as_int, as_number_list
from site_gen.diagnostics import did_you_mean
from site_gen.rules.thematic_marathon.model import (
    AUTO,
    WINNERS,
    WINNERS_AND_RUNNERS_UP,
    GamePoints,
    GroupDef,
    Settings,
    TournamentDef,
    WinRange,
)
from site_gen.slugs import slugify
from site_gen.values import parse_int

ENTRANTS_CHOICES = (WINNERS, WINNERS_AND_RUNNERS_UP, AUTO)


def _line(container: Any, key: Any) -> int | None:
    return container.line_of(key) if hasattr(container, "line_of") else None


def _keys(item: dict, allowed: tuple[str, ...], what: str, line: int | None) -> None:
    for key in item:
        if key not in allowed:
            hint = did_you_mean(str(key), allowed) or f" (known: {', '.join(allowed)})"
            raise SettingError(f'{what}: unknown key "{key}"{hint}', _line(item, key) or line)
    for key in allowed:
        if item.get(key) is None or item.get(key) == "":
            raise SettingError(f'{what}: missing "{key}"', line)


def _slug(value: Any, what: str, line: int | None) -> str:
    text = str(value)
    if isinstance(value, (dict, list)) or slugify(text) != text:
        raise SettingError(f'{what}: "{text}" is not a valid slug (lower-case letters, digits and dashes); try "{slugify(text)}"', line)
    return text


def _groups(value: Any) -> tuple[GroupDef, ...]:
    if not isinstance(value, list) or not value:
        raise SettingError("expected a list of {slug, name, tournaments: [{slug, game}, ...]}")
    groups: list[GroupDef] = []
    group_lines: dict[str, int | None] = {}
    tournament_lines: dict[str, int | None] = {}
    for i, item in enumerate(value):
        line = _line(value, i)
        if not isinstance(item, dict):
            raise SettingError(f"group {i + 1} must be a mapping {{slug, name, tournaments}}", line)
        _keys(item, ("slug", "name", "tournaments"), f"group {i + 1}", line)
        slug = _slug(item["slug"], f"group {i + 1}", _line(item, "slug"))
        if slug in group_lines:
            raise SettingError(f'group slug "{slug}" is used twice (first on line {group_lines[slug]})', _line(item, "slug"))
        group_lines[slug] = _line(item, "slug")
        entries = item["tournaments"]
        if not isinstance(entries, list) or not entries:
            raise SettingError(f'group "{slug}": tournaments must be a list of {{slug, game}}', _line(item, "tournaments"))
        tournaments = []
        for j, entry in enumerate(entries):
            where = _line(entries, j)
            if not isinstance(entry, dict):
                raise SettingError(f'group "{slug}", tournament {j + 1} must be a mapping {{slug, game}}', where)
            _keys(entry, ("slug", "game"), f'group "{slug}", tournament {j + 1}', where)
            t_slug = _slug(entry["slug"], f'group "{slug}", tournament {j + 1}', _line(entry, "slug"))
            if t_slug == "master":  # tournaments/master/ is the Master's page
                raise SettingError('the tournament slug "master" is taken by the Master\'s page; choose another',
                                   _line(entry, "slug") or where)
            if t_slug in tournament_lines:
                raise SettingError(f'tournament slug "{t_slug}" is used twice (first on line {tournament_lines[t_slug]})', where)
            tournament_lines[t_slug] = where
            tournaments.append(TournamentDef(t_slug, str(entry["game"])))
        groups.append(GroupDef(slug, str(item["name"]), tuple(tournaments)))
    return tuple(groups)


def _game_points(values: dict) -> GamePoints:
    return GamePoints(values["win"], values["draw"], values["loss"])


def _whole_numbers(value: Any) -> tuple[int, ...]:
    numbers = as_number_list()(value)
    if any(not isinstance(n, int) for n in numbers):
        raise SettingError(f"expected whole numbers, found {list(numbers)!r}")
    return numbers


def _choice(value: Any) -> str:
    if value not in ENTRANTS_CHOICES:
        raise SettingError(f'expected one of {", ".join(ENTRANTS_CHOICES)}, found {value!r}{did_you_mean(str(value), ENTRANTS_CHOICES)}')
    return value


def _win_points(value: Any) -> tuple[WinRange, ...]:
    if not isinstance(value, list):
        raise SettingError("expected a list of [from, to, points] (entrants from..to win that many points)")
    ranges: list[WinRange] = []
    for i, item in enumerate(value):
        line = _line(value, i)
        numbers = [parse_int(x) for x in item] if isinstance(item, list) else []
        if len(numbers) != 3 or None in numbers:
            raise SettingError(f"entry {i + 1}: expected [from, to, points] as whole numbers, found {item!r}", line)
        low, high, points = numbers
        if high < low:
            raise SettingError(f"entry {i + 1}: {high} is less than {low}", line)
        clash = next((r for r in ranges if r.low <= high and low <= r.high), None)
        if clash:
            raise SettingError(f"entry {i + 1}: {low}-{high} overlaps {clash.low}-{clash.high}", line)
        ranges.append(WinRange(low, high, points))
    return tuple(ranges)


def _group_bonus(value: Any) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, dict):
        raise SettingError("expected a mapping {number of groups: bonus}, e.g. {2: 4, 3: 8}")
    pairs = []
    for key, bonus in value.items():
        count, points = parse_int(key), parse_int(bonus)
        if count is None or points is None:
            raise SettingError(f"expected whole numbers, found {key!r}: {bonus!r}", _line(value, key))
        pairs.append((count, points))
    return tuple(sorted(pairs))


_POINTS_FIELDS = (
    Field("win", as_int(), GamePoints.win, "points for a win"),
    Field("draw", as_int(), GamePoints.draw, "points for a draw"),
    Field("loss", as_int(), GamePoints.loss, "points for a loss"),
)

FIELDS = (
    Field("groups", _groups, doc="the thematic groups: [{slug, name, tournaments: [{slug, game}, ...]}, ...]"),
    Field("game_points", _game_points, Settings.game_points, "points per game, in every phase: {win, draw, loss}",
          fields=_POINTS_FIELDS),
    Field("phase1_min_players", as_int(1), Settings.phase1_min_players, "below this many entrants a tournament starts at phase 2"),
    Field("phase1_group_max", as_int(2), Settings.phase1_group_max, "players per phase-1 group at most"),
    Field("phase2_entrants", _choice, Settings.phase2_entrants, "winners, winners_and_runners_up or auto"),
    Field("final_bonus", _whole_numbers, Settings.final_bonus, "bonus for places 1, 2, ... of a tournament's final group"),
    Field("participation_bonus", as_int(), Settings.participation_bonus, "for taking part without forfeiting every game"),
    Field("group_final_size", as_int(1), Settings.group_final_size, "players in a group's final"),
    Field("group_final_bonus", _whole_numbers, Settings.group_final_bonus, "bonus for places 1, 2, ... of a group final"),
    Field("master_size", as_int(0), Settings.master_size, "players in the Master"),
    Field("master_direct", as_int(0), Settings.master_direct, "Master places taken straight from the marathon standings"),
    Field("master_win_points", _win_points, Settings.master_win_points, "[from, to, points]: a tournament won with from..to entrants"),
    Field("master_group_bonus", _group_bonus, Settings.master_group_bonus, "{groups: bonus} for tournaments won in that many groups"),
)


def make_settings(values: dict[str, Any]) -> Settings:
    return Settings(**values)
