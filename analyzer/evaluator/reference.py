"""A plain, obviously correct evaluator: every five of the cards, each judged by counting.

It is the oracle the fast evaluators are tested against, and fast enough for one hand
at a time where speed does not matter (explanations, quizzes).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from analyzer.cards import Card
from analyzer.evaluator.categories import CATEGORY_SHIFT, POSITION, Category, Ranking


def _straight_top(ranks: set[int], ranking: Ranking) -> int:
    """Top card of the straight made by five distinct ranks, or 0."""
    if len(ranks) != 5:
        return 0
    high, low = max(ranks), min(ranks)
    if high - low == 4:
        return high
    if 14 in ranks:
        rest = ranks - {14}
        low_run = {6, 7, 8, 9} if ranking is not Ranking.STANDARD else {2, 3, 4, 5}
        if rest == low_run:
            return max(low_run)
    return 0


def _pack(ranking: Ranking, category: Category, ranks: list[int]) -> int:
    value = POSITION[ranking][category] << CATEGORY_SHIFT
    for i, r in enumerate(ranks[:5]):
        value |= r << (16 - 4 * i)
    return value


def strength5(cards: tuple[Card, ...], ranking: Ranking) -> tuple[int, Category, tuple[Card, ...]]:
    """Strength, category and the five cards in the order they count."""
    counts = Counter(c.rank for c in cards)
    # ranks ordered by (count, rank), most important first
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    top = _straight_top(set(counts), ranking)
    shape = [n for _, n in groups]
    if top and flush:
        category, ranks = Category.STRAIGHT_FLUSH, [top]
    elif shape[0] == 4:
        category, ranks = Category.FOUR_OF_A_KIND, [r for r, _ in groups]
    elif shape == [3, 2]:
        category, ranks = Category.FULL_HOUSE, [r for r, _ in groups]
    elif flush:
        category, ranks = Category.FLUSH, [r for r, _ in groups]
    elif top:
        category, ranks = Category.STRAIGHT, [top]
    elif shape[0] == 3:
        category, ranks = Category.THREE_OF_A_KIND, [r for r, _ in groups]
    elif shape == [2, 2, 1]:
        category, ranks = Category.TWO_PAIR, [r for r, _ in groups]
    elif shape[0] == 2:
        category, ranks = Category.ONE_PAIR, [r for r, _ in groups]
    else:
        category, ranks = Category.HIGH_CARD, [r for r, _ in groups]
    order = {r: i for i, (r, _) in enumerate(groups)}
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        low_ace = top != 14

        def place(card: Card) -> tuple[int, int]:
            return (-(1 if (card.rank == 14 and low_ace) else card.rank), -card.suit)

        used = tuple(sorted(cards, key=place))
    else:
        used = tuple(sorted(cards, key=lambda c: (order[c.rank], -c.suit)))
    return _pack(ranking, category, ranks), category, used


def best_five(cards: tuple[Card, ...], ranking: Ranking) -> tuple[int, Category, tuple[Card, ...]]:
    """The best five of 5, 6 or 7 cards."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"cards: expected 5 to 7 cards, got {len(cards)}")
    return max((strength5(five, ranking) for five in combinations(cards, 5)), key=lambda t: t[0])
