"""Exact Omaha all-in equities: every run-out, checked against the slow oracle run-out by run-out."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from analyzer.cards import Card, clean, deck_of
from analyzer.equity import EquityError
from analyzer.evaluator.omaha_reference import reference_high, reference_low
from analyzer.omaha_equity import omaha_equity


def _brute(hands: list[str], board: str, split: str) -> tuple[Fraction, ...]:
    holes = [clean(h) for h in hands]
    known = clean(board)
    used = {c for h in holes for c in h} | set(known)
    rest = [c for c in deck_of(52).cards if c not in used]
    totals = [Fraction(0)] * len(holes)
    runs = list(combinations(rest, 5 - len(known)))
    for run in runs:
        full: list[Card] = [*known, *run]
        highs = [reference_high(h, full) for h in holes]
        top = [i for i, v in enumerate(highs) if v == max(highs)]
        lows = [reference_low(h, full) for h in holes] if split == "high-low" else [None] * len(holes)
        known_lows = [v for v in lows if v is not None]
        if known_lows:
            best = [i for i, v in enumerate(lows) if v == min(known_lows)]
            for i in top:
                totals[i] += Fraction(1, 2 * len(top))
            for i in best:
                totals[i] += Fraction(1, 2 * len(best))
        else:
            for i in top:
                totals[i] += Fraction(1, len(top))
    return tuple(t / len(runs) for t in totals)


@pytest.mark.parametrize(
    ("hands", "board", "split"),
    [
        (["As Ad Kh Qh", "8c 7c 6d 5d"], "Ah 9c 4s 2d", "high"),
        (["As 2d Kh Qh", "3c 4c 6d 5d"], "Ah 9c 7s 8d", "high-low"),
        (["As 2s 3h Kh", "Ac 2c Qd Jd", "9h 9s Td Tc"], "4h 5c Ks", "high-low"),
        (["As Ad Kh Qh", "8c 7c 6d 5d"], "Ah 9c 4s", "high"),
    ],
)
def test_omaha_equity_equals_every_run_out_judged_by_the_slow_oracle(hands: list[str], board: str, split: str) -> None:
    result = omaha_equity(hands, board=board, split=split)
    assert result.shares == _brute(hands, board, split)
    assert sum(result.shares) == 1


def test_a_quartered_low_shows_in_the_equity() -> None:
    """River dealt: both hold A-2 for the same low; the high hand takes half and a quarter."""
    r = omaha_equity(["As 2s Kh Kd", "Ac 2c Qd Jd"], board="3h 5c 7s Kc 9d", split="high-low")
    assert (r.runouts, r.shares, r.scoops) == (1, (Fraction(3, 4), Fraction(1, 4)), (0, 0))


def test_before_the_flop_is_not_computed_here() -> None:
    with pytest.raises(EquityError, match="before the flop it is not computed here"):
        omaha_equity(["As Ad Kh Qh", "8c 7c 6d 5d"])


def test_hold_em_hands_are_no_omaha_equity_question() -> None:
    with pytest.raises(EquityError, match="expected 4, 5 or 6 hole cards each"):
        omaha_equity(["As Ad", "8c 7c"], board="2c 3d 4h")
