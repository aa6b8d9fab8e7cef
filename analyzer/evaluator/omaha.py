"""Omaha hands: exactly two hole cards and exactly three board cards (OM-TWO-PLUS-THREE).

The high hand is the best of the C(h, 2) x C(5, 3) five-card hands (60 with four hole
cards, 100 with five), each judged by the same five-card tables as Hold'em
(:func:`analyzer.evaluator.strength_of` one at a time, :func:`analyzer.evaluator.batch.strengths`
in numpy batches); the low is :mod:`analyzer.evaluator.lowball`'s. Strengths and low keys
are those of :mod:`analyzer.evaluator.omaha_reference`, the slow oracle (the tests compare).

    >>> from analyzer.cards import clean
    >>> from analyzer.evaluator import words_of, Ranking
    >>> hole = [c.index for c in clean("As Ks Qd Jd")]
    >>> board = [c.index for c in clean("Ts 9s 2s 3h 4h")]
    >>> words_of(omaha_high(hole, board), Ranking.STANDARD)  # four spades on board: no flush with one spade
    'Flush, ace high'
    >>> words_of(omaha_high([c.index for c in clean("As Kh Qd Jd")], board), Ranking.STANDARD)  # K-Q-J-T-9 needs three
    'High card, ace'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from analyzer.evaluator import strength_of
from analyzer.evaluator.batch import strengths
from analyzer.evaluator.categories import Ranking
from analyzer.evaluator.lowball import low_key, low_rank

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]


@cache
def _pairs(h: int) -> tuple[tuple[int, int], ...]:
    return tuple(combinations(range(h), 2))


_TRIPLES: tuple[tuple[int, int, int], ...] = tuple(combinations(range(5), 3))


def omaha_high(hole: Sequence[int], board: Sequence[int], ranking: Ranking = Ranking.STANDARD) -> int:
    """The strength of the best high hand of two hole cards and three of a five-card board."""
    strength = strength_of  # the C kernel's where it is built, else the Python tables
    triples = [(board[a], board[b], board[c]) for a, b, c in combinations(range(len(board)), 3)]
    best = -1
    for i, j in _pairs(len(hole)):
        x, y = hole[i], hole[j]
        for a, b, c in triples:
            value = strength((x, y, a, b, c), ranking)
            if value > best:
                best = value
    return best


def best_high_cards(
    hole: Sequence[int], board: Sequence[int], ranking: Ranking = Ranking.STANDARD
) -> tuple[int, tuple[int, ...]]:
    """The best high hand's strength and the five cards (two hole, three board) that make it."""
    best = -1
    used: tuple[int, ...] = ()
    for i, j in _pairs(len(hole)):
        for three in combinations(board, 3):
            five = (hole[i], hole[j], *three)
            value = strength_of(five, ranking)
            if value > best:
                best, used = value, five
    return best, used


def _combos(holes: npt.NDArray[Any], boards: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Every (two hole, three board) five-card hand of each row: shape (N, pairs * 10, 5)."""
    h = holes.shape[1]
    pairs = np.array(_pairs(h), dtype=np.intp)
    triples = np.array(_TRIPLES, dtype=np.intp)
    two = holes[:, pairs]  # (N, P, 2)
    three = boards[:, triples]  # (N, 10, 3)
    n, p, t = len(holes), len(pairs), len(triples)
    out = np.empty((n, p, t, 5), dtype=holes.dtype)
    out[:, :, :, :2] = two[:, :, None, :]
    out[:, :, :, 2:] = three[:, None, :, :]
    return out.reshape(n, p * t, 5)


def omaha_high_batch(holes: Any, boards: Any, ranking: Ranking = Ranking.STANDARD) -> I32:
    """Best high strengths of many Omaha hands at once: ``holes`` (N, h) with h = 4..6 and
    ``boards`` (N, 5) of card indices; equal to :func:`omaha_high` row by row."""
    holes_a = np.asarray(holes)
    boards_a = np.asarray(boards)
    if holes_a.ndim != 2 or not 4 <= holes_a.shape[1] <= 6:
        raise ValueError(f"holes: expected an (N, h) array with h = 4, 5 or 6, got shape {holes_a.shape}")
    if boards_a.shape != (len(holes_a), 5):
        raise ValueError(f"boards: expected an ({len(holes_a)}, 5) array, got shape {boards_a.shape}")
    combos = _combos(holes_a.astype(np.uint8), boards_a.astype(np.uint8))
    n, m, _ = combos.shape
    flat = strengths(combos.reshape(n * m, 5), ranking)
    result: I32 = flat.reshape(n, m).max(axis=1)
    return result


#: ace-to-five rank of each card index (ace 1), and "too high for any low" above 8 as 15
_LOW_RANK = np.array([low_rank(i) for i in range(52)], dtype=np.int64)
#: no qualifying low, in :func:`omaha_low_batch`'s output
NO_LOW_KEY = -1


def omaha_low_batch(holes: Any, boards: Any, qualifier: int = 8) -> I64:
    """Best qualifying low keys of many Omaha hands (:func:`analyzer.evaluator.lowball.omaha_low`
    row by row), :data:`NO_LOW_KEY` where no low qualifies."""
    combos = _combos(np.asarray(holes).astype(np.uint8), np.asarray(boards).astype(np.uint8))
    ranks = np.sort(_LOW_RANK[combos], axis=2)[:, :, ::-1]  # highest first
    distinct = np.all(ranks[:, :, :-1] != ranks[:, :, 1:], axis=2)
    ok = distinct & (ranks[:, :, 0] <= qualifier)
    keys = (
        (ranks[:, :, 0] << 16) | (ranks[:, :, 1] << 12) | (ranks[:, :, 2] << 8) | (ranks[:, :, 3] << 4) | ranks[:, :, 4]
    )
    keys = np.where(ok, keys, np.int64(1) << 40)
    best: I64 = keys.min(axis=1)
    best[best == np.int64(1) << 40] = NO_LOW_KEY
    return best


__all__ = ["NO_LOW_KEY", "best_high_cards", "low_key", "omaha_high", "omaha_high_batch", "omaha_low_batch"]
