"""Card notation as real files write it, normalised to canonical two-character text.

Accepted: ``As``, ``AS``, ``as``, ``Th``, ``10h``, ``T♥``, ``10♥``, ``A♠`` (with or
without the U+FE0F variation selector), concatenated cards (``AsKd``, ``10♥J♣``) and the
unknown card ``??`` (also ``X``/``x`` as used by some exports). Canonical form: rank
``23456789TJQKA`` upper case, suit ``cdhs`` lower case, ``??`` for unknown.
"""

from __future__ import annotations

import re

from parsers.errors import CardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
UNKNOWN = "??"

_SUIT_SYMBOLS = {
    "♣": "c",
    "♦": "d",
    "♥": "h",
    "♠": "s",
    "♧": "c",
    "♢": "d",
    "♡": "h",
    "♤": "s",
}

_TOKEN = re.compile(
    r"""
    (?P<unknown>\?\?|[Xx](?![a-zA-Z]))       # unknown card
    |(?P<rank>10|[2-9TtJjQqKkAa])              # rank, ten as T or 10
     (?P<suit>[cdhsCDHS♣♦♥♠♧♢♡♤])\ufe0f?       # suit letter or symbol
    """,
    re.VERBOSE,
)


def normalize_card(token: str, position: int = 0) -> str:
    """One card token to canonical text.

    >>> [normalize_card(t) for t in ("As", "AS", "as", "10h", "T♥", "10♥", "A♠", "??")]
    ['As', 'As', 'As', 'Th', 'Th', 'Th', 'As', '??']
    >>> normalize_card("1h", 3)
    Traceback (most recent call last):
    ...
    parsers.errors.CardError: <input>, col 3: input: expected a card like As, 10h, T♥ or ??, found '1h'
    """
    token = token.strip()
    match = _TOKEN.fullmatch(token)
    if match is None:
        raise CardError(token, position)
    return _canonical(match)


def _canonical(match: re.Match[str]) -> str:
    if match.group("unknown"):
        return UNKNOWN
    rank = match.group("rank").upper()
    rank = "T" if rank == "10" else rank
    suit = match.group("suit")
    suit = _SUIT_SYMBOLS.get(suit, suit.lower())
    return rank + suit


def split_cards(text: str) -> tuple[str, ...]:
    """Any run of cards (spaces, commas, brackets or nothing between them) to canonical text.

    >>> split_cards("AsKd")
    ('As', 'Kd')
    >>> split_cards("[10♥, J♣ 9d]")
    ('Th', 'Jc', '9d')
    >>> split_cards("")
    ()
    >>> split_cards("As Zz")
    Traceback (most recent call last):
    ...
    parsers.errors.CardError: <input>, col 4: input: expected a card like As, 10h, T♥ or ??, found 'Zz'
    """
    cards: list[str] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in " ,[]\t\ufe0f":
            i += 1
            continue
        match = _TOKEN.match(text, i)
        if match is None:
            end = i
            while end < n and text[end] not in " ,[]\t":
                end += 1
            raise CardError(text[i:end], i + 1)
        cards.append(_canonical(match))
        i = match.end()
    return tuple(cards)
