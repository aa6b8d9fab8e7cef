"""Exact equities of Omaha all-ins: every run-out of the board enumerated, nothing sampled.

A new function beside :mod:`analyzer.equity` (whose kernel knows Hold'em's seven cards): the
hands are four to six hole cards, each run-out is judged by the Omaha evaluator in numpy
batches (:func:`analyzer.evaluator.omaha.omaha_high_batch`, ``omaha_low_batch``), and in a
hi/lo game each run-out's pot is halved between the best high and the best qualifying low,
the whole pot high when no low qualifies. A hand's equity is its exact share of the pot over
all run-outs, so the equities add up to exactly one.

From the flop (two cards to come) heads-up that is C(41, 2) = 820 run-outs; from the turn 40;
on the river one. Before the flop (C(44, 5) = 1,086,008 run-outs heads-up) the question is
refused: it is not computed within the budget here.

    >>> r = omaha_equity(["As Ad Kh Qh", "8c 7c 6d 5d"], board="Ah 9c 4s", split="high")
    >>> r.runouts, [str(s) for s in r.shares]
    (820, ['167/205', '38/205'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import lcm

import numpy as np

from analyzer.cards import CardsLike, clean, deck_of
from analyzer.equity import EquityError
from analyzer.evaluator import Ranking
from analyzer.evaluator.omaha_batch import NO_LOW_KEY, omaha_high_batch, omaha_low_batch
from analyzer.i18n import _

#: the most run-outs enumerated (the flop heads-up and three-way are well inside)
MAX_RUNOUTS = 100_000


@dataclass(frozen=True, slots=True)
class OmahaEquity:
    """Each hand's exact share of the pot over every run-out."""

    runouts: int
    shares: tuple[Fraction, ...]
    scoops: tuple[int, ...]  # run-outs where the hand takes the whole pot alone


def omaha_equity(
    hands: Sequence[CardsLike],
    *,
    board: CardsLike = "",
    dead: CardsLike = "",
    split: str = "high",
    low_qualifier: int = 8,
) -> OmahaEquity:
    """Exact equities of two or more Omaha hands all-in with ``board`` (3, 4 or 5 cards) dealt.

    ``split`` is ``"high"`` or ``"high-low"`` (the rule set's ``showdown.split``).
    """
    holes = [clean(h) for h in hands]
    known = clean(board)
    gone = clean(dead)
    if len(holes) < 2:
        raise EquityError(expected=_("two hands or more"), found=str(len(holes)))
    size = len(holes[0])
    if not 4 <= size <= 6 or any(len(h) != size for h in holes):
        raise EquityError(
            expected=_("4, 5 or 6 hole cards each, the same for all"), found=", ".join(str(len(h)) for h in holes)
        )
    if len(known) not in (3, 4, 5):
        raise EquityError(
            expected=_("a board of 3, 4 or 5 cards (before the flop it is not computed here)"),
            found=_("{n} board cards").format(n=len(known)),
        )
    if split not in ("high", "high-low"):
        raise EquityError(expected=_("split high or high-low"), found=repr(split))
    used = [c for h in holes for c in h] + list(known) + list(gone)
    if len(set(used)) != len(used):
        raise EquityError(expected=_("every card once"), found=" ".join(c.text for c in used))
    deck_of(52).check(used)
    rest = [c.index for c in deck_of(52).cards if c not in set(used)]
    need = 5 - len(known)
    runs = list(combinations(rest, need))
    if len(runs) > MAX_RUNOUTS:  # pragma: no cover - three cards or more to come are refused above
        raise EquityError(expected=_("at most {most} run-outs").format(most=MAX_RUNOUTS), found=str(len(runs)))
    boards = np.array([[c.index for c in known] + list(r) for r in runs], dtype=np.uint8).reshape(len(runs), 5)
    n = len(holes)
    high = np.stack(
        [
            omaha_high_batch(np.repeat([[c.index for c in h]], len(runs), axis=0), boards, Ranking.STANDARD)
            for h in holes
        ]
    )  # (players, runs)
    best_high = high.max(axis=0)
    is_high = high == best_high
    unit = 2 * lcm(*range(1, n + 1))  # every share is a whole number of these in each run-out
    units = np.zeros(n, dtype=np.int64)
    high_count = is_high.sum(axis=0)
    if split == "high-low":
        low = np.stack(
            [
                omaha_low_batch(np.repeat([[c.index for c in h]], len(runs), axis=0), boards, low_qualifier)
                for h in holes
            ]
        )
        qualified = np.where(low == NO_LOW_KEY, np.int64(1) << 40, low)
        best_low = qualified.min(axis=0)
        has_low = best_low != np.int64(1) << 40
        is_low = (qualified == best_low) & has_low
        low_count = np.maximum(is_low.sum(axis=0), 1)
        high_part = np.where(has_low, unit // 2, unit)
        for p in range(n):
            units[p] = int((is_high[p] * high_part // high_count).sum() + (is_low[p] * (unit // 2) // low_count).sum())
        scoop = is_high & (high_count == 1) & (~has_low | (is_low & (low_count == 1)))
    else:
        for p in range(n):
            units[p] = int((is_high[p] * unit // high_count).sum())
        scoop = is_high & (high_count == 1)
    total = unit * len(runs)
    return OmahaEquity(
        runouts=len(runs),
        shares=tuple(Fraction(int(u), total) for u in units),
        scoops=tuple(int(s) for s in scoop.sum(axis=1)),
    )
