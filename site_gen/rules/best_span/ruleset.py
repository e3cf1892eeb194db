"""The `best-span` entry of the registry: its parts gathered as one RuleSet."""

from site_gen.rules.base import RuleSet
from site_gen.rules.best_span import document
from site_gen.rules.best_span.load import load
from site_gen.rules.best_span.pages import publish, standings_table
from site_gen.rules.best_span.report import report
from site_gen.rules.best_span.scaffold import scaffold
from site_gen.rules.best_span.scoring import compute
from site_gen.rules.best_span.settings import FIELDS, make_settings
from site_gen.rules.best_span.state import state

RULESET = RuleSet(
    name="best-span",
    title="Best span (Tenhou long-term competition: fewest weighted games to the target)",
    fields=FIELDS,
    make_settings=make_settings,
    load=load,
    compute=compute,
    report=report,
    document=document.document,
    publish=publish,
    standings_table=standings_table,
    scaffold=scaffold,
    state=state,
)
