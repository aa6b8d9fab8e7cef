"""Omaha hands: exactly two hole cards and exactly three board cards (OM-TWO-PLUS-THREE).

The high hand is the best of the C(h, 2) x C(5, 3) five-card hands (60 with four hole
cards, 100 with five), each judged by the same five-card tables as Hold'em
(:func:`analyzer.evaluator.strength_of` one at a time; numpy batches of many hands in
:mod:`analyzer.evaluator.omaha_batch`, kept apart so that auditing a hand never imports
numpy); the low is :mod:`analyzer.evaluator.lowball`'s. Strengths and low keys are those of
:mod:`analyzer.evaluator.omaha_reference`, the slow oracle (the tests compare).

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

from analyzer.evaluator import strength_of
from analyzer.evaluator.categories import Ranking
from analyzer.evaluator.lowball import low_key


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


__all__ = ["best_high_cards", "low_key", "omaha_high"]
