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
    "strength_function",
    "strength_of",
    "strengths",
    "words_of",
]


#: hands of each ranking evaluated by the typed Python tables before the C kernel takes over.
#: Its one-hand call is 4-8 times faster (0.07-0.09 against 0.3-0.7 microseconds a hand) but
#: must first be handed the ranking's tables: 0.01 s of CPU for a short-deck ranking, 0.2 s for
#: 52 cards (measured). It takes over once the typed path has spent about as much (so a loop of
#: any length takes at most about twice the time of the better choice in hindsight). A one-hand
#: audit never gets there (nor loads the kernel); a long loop of one-hand calls does.
KERNEL_AFTER: dict[Ranking, int] = {
    Ranking.STRAIGHT_OVER_TRIPS: 1 << 15,
    Ranking.TRIPS_OVER_STRAIGHT: 1 << 15,
    Ranking.STANDARD: 1 << 18,
}
_left = dict(KERNEL_AFTER)  # per ranking: hands before the kernel takes over (0: it has)
_one: dict[Ranking, Callable[[Sequence[int], Ranking], int]] = {}  # the kernel's call, per ranking taken over
_typed = fast.strength_of


def strength_of(indices: Sequence[int], ranking: Ranking) -> int:
    """One hand's strength from 5 to 7 card indices, no checks: :func:`analyzer.evaluator.fast.strength_of`
    (compiled with mypyc where it is built) for a ranking's first :data:`KERNEL_AFTER` hands, then
    the C kernel's (:mod:`~analyzer.evaluator.kernel`, where it is built): the same strengths.

    >>> from analyzer.cards import clean
    >>> strength_of([c.index for c in clean("9s 8s 7d 6h Ac Kd Kh")], Ranking.STANDARD) == _typed(
    ...     [c.index for c in clean("9s 8s 7d 6h Ac Kd Kh")], Ranking.STANDARD)
    True
    """
    one = _one.get(ranking)
    if one is not None:
        return one(indices, ranking)
    return strength_function(ranking)(indices, ranking)


def strength_function(ranking: Ranking, hands: int = 1) -> Callable[[Sequence[int], Ranking], int]:
    """The one-hand strength function that :func:`strength_of` uses for the next ``hands`` hands
    of ``ranking`` (counted against :data:`KERNEL_AFTER`): a caller with several hands to
    evaluate asks once, then calls what it gets (``function(indices, ranking)``).

    >>> strength_function(Ranking.STANDARD, 2)([48, 44, 40, 36, 32, 0, 5], Ranking.STANDARD) == strength_of(
    ...     [48, 44, 40, 36, 32, 0, 5], Ranking.STANDARD)
    True
    """
    one = _one.get(ranking)
    if one is not None:
        return one
    left = _left.get(ranking, 0)
    if left:
        left = left - hands if left > hands else 0
        _left[ranking] = left
        if not left:
            _take_over(ranking)
    return _typed


def _take_over(ranking: Ranking) -> None:
    """The kernel's one-hand call for ``ranking`` from now on, where it is built (its tables
    handed over at its first call)."""
    from analyzer.evaluator import kernel

    if kernel.strength_of is not None:
        _one[Ranking(ranking)] = kernel.strength_of


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
