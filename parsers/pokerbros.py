"""PokerBros hands as its club data export writes them: PartyPoker text (see
:mod:`parsers.partypoker`), every header followed by ``(PokerBros)``.

The grammar is Party's; this module only claims the files whose hands all name PokerBros,
so that they are read as ``pokerbros`` (``source.format``) with ``game.site`` ``pokerbros``.
A Party file with other hands in it is read by :mod:`parsers.partypoker`, the PokerBros
hands still with ``game.site`` ``pokerbros``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from parsers import partypoker
from parsers.errors import Rejected
from parsers.record import HandRecord

FORMAT = "pokerbros"

_HEADER = re.compile(r"^\s*\*{5} Hand History [Ff]or Game \w+ \*{5}(?P<site> \(PokerBros\))?", re.M)


def sniff(text: str) -> bool:
    """Party text whose every hand header names PokerBros.

    >>> sniff("***** Hand History for Game 1 ***** (PokerBros)\\n")
    True
    >>> sniff("***** Hand History for Game 1 ***** (PokerBros)\\n***** Hand History for Game 2 *****\\n")
    False
    """
    headers = [m.group("site") for m in _HEADER.finditer(text)]
    return bool(headers) and all(headers)


def parse(text: str, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every hand, read by the Party grammar, as ``pokerbros``."""
    return partypoker.parse_as(text, file=file, format=FORMAT)
