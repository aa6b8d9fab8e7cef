"""Messages that do not yet know their language: an English msgid and its arguments.

The engine, the settlement and the quiz build :class:`Msg` values; the edge (the CLI, a page,
an export) renders one with :func:`render` in the language in force, through the gettext
catalogs. A message is a msgspec ``Struct``: a ``Problem`` can carry one, and it encodes to
JSON and back unchanged.

Arguments are plain strings (player names), numbers (shown with the locale's separators),
nested messages, or small typed values each language spells its own way: a :class:`Rank`
("eights", "Achten", "ochos"), :class:`Cards` ("10♥ D♠" in German), a :class:`Run`
("9-8-7-6-A"), a :class:`Percent`, a :class:`Fixed` decimal (odds), an :class:`Amount` of
money or chips, a :class:`Join` of several. A template names a rank's form after a colon: ``{pair:many}``, ``{top:to}``.

>>> from analyzer.i18n import use
>>> m = nmsg("{n} warning", "{n} warnings", 2)
>>> with use("en"):
...     render(m)
'2 warnings'
>>> with use("en"):
...     render(msg("a straight to the {top:to}", top=Rank(9)))
'a straight to the nine'
>>> import msgspec
>>> msgspec.json.decode(msgspec.json.encode(m), type=Msg) == m
True
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, Literal, TypeAlias

import msgspec

from analyzer.cards import Card
from analyzer.i18n.ranks import RANKS
from parsers.errors import Text

_SPACES = re.compile(r" {2,}")


class Rank(msgspec.Struct, frozen=True, tag="rank"):
    """A card rank (2..14), spelled by the template's form: one, many, short, to."""

    rank: int


class Cards(msgspec.Struct, frozen=True, tag="cards"):
    """Cards as the language writes them: ``10♥ D♠`` (German: B and D for jack and queen)."""

    cards: tuple[Card, ...]


class Run(msgspec.Struct, frozen=True, tag="run"):
    """The ranks of a straight from the top, joined by dashes: ``9-8-7-6-A``."""

    ranks: tuple[int, ...]


class Percent(msgspec.Struct, frozen=True, tag="percent"):
    """An exact chance ``num/den``, shown with one decimal (or ``decimals``) in the locale's way
    (``12,5 %``): the % sign is the locale's, never in a template."""

    num: int
    den: int
    decimals: int = 1

    @classmethod
    def of(cls, percent: float) -> Percent:
        """A rate given in percent (a rule set's ``5.0``, ``3.25``), its decimals as written.

        >>> from analyzer.i18n import msg, render
        >>> [render(msg("{p}", p=Percent.of(rate)), lang) for rate, lang in ((5.0, "en"), (3.25, "en"), (3.25, "de"))]
        ['5.0%', '3.25%', '3,25 %']
        """
        places = max(1, len(repr(float(percent)).partition(".")[2]))
        scale = 10**places
        return cls(round(percent * scale), 100 * scale, places)

    @property
    def value(self) -> float:
        return 100 * self.num / self.den if self.den else 0.0


class Fixed(msgspec.Struct, frozen=True, tag="fixed"):
    """A decimal number with its digits as written (decimal odds ``1.90``), shown with the
    locale's decimal sign: ``1,90`` in German and Spanish."""

    text: str


class Amount(msgspec.Struct, frozen=True, tag="amount"):
    """Money or chips in minor units, shown with the currency's symbol and the locale's separators."""

    amount: int
    currency: str = "CHIPS"
    decimals: int = 0


class Join(msgspec.Struct, frozen=True, tag="join"):
    """Several arguments in one: ``"and"`` (a, b and c), ``"or"``, ``"list"`` (a, b, c),
    ``"semicolons"`` (a; b; c), ``"lines"``."""

    items: tuple[Arg, ...]
    style: Literal["and", "or", "list", "semicolons", "lines"] = "and"


class Msg(msgspec.Struct, frozen=True, tag="msg"):
    """A text in no language yet: the English msgid (and plural) and its arguments.

    ``plural`` and ``n`` make it a plural message (``ngettext``); ``context`` tells apart two
    meanings of one English text (``pgettext``).
    """

    id: str
    args: tuple[tuple[str, Arg], ...] = ()
    plural: str = ""
    n: int = 0
    context: str = ""

    def arg(self, name: str) -> Arg:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)

    def __str__(self) -> str:
        return render(self)


Arg: TypeAlias = "str | int | float | Msg | Rank | Cards | Run | Percent | Fixed | Amount | Join"

EMPTY = Msg("")


def msg(id: str, /, **args: Arg) -> Msg:
    """A lazy message from keyword arguments (kept in the order given)."""
    return Msg(id, tuple(args.items()))


def nmsg(singular: str, plural: str, n: int, /, **args: Arg) -> Msg:
    """A lazy plural message; ``{n}`` in the templates is the count unless given otherwise."""
    return Msg(singular, tuple({"n": n, **args}.items()), plural=plural, n=n)


def pmsg(context: str, id: str, /, **args: Arg) -> Msg:
    """A lazy message whose English text has another meaning elsewhere."""
    return Msg(id, tuple(args.items()), context=context)


def f_(id: str, /, **args: Arg) -> str:
    """``id`` translated and filled in now (numbers, ranks and money in the locale's way)."""
    return render(Msg(id, tuple(args.items())))


def fn_(singular: str, plural: str, n: int, /, **args: Arg) -> str:
    """The plural form for ``n``, translated and filled in now."""
    return render(nmsg(singular, plural, n, **args))


def from_text(value: str) -> Msg | str:
    """A parser's :class:`~parsers.errors.Text` (a ``str`` that keeps its English template and
    arguments) as a message: its template the msgid, its nested texts messages; other text as it is.

    >>> from parsers.errors import T_
    >>> from_text(T_("a seat number from 0 to {max_seat_number}", max_seat_number=9))
    Msg(id='a seat number from 0 to {max_seat_number}', args=(('max_seat_number', '9'),), plural='', n=0, context='')
    >>> render(T_("a seat number from 0 to {max_seat_number}", max_seat_number=9), "de")
    'eine Platznummer von 0 bis 9'
    """
    if not isinstance(value, Text):
        return value
    return Msg(value.template, tuple((key, from_text(arg)) for key, arg in value.args), value.plural, value.n)


def as_written(value: Msg | str) -> str:
    """A message made by :func:`from_text` in English exactly as the parser wrote it (no space
    of the text found is collapsed, as :func:`render` does to a sentence).

    >>> from parsers.errors import T_
    >>> as_written(from_text(T_("expected {x}, found {y}", x=T_("a seat"), y=repr("a  b"))))
    "expected a seat, found 'a  b'"
    """
    if not isinstance(value, Msg):
        return value
    chosen = value.plural if value.plural and value.n != 1 else value.id
    if not value.args:
        return chosen
    return chosen.format_map(
        {key: as_written(arg) if isinstance(arg, Msg | str) else str(arg) for key, arg in value.args}
    )


def _lang() -> str:
    from analyzer.i18n import current

    return current()


def rank_word(rank: int, form: str = "one", lang: str | None = None) -> str:
    """A rank in a language and form.

    >>> rank_word(6, "many", "en"), rank_word(12, "short", "de"), rank_word(13, "to", "de")
    ('sixes', 'D', 'zum König')
    """
    return RANKS.get(lang or _lang(), RANKS["en"])[rank][form or "one"]


def card_text(card: Card, lang: str | None = None) -> str:
    """One card as the language writes it: ``10♥``, German ``D♠``."""
    return rank_word(card.rank, "short", lang) + card.pretty[-1]


def number(value: float | int | Decimal, spec: str = "", lang: str | None = None) -> str:
    """A number with the locale's separators (``spec``: a Python format spec such as ``.1f``).

    >>> number(1234, lang="de"), number(12.5, ".1f", "es"), number(1234567, lang="en")
    ('1.234', '12,5', '1,234,567')
    """
    lang = lang or _lang()
    if spec:
        text = format(value, spec)
        return text.replace(".", decimal_symbol(lang)) if "." in text else text
    from babel.numbers import format_decimal  # Babel loads when a number is shown, not at start-up

    return str(format_decimal(value, locale=lang))


def decimal_symbol(lang: str) -> str:
    """The locale's decimal sign (Babel's, loaded when first asked for).

    >>> decimal_symbol("en"), decimal_symbol("de")
    ('.', ',')
    """
    from babel.numbers import get_decimal_symbol

    return str(get_decimal_symbol(lang))


def join(parts: list[str], style: str) -> str:
    """Join words: ``a, b and c`` in the language; ``or``; a plain list; lines.

    >>> from analyzer.i18n import use
    >>> with use("de"):
    ...     join(["Anna", "Ben", "Carla"], "and")
    'Anna, Ben und Carla'
    """
    from analyzer.i18n import pgettext

    if style == "lines":
        return "\n".join(parts)
    if style == "semicolons":
        return "; ".join(parts)
    if style == "list" or len(parts) < 2:
        return ", ".join(parts)
    word = pgettext("list", "and") if style == "and" else pgettext("list", "or")
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def render_arg(value: Arg, form: str = "") -> str:
    """One argument in the language in force (``form`` names a rank's form or a number's spec)."""
    if isinstance(value, Msg):
        return render(value)
    if isinstance(value, str):
        if type(value) is str:
            return value
        from analyzer.money import AmountText

        return value.text(_lang()) if isinstance(value, AmountText) else render(value)
    if isinstance(value, bool):
        raise TypeError("a message argument cannot be a bool")
    if isinstance(value, int | float | Decimal):
        return number(value, form)
    if isinstance(value, Rank):
        return rank_word(value.rank, form or "one")
    if isinstance(value, Cards):
        return " ".join(card_text(c) for c in value.cards)
    if isinstance(value, Run):
        return "-".join(rank_word(r, "short") for r in value.ranks)
    if isinstance(value, Percent):
        from analyzer.i18n import pgettext

        return pgettext("percent", "{value}%").format(value=number(value.value, f".{value.decimals}f"))
    if isinstance(value, Fixed):
        return value.text.replace(".", decimal_symbol(_lang())) if "." in value.text else value.text
    if isinstance(value, Amount):
        from analyzer.money import format_money

        return format_money(value.amount, value.currency, value.decimals, locale=_lang())
    if isinstance(value, Join):
        return join([render_arg(item, form) for item in value.items], value.style)
    return str(value)


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        return render_arg(value, format_spec)


def template(message: Msg) -> str:
    """The translated template of a message (the English one where no catalog has it)."""
    from analyzer.i18n import translations

    if not message.id:
        return ""
    catalog = translations(_lang())
    if message.plural:
        if message.context:
            return catalog.npgettext(message.context, message.id, message.plural, message.n)
        return catalog.ngettext(message.id, message.plural, message.n)
    if message.context:
        return catalog.pgettext(message.context, message.id)
    return catalog.gettext(message.id)


def render(value: Msg | str | None, lang: str | None = None) -> str:
    """A message in ``lang`` (default: the language in force); a plain string as it is, a
    parser's :class:`~parsers.errors.Text` translated (as it is in English)."""
    if lang is not None:
        from analyzer.i18n import use

        with use(lang):
            return render(value)
    if value is None:
        return ""
    if isinstance(value, str):
        if type(value) is str or not isinstance(value, Text) or _lang() == "en":
            return value
        return render(from_text(value))
    text = template(value)
    if not value.args:
        return text
    out = _Formatter().vformat(text, (), dict(value.args))
    if "  " not in out:
        return out
    return "\n".join(_SPACES.sub(" ", line).strip() for line in out.split("\n"))


def walk(value: Arg) -> Iterable[Msg]:
    """Every :class:`Msg` inside an argument, the argument itself first."""
    if isinstance(value, Msg):
        yield value
        for _, arg in value.args:
            yield from walk(arg)
    elif isinstance(value, Join):
        for item in value.items:
            yield from walk(item)


def placeholders(template: str) -> set[str]:
    """The names a template fills in: ``{n} of {total:many}`` → ``{'n', 'total'}``."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}
