"""The thematic marathon's settings and loaded data (pure: no parsing here)."""

from __future__ import annotations

from dataclasses import dataclass, field

# games.csv `result` values; a forfeit's loser did not make a move
FIRST_WINS, SECOND_WINS, DRAW = "1-0", "0-1", "draw"
FIRST_WINS_FORFEIT, SECOND_WINS_FORFEIT = "1-0 forfeit", "0-1 forfeit"
RESULTS = (FIRST_WINS, SECOND_WINS, DRAW, FIRST_WINS_FORFEIT, SECOND_WINS_FORFEIT)

PHASE1, SEMI, FINAL = "1", "semi", "final"
PHASES = (PHASE1, SEMI, FINAL)

WINNERS, WINNERS_AND_RUNNERS_UP, AUTO = "winners", "winners_and_runners_up", "auto"
MASTER_ROUNDS = ("a", "b", "c", "d", "e")


@dataclass(frozen=True)
class TournamentDef:
    slug: str
    game: str


@dataclass(frozen=True)
class GroupDef:
    slug: str
    name: str
    tournaments: tuple[TournamentDef, ...]


@dataclass(frozen=True)
class GamePoints:
    win: int = 3
    draw: int = 1
    loss: int = 0


@dataclass(frozen=True)
class WinRange:
    low: int
    high: int
    points: int


@dataclass(frozen=True)
class Settings:
    groups: tuple[GroupDef, ...]
    game_points: GamePoints = GamePoints()
    phase1_min_players: int = 6
    phase1_group_max: int = 5
    phase2_entrants: str = AUTO
    final_bonus: tuple[int, ...] = (7, 5, 3, 2, 1)
    participation_bonus: int = 1
    group_final_size: int = 5
    group_final_bonus: tuple[int, ...] = (7, 5, 3, 2, 1)
    master_size: int = 16
    master_direct: int = 8
    master_win_points: tuple[WinRange, ...] = (WinRange(4, 32, 1), WinRange(33, 64, 2), WinRange(65, 128, 3))
    master_group_bonus: tuple[tuple[int, int], ...] = ((2, 4), (3, 8), (4, 12), (5, 16))

    @property
    def tournaments(self) -> tuple[tuple[GroupDef, TournamentDef], ...]:
        """Every tournament with its group, in the order of competition.yaml."""
        return tuple((g, t) for g in self.groups for t in g.tournaments)

    def win_points(self, entrants: int) -> int:
        return next((r.points for r in self.master_win_points if r.low <= entrants <= r.high), 0)

    def group_bonus(self, groups_won_in: int) -> int:
        return dict(self.master_group_bonus).get(groups_won_in, 0)


@dataclass(frozen=True)
class Player:
    userid: str
    name: str = ""
    rating: int | None = None
    status: str = ""  # "E" established, "P" provisional, "" unrated
    active: bool = True
    line: int = 0


@dataclass(frozen=True)
class Game:
    """One game of a tournament, a group final or the Master, as written."""

    first: str  # the player with the first move
    second: str
    result: str | None  # one of RESULTS, None when not yet played
    board: str = ""
    line: int = 0
    phase: str = PHASE1  # tournaments only
    group: int | None = None  # 1-based; None for a tournament's final
    game: str = ""  # group finals and Master: the tournament slug whose game is played
    round: str = ""  # Master only: a..e

    @property
    def players(self) -> tuple[str, str]:
        return (self.first, self.second)

    @property
    def forfeit(self) -> bool:
        return self.result in (FIRST_WINS_FORFEIT, SECOND_WINS_FORFEIT)

    def points(self, scheme: GamePoints) -> tuple[int, int]:
        """(first's, second's) points; only for a game with a result."""
        if self.result == DRAW:
            return (scheme.draw, scheme.draw)
        if self.result in (FIRST_WINS, FIRST_WINS_FORFEIT):
            return (scheme.win, scheme.loss)
        return (scheme.loss, scheme.win)

    def forfeit_loser(self) -> str | None:
        if self.result == FIRST_WINS_FORFEIT:
            return self.second
        if self.result == SECOND_WINS_FORFEIT:
            return self.first
        return None


@dataclass(frozen=True)
class Layout:
    """groups.yaml as written: None where a phase is left out (then it is computed)."""

    phase1: tuple[tuple[str, ...], ...] | None = None
    semifinals: tuple[tuple[str, ...], ...] | None = None
    final: tuple[str, ...] | None = None


@dataclass(frozen=True)
class TournamentData:
    slug: str
    started: bool  # the folder tournaments/<slug>/ exists
    entrants: tuple[str, ...] = ()
    layout: Layout = Layout()
    games: tuple[Game, ...] = ()
    games_path: str = ""


@dataclass(frozen=True)
class MarathonData:
    players: dict[str, Player]  # userid -> player; empty without players.csv
    tournaments: dict[str, TournamentData]  # by slug, one for every tournament of the settings
    group_finals: dict[str, tuple[Game, ...]]  # group slug -> games; only groups with a file
    master: tuple[Game, ...] = ()
    paths: dict[str, str] = field(default_factory=dict)  # "group-final:<slug>", "master" -> file
