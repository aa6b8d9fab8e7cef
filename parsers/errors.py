"""Typed errors of the parsers, and the record of a hand that could not be read.

Every error names the file, the line, what was expected and what was found, in one
greppable line::

    night.txt:14:9: pokerstars hand 2491: expected "<player>: posts small blind <amount>", found "post sb 0.5"

The line is English here (``str(error)``), and a :class:`Text`: a string that also keeps its
template and arguments, so the edge (the CLI, a page, the import summary) says it in the
reader's language through ``analyzer.i18n`` (parsers never import the analyzer). The parsers
mark their texts with :func:`T_` (and :func:`nT_` for counts), the keywords ``pybabel extract``
looks for (the Makefile's ``catalogs``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Text(str):
    """English text that keeps its template and arguments (each a string: data as it was
    found, or a nested :class:`Text`): as a ``str`` it is the English sentence, unchanged; the
    edge renders it in another language (``analyzer.i18n.render``).

    >>> t = T_("a seat number from 0 to {most}", most=10)
    >>> t, t.template, t.args
    ('a seat number from 0 to 10', 'a seat number from 0 to {most}', (('most', '10'),))
    >>> nT_("{n} column", "{n} columns", 2)
    '2 columns'
    """

    template: str
    args: tuple[tuple[str, str], ...]
    plural: str
    n: int

    def __new__(cls, template: str, args: tuple[tuple[str, str], ...] = (), plural: str = "", n: int = 0) -> Text:
        chosen = plural if plural and n != 1 else template
        self = super().__new__(cls, chosen.format_map(dict(args)) if args else chosen)
        self.template = template
        self.args = args
        self.plural = plural
        self.n = n
        return self


def T_(template: str, /, **args: object) -> Text:
    """Marks a parser's English text for the catalogs; ``{name}`` placeholders take ``args``
    (strings as found, numbers written as ``str`` writes them, nested :func:`T_` texts)."""
    return Text(template, tuple((key, value if isinstance(value, str) else str(value)) for key, value in args.items()))


def nT_(singular: str, plural: str, n: int, /, **args: object) -> Text:
    """Marks a text with a count ``n`` (``{n}`` in the templates), singular and plural."""
    text = T_(singular, n=n, **args)
    return Text(singular, text.args, plural, n)


def error_text(error: BaseException) -> str:
    """An error's one line: the :class:`Text` it was raised with (a :class:`ParseError`'s
    message, an ``OSError`` given a text), else ``str(error)``."""
    message = getattr(error, "message", None) if isinstance(error, ParseError) else None
    if isinstance(message, Text):
        return message
    if len(error.args) == 1 and isinstance(error.args[0], Text):
        return error.args[0]
    return str(error)


def strip_place(text: str, file: str) -> str:
    """``text`` without its leading ``"FILE: "``; a ``"{file}: {reason}"`` text gives its reason (still a
    :class:`Text`).

    >>> strip_place(T_("{file}: {reason}", file="a.txt", reason=T_("no such file or folder")), "a.txt").template
    'no such file or folder'
    """
    if isinstance(text, Text) and text.template == "{file}: {reason}" and dict(text.args).get("file") == file:
        return dict(text.args)["reason"]
    return text[len(file) + 2 :] if text.startswith(f"{file}: ") else text


def at_path(wanted: str, path: str) -> str:
    """What a schema wanted (msgspec's words, as found), and where in the record: ``int at $.seats[0]``."""
    return T_("{wanted} at {path}", wanted=wanted, path=path.strip("`")) if path else wanted


def new_cards(wanted: int, street: str, before: int) -> Text:
    """The cards a street line should deal: ``3 new cards for the flop after 0 on the board``."""
    return nT_(
        "{n} new card for the {street} after {before} on the board",
        "{n} new cards for the {street} after {before} on the board",
        wanted,
        street=street,
        before=before,
    )


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
        expected: str,  # a T_ text, or one passed on from another error
        found: str,  # the text as found (a T_ text where the parser describes it)
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
    def message(self) -> Text:
        where: str = self.file or "<input>"
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        elif self.column:
            where = T_("{where}, col {column}", where=where, column=self.column)
        what: str = self.format or T_("input")
        if self.hand_id:
            what = T_("{format} hand {hand_id}", format=what, hand_id=self.hand_id)
        return T_("{where}: {what}: {reason}", where=where, what=what, reason=self.reason)

    @property
    def reason(self) -> Text:
        """What was expected and what was found, without the place."""
        found: str = self.found if len(self.found) <= 80 else self.found[:77] + "..."
        shown = repr(found)
        if isinstance(found, Text) and shown == f"'{found}'":  # a text of the parser's, not one found
            return T_("expected {expected}, found '{found}'", expected=self.expected, found=found)
        return T_("expected {expected}, found {found}", expected=self.expected, found=shown)

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

    def __init__(self, token: str, position: int, *, expected: str = T_("a card like As, 10h, T♥ or ??")) -> None:
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
