"""Building thematic-marathon data in memory for the engine tests."""

from site_gen.rules.thematic_marathon.model import (
    FINAL,
    PHASE1,
    SEMI,
    Game,
    GroupDef,
    Layout,
    MarathonData,
    Player,
    Settings,
    TournamentData,
    TournamentDef,
)

__all__ = ["FINAL", "PHASE1", "SEMI", "Layout", "settings", "players", "games", "tournament", "data", "rated"]


def settings(groups: dict[str, list[str]], **overrides) -> Settings:
    """groups: {group slug: [tournament slug, ...]}; a tournament's game is its slug upper-cased."""
    defs = tuple(
        GroupDef(slug, slug.title(), tuple(TournamentDef(t, t.upper()) for t in tournaments))
        for slug, tournaments in groups.items()
    )
    return Settings(groups=defs, **overrides)


def rated(*userids: str) -> dict[str, Player]:
    """E players rated in the given order (the first highest): the seeding is that order."""
    return {u: Player(u, rating=3000 - 10 * i, status="E") for i, u in enumerate(userids)}


def players(*items: Player) -> dict[str, Player]:
    return {p.userid: p for p in items}


def games(phase: str, group: int | None, text: str) -> list[Game]:
    """'a-b 1-0; b-a draw; c-a 0-1 forfeit; a-c' -> games (first-second result; none: unplayed)."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        pair, _, result = part.partition(" ")
        first, second = pair.split("-")
        out.append(Game(first, second, result or None, phase=phase, group=group))
    return out


def tournament(slug: str, entrants: list[str], game_list=(), layout: Layout = Layout()) -> TournamentData:
    return TournamentData(slug, True, tuple(entrants), layout, tuple(game_list))


def data(people: dict[str, Player], s: Settings, tournaments: list[TournamentData], finals=None, master=()) -> MarathonData:
    by_slug = {t.slug: t for t in tournaments}
    for _, t in s.tournaments:
        by_slug.setdefault(t.slug, TournamentData(t.slug, False))
    return MarathonData(people, by_slug, finals or {}, tuple(master))
