"""The evaluator kernel: the same lookup tables walked by a small C extension, where it is built.

``analyzer/evaluator/_kernel.c`` (built by ``setup.py`` as an optional extension) adds the
cards' keys and reads :mod:`analyzer.evaluator.tables` in one plain loop per hand, instead of
numpy's passes over whole columns: about ten times the hands a second. It knows no poker
rule: the tables are built here in Python, handed over once per ranking on first use (where
the kernel packs each non-flush table into a perfect hash of its multiset keys, uint16 class
numbers of about 180 kB for 52 cards and 7 cards instead of a sparse 31 MB array that missed
the cache on every hand: :func:`layout` says how), and the numpy paths
(:mod:`~analyzer.evaluator.batch`, :mod:`analyzer.equity.runouts`) stay the
reference and the fallback where there is no C compiler. ``SIXPLUS_KERNEL=0`` turns it off.

    >>> from analyzer.cards import clean
    >>> rows = [c.index for c in clean("9s 8s 7d 6h Ac Kd Kh")]
    >>> from analyzer.evaluator.fast import strength_of as python_strength_of
    >>> AVAILABLE is False or strength_of(rows, Ranking.STRAIGHT_OVER_TRIPS) == python_strength_of(
    ...     rows, Ranking.STRAIGHT_OVER_TRIPS)
    True
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from analyzer.evaluator.categories import Ranking
from analyzer.evaluator.tables import TABLES, lowest_rank

if TYPE_CHECKING:  # numpy is imported by the batch calls only: one hand's strength needs none
    import numpy as np
    import numpy.typing as npt


def _load() -> ModuleType | None:
    if os.environ.get("SIXPLUS_KERNEL") == "0":
        return None
    try:
        from analyzer.evaluator import _kernel
    except ImportError:  # not built here: the numpy paths run
        return None
    return _kernel


_kernel = _load()
#: whether the C kernel runs (the numpy paths otherwise)
AVAILABLE = _kernel is not None
_SLOTS = {Ranking.STRAIGHT_OVER_TRIPS: 0, Ranking.TRIPS_OVER_STRAIGHT: 1, Ranking.STANDARD: 2}
_registered: set[Ranking] = set()


def _module() -> ModuleType:
    if _kernel is None:
        raise RuntimeError("the evaluator kernel is not built here (analyzer/evaluator/_kernel.c)")
    return _kernel


def slot(ranking: Ranking | str) -> int:
    """The kernel's slot for a ranking, its tables handed over on first use."""
    rk = Ranking(ranking)
    if rk not in _registered:
        t = TABLES[rk]
        lowest_index = (lowest_rank(rk) - 2) * 4
        keys = array("q", [k if i >= lowest_index else -1 for i, k in enumerate(t.keys)])
        nonflush: list[bytes] = []  # each size's multiset keys (increasing) and strengths
        for size in (5, 6, 7):
            entries = sorted((k >> 3, v) for k, v in t.nonflush.items() if k & 7 == size)
            nonflush += [array("I", [k for k, _ in entries]).tobytes(), array("i", [v for _, v in entries]).tobytes()]
        flush = array("i", t.flush).tobytes()
        _module().register(_SLOTS[rk], rk, keys.tobytes(), *nonflush, flush)
        _registered.add(rk)
    return _SLOTS[rk]


if _kernel is not None:
    _kernel.set_loader(slot)

#: the strength of 5 to 7 card indices (as :func:`analyzer.evaluator.fast.strength_of`), or None
strength_of: Callable[[Sequence[int], Ranking], int] | None = None if _kernel is None else _kernel.strength_of


def batch(hands: npt.NDArray[np.uint8], ranking: Ranking) -> npt.NDArray[np.int32] | int:
    """Strengths of a C-contiguous ``(N, k)`` uint8 array; or, if a card lies outside the
    ranking's deck, the first row holding one."""
    import numpy as np

    out = np.empty(len(hands), dtype=np.int32)
    bad: int = _module().batch(slot(ranking), hands, out)
    return out if bad < 0 else bad


def layout(ranking: Ranking) -> list[tuple[int, int, int, int]]:
    """How the kernel packed the ranking's non-flush tables: (hand size, column bits, rows, cells)."""
    result: list[tuple[int, int, int, int]] = _module().layout(slot(ranking))
    return result


def tally(
    ranking: Ranking, hands: list[list[int]], board: list[int], remaining: list[int], pots: list[list[int]]
) -> npt.NDArray[np.int64]:
    """Every run-out of ``board`` from ``remaining``: ``counts[p, h, j]`` run-outs where hand
    ``h`` is best in pot ``p`` (the hands it names) together with ``j`` others."""
    import numpy as np

    n = len(hands)
    counts = np.zeros((len(pots), n, n), dtype=np.int64)
    masks = [sum(1 << h for h in set(pot)) for pot in pots]
    _module().tally(slot(ranking), bytes(c for h in hands for c in h), bytes(board), bytes(remaining), masks, counts)
    return counts


def tally_deals(
    ranking: Ranking, n: int, deals: bytes, board: list[int], pool: list[int], weights: bytes = b""
) -> npt.NDArray[np.int64]:
    """Many deals of ``n`` hands on one board (``deals``: each deal's ``2 n`` card indices in
    turn), each one pot among all its hands, its run-outs dealt from ``pool`` less its own
    cards: ``counts[h, j]`` added up over the deals (each times its int64 weight, if given), the
    run-outs where hand ``h`` is best with ``j`` others."""
    import numpy as np

    counts = np.zeros((n, n), dtype=np.int64)
    _module().tally_deals(slot(ranking), n, deals, bytes(board), bytes(pool), counts, weights)
    return counts
