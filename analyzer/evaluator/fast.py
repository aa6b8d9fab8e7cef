"""One hand at a time, fast: the strength of 5 to 7 card indices in a few table look-ups.

The cards' keys are summed (see :mod:`analyzer.evaluator.tables`); without a flush the
sum's upper bits index the best non-flush strength, with one the suit's ranks index the
flush table. No checks: a card outside the ranking's deck mostly raises ``KeyError``,
and such cards or duplicates may give a meaningless strength; :func:`analyzer.evaluator.evaluate`
checks its input.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from analyzer.evaluator.categories import Ranking
from analyzer.evaluator.tables import FLUSH_SUIT, TABLES, Tables

_Scalar = tuple[tuple[int, ...], dict[int, int], tuple[int, ...]]


class _ScalarCache(dict[Ranking, _Scalar]):
    """Per ranking: the card keys, the non-flush table and the flush table."""

    def __missing__(self, key: Ranking) -> _Scalar:
        t: Tables = TABLES[Ranking(key)]
        value = (t.keys, t.nonflush, t.flush)
        self[Ranking(key)] = value
        return value


_SCALAR: Final[dict[Ranking, _Scalar]] = _ScalarCache()


def strength_of(indices: Sequence[int], ranking: Ranking) -> int:
    """The strength of 5 to 7 cards given as indices (``Card.index``); no checks, for hot loops.

    >>> from analyzer.cards import clean
    >>> nine_high = [c.index for c in clean("9s 8s 7d 6h Ac Kd Kh")]
    >>> ten_high = [c.index for c in clean("Ts 9s 8s 7d 6h Kd Kh")]
    >>> strength_of(nine_high, Ranking.STRAIGHT_OVER_TRIPS) < strength_of(ten_high, Ranking.STRAIGHT_OVER_TRIPS)
    True
    """
    keys, nonflush, flush = _SCALAR[ranking]
    # unpacking and adding by hand is twice as fast as sum(map(...)); the literals are
    # tables.SUIT_OFFSET, FLUSH_BITS and COUNT_SHIFT (a test checks they agree)
    n = len(indices)
    if n == 7:
        a, b, c, d, e, f, g = indices
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g] + 0x3333
    elif n == 6:
        a, b, c, d, e, f = indices
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + 0x3333
    elif n == 5:
        a, b, c, d, e = indices
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + 0x3333
    else:
        raise ValueError(f"cards: expected 5 to 7 cards, got {n}")
    if key & 0x8888:  # five cards or more of one suit
        suit = FLUSH_SUIT[key & 0x8888]
        mask = 0
        for i in indices:
            if i & 3 == suit:
                mask |= 1 << (i >> 2)
        return flush[mask]
    return nonflush[key >> 16]  # the multiset key and the card count
