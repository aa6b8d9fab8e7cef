"""Every hand of k cards from a deck, in numpy blocks, for exhaustive enumeration.

A block fixes the first few cards and holds every way to add the rest from the cards
above them, from one table of combinations made once (in colex order, so the subsets of
the lowest ``m`` positions are its first C(m, r) rows). Blocks stay under about three
million rows (a 52-card 7-card block holds C(50, 5) = 2,118,760 hands, 15 MB).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from analyzer.cards import deck_of

U8 = npt.NDArray[np.uint8]
MAX_BLOCK = 3_000_000


@cache
def _colex(n: int, r: int) -> U8:
    """Every r-subset of ``range(n)`` in colex order (by the highest element, then the next...).

    >>> _colex(4, 2).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
    """
    level = np.arange(n, dtype=np.uint8).reshape(-1, 1)  # r = 1
    for size in range(2, r + 1):
        parts = []
        for top in range(size - 1, n):
            lower = level[: comb(top, size - 1)]
            parts.append(np.hstack([lower, np.full((len(lower), 1), top, dtype=np.uint8)]))
        level = np.concatenate(parts) if parts else np.empty((0, size), dtype=np.uint8)
    return level


def _varied(size: int, cards: int) -> int:
    """How many cards a block varies: as many as keep the first (largest) block small."""
    for rest in range(cards, 0, -1):
        if comb(size - (cards - rest), rest) <= MAX_BLOCK:
            return rest
    return 1


def hand_count(deck_size: int, cards: int) -> int:
    """How many hands of ``cards`` cards the deck holds.

    >>> hand_count(36, 7), hand_count(52, 5)
    (8347680, 2598960)
    """
    return comb(deck_size, cards)


def hand_blocks(deck_size: int, cards: int) -> Iterator[U8]:
    """Every hand of ``cards`` (5 to 7) cards of the 36- or 52-card deck exactly once, as
    ``(M, cards)`` uint8 arrays of card indices (``Card.index``).

    >>> sum(len(b) for b in hand_blocks(36, 5))
    376992
    >>> next(hand_blocks(36, 5))[0].tolist()  # 6c 6d 6h 6s 7c
    [16, 17, 18, 19, 20]
    """
    if not 5 <= cards <= 7:
        raise ValueError(f"cards: expected 5 to 7, got {cards}")
    lowest = min(c.index for c in deck_of(deck_size).cards)  # the deck is lowest..51
    size = 52 - lowest
    rest = _varied(size, cards)
    fixed = cards - rest
    table = _colex(size - fixed, rest)
    for prefix in combinations(range(size - rest), fixed):
        first_free = prefix[-1] + 1 if prefix else 0
        rows = comb(size - first_free, rest)
        block = np.empty((rows, cards), dtype=np.uint8)
        block[:, :fixed] = np.array(prefix, dtype=np.uint8) + lowest
        np.add(table[:rows], first_free + lowest, out=block[:, fixed:], dtype=np.uint8)
        yield block
