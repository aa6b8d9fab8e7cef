"""The Stars family of hand-history text: PokerStars and the texts modelled on it (GGPoker,
PokerMaster, ...), one grammar in five parts:

* :mod:`~parsers.starslike.blocks`: a file split into hands (:func:`split_blocks`);
* :mod:`~parsers.starslike.text`: the header's record and words, cards, time stamps (a
  dialect module, :mod:`parsers.pokerstars` or :mod:`parsers.ggpoker`, reads the header
  line into a :class:`Header`); amounts are :func:`parsers.amounts.money`;
* :mod:`~parsers.starslike.lines`: a player's line (:func:`read_player_line`), the table
  and seat lines;
* :mod:`~parsers.starslike.body`: one hand's body into a :class:`~parsers.record.HandRecord`;
* :mod:`~parsers.starslike.summary`: the summary's ``Total pot`` and seat lines.

:func:`parse_text` reads a whole text with a dialect.
"""

from __future__ import annotations

from collections.abc import Iterator

from parsers.errors import T_, ParseError, RejectCode, Rejected
from parsers.record import HandRecord
from parsers.starslike.blocks import split_blocks
from parsers.starslike.body import HandReader
from parsers.starslike.summary import ORDINALS as ORDINALS
from parsers.starslike.text import SYMBOL_OF_CURRENCY as SYMBOL_OF_CURRENCY
from parsers.starslike.text import Dialect
from parsers.starslike.text import classify_game as classify_game
from parsers.starslike.text import eastern_offset as eastern_offset


def parse_text(text: str, dialect: Dialect, *, file: str = "") -> Iterator[HandRecord | Rejected]:
    """Every block of a text as a record or a :class:`Rejected` with reason and line."""
    fmt = dialect.format
    if text.startswith("\ufeff"):
        text = text[1:]
    for block in split_blocks(text, dialect):
        if block.is_hand:
            lines = list(map(str.strip, block.lines))  # map: no Python frame per line
            while len(lines) > 1 and not lines[-1]:
                lines.pop()
            block.lines = lines
        else:
            first = block.lines[0]
            is_summary = dialect.not_a_hand is not None and dialect.not_a_hand.match(first)
            error = ParseError(
                expected=T_("a hand history, not a tournament summary") if is_summary else dialect.expected_header,
                found=first,
                format=fmt,
                file=file,
                line=block.first_line,
                code=RejectCode.NOT_A_HAND if is_summary else RejectCode.PARSE_ERROR,
            )
            yield Rejected.from_error(error)
            continue
        hand_id: str | None = None
        try:
            header = dialect.parse_header(block.lines[0])
            hand_id = header.hand_id
            yield HandReader(block, header, fmt, file).read()
        except ParseError as error:
            if error.code is RejectCode.UNSUPPORTED_GAME and "Hand cancelled" in block.lines:
                error = ParseError(
                    expected=T_("a hand that was played"),
                    found="Hand cancelled",
                    line=block.first_line + block.lines.index("Hand cancelled"),
                    hand_id=error.hand_id,
                    code=RejectCode.CANCELLED,
                )
            line = error.line or block.first_line
            yield Rejected.from_error(
                ParseError(
                    expected=error.expected,
                    found=error.found,
                    format=fmt,
                    file=file,
                    line=line,
                    column=error.column,
                    hand_id=hand_id or error.hand_id,
                    code=error.code,
                )
            )
