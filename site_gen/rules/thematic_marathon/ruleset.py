"""The `thematic-marathon` entry of the registry: its parts gathered as one RuleSet."""

from site_gen.rules.base import RuleSet
from site_gen.rules.thematic_marathon.state import state
from site_gen.rules.thematic_marathon.document import document
from site_gen.rules.thematic_marathon import load, pages
from site_gen.rules.thematic_marathon.report import report
from site_gen.rules.thematic_marathon.scaffold import scaffold
from site_gen.rules.thematic_marathon.scoring import compute
from site_gen.rules.thematic_marathon.settings import FIELDS, make_settings


RULESET = RuleSet(
    name="thematic-marathon",
    title="Thematic marathon (round-robin tournaments, group finals, Master)",
    fields=FIELDS,
    make_settings=make_settings,
    load=load.load,
    compute=compute,
    report=report,
    document=document,
    publish=pages.publish,
    standings_table=pages.standings_table,
    scaffold=scaffold,
    state=state,
)
