"""The `swiss-cut` settings schema; defaults are the Kiev-2006 regulation's values (the
Settings dataclass lives in model.py so the engine never imports a parser)."""

from __future__ import annotations

from typing import Any

from site_gen.config import Field, SettingError, as_int, as_number_list
from site_gen.rules.swiss_cut.model import TABLE_SIZE, Settings
from site_gen.values import parse_int


def _line(container: Any, key: Any) -> int | None:
    return container.line_of(key) if hasattr(container, "line_of") else None


def _cuts(value: Any) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, dict):
        raise SettingError(f"expected a mapping {{round: players}} such as {{5: 16, 6: 8}}, found {value!r}")
    cuts: list[tuple[int, int]] = []
    for key, players in value.items():
        line = _line(value, key)
        number = parse_int(key)
        if number is None or number < 2:
            raise SettingError(f"a cut is keyed by the round it leads to (2 or later), found {key!r}", line)
        count = parse_int(players)
        if count is None or count < TABLE_SIZE or count % TABLE_SIZE:
            raise SettingError(f"round {number}: the players through must be a multiple of {TABLE_SIZE} "
                               f"(tables of four), found {players!r}", line)
        cuts.append((number, count))
    cuts.sort()
    for (r1, k1), (r2, k2) in zip(cuts, cuts[1:]):
        if k2 > k1:
            raise SettingError(f"round {r2} takes {k2} players, more than the {k1} of round {r1}", _line(value, r2))
    return tuple(cuts)


def _place_points(value: Any) -> tuple[int, ...]:
    points = as_number_list(TABLE_SIZE)(value)
    if any(not isinstance(p, int) for p in points):
        raise SettingError("place MI must be whole numbers")
    return points


def _scale(value: Any) -> tuple[tuple[int | None, int], ...]:
    hint = "expected a list of [bound, MI] pairs ending with [null, MI], e.g. [[256, 1], [512, 2], [null, 3]]"
    if not isinstance(value, list) or not value:
        raise SettingError(f"{hint}, found {value!r}")
    steps: list[tuple[int | None, int]] = []
    for index, item in enumerate(value):
        line = _line(value, index)
        if not isinstance(item, list) or len(item) != 2:
            raise SettingError(f"step {index + 1}: {hint}", line)
        bound, mi = item
        points = parse_int(mi)
        if points is None:
            raise SettingError(f"step {index + 1}: the MI must be a whole number, found {mi!r}", line)
        last = index == len(value) - 1
        if bound is None:
            if not last:
                raise SettingError(f"step {index + 1}: only the last step may have no bound (null)", line)
        else:
            number = parse_int(bound)
            if number is None or number < 0:
                raise SettingError(f"step {index + 1}: the bound must be a whole number of wists, found {bound!r}", line)
            if steps and number <= steps[-1][0]:
                raise SettingError(f"step {index + 1}: bounds must increase ({number} after {steps[-1][0]})", line)
            if last:
                raise SettingError(f"the last step must be [null, MI] so that every score gets MI, found [{number}, {points}]", line)
            bound = number
        steps.append((bound, points))
    return tuple(steps)


def _seed(value: Any) -> int | str:
    """A whole number (quoted or not, the same draw), or any other text."""
    if isinstance(value, bool) or isinstance(value, (list, dict)) or isinstance(value, float):
        raise SettingError(f"expected a whole number or a text, found {value!r}")
    number = parse_int(value)
    if number is not None:
        return number
    text = str(value).strip()
    if not text:
        raise SettingError("the seed is empty")
    return text


def _optional(parse):
    """`parse`, with null (no value) kept as None."""
    return lambda value: None if value is None else parse(value)


FIELDS = (
    Field("rounds", as_int(1), Settings.rounds, "qualification rounds"),
    Field("cuts", _cuts, Settings.cuts, "{round: players}: round R is played by the best K after round R-1"),
    Field("final_players", as_int(2), Settings.final_players, "the best after the last round play the final"),
    Field("place_points", _place_points, Settings.place_points, "MI for places 1-4 at the table in a round"),
    Field("limit_hand_points", as_int(0), Settings.limit_hand_points, "MI for each limit hand"),
    Field("score_scale", _scale, Settings.score_scale, "[[bound, MI], ..., [null, MI]]: the MI of the first bound |score| does not exceed"),
    Field("seed", _seed, None, "seed of round 1's random seating (needed by `seat --round 1`)"),
    Field("max_limit_hands_per_round", _optional(as_int(0)), None,
          "the most limit hands one player can make in a round: marks players sure of a cut, or out of its reach, "
          "before it is made; null: no such marks"),
)



def make_settings(values: dict[str, Any]) -> Settings:
    return Settings(**values)
