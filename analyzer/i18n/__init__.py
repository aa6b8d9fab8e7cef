"""Words in the reader's language, through the standard library's gettext.

One translation layer for the CLI, the pages and the exports: code marks English text with
:func:`_` (``ngettext`` for counts, ``pgettext`` where a word has two meanings) and the
language in force picks the catalog (``analyzer/locale/<lang>/LC_MESSAGES/sixplus.mo``,
built from the committed ``.po`` files with Babel). Without a catalog for a language the
English text is shown, never a key.

The language in force is a context variable: :func:`use` sets it for a block (a page
render, one CLI command), :func:`current` reads it.

Text that is built before its language is known (a problem the engine finds, a quiz
question) is a lazy :class:`~analyzer.i18n.message.Msg` (``msg``, ``nmsg``, ``pmsg``), rendered
at the edge with :func:`render`; ``f_`` and ``fn_`` translate and fill in at once.

The catalogs are built with Babel (``make catalogs``: ``pybabel extract``, ``update``,
``compile``; mapping in ``babel.cfg``). Without a compiled ``.mo`` the ``.po`` source is read
through Babel, so a checkout that has not run ``make`` still speaks German and Spanish.

>>> with use("en"):
...     ngettext("{n} warning", "{n} warnings", 1).format(n=1)
'1 warning'
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

DOMAIN = "sixplus"
LOCALE_DIR = Path(__file__).parent.parent / "locale"
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


class _Missing(_gettext.NullTranslations):
    """The fallback behind a catalog: the English text, and a note of it while :func:`missing` runs."""

    def gettext(self, message: str) -> str:
        _note(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        _note(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        _note(f"{context}\x04{message}")
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        _note(f"{context}\x04{msgid1}")
        return msgid1 if n == 1 else msgid2


_LOCK = threading.Lock()
_RECORDING: list[set[str]] = []


def _note(message: str) -> None:
    if _RECORDING and message:
        with _LOCK:
            for seen in _RECORDING:
                seen.add(message)


@contextmanager
def missing() -> Iterator[set[str]]:
    """The msgids asked for in German or Spanish inside the block that no catalog translates
    (in any thread: a Streamlit script runs in its own). Contexts are written ``ctx\\x04id``."""
    seen: set[str] = set()
    with _LOCK:
        _RECORDING.append(seen)
    try:
        yield seen
    finally:
        with _LOCK:
            _RECORDING.remove(seen)


def catalog_path(lang: str, ext: str = "mo") -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.{ext}"


@lru_cache(maxsize=8)
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog of ``lang`` (English, or a missing catalog: the text as written).

    The compiled ``.mo`` when there is one, else the ``.po`` source read through Babel.
    """
    if lang == DEFAULT or lang not in LANGS:
        return _gettext.NullTranslations()
    mo, po = catalog_path(lang), catalog_path(lang, "po")
    found: _gettext.NullTranslations
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fp:
            found = _gettext.GNUTranslations(fp)
    elif po.exists():
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po.open("rb") as fp:
            catalog = read_po(fp, locale=lang, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        found = _gettext.GNUTranslations(buffer)
    else:
        found = _gettext.NullTranslations()
    found.add_fallback(_Missing())
    return found


def set_language(lang: str | None) -> Token[str]:
    """Make ``lang`` the language in force from now on (a page run, a CLI command); the token
    gives the language before back to :func:`reset_language`."""
    return _lang.set(normalize(lang))


def reset_language(token: Token[str]) -> None:
    """The language in force before :func:`set_language` made ``token``."""
    _lang.reset(token)


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


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a plural message as meant in ``context``."""
    return translations(_lang.get()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (tables of words: translate on use)."""
    return message


LANG_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "es": "Español"}

if TYPE_CHECKING:  # at run time through __getattr__ below
    from analyzer.i18n.message import (
        EMPTY,
        Amount,
        Arg,
        Cards,
        Fixed,
        Join,
        Msg,
        Percent,
        Rank,
        Run,
        card_text,
        f_,
        fn_,
        msg,
        nmsg,
        number,
        pmsg,
        rank_word,
        render,
    )


def __getattr__(name: str) -> object:
    """What :mod:`analyzer.i18n.message` adds to this module (the names of ``__all__`` not defined
    above), imported on first use: a command that renders no message (``sixplus --version``) loads
    neither it nor msgspec."""
    if name in __all__:
        from analyzer.i18n import message

        value = getattr(message, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT",
    "EMPTY",
    "LANGS",
    "LANG_NAMES",
    "N_",
    "Amount",
    "Arg",
    "Cards",
    "Fixed",
    "Join",
    "Msg",
    "Percent",
    "Rank",
    "Run",
    "_",
    "card_text",
    "current",
    "f_",
    "fn_",
    "from_environment",
    "missing",
    "msg",
    "ngettext",
    "nmsg",
    "normalize",
    "npgettext",
    "number",
    "pgettext",
    "pmsg",
    "rank_word",
    "render",
    "reset_language",
    "set_language",
    "translations",
    "use",
]
