"""The slow, obviously correct Omaha oracle: every five of the nine cards, kept when exactly two
are hole cards, each judged by counting (:func:`analyzer.evaluator.reference.strength5`).

Written apart from :mod:`analyzer.evaluator.omaha` (which builds the two-plus-three hands
directly and reads the lookup tables) so that the two can be compared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from analyzer.cards import Card
from analyzer.evaluator.categories import Ranking
from analyzer.evaluator.reference import strength5


def _hands(hole: Sequence[Card], board: Sequence[Card]) -> list[tuple[Card, ...]]:
    mine = set(hole)
    return [five for five in combinations((*hole, *board), 5) if sum(c in mine for c in five) == 2]


def reference_high(hole: Sequence[Card], board: Sequence[Card], ranking: Ranking = Ranking.STANDARD) -> int:
    """The best high strength of exactly two hole cards and three board cards."""
    return max(strength5(five, ranking)[0] for five in _hands(hole, board))


def reference_low(hole: Sequence[Card], board: Sequence[Card], qualifier: int = 8) -> tuple[int, ...] | None:
    """The best ace-to-five low as its ranks from the highest down (ace 1), or None: a five-card
    hand counts only with no two cards of a rank and none above the qualifier."""
    best: tuple[int, ...] | None = None
    for five in _hands(hole, board):
        ranks = [1 if c.rank == 14 else c.rank for c in five]
        if max(Counter(ranks).values()) > 1 or max(ranks) > qualifier:
            continue
        low = tuple(sorted(ranks, reverse=True))
        if best is None or low < best:
            best = low
    return best
