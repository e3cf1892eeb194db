"""The templates' `_()` and `{% trans %}` (site_gen/render/i18n.template_gettext): the words
Jinja's own newstyle gettext gives, in the page's language, found once per message."""

from __future__ import annotations

import inspect

import pytest
from jinja2 import DictLoader, Environment

from site_gen.render import i18n
from site_gen.render.environment import make_environment

TEMPLATES = {
    "page.html": "{{ _('Rank') }}|{{ _('against %(player)s', player=name) }}|{{ _('Q & A') }}|{{ _('100%%') }}"
                 "|{% trans %}Player{% endtrans %}|{% trans n=name %}against {{ n }}{% endtrans %}",
    "plain.txt": "{{ _('Q & A') ~ '<' }}|{{ _('against %(player)s', player=name) }}",
    "value.html": "{{ _('against %(player)s', player=p) }}",
}


def environment(ours: bool) -> Environment:
    env = Environment(loader=DictLoader(TEMPLATES), autoescape=lambda name: name.endswith(".html"),
                      extensions=["jinja2.ext.i18n"])
    env.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True)
    if ours:
        env.globals["_"] = env.globals["gettext"] = i18n.template_gettext()
    return env


def render(env: Environment, name: str, lang: str) -> str:
    with i18n.use_language(lang):
        return env.get_template(name).render(name="<Ann>")


# hand-worked from the catalogs (site_gen/locale/*/LC_MESSAGES/site_gen.po): a message is
# trusted markup under autoescape, its values are escaped, "%%" is a percent sign
EXPECTED = {
    "en": "Rank|against &lt;Ann&gt;|Q & A|100%|Player|against &lt;Ann&gt;",
    "ru": "Место|против &lt;Ann&gt;|Q & A|100%|Игрок|against &lt;Ann&gt;",
    "it": "Posizione|contro &lt;Ann&gt;|Q & A|100%|Giocatore|against &lt;Ann&gt;",
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_the_words_are_jinjas_in_each_language(lang):
    ours = environment(ours=True)
    assert render(ours, "page.html", lang) == EXPECTED[lang]
    assert render(ours, "page.html", lang) == EXPECTED[lang]  # found again, the same
    assert render(environment(ours=False), "page.html", lang) == EXPECTED[lang]


def test_one_environment_keeps_each_language_apart():
    env = environment(ours=True)
    assert [render(env, "page.html", lang).split("|")[0] for lang in ("ru", "en", "it", "ru")] == [
        "Место", "Rank", "Posizione", "Место"]


@pytest.mark.parametrize("first", ["page.html", "plain.txt"])
def test_without_autoescape_a_message_stays_plain_text(first):
    """Outside autoescape a message is a str, so `~` does not escape what it is joined to."""
    env = environment(ours=True)
    render(env, first, "en")
    assert render(env, "plain.txt", "en") == "Q & A<|against <Ann>"
    assert render(env, "page.html", "en") == EXPECTED["en"]


def test_each_build_environment_reads_the_catalogs_afresh():
    first = make_environment(__import__("pathlib").Path("."), "default", "/")
    second = make_environment(__import__("pathlib").Path("."), "default", "/")
    assert first.globals["_"] is not second.globals["_"]  # no words kept from an earlier build (serve)
    assert first.globals["gettext"] is first.globals["_"]


def test_a_value_is_shown_by_its_type_as_jinja_shows_it():
    """The same text as a str is escaped, as Markup it is not, as another type it is formatted."""
    from markupsafe import Markup

    template = environment(ours=True).get_template("value.html")
    with i18n.use_language("ru"):
        shown = [template.render(p=value) for value in ("<b>", Markup("<b>"), "<b>", 7, "x")]
    assert shown == ["против &lt;b&gt;", "против <b>", "против &lt;b&gt;", "против 7", "против x"]


def test_the_words_kept_are_bounded(monkeypatch):
    monkeypatch.setattr(i18n, "_KEPT_WORDS", 2)
    env = environment(ours=True)
    with i18n.use_language("it"):
        assert [env.get_template("value.html").render(p=name) for name in "abcdcba"] == [
            f"contro {name}" for name in "abcdcba"]
    assert len(inspect.getclosurevars(env.globals["_"]).nonlocals["done"]) == 2
