"""Words in the reader's language, through the standard library's gettext.

One translation layer for the CLI, the pages and the exports: code marks English text with
:func:`_` (``ngettext`` for counts, ``pgettext`` where a word has two meanings) and the
language in force picks the catalog (``analyzer/locale/<lang>/LC_MESSAGES/sixplus.mo``,
built from the committed ``.po`` files with Babel). Without a catalog for a language the
English text is shown, never a key.

The language in force is a context variable: :func:`use` sets it for a block (a page
render, one CLI command), :func:`current` reads it.

>>> with use("en"):
...     ngettext("{n} warning", "{n} warnings", 1).format(n=1)
'1 warning'
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

DOMAIN = "sixplus"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGS: tuple[str, ...] = ("en", "de", "es")
DEFAULT = "en"

_lang: ContextVar[str] = ContextVar("sixplus_lang", default=DEFAULT)


def normalize(lang: str | None) -> str:
    """A language we have, from a tag or locale name: ``de_DE.UTF-8`` → ``de``; others → ``en``.

    >>> normalize("de_DE.UTF-8"), normalize("es-AR"), normalize("fr"), normalize(None)
    ('de', 'es', 'en', 'en')
    """
    if not lang:
        return DEFAULT
    code = lang.replace("-", "_").split(".")[0].split("_")[0].lower()
    return code if code in LANGS else DEFAULT


def from_environment() -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return normalize(value.split(":")[0])
    return DEFAULT


@lru_cache(maxsize=8)
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog of ``lang`` (English, or a missing catalog: the text as written)."""
    if lang == DEFAULT:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


def current() -> str:
    return _lang.get()


@contextmanager
def use(lang: str | None) -> Iterator[str]:
    """Render in ``lang`` inside the block (normalised: an unknown language is English)."""
    token = _lang.set(normalize(lang))
    try:
        yield _lang.get()
    finally:
        _lang.reset(token)


def _(message: str) -> str:
    """``message`` in the language in force."""
    return translations(_lang.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the language in force (each language's own plural rule)."""
    return translations(_lang.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (a word with two meanings)."""
    return translations(_lang.get()).pgettext(context, message)
