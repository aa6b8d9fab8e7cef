"""Which five cards make a hand's strength: read back from the strength, not searched.

The strength names the ranks that count (and the category whether they share a suit);
each rank's cards are taken in the order given, which picks the same five as the
reference's search over every five (the first best in ``combinations`` order).
"""

from __future__ import annotations

from analyzer.cards import Card
from analyzer.evaluator.categories import CATEGORY_SHIFT, ORDER, Category, Ranking
from analyzer.evaluator.fast import strength_of
from analyzer.evaluator.reference import strength5
from analyzer.evaluator.tables import lowest_rank

C = Category
#: how many cards of each counted rank a category uses, most important first
_TAKE: dict[Category, tuple[int, ...]] = {
    C.FOUR_OF_A_KIND: (4, 1),
    C.FULL_HOUSE: (3, 2),
    C.FLUSH: (1, 1, 1, 1, 1),
    C.THREE_OF_A_KIND: (3, 1, 1),
    C.TWO_PAIR: (2, 2, 1),
    C.ONE_PAIR: (2, 1, 1, 1),
    C.HIGH_CARD: (1, 1, 1, 1, 1),
}


def _needed(strength: int, category: Category, ranking: Ranking) -> dict[int, int]:
    """Rank -> number of cards of that rank among the five."""
    ranks = [strength >> (16 - 4 * i) & 0xF for i in range(5)]
    if category in (C.STRAIGHT, C.STRAIGHT_FLUSH):
        top = ranks[0]
        low = lowest_rank(ranking)
        run = [14, *range(low, low + 4)] if top == low + 3 else list(range(top - 4, top + 1))
        return dict.fromkeys(run, 1)
    return dict(zip(ranks, _TAKE[category]))


def best_five(hand: tuple[Card, ...], ranking: Ranking) -> tuple[int, Category, tuple[Card, ...]]:
    """Strength, category and the five cards in the order they count, as
    :func:`analyzer.evaluator.reference.best_five` gives them, from one table look-up.

    >>> from analyzer.cards import clean
    >>> s, category, five = best_five(clean("Qh 6h Kh Kc 8h 7h As"), Ranking.STRAIGHT_OVER_TRIPS)
    >>> category.value, " ".join(c.text for c in five)
    ('flush', 'Kh Qh 8h 7h 6h')
    """
    strength = strength_of([c.index for c in hand], ranking)
    category = ORDER[ranking][strength >> CATEGORY_SHIFT]
    need = _needed(strength, category, ranking)
    suit = -1
    if category in (C.FLUSH, C.STRAIGHT_FLUSH):
        suits = [c.suit for c in hand]
        suit = max(range(4), key=suits.count)
    five = []
    for card in hand:
        if need.get(card.rank, 0) and (suit < 0 or card.suit == suit):
            need[card.rank] -= 1
            five.append(card)
    checked, category, used = strength5(tuple(five), ranking)
    if checked != strength:  # pragma: no cover - the tests compare with the reference
        raise AssertionError(f"cards {' '.join(c.text for c in hand)}: picked five worth {checked}, not {strength}")
    return strength, category, used
