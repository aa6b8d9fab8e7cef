"""Small helpers that lay things out: text from files as text, money, cards, verdict colours.

Text that came from a file (player names, file names, messages quoting a line) is data:
it is shown in tables (plain cells) or escaped with :func:`md` before it reaches a
markdown element, and never through ``unsafe_allow_html``.
"""

from __future__ import annotations

import re

import pandas as pd

from analyzer.cards import Card
from analyzer.i18n import current
from analyzer.money import CHIPS, format_money
from analyzer.safetext import page_text
from dashboards.words import COLUMNS, verdict_name, word

VERDICT_ICON = {"ok": "✅", "note": "ℹ️", "warn": "⚠️", "violation": "⛔", "unreadable": "❓"}
VERDICT_COLOUR = {
    "ok": "#2e7d32",
    "note": "#1565c0",
    "warn": "#f9a825",
    "violation": "#c62828",
    "unreadable": "#6d6d6d",
}
SUIT_COLOUR = {"♠": "#222222", "♥": "#c62828", "♦": "#1565c0", "♣": "#2e7d32"}


def md(text: object) -> str:
    """Text escaped for a markdown element (:func:`analyzer.safetext.page_text`): every ASCII
    punctuation mark backslashed, newlines flattened, control characters escaped.

    >>> md("**Ben** [x](javascript:1) :red[y] $z$")
    '\\\\*\\\\*Ben\\\\*\\\\* \\\\[x\\\\]\\\\(javascript\\\\:1\\\\) \\\\:red\\\\[y\\\\] \\\\$z\\\\$'
    """
    return page_text(text)


def money(amount: int | None, decimals: int, currency: str = CHIPS) -> str:
    """Minor units as a person reads them (:func:`analyzer.money.format_money`: the one
    formatter): ``money(123456, 2, "USD") == '$1,234.56'``, chips as chips (``'1,234.56'``)."""
    return "" if amount is None else format_money(amount, currency, decimals, locale=current())


def cards(texts: tuple[str, ...] | list[str]) -> str:
    """Cards with suit symbols: ``As Td ??`` -> ``A♠ T♦ ??``.

    >>> cards(("As", "Td", "??"))
    'A♠ T♦ ??'
    """
    return " ".join("??" if c == "??" else Card.from_text(c).pretty for c in texts)


def verdict_label(verdict: str) -> str:
    """A verdict with its icon, in the language in force: ``'⛔ violation'``."""
    return f"{VERDICT_ICON.get(verdict, '')} {verdict_name(verdict)}"


def columns(frame: pd.DataFrame, lang: str = "") -> pd.DataFrame:
    """A table with its column names in the language in force (:data:`dashboards.words.COLUMNS`;
    ``lang`` is unused, kept for the pages that pass it)."""
    return frame.rename(columns={c: word(COLUMNS, c) for c in frame.columns if c in COLUMNS})


_CARD = re.compile(r"^(?:[2-9TJQKA][shdc]|\?\?)$")
_SUIT_MD = {"h": "red", "d": "blue", "c": "green"}


def card_md(texts: tuple[str, ...] | list[str]) -> str:
    """Cards as markdown in four colours (only canonical cards get colour; anything else is escaped).

    >>> card_md(("Ah", "Ks", "??"))
    '**:red[A♥]** **K♠** 🂠'
    """
    out = []
    for c in texts:
        if not _CARD.match(c):
            out.append(md(c))
        elif c == "??":
            out.append("🂠")
        else:
            colour = _SUIT_MD.get(c[1])
            pretty = Card.from_text(c).pretty
            out.append(f"**:{colour}[{pretty}]**" if colour else f"**{pretty}**")
    return " ".join(out)
