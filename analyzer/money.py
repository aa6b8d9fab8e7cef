"""Money as a reader reads it: currency and thousands separators, chips as chips.

Amounts are integers in minor units everywhere (``amount / 10**decimals`` units of the
currency); this module is the one place that turns such an amount into text for a person
(the CLI, the pages, the exports), through Babel's number patterns for the locale.

A *unit* says what an amount counts: a currency (``USD``, ``EUR``: shown with its symbol)
or chips (``CHIPS``: shown as a bare number with separators, the word "chips" where a
sentence needs it). A chip home game may give its chips a value (``--chip-value 0.05
EUR``): chip amounts are then shown as money, exactly (the value's decimals are kept).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache, lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Babel itself loads when an amount is first shown, not at start-up
    from babel.numbers import NumberPattern

CHIPS = "CHIPS"
_CODE = re.compile(r"^[A-Z]{3}$")


def is_chips(currency: str) -> bool:
    """Whether a unit counts chips (no currency code: ``CHIPS``, ``""``, a site's play money).

    >>> is_chips("CHIPS"), is_chips("USD"), is_chips("")
    (True, False, True)
    """
    return currency == CHIPS or not _CODE.match(currency)


@cache
def _patterns(locale: str, decimals: int, low: int, currency: bool) -> NumberPattern:
    from babel import Locale

    loc = Locale.parse(locale)
    base = loc.currency_formats["standard"] if currency else loc.decimal_formats[None]
    pattern: NumberPattern = copy.copy(base)
    pattern.frac_prec = (low, decimals)
    return pattern


def format_money(amount: int, currency: str = CHIPS, decimals: int = 0, *, locale: str = "en") -> str:
    """Minor units as a person reads them: the currency's symbol and the locale's separators.

    Chips are a number with separators; a currency shows at least its usual decimals
    (cents) and as many more as the amount's minor unit holds, never rounding.

    >>> format_money(21049300, "USD", 2), format_money(-5, "EUR", 2), format_money(210493)
    ('$210,493.00', '-€0.05', '210,493')
    >>> format_money(123456, "CHIPS", 2), format_money(12345, "EUR", 3), format_money(1500, "JPY", 0)
    ('1,234.56', '€12.345', '¥1,500')
    """
    value = Decimal(amount).scaleb(-decimals) if decimals else Decimal(amount)
    if is_chips(currency):
        plain: str = _patterns(locale, decimals, decimals, False).apply(value, locale)
        return plain
    low = min(decimals, 2)
    text: str = _patterns(locale, decimals, low, True).apply(value, locale, currency=currency, currency_digits=False)
    return text


class AmountText(str):
    """An amount as English writes it (``1,234.56``) that keeps its minor units and decimals:
    a message renders it with the separators of the language in force (``1.234,56``)."""

    amount: int
    decimals: int

    def __new__(cls, amount: int, decimals: int = 0) -> AmountText:
        self = super().__new__(cls, format_money(amount, CHIPS, decimals))
        self.amount = amount
        self.decimals = decimals
        return self

    def __reduce__(self) -> tuple[type[AmountText], tuple[int, int]]:
        return (AmountText, (self.amount, self.decimals))

    def text(self, locale: str) -> str:
        return self if locale == "en" else format_money(self.amount, CHIPS, self.decimals, locale=locale)


@lru_cache(maxsize=65536)
def amount_text(amount: int, decimals: int = 0) -> str:
    """An amount inside a sentence of the audit (problems, the replayer's steps): the locale's
    separators and the amount's decimals, no symbol, the sentence names what it counts. The
    English string, an :class:`AmountText`: a message says it in the reader's language.

    >>> amount_text(66988), amount_text(50, 2), amount_text(-123456, 2)
    ('66,988', '0.50', '-1,234.56')
    >>> from analyzer.i18n import msg, render
    >>> render(msg("{a} chips", a=amount_text(-123456, 2)), "de")
    '-1.234,56 chips'
    """
    return AmountText(amount, decimals)


@dataclass(frozen=True, slots=True)
class ChipValue:
    """What one chip is worth: ``per_chip`` minor units of ``currency`` with ``decimals``."""

    per_chip: int
    currency: str
    decimals: int

    @classmethod
    def parse(cls, text: str) -> ChipValue:
        """``"0.05 EUR"`` (or ``"EUR 0.05"``, ``"0,05 eur"``): one chip's value and currency.

        >>> ChipValue.parse("0.05 EUR")
        ChipValue(per_chip=5, currency='EUR', decimals=2)
        >>> ChipValue.parse("ten")
        Traceback (most recent call last):
        ...
        ValueError: --chip-value: expected an amount and a currency code like 0.05 EUR, found 'ten'
        """
        parts = text.replace(",", ".").split()
        numbers = [p for p in parts if not p.isalpha()]
        codes = [p.upper() for p in parts if p.isalpha()]
        try:
            if len(numbers) != 1 or len(codes) != 1 or not _CODE.match(codes[0]):
                raise InvalidOperation
            value = Decimal(numbers[0])
            if not value.is_finite() or value <= 0:
                raise InvalidOperation
        except InvalidOperation:
            raise ValueError(
                f"--chip-value: expected an amount and a currency code like 0.05 EUR, found {text!r}"
            ) from None
        exponent = value.normalize().as_tuple().exponent
        decimals = max(0, -exponent) if isinstance(exponent, int) else 0
        return cls(int(value.scaleb(decimals)), codes[0], decimals)


@dataclass(frozen=True, slots=True)
class Unit:
    """What the amounts of a hand, a night or a settlement count, and how to show them.

    ``currency`` and ``decimals`` are the amounts' own (``CHIPS``, 0 for a chip game);
    ``value`` turns chips into money for the reader. :meth:`text` is the one way an amount
    reaches a person; :meth:`json` is what a ``--json`` row says about its amounts.
    """

    currency: str = CHIPS
    decimals: int = 0
    value: ChipValue | None = None
    locale: str = ""  # "": the language in force (analyzer.i18n.use)

    @property
    def chips(self) -> bool:
        return is_chips(self.currency) and self.value is None

    def text(self, amount: int) -> str:
        """An amount in its unit (chips turned into money by the chip value).

        >>> Unit("CHIPS", 0, ChipValue.parse("0.05 EUR")).text(210493)
        '€10,524.65'
        """
        from analyzer.i18n import current

        locale = self.locale or current()
        if self.value is not None and is_chips(self.currency):
            minor = amount * self.value.per_chip
            return format_money(minor, self.value.currency, self.decimals + self.value.decimals, locale=locale)
        return format_money(amount, self.currency, self.decimals, locale=locale)

    def words(self, amount: int) -> str:
        """An amount in a sentence: chips say so (``210,493 chips``), money shows its symbol."""
        from analyzer.i18n import fn_

        text = self.text(amount)
        if not self.chips:
            return text
        return fn_("{amount} chip", "{amount} chips", 1 if abs(amount) == 10**self.decimals else 2, amount=text)

    def json(self) -> dict[str, object]:
        """What a ``--json`` line says about its amounts: ``"unit"``, ``"decimals"`` and, where
        chips are given a value, ``"chip_value"`` (:meth:`chip_value_json`)."""
        out: dict[str, object] = {"unit": self.currency, "decimals": self.decimals}
        chip_value = self.chip_value_json()
        if chip_value is not None:
            out["chip_value"] = chip_value
        return out

    def chip_value_json(self) -> dict[str, object] | None:
        """The ``"chip_value"`` of a ``--json`` line (``None``: chips given no value)."""
        if self.value is None:
            return None
        return {"per_chip": self.value.per_chip, "currency": self.value.currency, "decimals": self.value.decimals}


def unit_of(currencies: set[str] | list[str] | tuple[str, ...], decimals: int, value: ChipValue | None = None) -> Unit:
    """The unit of a night's hands: their one currency (chips when they mix or say none)."""
    found = set(currencies)
    currency = found.pop() if len(found) == 1 else CHIPS
    return Unit(currency, decimals, value if is_chips(currency) else None)
