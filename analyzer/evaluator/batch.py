"""Many hands at once with numpy: the same keys and tables as the one-hand evaluator.

Per block of rows: gather each column's card keys and add them (seven gathers, six adds),
look the non-flush strength up by the sum's upper bits, then redo the few flush rows
(about 3 %) from their suit's rank mask. Blocks are small enough for the temporaries to
stay in cache; the short-deck non-flush table (470 kB) does too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from analyzer.evaluator import kernel
from analyzer.evaluator.categories import Ranking, parse_ranking
from analyzer.evaluator.tables import FLUSH_BITS, RANK_SHIFT, SUIT_OFFSET, TABLES, dense_nonflush, lowest_rank

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]

#: rows per block: temporaries of a few hundred kB
BLOCK = 1 << 14


@dataclass(frozen=True, slots=True)
class BatchTables:
    """One ranking's tables for one hand size, as arrays."""

    first: I64  # card keys plus the suit offset, for the first column
    keys: I64  # card keys (0 for cards outside the deck: the input is checked first)
    nonflush: I32  # strength by multiset key (key >> RANK_SHIFT), for this hand size
    flush: I32  # strength by 13-bit suit mask
    bits: I64  # 1 << (rank - 2) by card index
    lowest_index: int  # the deck's lowest card index (16 for the short deck)


def _build(ranking: Ranking, size: int) -> BatchTables:
    t = TABLES[ranking]
    low = lowest_rank(ranking)
    lowest_index = (low - 2) * 4
    keys = np.array([k if i >= lowest_index else 0 for i, k in enumerate(t.keys)], dtype=np.int64)
    nonflush = np.frombuffer(dense_nonflush(ranking, size), dtype=np.int32)
    bits = np.array([1 << (i >> 2) for i in range(52)], dtype=np.int64)
    return BatchTables(keys + SUIT_OFFSET, keys, nonflush, np.array(t.flush, dtype=np.int32), bits, lowest_index)


class _BatchCache(dict[tuple[Ranking, int], BatchTables]):
    def __missing__(self, key: tuple[Ranking, int]) -> BatchTables:
        value = _build(*key)
        self[key] = value
        return value


_BATCH: dict[tuple[Ranking, int], BatchTables] = _BatchCache()


def batch_tables(ranking: Ranking, size: int) -> BatchTables:
    """The array tables for a ranking and a hand size (5, 6 or 7), built on first use."""
    return _BATCH[ranking, size]


def _suit_of_flag(flags: I64) -> I64:
    """The suit whose counter reached five, from ``key & FLUSH_BITS`` (one bit set)."""
    suit: I64 = (flags > 0x8).astype(np.int64) + (flags > 0x80) + (flags > 0x800)
    return suit


def _flush_rows(hands: npt.NDArray[Any], flags: I64, t: BatchTables) -> I32:
    suit = _suit_of_flag(flags)
    mask = np.zeros(len(hands), dtype=np.int64)
    for j in range(hands.shape[1]):
        column = hands[:, j].astype(np.int64)
        mask |= np.where((column & 3) == suit, t.bits[column], 0)
    result: I32 = t.flush[mask]
    return result


def _block(hands: npt.NDArray[Any], t: BatchTables, out: I32, key: I64, scratch: I64) -> None:
    """Strengths of one block of rows into ``out`` (``key`` and ``scratch`` are work space)."""
    np.take(t.first, hands[:, 0], out=key)
    for j in range(1, hands.shape[1]):
        np.take(t.keys, hands[:, j], out=scratch)
        key += scratch
    flags = np.bitwise_and(key, FLUSH_BITS, out=scratch)
    flush_rows = np.flatnonzero(flags)
    key >>= RANK_SHIFT
    np.take(t.nonflush, key, out=out)
    if flush_rows.size:
        out[flush_rows] = _flush_rows(hands[flush_rows], flags[flush_rows], t)


def strengths(hands: Any, ranking: Ranking | str) -> I32:
    """Strengths of many hands at once: ``hands`` is an ``(N, k)`` integer array of card
    indices (``Card.index``, k = 5, 6 or 7); returns an ``(N,)`` int32 array, equal to
    :func:`analyzer.evaluator.strength_of` row by row. Cards must lie in the ranking's
    deck (checked); duplicates within a row are not checked.

    >>> import numpy as np
    >>> from analyzer.cards import clean
    >>> rows = np.array([[c.index for c in clean(h)] for h in ("Qh 6h Kh Kc 8h 7h As", "8s 8d Kh Kc 8h 7h As")])
    >>> s = strengths(rows, "straight-over-trips")
    >>> bool(s[0] > s[1])  # Ben's flush beats Anna's full house (SD-FLUSH-OVER-FULL)
    True
    """
    rk = parse_ranking(ranking)
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] not in (5, 6, 7):
        raise ValueError(f"hands: expected an (N, k) array with k = 5, 6 or 7, got shape {array.shape}")
    if array.dtype.kind not in "iu":
        raise ValueError(f"hands: expected integer card indices, got dtype {array.dtype}")
    if not kernel.AVAILABLE or len(array) == 0:
        return numpy_strengths(array, rk)
    if array.dtype != np.uint8:
        _check(array, rk)  # then every index fits a byte
        array = array.astype(np.uint8)
    result = kernel.batch(np.ascontiguousarray(array), rk)
    if isinstance(result, int):
        _check(array, rk)
        raise AssertionError("unreachable: the kernel found a card outside the deck")
    return result


def _check(array: npt.NDArray[Any], rk: Ranking) -> None:
    """Every card index inside the ranking's deck, or a one-line error naming the first bad one."""
    lowest_index = (lowest_rank(rk) - 2) * 4
    low, high = int(array.min()), int(array.max())
    if low < lowest_index or high > 51:
        bad = low if low < lowest_index else high
        raise ValueError(f"hands: expected card indices {lowest_index}..51 (the {rk.deck_size}-card deck), found {bad}")


def numpy_strengths(array: npt.NDArray[Any], rk: Ranking) -> I32:
    """:func:`strengths` with numpy alone (the reference for the kernel, and its fallback)."""
    t = _BATCH[rk, array.shape[1]]
    n = len(array)
    out = np.empty(n, dtype=np.int32)
    if n == 0:
        return out
    _check(array, rk)
    key = np.empty(min(n, BLOCK), dtype=np.int64)
    scratch = np.empty_like(key)
    for start in range(0, n, BLOCK):
        stop = min(start + BLOCK, n)
        m = stop - start
        _block(array[start:stop], t, out[start:stop], key[:m], scratch[:m])
    return out
