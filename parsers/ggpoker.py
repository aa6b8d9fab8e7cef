"""GGPoker (GG Network) hand histories: Hold'em and Short Deck, cash and tournaments.

GG text is PokerStars text with its own vocabulary (``../shared/formats/site-formats.md``
section 2); the body grammar is shared in :mod:`parsers.starslike`. What is GG's own:

* Header ``Poker Hand #<id>: <game> (<stakes>) - <date>`` with an id prefix (``SD``,
  ``HD``, ``RC``, ``TM`` ...) or none, no time zone (the time is kept without offset).
* Short Deck stakes are one number, the ante: ``ShortDeck No Limit ($0.02)``; the button
  blind is read from its post. ``$0.02/$0.05($0.01)`` is blinds with an ante.
* ``straddle X`` (no "posts") states the player's new total: re-straddles by one player
  become one ``STRADDLE`` post per line, each with the amount it adds.
* Thousands separators, ``$0.5``, ``Dealt to`` every player, ``*** SHOWDOWN ***`` in every
  hand, ``won (x)`` in the summary, run it two or three times (``SECOND Board`` may list
  only the new cards), ``| Jackpot | Bingo | Fortune | Tax`` deductions, ``Cash Drop to
  Pot`` (a negative ``cash_drop`` deduction), EV Cashout and all-in insurance (a
  :class:`~parsers.record.Cashout`: ``amount`` received, ``fee`` paid outside the pot).
* Omaha (``PLO``, ``PLO-5``, ``Omaha Pot Limit`` ...) is read as Omaha (four or five hole cards).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from parsers.errors import T_, ParseError, RejectCode, Rejected
from parsers.record import Game, HandRecord, Stakes, Variant
from parsers.starslike import parse_text as _parse_text
from parsers.starslike.text import (
    CURRENCY_OF_SYMBOL,
    Dialect,
    GameText,
    Header,
    cached_game,
    classify_game,
    find_date_start,
    money,
)

FORMAT = "ggpoker"
SITE = "GGPoker"

_HEADER_START = re.compile(r"(?<!GG)Poker\sHand\s\#[A-Za-z_]*\d+:")
_HEADER = re.compile(
    r"""^Poker\sHand\s\#(?P<id>[A-Za-z_]*\d+):\s+   # Poker Hand #SD27208848:
    (?P<rest>.+)$""",
    re.VERBOSE,
)
_CASH = re.compile(
    r"""^(?P<game>.*?\S)\s*                                # ShortDeck No Limit (ends in a letter: linear)
    \((?P<stakes>[$€£¥\d][^()]*(?:\([^()]*\))?)\)$          # ($0.02) or ($0.02/$0.05($0.01))
    """,
    re.VERBOSE,
)
_TOURNAMENT = re.compile(
    r"""^Tournament\s\#(?P<tid>\d+),\s+(?P<body>.*?\S)\s+-\s+  # Tournament #25313424, <name> <game>
    Level\s*(?P<level>\d+)\s*\((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\)$  # - Level1(100/200)
    """,
    re.VERBOSE,
)
_TOURNAMENT_GAME = re.compile(
    r"""(?:^|\s)(?P<game>(?:6\+\s)?Hold'em\s(?:No\sLimit|Pot\sLimit|Limit)   # the game after the event's name
    |ShortDeck\sNo\sLimit)$""",
    re.VERBOSE,
)
_STAKES = re.compile(
    r"""^(?P<first>[^/()]+)                 # $0.02: the ante of Short Deck, or the small blind
    (?:/(?P<bb>[^/()]+))?                   # /$0.05
    (?:\((?P<ante>[^()]+)\))?$              # ($0.01): an ante
    """,
    re.VERBOSE,
)
_NOT_A_HAND = re.compile(r"^Tournament\s\#\d+,")
_DATE_START = re.compile(r"(?<!\s)\s+-\s+(?=\d{4}/\d{1,2}/\d{1,2})")  # " - 2021/03/02 18:22:40" ends the game


def parse_header(line: str) -> Header:
    """A GG header line; other games raise ``UNSUPPORTED_GAME``.

    >>> h = parse_header("Poker Hand #SD27208848: ShortDeck No Limit ($0.02) - 2021/03/02 18:22:40")
    >>> h.hand_id, h.game.variant.value, h.stakes.ante, h.currency, h.started_at
    ('SD27208848', 'shortdeck', 2, 'USD', '2021-03-02T18:22:40')
    >>> parse_header("Poker Hand #OM232657303: PLO ($2/$5) - 2021/01/21 02:41:55").game.variant.value
    'omaha'
    >>> parse_header("Poker Hand #OF1: OFC ($2/$5) - 2021/01/21 02:41:55")
    Traceback (most recent call last):
    ...
    parsers.errors.ParseError: <input>: input hand OF1: expected a Hold'em, Short Deck or Omaha hand, found 'OFC'
    """
    header = _HEADER.match(line)
    if header is None:
        raise ParseError(expected=T_('"Poker Hand #<id>: <game> (<stakes>) - <date>"'), found=line)
    hand_id, rest = header.group("id", "rest")
    date = find_date_start(_DATE_START, rest)
    if date is None:
        raise ParseError(expected=T_("<game> (<stakes>) - <date> after the hand id"), found=rest, hand_id=hand_id)
    game = cached_game(rest[: date.start()], _read_game, hand_id)
    return game.header(hand_id, rest[date.end() :])


def _read_game(text: str) -> GameText:
    """The game and stakes of a header (without its id and date)."""
    tournament = _TOURNAMENT.match(text) if text.startswith("Tournament") else None
    cash = None
    if tournament is not None:
        named = _TOURNAMENT_GAME.search(tournament.group("body"))
        declared = named.group("game") if named is not None else tournament.group("body")
    else:
        cash = _CASH.match(text)
        if cash is None:
            raise ParseError(expected=T_("<game> (<stakes>) - <date> after the hand id"), found=text)
        declared = cash.group("game")
    kind = classify_game(declared)
    if kind is None:
        raise ParseError(
            expected=T_("a Hold'em, Short Deck or Omaha hand"), found=declared, code=RejectCode.UNSUPPORTED_GAME
        )
    variant, betting = kind
    game = Game(variant=variant, betting=betting, site=SITE, declared=declared, tournament=tournament is not None)
    if tournament is not None:
        stakes = Stakes(small_blind=money(tournament.group("sb"), 0), big_blind=money(tournament.group("bb"), 0))
        return GameText(game, stakes, "CHIPS", 0)
    assert cash is not None
    stakes_text = cash.group("stakes")
    amounts = _STAKES.match(stakes_text)
    if amounts is None or (amounts.group("bb") is None and variant is not Variant.SHORTDECK):
        raise ParseError(expected=T_("stakes like ($0.02) for Short Deck or ($0.02/$0.05)"), found=f"({stakes_text})")
    currency = CURRENCY_OF_SYMBOL.get(stakes_text[0], "CHIPS")
    decimals = 2 if currency != "CHIPS" else 0
    first = money(amounts.group("first").strip(), decimals)
    ante_text = amounts.group("ante")
    ante = money(ante_text, decimals) if ante_text else 0
    if amounts.group("bb") is None:
        stakes = Stakes(ante=first)
    else:
        stakes = Stakes(ante=ante, small_blind=first, big_blind=money(amounts.group("bb").strip(), decimals))
    return GameText(game, stakes, currency, decimals)


DIALECT = Dialect(
    format=FORMAT,
    header_anywhere=_HEADER_START,
    header_words=("Poker Hand #",),
    parse_header=parse_header,
    not_a_hand=_NOT_A_HAND,
    expected_header=T_('a hand header like "Poker Hand #<id>: ShortDeck No Limit ($0.02) - <date>"'),
)


def sniff(text: str) -> bool:
    """Whether one of the first lines is a GG header ``Poker Hand #<id>:``."""
    seen = 0
    for raw in text.split("\n", 200)[:200]:
        line = raw.strip()
        if not line:
            continue
        if line.startswith("Poker Hand #") and _HEADER_START.match(line):
            return True
        seen += 1
        if seen >= 20:
            break
    return False


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every hand of a GG text, read or rejected with reason and line."""
    return _parse_text(text, DIALECT, file=file)


def write(records: Iterable[HandRecord]) -> str:
    """GG text of the records (:mod:`parsers.gg_writer`)."""
    from parsers import gg_writer  # lazy: the writer loads only when asked for

    return gg_writer.write(records)
