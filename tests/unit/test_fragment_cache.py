"""{% cache %} (render/fragment_cache): in serve, a block is kept under the values its tag
lists, the build's shared inputs and the page's language; otherwise it is rendered."""

import pytest

from site_gen.render import fragment_cache, i18n
from site_gen.render.environment import make_environment
from site_gen.render.i18n import use_language
from site_gen.render.table_memo import TableMemo

TEMPLATE = '{% cache "x", a %}{{ a }}-{{ b }}{% endcache %}|{% cache "x", a %}{{ b }}{% endcache %}'


@pytest.fixture
def env(tmp_path, monkeypatch):
    """An environment as a serving build has it, outside CI, with a fresh memo."""
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(fragment_cache, "MEMO", TableMemo())
    env = make_environment(tmp_path, "default", "/", serving=True)
    env.fragment_base = b"the build's shared inputs"
    return env


def render(env, **context) -> str:
    with use_language("en"):
        return env.from_string(TEMPLATE).render(**context)


def test_a_block_is_kept_under_the_values_its_tag_lists(env):
    assert render(env, a=1, b=1) == "1-1|1"
    assert render(env, a=1, b=2) == "1-1|1"  # b is not listed: the block is the one kept
    assert render(env, a=2, b=2) == "2-2|2"


def test_two_blocks_with_the_same_values_are_kept_apart(env):
    first, second = render(env, a=1, b=1).split("|")
    assert (first, second) == ("1-1", "1")


def test_another_build_base_renders_the_block_again(env):
    render(env, a=1, b=1)
    env.fragment_base = b"an edited template, another site.yaml"
    assert render(env, a=1, b=2) == "1-2|2"


def test_without_a_base_or_under_ci_every_block_is_rendered(env, monkeypatch):
    render(env, a=1, b=1)
    monkeypatch.setenv("CI", "true")
    assert render(env, a=1, b=2) == "1-2|2"
    monkeypatch.delenv("CI")
    env.fragment_base = None  # the command line
    assert render(env, a=1, b=3) == "1-3|3"


def test_the_language_is_part_of_the_key(env):
    template = env.from_string('{% cache "x", 1 %}{{ _("Rank") }}{% endcache %}')
    with use_language("en"):
        assert template.render() == "Rank"
    with use_language("ru"):
        assert template.render() == i18n.gettext("Rank") != "Rank"


def test_a_kept_block_is_escaped_once(env):
    assert render(env, a="<b>", b="&") == "&lt;b&gt;-&amp;|&amp;"
    assert render(env, a="<b>", b="x") == "&lt;b&gt;-&amp;|&amp;"


def test_a_value_that_cannot_be_pickled_renders_the_block_every_time(env):
    def a():
        return 1
    first = render(env, a=a, b=1)
    assert render(env, a=a, b=2) != first


def test_the_page_is_part_of_the_key(env):
    """A block's links are relative to its page (render.links): one kept for a page at one
    depth is never shown on a page at another, nor on another page at the same depth."""
    from site_gen.render.links import use_page

    template = env.from_string('{% cache "x", 1 %}<a href="{{ url("c/stages/1/") }}">1</a>{% endcache %}')
    shown = {}
    for page in ["c/", "c/players/x/", "c/players/y/", "c/stages/1/", "c/"]:
        with use_language("en"), use_page(page):
            shown[page] = template.render()
    assert shown == {"c/": '<a href="stages/1/index.html">1</a>',
                     "c/players/x/": '<a href="../../stages/1/index.html">1</a>',
                     "c/players/y/": '<a href="../../stages/1/index.html">1</a>',
                     "c/stages/1/": '<a href="index.html">1</a>'}
