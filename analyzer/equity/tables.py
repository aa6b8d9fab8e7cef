"""Lookup tables that give the strength of any 7 cards in a few array reads.

A 7-card hand is split into what does not depend on suits and what does:

* its **rank multiset** decides every category but flush and straight flush. Each rank has
  a key (:data:`RANK_KEYS`) chosen so that the sums of the keys of any 7 ranks, each used
  at most four times, are all different (49,205 multisets of 13 ranks; largest sum
  7,825,759). ``NONFLUSH[sum of keys]`` is the best non-flush strength of those ranks.
* a **flush** needs five cards of one suit. Each card adds ``1 << 4*suit`` to a packed
  count of its suit (at bit 32 and up of the same sum), and sets bit ``rank`` of its suit's
  16-bit field in a second number. ``SUIT_SHIFT[packed counts]`` finds the suit with five
  or more cards and ``FLUSH[rank bits of that suit]`` the best flush or straight flush.

With seven cards a flush can never come with a full house or four of a kind, so the
strength is ``max(NONFLUSH, FLUSH)`` in every ranking. Tables are built once per ranking
from :func:`analyzer.evaluator.strengths`, so they agree with the evaluator by
construction (and the tests check them against the plain reference).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
from numpy.typing import NDArray

from analyzer.evaluator import Ranking, strengths

#: per-rank keys whose sums over any 7 ranks (each at most 4 times) never collide
RANK_KEYS: tuple[int, ...] = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SUIT_BITS = 16  # width of one suit's rank-bit field in the flush number
COUNT_SHIFT = 32  # where the packed suit counts start in the key sum
KEY_MASK = (1 << COUNT_SHIFT) - 1

Int64Array = NDArray[np.int64]
Int32Array = NDArray[np.int32]


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything one ranking needs; arrays are indexed by card index (0..51) where per card."""

    ranking: Ranking
    low_rank: int  # 6 for the short deck, 2 for 52 cards
    key: Int64Array  # per card: rank key | 1 << (32 + 4 * suit)
    bits: Int64Array  # per card: 1 << (16 * suit + rank - low_rank)
    nonflush: Int32Array  # by rank-key sum of 7 cards
    flush: Int32Array  # by the rank bits of one suit (0 below five cards)
    suit_shift: Int64Array  # by packed suit counts: 16 * the suit with 5+ cards (else 0)

    @property
    def deck(self) -> tuple[int, ...]:
        """Card indices of the deck this ranking is played with."""
        return tuple(range((self.low_rank - 2) * 4, 52))

    @property
    def rank_mask(self) -> int:
        return (1 << (15 - self.low_rank)) - 1


@cache
def tables_for(ranking: Ranking) -> Tables:
    """The tables of a ranking (built on first use, then kept for the process)."""
    low = 2 if ranking is Ranking.STANDARD else 6
    n_ranks = 15 - low
    key = np.zeros(52, dtype=np.int64)
    bits = np.zeros(52, dtype=np.int64)
    for index in range((low - 2) * 4, 52):
        r, suit = index // 4 + 2 - low, index % 4
        key[index] = RANK_KEYS[r] | (1 << (COUNT_SHIFT + 4 * suit))
        bits[index] = 1 << (SUIT_BITS * suit + r)
    return Tables(
        ranking=ranking,
        low_rank=low,
        key=key,
        bits=bits,
        nonflush=_nonflush_table(ranking, low, n_ranks),
        flush=_flush_table(ranking, low, n_ranks),
        suit_shift=_suit_shift_table(),
    )


def _nonflush_table(ranking: Ranking, low: int, n_ranks: int) -> Int32Array:
    """Strength of every 7-rank multiset, from one hand of it whose suits make no flush."""
    multisets = [m for m in combinations_with_replacement(range(n_ranks), 7) if _at_most_four(m)]
    # suits round-robin over the sorted ranks: equal ranks get distinct suits, no suit gets 3
    hands = np.array([[(r + low - 2) * 4 + i % 4 for i, r in enumerate(m)] for m in multisets], dtype=np.int64)
    values = strengths(hands, ranking)
    sums = np.array([sum(RANK_KEYS[r] for r in m) for m in multisets], dtype=np.int64)
    table = np.zeros(int(sums.max()) + 1, dtype=np.int32)
    table[sums] = values
    return table


def _at_most_four(multiset: tuple[int, ...]) -> bool:
    return all(multiset.count(r) <= 4 for r in set(multiset))


def _flush_table(ranking: Ranking, low: int, n_ranks: int) -> Int32Array:
    """Best flush (or straight flush) of every set of 5 to 7 ranks in one suit."""
    table = np.zeros(1 << n_ranks, dtype=np.int32)
    for size in (5, 6, 7):
        subsets = list(combinations(range(n_ranks), size))
        hands = np.array([[(r + low - 2) * 4 for r in s] for s in subsets], dtype=np.int64)  # all clubs
        masks = np.array([sum(1 << r for r in s) for s in subsets], dtype=np.int64)
        table[masks] = strengths(hands, ranking)
    return table


def _suit_shift_table() -> Int64Array:
    """For packed 4-bit suit counts (up to 7 each), the bit offset of the suit with 5 or more."""
    packed = np.arange(1 << 16, dtype=np.int64)
    shift = np.zeros(1 << 16, dtype=np.int64)
    for suit in range(4):
        count = (packed >> (4 * suit)) & 0xF
        shift[count >= 5] = SUIT_BITS * suit
    return shift
