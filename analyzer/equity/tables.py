"""The evaluator's 7-card tables, arranged for adding a board to many hands at once.

A hand's key is the sum of its cards' keys (:mod:`analyzer.evaluator.tables`): the
rank-multiset key from bit 19, the card count, and one 4-bit counter a suit that, started
at ``0x3333``, sets bit 3 once a suit holds five cards. Keys add, so the key of a board
plus two hole cards is the board's sum plus the hand's. Next to it each card sets bit
``rank - 2`` of its suit's 16-bit field in a second sum (``bits``): a flush is judged
from its suit's field alone, because seven cards cannot hold a flush together with a full
house or four of a kind. So a 7-card strength is ``max(nonflush[key >> 19],
flush[field of the flush suit])``, a few array reads for every run-out at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from analyzer.evaluator import Ranking
from analyzer.evaluator.batch import batch_tables
from analyzer.evaluator.tables import FLUSH_BITS, RANK_SHIFT, SUIT_OFFSET, lowest_rank

SUIT_BITS = 16  # width of one suit's rank field in ``bits``
RANK_FIELD = (1 << 13) - 1

Int64Array = NDArray[np.int64]
Int32Array = NDArray[np.int32]


@dataclass(frozen=True, slots=True)
class Tables:
    """One ranking's arrays; ``key`` and ``bits`` are indexed by card index (0..51)."""

    ranking: Ranking
    key: Int64Array  # the evaluator's card keys
    bits: Int64Array  # 1 << (16 * suit + rank - 2)
    nonflush: Int32Array  # 7-card strength by rank-multiset key (key >> 19)
    flush: Int32Array  # strength by a suit's 13-bit rank mask (0 below five cards)
    suit_shift: Int64Array  # by ``(key & 0x8888) >> 3``: 16 * the suit with five cards or more

    @property
    def deck(self) -> tuple[int, ...]:
        """Card indices of the deck this ranking is played with."""
        return tuple(range((lowest_rank(self.ranking) - 2) * 4, 52))


@cache
def tables_for(ranking: Ranking) -> Tables:
    """The arrays of a ranking (built on first use, then kept for the process)."""
    seven = batch_tables(ranking, 7)
    bits = np.array([1 << (SUIT_BITS * (i % 4) + i // 4) for i in range(52)], dtype=np.int64)
    shift = np.zeros((FLUSH_BITS >> 3) + 1, dtype=np.int64)
    for suit in range(4):
        shift[1 << (4 * suit)] = SUIT_BITS * suit
    return Tables(ranking, seven.keys, bits, seven.nonflush, seven.flush, shift)


def strengths_of_sums(tables: Tables, key: Int64Array, bits: Int64Array) -> Int32Array:
    """7-card strengths from key sums (without the suit offset) and ``bits`` sums."""
    key = key + SUIT_OFFSET
    nonflush = tables.nonflush[key >> RANK_SHIFT]
    suited = (bits >> tables.suit_shift[(key & FLUSH_BITS) >> 3]) & RANK_FIELD
    out: Int32Array = np.maximum(nonflush, tables.flush[suited])
    return out
