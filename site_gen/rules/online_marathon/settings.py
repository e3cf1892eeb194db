"""The `online-marathon` settings schema; defaults are the 2015 regulation's values
(the Settings dataclass itself lives in model.py so the engine never imports a parser)."""

from __future__ import annotations

from typing import Any

from site_gen.config import (
    Field,
    SettingError,
    as_date,
    as_int,
    as_number_list,
    as_period,
    as_regex,
    as_timezone,
)
from site_gen.rules.online_marathon.model import Settings, Stage
from site_gen.values import parse_date


def _stages(value: Any) -> tuple[Stage, ...]:
    if not isinstance(value, list):
        raise SettingError("expected a list of {from: DATE, to: DATE, name: ...}")
    if not value:
        raise SettingError("the list is empty; a marathon needs at least one stage {from: DATE, to: DATE}")
    stages: list[Stage] = []
    for i, item in enumerate(value):
        line = value.line_of(i) if hasattr(value, "line_of") else None
        if not isinstance(item, dict):
            raise SettingError("each stage is a mapping {from: DATE, to: DATE}", line)
        unknown = set(item) - {"from", "to", "name"}
        if unknown:
            raise SettingError(f"stage {i + 1}: unknown key {sorted(map(str, unknown))[0]!r} (known: from, to, name)", line)
        first, last = parse_date(item.get("from")), parse_date(item.get("to"))
        for key, day in (("from", first), ("to", last)):
            if day is None:
                found = "nothing" if item.get(key) is None else repr(item.get(key))
                raise SettingError(f'stage {i + 1}: "{key}" must be a date YYYY-MM-DD, found {found}', line)
        if last < first:
            raise SettingError(f"stage {i + 1} ends ({last}) before it starts ({first})", line)
        if stages and first <= stages[-1].last:
            raise SettingError(f"stage {i + 1} starts ({first}) before stage {i} ends ({stages[-1].last})", line)
        stages.append(Stage(i + 1, first, last, str(item.get("name") or f"Stage {i + 1}")))
    return tuple(stages)


def _place_points(value: Any) -> tuple[int, ...]:
    points = as_number_list(4)(value)
    if any(not isinstance(p, int) for p in points):
        raise SettingError("place points must be whole numbers")
    return points


_PERIOD_FIELDS = (
    Field("from", as_date, doc="first day of the marathon"),
    Field("to", as_date, doc="last day of the marathon"),
)

FIELDS = (
    Field("period", as_period, doc="first and last day, inclusive, in `timezone`", fields=_PERIOD_FIELDS),
    Field("stages", _stages, doc="list of {from, to, name} days in `stage_timezone`"),
    Field("timezone", as_timezone, Settings.timezone, "zone of the period's days"),
    Field("stage_timezone", as_timezone, Settings.stage_timezone, "zone in which a game's start decides its stage"),
    Field("games_timezone", as_timezone, None, "zone of timestamps written without an offset"),
    Field("table_pattern", as_regex, Settings.table_pattern, "regular expression a counted game's table matches"),
    Field("place_points", _place_points, Settings.place_points, "table points for places 1-4"),
    Field("series_length", as_int(1), Settings.series_length, "games in the best series"),
    Field("rating_min_games", as_int(1), Settings.rating_min_games, "games needed in a stage for a norm rating"),
    Field("counted_stages", as_int(1), Settings.counted_stages, "stages that count for a player who played in every stage"),
)


def make_settings(values: dict[str, Any]) -> Settings:
    return Settings(**values)
