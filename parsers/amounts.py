"""Amounts in text to integers in minor units, exactly or not at all."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from parsers.bounds import AMOUNT_EXPECTED, check_decimals, check_minor
from parsers.errors import T_, ParseError, RejectCode

#: currency symbols and codes that may stand before or after an amount
CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}

_AMOUNT = re.compile(
    r"""^\s*
    (?P<sign>-)?
    (?P<currency>[$€£¥₹]|Rs\.\s?)?       # a symbol in front
    (?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)   # 1,234.50 or 1234.5
    \s*(?:[A-Z]{3})?\s*$                 # an ISO code behind
    """,
    re.VERBOSE,
)


def parse_decimal(text: str) -> Decimal:
    """Read an amount as written (symbols and thousands separators allowed).

    >>> parse_decimal("$1,334.50")
    Decimal('1334.50')
    >>> parse_decimal("€0.5")
    Decimal('0.5')
    >>> parse_decimal("lots")
    Traceback (most recent call last):
    ...
    parsers.errors.ParseError: <input>: input: expected an amount like 12, 0.25 or $1,000.50, found 'lots'
    """
    match = _AMOUNT.match(text)
    if match is None:
        raise ParseError(expected=T_("an amount like 12, 0.25 or $1,000.50"), found=text, code=RejectCode.BAD_AMOUNT)
    try:
        value = Decimal(match.group("number").replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
        raise ParseError(expected=T_("an amount"), found=text, code=RejectCode.BAD_AMOUNT) from None
    return -value if match.group("sign") else value


def to_minor(value: Decimal, decimals: int, *, text: str | None = None) -> int:
    """Convert to minor units; an amount finer than the unit is an error, never rounded.

    >>> to_minor(Decimal("0.25"), 2)
    25
    >>> to_minor(Decimal("0.255"), 2)
    Traceback (most recent call last):
    ...
    parsers.errors.ParseError: <input>: input: expected an amount in whole units of 0.01, found '0.255'
    """
    check_decimals(decimals)
    if value.is_finite() and value.adjusted() > 40:  # far beyond any bound: never scaled
        raise ParseError(expected=AMOUNT_EXPECTED, found=(text or "a huge number")[:80], code=RejectCode.BAD_AMOUNT)
    if not value.is_finite():
        raise ParseError(expected=T_("an amount"), found=(text or str(value))[:80], code=RejectCode.BAD_AMOUNT)
    scaled = value.scaleb(decimals)
    if scaled != scaled.to_integral_value():
        unit = Decimal(1).scaleb(-decimals)
        raise ParseError(
            expected=T_("an amount in whole units of {unit}", unit=unit),
            found=text if text is not None else str(value),
            code=RejectCode.BAD_AMOUNT,
        )
    return check_minor(int(scaled), text=text if text is not None else str(value))


def parse_amount(text: str, decimals: int) -> int:
    """Text to minor units in one step.

    >>> parse_amount("$12.34", 2)
    1234
    >>> parse_amount("24,940", 0)
    24940
    """
    return to_minor(parse_decimal(text), decimals, text=text)


def decimals_needed(values: list[Decimal] | tuple[Decimal, ...]) -> int:
    """The fewest decimals that hold every value exactly.

    >>> decimals_needed([Decimal("1"), Decimal("0.25"), Decimal("10112.5")])
    2
    """
    most = 0
    for v in values:
        exponent = v.normalize().as_tuple().exponent
        if isinstance(exponent, int) and exponent < 0:
            most = max(most, -exponent)
    return most


# ---------------------------------------------------------------------------------------
# amounts as the Stars-family sites write them in a hand (the one reading of the site readers)

_SITE_AMOUNT = re.compile(
    r"""(?:[$€£¥₹]|Rs\.\s?)?          # a currency symbol in front
    (?P<whole>\d{1,3}(?:,\d{3})+|\d+)  # whole units, thousands separated by commas or not
    (?:\.(?P<frac>\d+))?               # a fraction
    """,
    re.VERBOSE,
)

_KNOWN_AMOUNTS: dict[int, dict[str, int]] = {}  # decimals -> text -> amount: amounts repeat, read each once


def money(text: str, decimals: int) -> int:
    """An amount as the sites write it in a hand, in minor units; exact or a ``BAD_AMOUNT`` error.

    >>> money("$1,334.5", 2), money("€0.25", 2), money("24,940", 0), money("$2", 2)
    (133450, 25, 24940, 200)
    >>> money("0.255", 2)
    Traceback (most recent call last):
    ...
    parsers.errors.ParseError: <input>: input: expected an amount in whole units of 0.01, found '0.255'
    """
    known = _KNOWN_AMOUNTS.get(decimals)
    if known is None:
        known = _KNOWN_AMOUNTS[decimals] = {}
    value = known.get(text)
    if value is None:
        value = _read_site_amount(text, decimals)
        if len(known) > 100_000:
            known.clear()
        known[text] = value
    return value


def _read_site_amount(text: str, decimals: int) -> int:
    match = _SITE_AMOUNT.fullmatch(text)
    if match is None:
        raise ParseError(expected=T_("an amount like $1.50 or 1,250"), found=text, code=RejectCode.BAD_AMOUNT)
    digits = match.group("whole").replace(",", "")
    if len(digits) > 20:  # beyond parsers.bounds.MAX_AMOUNT in any unit: never converted
        raise ParseError(expected=AMOUNT_EXPECTED, found=text[:80], code=RejectCode.BAD_AMOUNT)
    whole = int(digits)
    frac = match.group("frac")
    scale: int = 10**decimals
    if not frac:
        return whole * scale
    if len(frac) > decimals:
        if frac[decimals:].strip("0"):
            unit = "1" if decimals == 0 else "0." + "0" * (decimals - 1) + "1"
            raise ParseError(
                expected=T_("an amount in whole units of {unit}", unit=unit), found=text, code=RejectCode.BAD_AMOUNT
            )
        frac = frac[:decimals]
    return whole * scale + (int(frac.ljust(decimals, "0")) if decimals else 0)


def fraction_digits(text: str) -> int:
    """How many decimals an amount is written with (``"$0.50"`` -> 2, ``"10"`` -> 0)."""
    match = _SITE_AMOUNT.fullmatch(text)
    return len(match.group("frac") or "") if match else 0
