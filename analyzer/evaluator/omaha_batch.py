"""Omaha's best high and low hands of many hands at once, in numpy batches: equal to
:func:`analyzer.evaluator.omaha.omaha_high` and :func:`analyzer.evaluator.lowball.omaha_low` row by
row (the tests compare). Apart from :mod:`analyzer.evaluator.omaha` so that auditing a hand, which
judges one hand at a time, does not import numpy (the command's start-up)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from analyzer.evaluator.batch import strengths
from analyzer.evaluator.categories import Ranking
from analyzer.evaluator.lowball import low_rank
from analyzer.evaluator.omaha import _TRIPLES, _pairs

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]


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


__all__ = ["NO_LOW_KEY", "omaha_high_batch", "omaha_low_batch"]
