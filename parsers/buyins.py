"""A night's buy-ins and cash-outs as a simple CSV a host writes by hand.

::

    player,kind,amount,time,note
    Anna,buy-in,100,20:05,
    Ben,buy-in,100,,
    Anna,buy-in,50,22:40,rebuy
    Anna,cash-out,212.50,,
    Ben,cash-out,37.50,,

* The header names the columns; ``player``, ``kind`` and ``amount`` are required, ``time``
  and ``note`` optional (kept as text). Column order is free.
* ``kind`` is ``buy-in`` (also ``buyin``, ``in``) or ``cash-out`` (also ``cashout``,
  ``out``); any case.
* ``amount`` is a positive decimal as money is written (``212.50``, ``€100``,
  ``"1,000"``), in the same unit as the hand histories' amounts. It is read exactly: the
  minor unit is the finest any amount is written with (or ``decimals`` when given),
  never rounded.
* A player may have many rows; blank lines and lines starting with ``#`` are skipped.

A row that does not fit raises :class:`~parsers.errors.ParseError` naming its line: a
settlement never skips money.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from parsers.amounts import parse_decimal, to_minor
from parsers.errors import T_, ParseError

FORMAT = "buyins"
REQUIRED = ("player", "kind", "amount")


class Kind(StrEnum):
    BUY_IN = "buy-in"
    CASH_OUT = "cash-out"


_KINDS = {
    "buy-in": Kind.BUY_IN,
    "buyin": Kind.BUY_IN,
    "in": Kind.BUY_IN,
    "cash-out": Kind.CASH_OUT,
    "cashout": Kind.CASH_OUT,
    "out": Kind.CASH_OUT,
}


@dataclass(frozen=True, slots=True)
class Movement:
    """Money a player took from the bank (buy-in) or gave back (cash-out), in minor units."""

    player: str
    kind: Kind
    amount: int
    time: str = ""
    note: str = ""
    line: int = 0


@dataclass(frozen=True, slots=True)
class BuyIns:
    file: str
    decimals: int
    movements: tuple[Movement, ...]

    def totals(self) -> dict[str, tuple[int, int]]:
        """Per player (first seen first): (bought in, cashed out)."""
        out: dict[str, tuple[int, int]] = {}
        for m in self.movements:
            bought, cashed = out.get(m.player, (0, 0))
            if m.kind is Kind.BUY_IN:
                bought += m.amount
            else:
                cashed += m.amount
            out[m.player] = (bought, cashed)
        return out


def sniff(text: str) -> bool:
    """Whether text is a buy-in CSV (its header has player, kind and amount).

    >>> sniff("player,kind,amount\\nAnna,buy-in,100\\n")
    True
    >>> sniff("player_nickname,player_id,buy_in\\n")
    False
    """
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            names = {c.strip().lower() for c in line.split(",")}
            return set(REQUIRED) <= names
    return False


def parse_buyins(text: str, *, file: str = "", decimals: int | None = None) -> BuyIns:
    """Read a buy-in CSV; every row or none.

    >>> night = parse_buyins("player,kind,amount\\nAnna,buy-in,100\\nAnna,cash-out,212.50\\n")
    >>> night.decimals, night.totals()
    (2, {'Anna': (10000, 21250)})
    >>> parse_buyins("player,kind,amount\\nAnna,loan,100\\n", file="night.csv")
    Traceback (most recent call last):
    ...
    parsers.errors.ParseError: night.csv:2: buyins: expected a kind: buy-in or cash-out, found 'loan'
    """
    rows: list[tuple[int, dict[str, str]]] = []
    header: list[str] | None = None
    reader = csv.reader(io.StringIO(text))
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
                continue
            if header is None:
                header = [c.strip().lower() for c in cells]
                missing = [c for c in REQUIRED if c not in header]
                if missing:
                    raise _error(file, line, T_("a header with player, kind and amount"), ",".join(cells))
                continue
            if len(cells) > len(header):
                raise _error(file, line, T_("at most {n} columns", n=len(header)), ",".join(cells))
            rows.append((line, {h: c.strip() for h, c in zip(header, cells)}))
    except csv.Error as error:
        raise _error(file, reader.line_num, T_("CSV rows"), str(error)) from None
    if header is None:
        raise _error(file, 1, T_("a header with player, kind and amount"), T_("an empty file"))
    values: list[Decimal] = []
    for line, row in rows:
        try:
            value = parse_decimal(row.get("amount", ""))
        except ParseError:
            raise _error(file, line, T_("an amount like 100 or 212.50"), row.get("amount", "")) from None
        if value <= 0:
            raise _error(file, line, T_("an amount above 0"), row["amount"])
        values.append(value)
    places = decimals if decimals is not None else _written_decimals(values)
    movements = []
    for (line, row), value in zip(rows, values):
        player = row.get("player", "")
        if not player:
            raise _error(file, line, T_("a player name"), T_("nothing"))
        kind = _KINDS.get(row.get("kind", "").lower())
        if kind is None:
            raise _error(file, line, T_("a kind: buy-in or cash-out"), row.get("kind", ""))
        try:
            amount = to_minor(value, places, text=row["amount"])
        except ParseError as error:
            raise _error(file, line, error.expected, row["amount"]) from None
        movements.append(Movement(player, kind, amount, row.get("time", ""), row.get("note", ""), line))
    return BuyIns(file=file, decimals=places, movements=tuple(movements))


def _written_decimals(values: list[Decimal]) -> int:
    """The most decimals any amount is written with (212.50 has two), as money is kept."""
    places = [-e for v in values if isinstance(e := v.as_tuple().exponent, int) and e < 0]
    return max(places, default=0)


def _error(file: str, line: int, expected: str, found: str) -> ParseError:
    return ParseError(expected=expected, found=found, format=FORMAT, file=file, line=line)
