"""The hand evaluator: the best five of 5, 6 or 7 cards under a ranking.

One hand at a time::

    >>> from analyzer.evaluator import evaluate
    >>> v = evaluate("9s 8s 7d 6h Ac Kd Kh", "straight-over-trips")
    >>> v.category.value, v.describe()
    ('straight', 'Straight, nine high: 9♠ 8♠ 7♦ 6♥ A♣')

Strengths compare within one ranking (see :mod:`analyzer.evaluator.categories`). Many at
once, with numpy::

    >>> import numpy as np
    >>> from analyzer.cards import clean
    >>> rows = np.array([[c.index for c in clean("9s 8s 7d 6h Ac Kd Kh")]])
    >>> int(strengths(rows, "straight-over-trips")[0]) == v.strength
    True

The fast paths (:mod:`~analyzer.evaluator.fast` one hand at a time, :mod:`~analyzer.evaluator.batch`
with numpy, and :mod:`~analyzer.evaluator.kernel`, the same tables in C where it is built) give
exactly the strengths of :mod:`~analyzer.evaluator.reference`, the plain oracle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from analyzer.cards import RANK_WORDS, Card, CardsLike, clean, deck_of, pretty
from analyzer.evaluator import fast
from analyzer.evaluator.categories import ORDER, Category, Ranking, category_of, parse_ranking
from analyzer.evaluator.used import best_five

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "ORDER",
    "Category",
    "HandValue",
    "Ranking",
    "category_of",
    "evaluate",
    "parse_ranking",
    "strength_of",
    "strengths",
    "words_of",
]


#: one hand's strength from card indices, no checks: :func:`analyzer.evaluator.fast.strength_of`
#: (compiled with mypyc where it is built). The C kernel's one-hand call is faster (0.2 against
#: 1 microsecond a hand) but must first be handed its dense tables, 60 MB for 52 cards (0.35 s of
#: CPU, measured): more than it saves below some 400,000 hands, far more than an audit of a night
#: evaluates. The kernel serves the batch evaluator and the enumeration of run-outs.
strength_of: Callable[[Sequence[int], Ranking], int] = fast.strength_of


def strengths(hands: Any, ranking: Ranking | str) -> npt.NDArray[np.int32]:
    """:func:`analyzer.evaluator.batch.strengths`: many hands at once with numpy (imported here,
    when first needed: one hand's strength needs no numpy)."""
    from analyzer.evaluator.batch import strengths as batch_strengths

    return batch_strengths(hands, ranking)


def _plural(rank: int) -> str:
    word = RANK_WORDS[rank]
    return word + ("es" if word == "six" else "s")


@dataclass(frozen=True, slots=True)
class HandValue:
    """A hand's value: ``strength`` compares; ``cards`` are the five used, as they count."""

    strength: int
    category: Category
    cards: tuple[Card, ...]
    ranking: Ranking

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < other.strength

    def words(self) -> str:
        """The category and rank words: "Full house, eights over kings"."""
        return words_of(self.strength, self.ranking)

    def describe(self) -> str:
        """Words and the five cards: "Straight, nine high: 9♠ 8♠ 7♦ 6♥ A♣"."""
        return f"{self.words()}: {pretty(self.cards)}"


@lru_cache(maxsize=8192)
def words_of(strength: int, ranking: Ranking) -> str:
    """The category and rank words of a strength, without its cards.

    >>> words_of(evaluate("8s 8d 8h Kh Kc", "standard").strength, Ranking.STANDARD)
    'Full house, eights over kings'
    >>> words_of(evaluate("9s 8s 7d 6h Ac", "straight-over-trips").strength, Ranking.STRAIGHT_OVER_TRIPS)
    'Straight, nine high'
    """
    c = category_of(strength, ranking)
    r1, r2 = (strength >> 16) & 0xF, (strength >> 12) & 0xF
    if c in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return f"{c.value.capitalize()}, {RANK_WORDS[r1]} high"
    if c is Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {_plural(r1)}"
    if c is Category.FULL_HOUSE:
        return f"Full house, {_plural(r1)} over {_plural(r2)}"
    if c is Category.FLUSH:
        return f"Flush, {RANK_WORDS[r1]} high"
    if c is Category.THREE_OF_A_KIND:
        return f"Three of a kind, {_plural(r1)}"
    if c is Category.TWO_PAIR:
        return f"Two pair, {_plural(r1)} and {_plural(r2)}"
    if c is Category.ONE_PAIR:
        return f"One pair, {_plural(r1)}"
    return f"High card, {RANK_WORDS[r1]}"


def evaluate(cards: CardsLike, ranking: Ranking | str) -> HandValue:
    """The best five of 5 to 7 cards under a ranking; cards outside its deck are an error.

    >>> evaluate("Qh 6h Kh Kc 8h 7h As", "straight-over-trips").category.value
    'flush'
    >>> evaluate("5d 6h 7h 8h 9h", "straight-over-trips")
    Traceback (most recent call last):
    ...
    analyzer.errors.CardNotInDeck: card 5d at position 1: expected a card of the 36-card deck, found 5d
    """
    rk = parse_ranking(ranking)
    hand = clean(cards)
    if len(set(hand)) != len(hand):
        raise ValueError(f"cards: expected distinct cards, got {' '.join(c.text for c in hand)}")
    if not 5 <= len(hand) <= 7:
        raise ValueError(f"cards: expected 5 to 7 cards, got {len(hand)}")
    deck_of(rk.deck_size).check(hand)
    strength, category, used = best_five(hand, rk)
    return HandValue(strength, category, used, rk)
