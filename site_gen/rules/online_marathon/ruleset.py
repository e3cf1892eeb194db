"""The `online-marathon` entry of the registry: its parts gathered as one RuleSet."""

from site_gen.rules.base import RuleSet
from site_gen.rules.online_marathon import pages
from site_gen.rules.online_marathon.document import document
from site_gen.rules.online_marathon.load import load
from site_gen.rules.online_marathon.report import report
from site_gen.rules.online_marathon.scaffold import scaffold
from site_gen.rules.online_marathon.scoring import compute
from site_gen.rules.online_marathon.settings import FIELDS, make_settings
from site_gen.rules.online_marathon.state import state


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
)

