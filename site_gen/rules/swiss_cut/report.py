"""What `check` says once the standings are known: who may play each round, the seating
rule, tables whose scores do not add up, ties the judge must decide, the final's players."""

from __future__ import annotations

from site_gen.diagnostics import Diagnostics
from site_gen.places import unbalanced
from site_gen.rules.swiss_cut.model import WINDS, RoundFile, Settings, TournamentData
from site_gen.rules.swiss_cut.scoring import TournamentResult
from site_gen.rules.swiss_cut.seating import expected_seating, finalists, qualified
from site_gen.rules.swiss_cut.standings import Standings


def _names(players) -> str:
    return ", ".join(f'"{p}"' for p in players)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def report(data: TournamentData, settings: Settings, result: TournamentResult, diags: Diagnostics) -> None:
    standings = result.all_standings
    for round_file in data.rounds:
        _tables(round_file, diags)
        if _members(round_file, data, settings, standings, diags):
            _seating_rule(round_file, data, settings, standings, diags)
    for number, table in sorted(standings.items()):
        _ties(number, table, data, settings, diags)
    if data.final:
        _final(data, settings, result, diags)


def _tables(round_file: RoundFile, diags: Diagnostics) -> None:
    for number, seats in round_file.tables():
        scored = [s for s in seats if s.score is not None]
        if scored and len(scored) < len(seats):
            diags.warning(round_file.path, seats[0].line, f"table {number} has scores for {len(scored)} of its "
                          f"{len(seats)} players: its MI wait for the others")
        elif scored:
            problem = unbalanced([s.score for s in scored])
            if problem:
                diags.warning(round_file.path, seats[0].line, f"table {number}: {problem}")


def _why_not(player: str, number: int, data: TournamentData, settings: Settings, before: Standings | None) -> str:
    registered = data.player(player)
    if registered is not None and registered.from_round > number:
        return f"registered from round {registered.from_round}"
    if number == 1 or before is None:
        return "not in the list of players for this round"
    position = before.position(player)
    if position is None:
        return f"did not play round {number - 1}"
    return f"{_ordinal(position + 1)} after round {number - 1}; round {number} takes the best {settings.cut(number)}"


def _members(round_file: RoundFile, data: TournamentData, settings: Settings, standings: dict[int, Standings],
             diags: Diagnostics) -> bool:
    """Errors for players who may not play the round or who are missing; True if the
    round's players are exactly those qualified."""
    number = round_file.number
    expected = qualified(number, data, settings, standings)
    if expected is None:
        if data.round(number - 1) is not None:
            diags.error(round_file.path, None, f"round {number} is seated but round {number - 1} is not complete: "
                        f"who plays round {number} is not known until every result of round {number - 1} is in")
        return False
    before = standings.get(number - 1)
    ok = True
    allowed = set(expected)
    for seat in round_file.seats:
        if seat.player not in allowed:
            why = _why_not(seat.player, number, data, settings, before)
            diags.error(round_file.path, seat.line, f'"{seat.player}" is not qualified for round {number} ({why})')
            ok = False
    seated = set(round_file.players)
    missing = [p for p in expected if p not in seated]
    if missing:
        diags.error(round_file.path, None, f"missing from round {number}: {_names(missing)} "
                    f"({'qualified' if number > 1 else 'registered'} for it)")
        ok = False
    return ok


def _seating_rule(round_file: RoundFile, data: TournamentData, settings: Settings, standings: dict[int, Standings],
                  diags: Diagnostics) -> None:
    rule = expected_seating(round_file.number, data, settings, standings)
    if rule is None:
        return
    written = dict(round_file.tables())
    for index, players in enumerate(rule.tables, start=1):
        seats = written.get(index)
        actual = tuple(s.player for s in seats) if seats else ()
        if actual == players:
            continue
        seats_text = ", ".join(f"{w} {p}" for w, p in zip(WINDS, players))
        if round_file.number == 1:
            # round 1 may be drawn at the venue: only a notice that it is not the seed's draw
            diags.notice(round_file.path, seats[0].line if seats else None,
                         f"table {index} is not the draw of seed {settings.seed!r}, which seats {seats_text}")
        else:
            diags.warning(round_file.path, seats[0].line if seats else None,
                          f"table {index} departs from the seating rule, which seats {seats_text} "
                          f"(the standings after round {round_file.number - 1}); the judge may have reasons")


def _ties(number: int, table: Standings, data: TournamentData, settings: Settings, diags: Diagnostics) -> None:
    """Warn about players equal on every key where the strict order decides something: the
    seating or the cut into the next round, or who plays the final."""
    if number < settings.rounds:
        line = settings.cut(number + 1) or len(table.order)
        what = f"round {number + 1}"
    else:
        line = settings.final_players
        what = "the final"
    path = data.round(number).path if data.round(number) else ""
    for start, players in table.tie_groups():
        if start >= line:
            continue
        split = start < line < start + len(players)
        row = table.row(players[0])
        effect = f"the cut to {line} for {what} falls inside this tie" if split else f"they are seated for {what} in registration order"
        diags.warning(path, None, f"after round {number}, {_names(players)} are equal on MI ({_num(row.points)}), "
                      f"score ({row.score}) and mahjongs ({row.mahjongs}): {effect}; the judge must decide "
                      f"(list them in judge.yaml `order`)")


def _num(value) -> str:
    """MI as people write it: 3, 4.5, 2.33."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0")


def _final(data: TournamentData, settings: Settings, result: TournamentResult, diags: Diagnostics) -> None:
    path = data.paths.get("final.csv", "final.csv")
    expected = finalists(settings, result.all_standings)
    if expected is None:
        diags.error(path, None, f"the final is played after round {settings.rounds}, which is not complete yet")
        return
    for seat in data.final:
        if seat.player not in expected:
            position = result.standings(settings.rounds).position(seat.player)
            where = "did not play the last round" if position is None else f"{_ordinal(position + 1)} after round {settings.rounds}"
            diags.error(path, seat.line, f'"{seat.player}" is not a finalist ({where}; the best {settings.final_players} play the final)')
    names = {s.player for s in data.final}
    missing = [p for p in expected if p not in names]
    if missing:
        diags.error(path, None, f"missing from the final: {_names(missing)}")
    scored = [s for s in data.final if s.score is not None]
    if scored and len(scored) < len(data.final):
        diags.warning(path, scored[0].line, f"scores for {len(scored)} of {len(data.final)} finalists: the final counts once every score is in")
    elif scored and unbalanced([s.score for s in scored]):
        diags.warning(path, data.final[0].line, f"the final: {unbalanced([s.score for s in scored])}")
