"""Small builders for swiss-cut engine tests (no files involved)."""

from __future__ import annotations

from site_gen.rules.swiss_cut.model import FinalSeat, Player, RoundFile, Seat, Settings, TournamentData


def settings(**overrides) -> Settings:
    return Settings(**overrides)


def seats(table: int, *rows) -> list[Seat]:
    """rows: (player, score[, mahjongs[, limit_hands[, penalty]]]) in seat order, East first."""
    made = []
    for row in rows:
        player, score, *rest = row
        mahjongs, limit_hands, penalty = (list(rest) + [0, 0, 0])[:3]
        made.append(Seat(table, player, score, mahjongs, limit_hands, penalty))
    return made


def round_file(number: int, *tables: list[Seat]) -> RoundFile:
    return RoundFile(number, tuple(s for t in tables for s in t), f"rounds/{number}.csv")


def players(*names: str, late: dict[str, int] | None = None) -> tuple[Player, ...]:
    late = late or {}
    return tuple(Player(n, from_round=late.get(n, 1)) for n in names)


def data(registered, rounds=(), final=(), judge=()) -> TournamentData:
    return TournamentData(tuple(registered), tuple(rounds), tuple(final), tuple(judge))


def final(*rows) -> tuple[FinalSeat, ...]:
    """rows: (player, score[, place])."""
    return tuple(FinalSeat(r[0], r[1], r[2] if len(r) > 2 else None) for r in rows)


# Registered in reverse alphabetical order, so registration order and name order differ.
REGISTERED = players("Hal", "Guy", "Fay", "Eve", "Dan", "Cat", "Bob", "Ann")

# Round 1, hand-worked (place MI 3/2/1/0, scale 256/512 -> 1/2):
# T1 Ann 500: 3+2 = 5; Bob 100: 2+1 = 3; Cat -200: 1-1 = 0; Dan -400: 0-2 = -2 (sum 0)
# T2 Eve 400: 3+2 = 5; Fay 100: 2+1 = 3; Guy -200: 1-1 = 0; Hal -300: 0-2 = -2 (sum 0)
ROUND_1 = round_file(
    1,
    seats(1, ("Ann", 500, 1), ("Bob", 100, 2), ("Cat", -200, 1), ("Dan", -400, 0)),
    seats(2, ("Eve", 400, 1), ("Fay", 100, 1), ("Guy", -200, 1), ("Hal", -300, 1)),
)
