"""Typed errors of the parsers, and the record of a hand that could not be read.

Every error names the file, the line, what was expected and what was found, in one
greppable line::

    night.txt:14:9: pokerstars hand 2491: expected "<player>: posts small blind <amount>", found "post sb 0.5"
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class HandHistoryError(Exception):
    """Base of every error the project raises about hand-history data."""


class RejectCode(StrEnum):
    """Why a hand was not read. Stable: scripts and tests rely on these names."""

    PARSE_ERROR = "PARSE_ERROR"  # a line did not match what the format allows there
    TRUNCATED = "TRUNCATED"  # the hand stops before its end (no summary, cut log)
    UNSUPPORTED_GAME = "UNSUPPORTED_GAME"  # Omaha, stud, draw ...: not a game we cover
    CANCELLED = "CANCELLED"  # the source says the hand was cancelled
    NOT_A_HAND = "NOT_A_HAND"  # a tournament summary or other non-hand block
    BAD_AMOUNT = "BAD_AMOUNT"  # an amount that is not exact in the hand's minor unit
    BAD_CARD = "BAD_CARD"  # a card token no notation allows
    INVALID_RECORD = "INVALID_RECORD"  # native JSON that does not fit the schema


class ParseError(HandHistoryError):
    """A piece of text that does not fit the grammar of its format."""

    def __init__(
        self,
        *,
        expected: str,
        found: str,
        format: str = "",
        file: str = "",
        line: int = 0,
        column: int = 0,
        hand_id: str | None = None,
        code: RejectCode = RejectCode.PARSE_ERROR,
    ) -> None:
        self.expected = expected
        self.found = found
        self.format = format
        self.file = file
        self.line = line
        self.column = column
        self.hand_id = hand_id
        self.code = code
        super().__init__(self.message)

    @property
    def message(self) -> str:
        where = self.file or "<input>"
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        elif self.column:
            where += f", col {self.column}"
        what = self.format or "input"
        if self.hand_id:
            what += f" hand {self.hand_id}"
        found = self.found if len(self.found) <= 80 else self.found[:77] + "..."
        return f"{where}: {what}: expected {self.expected}, found {found!r}"

    def with_context(
        self,
        *,
        file: str | None = None,
        line_offset: int = 0,
        hand_id: str | None = None,
        format: str | None = None,
    ) -> ParseError:
        """The same error placed in a file (lines counted from the file's start)."""
        return ParseError(
            expected=self.expected,
            found=self.found,
            format=format if format is not None else self.format,
            file=file if file is not None else self.file,
            line=self.line + line_offset if self.line else line_offset,
            column=self.column,
            hand_id=hand_id if hand_id is not None else self.hand_id,
            code=self.code,
        )


class CardError(ParseError):
    """A card token no notation allows."""

    def __init__(self, token: str, position: int, *, expected: str = "a card like As, 10h, T♥ or ??") -> None:
        super().__init__(expected=expected, found=token, column=position, code=RejectCode.BAD_CARD)
        self.token = token
        self.position = position


@dataclass(frozen=True, slots=True)
class Rejected:
    """A hand (or block of text) that was not read, with its reason and where it is."""

    code: RejectCode
    message: str
    file: str = ""
    line: int = 0
    format: str = ""
    hand_id: str | None = None

    @classmethod
    def from_error(cls, error: ParseError) -> Rejected:
        return cls(
            code=error.code,
            message=error.message,
            file=error.file,
            line=error.line,
            format=error.format,
            hand_id=error.hand_id,
        )

    def __str__(self) -> str:
        return self.message
