"""The `online-marathon` entry of the registry: its parts gathered as one RuleSet."""

from site_gen.rules.base import RuleSet
from site_gen.rules.online_marathon.state import state
from site_gen.rules.online_marathon import exports, history, pages, player_page, read_games
from site_gen.rules.online_marathon.document import document
from site_gen.rules.online_marathon.load import load
from site_gen.rules.online_marathon.report import report
from site_gen.rules.online_marathon.scaffold import scaffold
from site_gen.rules.online_marathon.scoring import compute, recompute
from site_gen.rules.online_marathon.settings import FIELDS, Settings, make_settings


def keep_between_builds() -> None:
    """serve: games.csv's rows and games (read_games), the big exports' parts per stage
    (exports), the tables of the stages scored from the same inputs (pages), the digests
    of the players' games that render workers made (player_page), the feed's newest day's
    stage scored without that day (history)."""
    read_games.keep_between_builds()
    exports.keep_between_builds()
    pages.keep_between_builds()
    history.keep_between_builds()
    player_page.GAMES.keep()


RULESET = RuleSet(
    name="online-marathon",
    title="Online marathon (best series, norm ratings)",
    fields=FIELDS,
    make_settings=make_settings,
    load=load,
    compute=compute,
    report=report,
    document=document,
    publish=pages.publish,
    standings_table=pages.standings_table,
    scaffold=scaffold,
    state=state,
    recompute=recompute,
    keep_between_builds=keep_between_builds,
)

