"""PokerStars hand histories (and the Stars-format text of other apps): read and write.

Covers Hold'em no limit, pot limit, limit and Cap NL, 6+ Hold'em (antes for all and a
button blind), Zoom and the Zoom archive layout, Home Game headers, tournaments, run it
twice, All-in Cash Out, and Stars-style exports of PokerMaster, PokerBros, Run It Once
and others. Other games (Omaha, stud, draw, Split Hold'em, mixed) are rejected per hand
as ``UNSUPPORTED_GAME``. The body grammar is shared with GGPoker in
:mod:`parsers.starslike`; this module reads the header.

Header grammar (``../shared/formats/site-formats.md`` 1.2)::

    <site> [Zoom |Home Game ]Hand|Game #<id>: [{club}] <game> <limit> (<stakes>) - <date>
    <site> Hand #<id>: Tournament #<tid>, <buy-in> <game> <limit> - Level <n> (<sb>/<bb>) - <date>

Cash stakes: ``$0.05/$0.10 USD``, ``$0.25/$0.50 - $10 Cap - USD`` or, for 6+,
``Button Blind $5 - Ante $5 USD``. Money is cents (``decimals=2``) when a currency is
named; play money and tournament chips are ``decimals=0``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from parsers.errors import T_, ParseError, RejectCode, Rejected
from parsers.record import Betting, Game, HandRecord, Stakes
from parsers.stars_writer import write
from parsers.starslike import parse_text as _parse_text
from parsers.starslike.text import (
    CURRENCY_OF_SYMBOL,
    Dialect,
    GameText,
    Header,
    cached_game,
    classify_game,
    find_date_start,
    fraction_digits,
    money,
)

FORMAT = "pokerstars"

__all__ = ["FORMAT", "SITES", "parse", "sniff", "write"]

#: the site word of the header -> the site's name (PokerStars and apps that write its format)
SITES: dict[str, str] = {
    "PokerStars": "PokerStars",
    "POKERSTARS": "PokerStars",
    "PokerMaster": "PokerMaster",
    "PokerBros": "PokerBros",
    "Run It Once Poker": "Run It Once Poker",
    "Full Tilt": "Full Tilt",
    "888Poker": "888Poker",
    "Hive Poker": "Hive Poker",
    "BetOnline": "BetOnline",
    "MPLPoker": "MPLPoker",
    "SupremaPoker": "SupremaPoker",
    "GGPoker": "GGPoker",  # our writer's Stars-style text of a GG hand
}
_SITE = "|".join(re.escape(s) for s in sorted(SITES, key=len, reverse=True))

_HEADER_START = re.compile(rf"(?:{_SITE})(?:\s(?:Zoom|Home\sGame))?\s(?:Hand|Game|HAND|GAME)\s\#[\w-]+:")
_HEADER = re.compile(
    rf"""^(?P<site>{_SITE})                          # PokerStars
    (?:\s(?:Zoom|Home\sGame))?\s(?:Hand|Game|HAND|GAME)\s  # Zoom Hand, Game (older files)
    \#(?P<id>[\w-]+):\s+                               # #195853866630:
    (?:\{{[^}}]*\}}\s+)?                               # the club name of a Home Game, in braces
    (?P<rest>.+)$
    """,
    re.VERBOSE,
)
_DATE_START = re.compile(r"(?<!\s)\s+-\s+(?=\d{4}/\d{1,2}/\d{1,2}|no\sdate$)")  # " - 2019/01/17 ..." ends the game
_CASH = re.compile(
    r"""^(?P<game>[^()]*?[^()\s])\s+\((?P<stakes>[^()]*)\)   # Hold'em No Limit ($0.05/$0.10 USD)
    (?:\s+\[(?:AAMS|ADM)\sID:\s[^\]]*\])?$          # [AAMS ID: ...] of Italian files
    """,
    re.VERBOSE,
)
_TOURNAMENT = re.compile(
    r"""^(?:Zoom\s)?Tournament\s\#(?P<tid>\d+),\s+(?P<body>.*?\S)\s+-\s+  # Tournament #797536898, <buy-in> <game>
    (?:Match\sRound\s[IVXLC]+,\s+)?Level\s*(?P<level>[IVXLC]+|\d+)\s*    # - Level XI
    \((?P<sb>[^/()]+)/(?P<bb>[^()]+)\)$                                 # (400/800)
    """,
    re.VERBOSE,
)
_BUY_IN = re.compile(
    r"""^(?:(?:[$€£¥₹]?[\d.,]+\+)+[$€£¥₹]?[\d.,]+(?:\s[A-Z]{2,3})?   # $3.19+$0.31 USD
    |Freeroll|NFPP|[\d.,]+\s(?:SC|FPP)|[$€£¥₹]?[\d.,]+\s[A-Z]{3})     # Freeroll, 250 SC, $5 USD
    \s+(?P<game>.+)$""",
    re.VERBOSE,
)
_BLINDS = re.compile(
    r"""^(?P<sb>[^/\s]+)/(?P<bb>[^/\s]+)            # $0.05/$0.10
    (?:\s-\s(?P<cap>\S+)\sCap\s-)?                   # - $10 Cap -
    (?:\s+(?P<iso>[A-Z]{3}))?$                       # USD
    """,
    re.VERBOSE,
)
_SIX_PLUS = re.compile(r"^Button\sBlind\s(?P<bb>\S+)\s-\sAnte\s(?P<ante>\S+)(?:\s+(?P<iso>[A-Z]{3}))?$")
_NOT_A_HAND = re.compile(r"^(?:PokerStars|POKERSTARS)\sTournament\s\#\d+")


def parse_header(line: str) -> Header:
    """A PokerStars header line; other games raise ``UNSUPPORTED_GAME``.

    >>> h = parse_header("PokerStars Hand #195853866630: 6+ Hold'em No Limit (Button Blind $5 - Ante $5 USD) - "
    ...                  "2019/01/17 10:11:07 CET [2019/01/17 4:11:07 ET]")
    >>> h.hand_id, h.game.variant.value, h.stakes.ante, h.stakes.button_blind, h.currency, h.started_at
    ('195853866630', 'shortdeck', 500, 500, 'USD', '2019-01-17T04:11:07-05:00')
    >>> parse_header("PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($5/$10) - 2014/01/16 13:17:20 ET").game.variant.value
    'omaha-hilo'
    >>> parse_header("PokerStars Hand #1: Razz Limit ($5/$10 USD) - 2014/01/16 13:17:20 ET")
    Traceback (most recent call last):
    ...
    parsers.errors.ParseError: <input>: input hand 1: expected a Hold'em, 6+ Hold'em or Omaha hand, found 'Razz Limit'
    """
    colon = line.find(": ", 17) if line[:17] == "PokerStars Hand #" else -1
    hand_id, after = line[17:colon], line[colon + 2 : colon + 3]
    usual = colon > 17 and hand_id.isdigit() and hand_id.isascii() and after not in ("", "{") and not after.isspace()
    if usual and "\n" not in line:
        site, rest = "PokerStars", line[colon + 2 :]  # the usual header, as the pattern reads it (no club)
    else:
        header = _HEADER.match(line)
        if header is None:
            raise ParseError(expected=T_('"PokerStars Hand #<id>: <game> (<stakes>) - <date>"'), found=line)
        site, hand_id, rest = header.group("site", "id", "rest")
    date = find_date_start(_DATE_START, rest)
    if date is None:
        raise ParseError(expected=T_("<game> (<stakes>) - <date> after the hand id"), found=rest, hand_id=hand_id)
    game = cached_game((site, rest[: date.start()]), _read_game, hand_id)
    return game.header(hand_id, rest[date.end() :])


def _read_game(key: tuple[str, str]) -> GameText:
    """The game and stakes of a header (without its id and date)."""
    site, text = key
    tournament = _TOURNAMENT.match(text) if text.startswith(("Tournament", "Zoom Tournament")) else None
    cash = None
    if tournament is not None:
        body = tournament.group("body")
        buy_in = _BUY_IN.match(body)
        declared = buy_in.group("game") if buy_in is not None else body
    else:
        cash = _CASH.match(text)
        if cash is None:
            raise ParseError(expected=T_("<game> (<stakes>) - <date> after the hand id"), found=text)
        declared = cash.group("game")
    kind = classify_game(declared)
    if kind is None:
        raise ParseError(
            expected=T_("a Hold'em, 6+ Hold'em or Omaha hand"), found=declared, code=RejectCode.UNSUPPORTED_GAME
        )
    variant, betting = kind
    game = Game(
        variant=variant, betting=betting, site=SITES[site], declared=declared, tournament=tournament is not None
    )
    if tournament is not None:
        stakes = Stakes(small_blind=money(tournament.group("sb"), 0), big_blind=money(tournament.group("bb"), 0))
        return GameText(game, _limits(stakes, betting), "CHIPS", 0)
    assert cash is not None
    stakes, currency, decimals = _cash_stakes(cash.group("stakes"))
    return GameText(game, _limits(stakes, betting), currency, decimals)


def _cash_stakes(text: str) -> tuple[Stakes, str, int]:
    six_plus = _SIX_PLUS.match(text)
    blinds = _BLINDS.match(text) if six_plus is None else None
    found = six_plus or blinds
    if found is None:
        raise ParseError(expected=T_("stakes like $0.05/$0.10 USD or Button Blind $1 - Ante $1 USD"), found=text)
    amounts = [a for a in found.groups()[:-1] if a]
    iso = found.group("iso")
    symbol = amounts[0][0]
    currency = iso or CURRENCY_OF_SYMBOL.get(symbol, "CHIPS")
    decimals = 2 if currency != "CHIPS" else max(fraction_digits(a) for a in amounts)
    if six_plus is not None:
        stakes = Stakes(
            ante=money(six_plus.group("ante"), decimals), button_blind=money(six_plus.group("bb"), decimals)
        )
    else:
        assert blinds is not None
        cap = blinds.group("cap")
        stakes = Stakes(
            small_blind=money(blinds.group("sb"), decimals),
            big_blind=money(blinds.group("bb"), decimals),
            cap=money(cap, decimals) if cap else 0,
        )
    return stakes, currency, decimals


def _limits(stakes: Stakes, betting: Betting) -> Stakes:
    """Fixed limit: the header's two amounts are the small and big bet; the big blind is
    the small bet, the small blind is read from the posts."""
    if betting is not Betting.FIXED_LIMIT:
        return stakes
    return Stakes(
        ante=stakes.ante,
        big_blind=stakes.small_blind,
        small_bet=stakes.small_blind,
        big_bet=stakes.big_blind,
        cap=stakes.cap,
    )


DIALECT = Dialect(
    format=FORMAT,
    header_anywhere=_HEADER_START,
    header_words=("Hand #", "Game #", "HAND #", "GAME #"),
    parse_header=parse_header,
    not_a_hand=_NOT_A_HAND,
    expected_header=T_('a hand header like "PokerStars Hand #<id>: Hold\'em No Limit ($0.05/$0.10 USD) - <date>"'),
)


def sniff(text: str) -> bool:
    """Whether one of the first lines is a PokerStars-style header (or a Stars tournament summary)."""
    seen = 0
    for raw in text.split("\n", 200)[:200]:
        line = raw.strip()
        if not line:
            continue
        if _HEADER_START.match(line) or _NOT_A_HAND.match(line):
            return True
        seen += 1
        if seen >= 20:
            break
    return False


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every hand of a PokerStars-style text, read or rejected with reason and line."""
    return _parse_text(text, DIALECT, file=file)
