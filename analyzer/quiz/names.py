"""A hand's name in words, in any language: "Full house, eights over kings".

:class:`HandName` is the category and the ranks the words name (not the kickers), so two
descriptions are the same words exactly when their names are equal.

>>> from analyzer.evaluator import evaluate
>>> from analyzer.quiz.words import render
>>> name = name_of(evaluate("8s 8d 8c Kh Kc", "straight-over-trips"))
>>> render(name.text(), "en"), render(name.text(), "es")
('Full house, eights over kings', 'Full de ochos con reyes')
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.evaluator import HandValue
from analyzer.evaluator.categories import Category
from analyzer.quiz.words import Msg, Rank, named

#: the template fields of each category's words, in the order of ``HandName.ranks``
FIELDS: dict[Category, tuple[str, ...]] = {
    Category.HIGH_CARD: ("top",),
    Category.ONE_PAIR: ("pair",),
    Category.TWO_PAIR: ("high", "low"),
    Category.THREE_OF_A_KIND: ("rank",),
    Category.STRAIGHT: ("top",),
    Category.FLUSH: ("top",),
    Category.FULL_HOUSE: ("trips", "pair"),
    Category.FOUR_OF_A_KIND: ("rank",),
    Category.STRAIGHT_FLUSH: ("top",),
}


def category_key(category: Category) -> str:
    return category.value.replace(" ", "_")


def category_text(category: Category) -> Msg:
    """The category's name alone: "Flush", "Drilling", "Trío"."""
    return named("cat." + category_key(category))


@dataclass(frozen=True, slots=True)
class HandName:
    """What the words of a hand say: its category and the ranks they name."""

    category: Category
    ranks: tuple[int, ...]

    def text(self) -> Msg:
        fields = FIELDS[self.category]
        return named("words." + category_key(self.category), tuple(zip(fields, (Rank(r) for r in self.ranks))))


def name_of(value: HandValue) -> HandName:
    """The name of an evaluated hand (its five cards are in the order they count)."""
    ranks = [c.rank for c in value.cards]
    c = value.category
    if c is Category.FULL_HOUSE:
        return HandName(c, (ranks[0], ranks[3]))
    if c is Category.TWO_PAIR:
        return HandName(c, (ranks[0], ranks[2]))
    return HandName(c, (ranks[0],))
