"""The theme's words in the page's language: gettext catalogs read with Babel, numbers
and dates formatted by Babel for the locale.

The catalogs are the .po files in site_gen/locale/<lang>/LC_MESSAGES/site_gen.po; they are
compiled in memory the first time a language is used (no .mo files to forget to build).
English is the source language and needs no catalog.

The language of the page being rendered is a context variable set by the renderer
(`use_language`), so macros imported without the page's context translate too.

Babel is imported where it is first needed (a catalog, a date, a locale's symbols): an
English site showing no dates never loads it (~10 ms of every build's start).
"""

from __future__ import annotations

import datetime as dt
import gettext as gettext_module
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from jinja2 import pass_context
from markupsafe import Markup

from site_gen.i18n import Text
from site_gen.formatting import format_number

if TYPE_CHECKING:
    from babel import Locale
    from jinja2.runtime import Context

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "site_gen"
SOURCE_LANGUAGE = "en"

_language: ContextVar[str] = ContextVar("site_gen_language", default=SOURCE_LANGUAGE)


def current_language() -> str:
    """The language of the page being rendered (use_language), else the source language."""
    return _language.get()


@contextmanager
def use_language(lang: str) -> Iterator[None]:
    token = _language.set(lang)
    try:
        yield
    finally:
        _language.reset(token)


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext_module.NullTranslations:
    path = catalog_path(lang)
    if lang == SOURCE_LANGUAGE or not path.is_file():
        return gettext_module.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)  # a fuzzy entry stays English, never a guess
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


# --- the gettext callables Jinja's i18n extension calls -------------------------------


def gettext(message: str) -> str:
    return translations(_language.get()).gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_language.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return translations(_language.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translations(_language.get()).npgettext(context, singular, plural, n)


_PLAIN_VALUES = frozenset({str, int, Markup})
_KEPT_WORDS = 1 << 16  # a large marathon's names would otherwise keep every player's sentences


def template_gettext() -> Callable[..., str]:
    """The templates' `_()` and `gettext` (`{% trans %}`): what Jinja's newstyle gettext
    returns (the message in the page's language, Markup under autoescape, always %-formatted),
    kept for a message and its values when they are plain: a theme's labels are asked for on
    every page, nine in ten calls repeat an earlier one (a round's number, a player's name), and
    Jinja's own path (`_` resolving `gettext`, each through Context.call) was an eighth of a
    small site's rendering. One per environment, as the catalogs are read once per build."""
    done: dict[tuple, str] = {}

    @pass_context
    def template_gettext(context: Context, message: str, **variables: Any) -> str:
        autoescape = context.eval_ctx.autoescape
        key: tuple = (_language.get(), message, autoescape)
        if variables:
            # a value is shown by its type too (a str is escaped, Markup is not): only these
            # types' values, which show the same wherever they are, make the key
            if not all(type(value) in _PLAIN_VALUES for value in variables.values()):
                return _formatted(message, autoescape, variables)
            key += tuple((name, type(value), value) for name, value in variables.items())
        found = done.get(key)
        if found is None:
            found = _formatted(message, autoescape, variables)
            if len(done) < _KEPT_WORDS:
                done[key] = found
        return found

    return template_gettext


def _formatted(message: str, autoescape: bool, variables: dict[str, Any]) -> str:
    """Jinja's newstyle gettext: the message in the page's language, Markup under autoescape
    (so %-formatting escapes a str value), always %-formatted."""
    text = gettext(message)
    return (Markup(text) if autoescape else text) % variables


# --- values ---------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _symbols(lang: str) -> tuple[str, str]:
    from babel.numbers import get_decimal_symbol, get_minus_sign_symbol

    locale = _locale(lang)
    return get_decimal_symbol(locale), get_minus_sign_symbol(locale)


def localise_number(text: str) -> str:
    """An exact decimal string ("-2.590") with the language's decimal sign and minus."""
    lang = _language.get()
    if lang == SOURCE_LANGUAGE:
        return text
    point, minus = _symbols(lang)
    if point != ".":
        text = text.replace(".", point)
    if minus != "-" and text.startswith("-"):
        text = minus + text[1:]
    return text


def number(value: Any, decimals: int = 3) -> str:
    """The `num` filter: exact values rounded as formatting.format_number does, then localised."""
    if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
        return localise_number(format_number(value, decimals))
    return format_number(value, decimals)


def short_number(value: Any, decimals: int = 2) -> str:
    """The `num_short` filter: like `num`, without trailing zeros ("2.5", "3", "2,25")."""
    text = format_number(value, decimals)
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
        return localise_number(text)
    return text


def date(value: dt.date | None, form: str = "medium") -> str:
    """A day ("1 февр. 2015 г.") or a moment in its own time zone ("03.02.2015, 21:15")."""
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        # the locale's date with its short time: "Feb 3, 2015, 9:15 PM", "3 февр. 2015 г., 21:15".
        # The wall-clock day and time of day say it all (no pattern used shows the zone nor,
        # test_a_moment_is_babels_date_and_time_of_its_wall_clock, the seconds); each is
        # formatted once (a season's 100,000 game starts fall on a few hundred days and at
        # most 1,440 minutes) and read from the datetime as it is. With replace(tzinfo=None)
        # (~1.7 us alone) and a cache of whole moments, which are mostly distinct, a call
        # took ~4 us; now ~1.2.
        lang = _language.get()
        return _moment_pattern(form, lang).replace("{1}", _day(value.date(), form, lang)).replace(
            "{0}", _clock(value.hour, value.minute, lang))
    return _day(value, form, _language.get())


@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    from babel import Locale

    return Locale.parse(lang)  # once per language: Babel parses a locale name at every call


@lru_cache(maxsize=1 << 16)
def _day(value: dt.date, form: str, lang: str) -> str:
    from babel.dates import format_date

    return format_date(value, form, locale=_locale(lang))


@lru_cache(maxsize=None)
def _moment_pattern(form: str, lang: str) -> str:
    from babel.dates import get_datetime_format

    return str(get_datetime_format(form, locale=_locale(lang)))


@lru_cache(maxsize=1 << 16)
def _clock(hour: int, minute: int, lang: str) -> str:
    # a fixed day: Babel would otherwise put a bare time on today's date
    from babel.dates import format_time

    return format_time(dt.datetime(2000, 1, 1, hour, minute), "short", locale=_locale(lang))


def translate(value: Any) -> str:
    """A Text or a marked message in the page's language; other values formatted for it.

    A plain str is looked up as a message: rule sets hand over column labels, captions and
    notes marked with N_(). Names and other data must not be passed here."""
    if isinstance(value, Text):
        if not value.params:
            return gettext(value.message)
        return gettext(value.message) % {k: _param(v) for k, v in value.params.items()}
    if isinstance(value, str):
        return gettext(value)
    return _param(value)


def text(value: Any) -> str:
    """A name or title: a Text is translated, anything else shown exactly as written."""
    if isinstance(value, Text):
        return translate(value)
    return "" if value is None else str(value)


def _param(value: Any) -> str:
    if type(value) is str:  # names, ids: most values, found before the isinstance of Fraction's ABC
        return value
    if isinstance(value, Text):
        return translate(value)
    if isinstance(value, (dt.date, dt.datetime)):
        return date(value)
    if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
        return number(value)
    return "" if value is None else str(value)
