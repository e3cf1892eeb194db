"""The `swiss-cut` entry of the registry: its parts gathered as one RuleSet."""

from site_gen.rules.base import RuleSet
from site_gen.rules.swiss_cut.state import state
from site_gen.rules.swiss_cut.document import document
from site_gen.rules.swiss_cut.load import load
from site_gen.rules.swiss_cut.pages import publish, standings_table_for
from site_gen.rules.swiss_cut.report import report
from site_gen.rules.swiss_cut.scaffold import scaffold
from site_gen.rules.swiss_cut.scoring import compute
from site_gen.rules.swiss_cut.settings import FIELDS, make_settings

RULESET = RuleSet(
    name="swiss-cut",
    title="Live tournament (rounds of four, cuts, final)",
    fields=FIELDS,
    make_settings=make_settings,
    load=load,
    compute=compute,
    report=report,
    document=document,
    publish=publish,
    standings_table=standings_table_for,
    scaffold=scaffold,
    state=state,
)
