"""Every hand of k cards from a deck, in numpy blocks, for exhaustive enumeration.

A block fixes the first ``k - 4`` cards and holds every way to add four higher cards, so
blocks have at most C(51, 4) = 249,900 rows and are built with one offset add from a
table of four-card combinations made once.
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
REST = 4  # cards varied within a block


@cache
def _colex(n: int) -> U8:
    """Every 4-subset of ``range(n)`` in colex order: the first C(m, 4) rows are the subsets of ``range(m)``."""
    rows = np.array(list(combinations(range(n), REST)), dtype=np.uint8).reshape(-1, REST)
    order = np.lexsort(rows.T)  # last column is the primary key: colex
    result: U8 = rows[order]
    return result


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
    deck = np.array([c.index for c in deck_of(deck_size).cards], dtype=np.uint8)
    size = len(deck)
    fixed = cards - REST
    rest_table = _colex(size - fixed)
    for prefix in combinations(range(size - REST), fixed):
        after = size - prefix[-1] - 1  # positions left above the prefix
        if after < REST:
            continue
        rows = comb(after, REST)
        block = np.empty((rows, cards), dtype=np.uint8)
        block[:, :fixed] = deck[list(prefix)]
        block[:, fixed:] = deck[rest_table[:rows] + (prefix[-1] + 1)]
        yield block
