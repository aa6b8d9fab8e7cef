"""Every run-out at once: sums over all k-card combinations, and the showdown tally.

The run-outs are never listed card by card. :func:`combination_sums` builds the sum of a
per-card number over every k-combination of the remaining cards, in lexicographic order,
from the sums over (k-1)-combinations: the combinations that start at card ``i`` are card
``i`` plus every (k-1)-combination of the cards after it, and those form one suffix of
the previous level. Each level costs one addition per combination.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np
from numpy.typing import NDArray

from analyzer.equity.tables import RANK_FIELD, Tables
from analyzer.evaluator.tables import FLUSH_BITS, RANK_SHIFT, SUIT_OFFSET

Int64Array = NDArray[np.int64]


def combination_sums(values: Int64Array, k: int) -> Int64Array:
    """Sum of ``values`` over every k-combination of positions, in lexicographic order.

    >>> combination_sums(np.array([1, 10, 100], dtype=np.int64), 2).tolist()
    [11, 101, 110]
    >>> combination_sums(np.array([1, 10], dtype=np.int64), 0).tolist()
    [0]
    """
    n = len(values)
    if k == 0:
        return np.zeros(1, dtype=np.int64)
    level = values.astype(np.int64, copy=True)  # 1-combinations: each value
    for t in range(2, k + 1):
        out = np.empty(comb(n, t), dtype=np.int64)
        total_prev = comb(n, t - 1)
        at = 0
        for i in range(n - t + 1):
            tail = level[total_prev - comb(n - i - 1, t - 1) :]  # (t-1)-combinations after card i
            np.add(tail, values[i], out=out[at : at + len(tail)])
            at += len(tail)
        level = out
    return level


@dataclass(frozen=True, slots=True)
class Tally:
    """Showdown counts per hand over every run-out.

    ``ties[i][j]`` counts run-outs where hand ``i`` shares the best hand with ``j`` others
    (``j`` from 1); ``wins[i]`` where it is best alone.
    """

    runouts: int
    wins: tuple[int, ...]
    ties: tuple[tuple[int, ...], ...]


def hand_strengths(
    tables: Tables, hand_cards: list[list[int]], board: list[int], remaining: list[int]
) -> NDArray[np.int32]:
    """Strength of every hand on every completion of the board, shape (hands, run-outs).

    The rank-multiset strength is read for every run-out; the flush table only where the seven
    cards hold five of a suit (about 3 run-outs in 100 with 52 cards), which saves most of the
    array passes.
    """
    k = 5 - len(board)
    rest = np.array(remaining, dtype=np.int64)
    board_key = combination_sums(tables.key[rest], k)
    board_bits: Int64Array | None = None  # only needed where there is a flush
    known_key = int(tables.key[board].sum()) + SUIT_OFFSET if board else SUIT_OFFSET
    known_bits = int(tables.bits[board].sum()) if board else 0
    out = np.empty((len(hand_cards), len(board_key)), dtype=np.int32)
    key = np.empty_like(board_key)
    index = np.empty_like(board_key)
    for i, cards in enumerate(hand_cards):
        np.add(board_key, known_key + int(tables.key[cards].sum()), out=key)
        np.right_shift(key, RANK_SHIFT, out=index)
        np.take(tables.nonflush, index, out=out[i])
        np.bitwise_and(key, FLUSH_BITS, out=index)
        flushed = np.flatnonzero(index)
        if len(flushed):
            if board_bits is None:
                board_bits = combination_sums(tables.bits[rest], k)
            shift = tables.suit_shift[index[flushed] >> 3]
            suited = ((board_bits[flushed] + (known_bits + int(tables.bits[cards].sum()))) >> shift) & RANK_FIELD
            row = out[i]
            row[flushed] = np.maximum(row[flushed], tables.flush[suited])
    return out


def tally(values: NDArray[np.int32]) -> Tally:
    """Wins and ties (by how many share) per hand from a (hands, run-outs) strength array."""
    n, runouts = values.shape
    if n == 2:
        diff = values[0].astype(np.int64) - values[1]
        won = (int(np.count_nonzero(diff > 0)), int(np.count_nonzero(diff < 0)))
        shared = runouts - won[0] - won[1]
        return Tally(runouts, won, ((shared,), (shared,)))
    best = values.max(axis=0)
    is_best = values == best
    sharing = is_best.sum(axis=0)
    wins: list[int] = []
    ties: list[tuple[int, ...]] = []
    for i in range(n):
        counts = np.bincount(sharing[is_best[i]], minlength=n + 1)
        wins.append(int(counts[1]))
        ties.append(tuple(int(c) for c in counts[2:]))
    return Tally(runouts, tuple(wins), tuple(ties))
