"""The bounds every hand is checked against at the edge, before any arithmetic on it.

Stated as data (:mod:`parsers.limits`), applied at the edge: every reader's records pass
:func:`check_record` (through :func:`parsers.formats.parse_text` and
:func:`~parsers.formats.read_bytes`), and amounts read from text pass :func:`check_minor`
(through :func:`parsers.amounts.to_minor`). A hand outside them is rejected with its line and
what was expected, never a Python error. The native format's decoder checks the same bounds in
C as it reads (the record's types state them, :mod:`parsers.record`), so its records skip the
pass; a line it refuses is read again without them and named by :func:`outside`, with the same
words (a test checks the types and :func:`check_record` agree).

* An amount is at most :data:`MAX_AMOUNT` = 10^15 minor units either way (10 trillion at two
  decimals). Sums stay exact in 64-bit integers (pyarrow and numpy columns of the store):
  9,223 hands each moving the largest amount on every one of its fields still fit.
* ``decimals`` is 0 to :data:`MAX_DECIMALS` = 8 (a satoshi); more makes formatting costly.
* At most :data:`MAX_SEATS` seats (a 52-card deck deals 23 hands), :data:`MAX_ACTIONS`
  actions and posts, :data:`MAX_RUNS` boards, seat numbers 0 to :data:`MAX_SEAT_NUMBER`,
  and names, ids and other texts of at most :data:`MAX_TEXT` characters.
"""

from __future__ import annotations

from collections.abc import Iterable

from parsers.errors import T_, ParseError, RejectCode, Rejected
from parsers.limits import (
    MAX_ACTIONS,
    MAX_AMOUNT,
    MAX_DECIMALS,
    MAX_ITEMS,
    MAX_LINE,
    MAX_RUNS,
    MAX_SEAT_NUMBER,
    MAX_SEATS,
    MAX_TEXT,
)
from parsers.record import HandRecord

__all__ = [
    "AMOUNT_EXPECTED",
    "MAX_ACTIONS",
    "MAX_AMOUNT",
    "MAX_DECIMALS",
    "MAX_ITEMS",
    "MAX_LINE",
    "MAX_RUNS",
    "MAX_SEATS",
    "MAX_SEAT_NUMBER",
    "MAX_TEXT",
    "check_decimals",
    "check_minor",
    "check_record",
    "outside",
]

AMOUNT_EXPECTED = T_("an amount of at most {most} minor units either way", most=format(MAX_AMOUNT, ","))


def check_minor(value: int, *, text: str | None = None, line: int = 0) -> int:
    """The amount, or a :class:`ParseError` when it is beyond :data:`MAX_AMOUNT`.

    >>> check_minor(1250)
    1250
    >>> check_minor(10**16, text="1e16")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parsers.errors.ParseError: <input>: input: expected an amount of at most 1,000,000,000,000,000 ..., found '1e16'
    """
    if -MAX_AMOUNT <= value <= MAX_AMOUNT:
        return value
    raise ParseError(
        expected=AMOUNT_EXPECTED,
        found=text if text is not None else _digits(value),
        line=line,
        code=RejectCode.BAD_AMOUNT,
    )


def check_decimals(decimals: int, *, line: int = 0) -> int:
    """Decimals between 0 and :data:`MAX_DECIMALS`.

    >>> check_decimals(2)
    2
    >>> check_decimals(-1)
    Traceback (most recent call last):
    ...
    parsers.errors.ParseError: <input>: input: expected decimals from 0 to 8, found '-1'
    """
    if 0 <= decimals <= MAX_DECIMALS:
        return decimals
    raise ParseError(
        expected=T_("decimals from 0 to {max_decimals}", max_decimals=MAX_DECIMALS),
        found=_digits(decimals),
        line=line,
        code=RejectCode.BAD_AMOUNT,
    )


def _digits(value: int) -> str:
    """A number as text, a huge one cut (Python refuses to print more than 4,300 digits)."""
    if -(10**60) < value < 10**60:
        return str(value)
    return f"a number of about {value.bit_length() * 30103 // 100000} digits"


def check_record(record: HandRecord) -> HandRecord:
    """The record when every amount, count and length is within the bounds; else a
    :class:`ParseError` naming the first field outside them and its line.

    The usual hand is checked in one pass over its fields (a loop a list of them, no list
    built); only a hand outside the bounds is walked field by field to name the first one.
    """
    if _within(record):
        return record
    _name_the_field(record)
    return record  # pragma: no cover - the walk names what the pass found


def outside(record: HandRecord, *, format: str, file: str) -> Rejected | None:
    """The rejection of a hand outside the bounds, naming the first field outside them and its
    line (None when it is within them): what every reader's hand of the kind gets.

    >>> from parsers.record import Seat
    >>> outside(HandRecord("h1", (Seat(1, "a", 100),)), format="native", file="n.jsonl") is None
    True
    >>> found = outside(HandRecord("h1", (Seat(1, "a", 10**16),)), format="native", file="n.jsonl")
    >>> found.code, found.line, found.message  # doctest: +ELLIPSIS
    (<RejectCode.BAD_AMOUNT: 'BAD_AMOUNT'>, 0, "n.jsonl: native hand h1: expected an amount of at most ...")
    """
    try:
        check_record(record)
    except ParseError as error:
        line = error.line or record.source.line
        hand_id = record.hand_id[:80]
        message = ParseError(
            expected=error.expected, found=error.found, format=format, file=file, line=line, hand_id=hand_id
        ).message
        return Rejected(code=error.code, message=message, file=file, line=line, format=format, hand_id=hand_id)
    return None


def _within(record: HandRecord) -> bool:
    """Whether every amount, seat, line, index, text and count of the hand is within the bounds."""
    low, high = -MAX_AMOUNT, MAX_AMOUNT
    seats, posts, actions = record.seats, record.posts, record.actions
    game, source, button, max_seats = record.game, record.source, record.button, record.max_seats
    if not (
        0 <= record.decimals <= MAX_DECIMALS
        and len(seats) <= MAX_SEATS
        and len(posts) + len(actions) <= MAX_ACTIONS
        and len(record.boards) <= MAX_RUNS
        and len(record.shown) <= MAX_ITEMS
        and len(record.awards) <= MAX_ITEMS
        and len(record.returned) <= MAX_ITEMS
        and len(record.deductions) <= MAX_ITEMS
        and len(record.cashouts) <= MAX_ITEMS
        and len(record.pots) <= MAX_ITEMS
        and len(record.hand_id) <= MAX_TEXT
        and len(record.table) <= MAX_TEXT
        and len(record.currency) <= MAX_TEXT
        and len(record.started_at or "") <= MAX_TEXT
        and len(game.declared) <= MAX_TEXT
        and len(game.site) <= MAX_TEXT
        and low <= (record.total_pot or 0) <= high
        and 0 <= source.line <= MAX_LINE
        and 0 <= (source.number or 0) <= MAX_LINE
        and (button is None or 0 <= button <= MAX_SEAT_NUMBER)
        and (max_seats is None or 0 <= max_seats <= MAX_SEAT_NUMBER)
    ):
        return False
    stakes = record.stakes
    if not (  # one test each, no tuple built and iterated
        low <= stakes.ante <= high
        and low <= stakes.small_blind <= high
        and low <= stakes.big_blind <= high
        and low <= stakes.button_blind <= high
        and low <= stakes.straddle <= high
        and low <= stakes.min_bet <= high
        and low <= stakes.small_bet <= high
        and low <= stakes.big_bet <= high
        and low <= stakes.cap <= high
    ):
        return False
    for seat in seats:
        if not (low <= seat.stack <= high and 0 <= seat.seat <= MAX_SEAT_NUMBER and len(seat.player) <= MAX_TEXT):
            return False
    for post in posts:
        if not (low <= post.amount <= high and 0 <= post.line <= MAX_LINE):
            return False
    for action in actions:
        if not (low <= action.to <= high and 0 <= action.line <= MAX_LINE):
            return False
    for shown in record.shown:
        if not 0 <= shown.line <= MAX_LINE:
            return False
    for award in record.awards:
        if not (
            low <= award.amount <= high
            and 0 <= award.line <= MAX_LINE
            and 0 <= (award.pot or 0) <= MAX_ITEMS
            and 0 <= award.run <= MAX_ITEMS
        ):
            return False
    for returned in record.returned:
        if not (low <= returned.amount <= high and 0 <= returned.line <= MAX_LINE):
            return False
    for deduction in record.deductions:
        if not (low <= deduction.amount <= high and 0 <= (deduction.pot or 0) <= MAX_ITEMS):
            return False
    cashed = 0  # each amount and fee, and what all the cashouts come to
    for cashout in record.cashouts:
        amount, fee = cashout.amount, cashout.fee
        if not (low <= amount <= high and low <= fee <= high):
            return False
        cashed += amount + fee
    if not low <= cashed <= high:
        return False
    for amount in record.pots:
        if not low <= amount <= high:
            return False
    return all(low <= amount <= high for amount in record.finishing_stacks or ())


def _name_the_field(record: HandRecord) -> None:
    """Walk the fields of a hand outside the bounds and raise for the first one."""
    line = record.source.line if 0 <= record.source.line <= MAX_LINE else 0
    lines = [p.line for p in record.posts] + [a.line for a in record.actions] + [s.line for s in record.shown]
    lines += [a.line for a in record.awards] + [r.line for r in record.returned]
    lines += (record.source.line, record.source.number or 0)
    for number in lines:
        if not 0 <= number <= MAX_LINE:
            raise ParseError(
                expected=T_("a line or hand number from 0 to {max_line}", max_line=format(MAX_LINE, ",")),
                found=_digits(number),
                line=line,
                hand_id=_id(record),
                code=RejectCode.INVALID_RECORD,
            )
    for award in record.awards:
        if not (0 <= (award.pot or 0) <= MAX_ITEMS and 0 <= award.run <= MAX_ITEMS):
            raise ParseError(
                expected=T_("a pot and run number from 0 to {max_items}", max_items=MAX_ITEMS),
                found=f"pot {_digits(award.pot or 0)}, run {_digits(award.run)}",
                line=line,
                hand_id=_id(record),
                code=RejectCode.INVALID_RECORD,
            )
    for deduction in record.deductions:
        if not 0 <= (deduction.pot or 0) <= MAX_ITEMS:
            raise ParseError(
                expected=T_("a pot number from 0 to {max_items}", max_items=MAX_ITEMS),
                found=_digits(deduction.pot or 0),
                line=line,
                hand_id=_id(record),
                code=RejectCode.INVALID_RECORD,
            )
    check_decimals(record.decimals, line=line)
    _count(len(record.seats), MAX_SEATS, T_("seats"), line)
    _count(len(record.posts) + len(record.actions), MAX_ACTIONS, T_("posts and actions"), line)
    _count(len(record.boards), MAX_RUNS, T_("boards (runs)"), line)
    _count(
        max(
            len(record.shown),
            len(record.awards),
            len(record.returned),
            len(record.deductions),
            len(record.cashouts),
            len(record.pots),
        ),
        MAX_ITEMS,
        T_("shown hands, awards or pots"),
        line,
    )
    for seat in record.seats:
        if not 0 <= seat.seat <= MAX_SEAT_NUMBER:
            raise ParseError(
                expected=T_("a seat number from 0 to {max_seat_number}", max_seat_number=MAX_SEAT_NUMBER),
                found=_digits(seat.seat),
                line=line,
                hand_id=_id(record),
                code=RejectCode.INVALID_RECORD,
            )
        _text(seat.player, T_("a player name"), line, record)
    if record.max_seats is not None and not 0 <= record.max_seats <= MAX_SEAT_NUMBER:
        raise ParseError(
            expected=T_("a table size from 0 to {max_seat_number}", max_seat_number=MAX_SEAT_NUMBER),
            found=_digits(record.max_seats),
            line=line,
            hand_id=_id(record),
            code=RejectCode.INVALID_RECORD,
        )
    if record.button is not None and not 0 <= record.button <= MAX_SEAT_NUMBER:
        raise ParseError(
            expected=T_("a button seat from 0 to {max_seat_number}", max_seat_number=MAX_SEAT_NUMBER),
            found=_digits(record.button),
            line=line,
            hand_id=_id(record),
            code=RejectCode.INVALID_RECORD,
        )
    for text, what in (
        (record.hand_id, "a hand id"),
        (record.table, "a table name"),
        (record.currency, "a currency"),
        (record.started_at or "", "a start time"),
        (record.game.declared, "a game name"),
        (record.game.site, "a site name"),
    ):
        _text(text, what, line, record)
    stakes = record.stakes
    _amounts(
        (
            stakes.ante,
            stakes.small_blind,
            stakes.big_blind,
            stakes.button_blind,
            stakes.straddle,
            stakes.min_bet,
            stakes.small_bet,
            stakes.big_bet,
            stakes.cap,
        ),
        line,
        record,
    )
    _amounts((s.stack for s in record.seats), line, record)
    for post in record.posts:
        _amounts((post.amount,), post.line or line, record)
    for action in record.actions:
        _amounts((action.to,), action.line or line, record)
    for award in record.awards:
        _amounts((award.amount,), award.line or line, record)
    for returned in record.returned:
        _amounts((returned.amount,), returned.line or line, record)
    _amounts((d.amount for d in record.deductions), line, record)
    _amounts((c.amount for c in record.cashouts), line, record)
    _amounts((c.fee for c in record.cashouts), line, record)
    _amounts(record.pots, line, record)
    _amounts(record.finishing_stacks or (), line, record)
    _amounts((sum(c.amount + c.fee for c in record.cashouts),), line, record)
    if record.total_pot is not None:
        _amounts((record.total_pot,), line, record)


def _id(record: HandRecord) -> str | None:
    return record.hand_id[:80] or None


def _count(n: int, most: int, what: str, line: int) -> None:
    if n > most:
        raise ParseError(
            expected=T_("at most {most} {what}", most=most, what=what),
            found=str(n),
            line=line,
            code=RejectCode.INVALID_RECORD,
        )


def _text(text: str, what: str, line: int, record: HandRecord) -> None:
    if len(text) > MAX_TEXT:
        raise ParseError(
            expected=T_("{what} of at most {max_text} characters", what=what, max_text=MAX_TEXT),
            found=f"{len(text)} characters",
            line=line,
            hand_id=None,
            code=RejectCode.INVALID_RECORD,
        )


def _amounts(values: Iterable[int], line: int, record: HandRecord) -> None:
    for value in values:
        if not -MAX_AMOUNT <= value <= MAX_AMOUNT:
            raise ParseError(
                expected=AMOUNT_EXPECTED,
                found=_digits(value),
                line=line,
                hand_id=_id(record),
                code=RejectCode.BAD_AMOUNT,
            )
