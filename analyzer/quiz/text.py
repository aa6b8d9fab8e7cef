"""Texts that do not yet know their language: a key and its arguments.

A question holds :class:`Text` values; :func:`render` turns one into English, German or
Spanish at the moment it is shown. Arguments are plain strings (player names), whole
numbers, or small typed values that each language spells its own way: a :class:`Rank`
("eights", "Achten", "ochos"), :class:`Cards` ("10♥ D♠" in German), a :class:`Run`
("9-8-7-6-A"), a :class:`Percent`, a :class:`Join` of several, or a nested :class:`Text`.

A template names a rank's form after a colon: ``{pair:many}``, ``{top:one}``, ``{top:to}``.

>>> render(t("words.full_house", trips=Rank(8), pair=Rank(13)), "de")
'Full House, Achten über Könige'
>>> render(t("words.straight", top=Rank(9)), "es")
'Escalera al nueve'
>>> render(t("no.such.key"), "en")
Traceback (most recent call last):
...
KeyError: "text 'no.such.key': no en template"
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias, get_args

from analyzer.cards import Card
from analyzer.quiz import lang_de, lang_en, lang_es

Lang = Literal["en", "de", "es"]
_SPACES = re.compile(r" {2,}")
LANGS: tuple[Lang, ...] = get_args(Lang)


@dataclass(frozen=True, slots=True)
class Rank:
    """A card rank (2..14), spelled by the template's form: one, many, short, to."""

    rank: int


@dataclass(frozen=True, slots=True)
class Cards:
    """Cards as the language writes them: ``10♥ D♠`` (German: B and D for jack and queen)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Run:
    """The ranks of a straight from the top, joined by dashes: ``9-8-7-6-A``."""

    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Percent:
    """An exact chance ``num/den``, shown with one decimal."""

    num: int
    den: int

    @property
    def value(self) -> float:
        return 100 * self.num / self.den if self.den else 0.0


@dataclass(frozen=True, slots=True)
class Join:
    """Several arguments in one: ``"and"`` (a, b and c), ``"or"``, ``"list"`` (a, b, c), ``"lines"``."""

    items: tuple[Arg, ...]
    style: Literal["and", "or", "list", "lines"] = "and"


@dataclass(frozen=True, slots=True)
class Text:
    """A text in no language yet: a template key and its arguments."""

    key: str
    args: tuple[tuple[str, Arg], ...] = ()

    def arg(self, name: str) -> Arg:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)


Arg: TypeAlias = "str | int | Rank | Cards | Run | Percent | Join | Text"


def t(key: str, **args: Arg) -> Text:
    """A :class:`Text` from keyword arguments (kept in the order given)."""
    return Text(key, tuple(args.items()))


#: each language's module: TEXTS (key -> template), RANKS (rank -> form -> word), SHORT (rank -> letter)
LANGUAGES: dict[str, Any] = {"en": lang_en, "de": lang_de, "es": lang_es}


def _table(lang: str) -> Any:
    try:
        return LANGUAGES[lang]
    except KeyError:
        raise ValueError(f"language: expected one of {', '.join(LANGS)}, got {lang!r}") from None


def rank_word(rank: int, form: str, lang: str) -> str:
    """A rank in a language and form.

    >>> rank_word(6, "many", "en"), rank_word(12, "short", "de"), rank_word(13, "to", "de")
    ('sixes', 'D', 'zum König')
    """
    table = _table(lang)
    if form == "short":
        return str(table.SHORT[rank])
    return str(table.RANKS[rank][form])


def card_text(card: Card, lang: str) -> str:
    """One card as the language writes it: ``10♥``, German ``D♠``."""
    return rank_word(card.rank, "short", lang) + card.pretty[-1]


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        return render_arg(value, self.lang, format_spec)


def render_arg(value: Arg, lang: str, form: str = "") -> str:
    """One argument in a language (``form`` names a rank's form)."""
    if isinstance(value, Text):
        return render(value, lang)
    if isinstance(value, Rank):
        return rank_word(value.rank, form or "one", lang)
    if isinstance(value, Cards):
        return " ".join(card_text(c, lang) for c in value.cards)
    if isinstance(value, Run):
        return "-".join(rank_word(r, "short", lang) for r in value.ranks)
    if isinstance(value, Percent):
        table = _table(lang)
        number = f"{value.value:.1f}".replace(".", table.TEXTS["num.decimal"])
        return str(table.TEXTS["num.percent"]).format(value=number)
    if isinstance(value, Join):
        parts = [render_arg(item, lang, form) for item in value.items]
        return join(parts, value.style, lang)
    if isinstance(value, bool):
        raise TypeError("a text argument cannot be a bool")
    return str(value)


def join(parts: list[str], style: str, lang: str) -> str:
    """Join words: ``a, b and c`` in the language; ``or``; a plain list; lines.

    >>> join(["Anna", "Ben", "Carla"], "and", "de")
    'Anna, Ben und Carla'
    """
    if style == "lines":
        return "\n".join(parts)
    if style == "list" or len(parts) < 2:
        return ", ".join(parts)
    word = _table(lang).TEXTS["word." + style]
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def render(text: Text, lang: str) -> str:
    """A text in a language; a missing template is a KeyError naming the key and language."""
    table = _table(lang)
    template = table.TEXTS.get(text.key)
    if template is None:
        raise KeyError(f"text {text.key!r}: no {lang} template")
    out = _Formatter(lang).vformat(template, (), dict(text.args))
    return "\n".join(_SPACES.sub(" ", line).strip() for line in out.split("\n"))


def walk(value: Arg) -> Iterable[Text]:
    """Every :class:`Text` inside an argument, the argument itself first."""
    if isinstance(value, Text):
        yield value
        for _, arg in value.args:
            yield from walk(arg)
    elif isinstance(value, Join):
        for item in value.items:
            yield from walk(item)
