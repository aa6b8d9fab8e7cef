"""Exact equities by enumerating every run-out: two or more hands, any street, both decks.

    >>> r = equity(["As Ks", "Qh Qd"], board="Qs Js 7c 6s", ranking="straight-over-trips")
    >>> r.runouts, [h.wins for h in r.hands], [h.tie_count for h in r.hands]
    (28, [27, 1], [0, 0])
    >>> str(r.hands[0].share)  # the spade flush already made; only the last queen saves QQ
    '27/28'

A tie is counted apart from a win; in equity a pot shared by ``k`` hands counts ``1/k``
to each, so the equities always add up to exactly one. Nothing is sampled.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from math import comb

from analyzer.cards import Card, CardsLike, clean, deck_of
from analyzer.equity.runouts import Tally, hand_strengths, tally
from analyzer.equity.tables import tables_for
from analyzer.errors import AnalyzerError
from analyzer.evaluator import Ranking, kernel, parse_ranking
from parsers.errors import T_, nT_

__all__ = [
    "EquityError",
    "EquityResult",
    "HandEquity",
    "deals_tally",
    "equity",
    "equity_of_indices",
    "pot_tallies",
    "shares",
    "suit_classes",
]


class EquityError(AnalyzerError):
    """Cards that do not make an equity question: says what was expected and what was found."""

    def __init__(self, *, expected: str, found: str) -> None:
        self.expected = expected
        self.found = found
        super().__init__(T_("equity: expected {expected}, found {found}", expected=expected, found=found))


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One hand's result: run-outs won alone, run-outs shared (by how many), and its share."""

    cards: tuple[Card, ...]
    wins: int
    ties: tuple[int, ...]  # ties[j]: run-outs shared with j + 1 other hands
    share: Fraction  # expected part of the pot: (wins + sum of ties[j] / (j + 2)) / run-outs

    @property
    def tie_count(self) -> int:
        return sum(self.ties)

    @property
    def equity(self) -> float:
        return float(self.share)


@dataclass(frozen=True, slots=True)
class EquityResult:
    hands: tuple[HandEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    ranking: Ranking
    runouts: int


def equity(
    hands: Sequence[CardsLike],
    *,
    board: CardsLike = (),
    dead: CardsLike = (),
    ranking: Ranking | str = Ranking.STRAIGHT_OVER_TRIPS,
) -> EquityResult:
    """Exact equity of each hand (two hole cards each) against the others.

    ``board`` holds the cards already dealt (0 to 5), ``dead`` cards out of play (mucked,
    burnt and seen). The ranking fixes the deck: 36 cards for the short-deck rankings.

    >>> equity(["As Ah", "As Kd"], ranking="standard")
    Traceback (most recent call last):
    ...
    analyzer.equity.EquityError: equity: expected every card once, found As twice
    """
    rk = parse_ranking(ranking)
    parsed = [clean(h) for h in hands]
    board_cards, dead_cards = clean(board), clean(dead)
    if len(parsed) < 2:
        raise EquityError(expected=T_("two or more hands"), found=f"{len(parsed)}")
    for h in parsed:
        if len(h) != 2:
            raise EquityError(expected=T_("two hole cards a hand"), found=" ".join(c.text for c in h) or T_("no cards"))
    if len(board_cards) > 5:
        raise EquityError(
            expected=T_("a board of at most 5 cards"), found=nT_("{n} card", "{n} cards", len(board_cards))
        )
    everything = [c for h in parsed for c in h] + list(board_cards) + list(dead_cards)
    deck_of(rk.deck_size).check(everything)
    seen: set[Card] = set()
    for c in everything:
        if c in seen:
            raise EquityError(expected=T_("every card once"), found=T_("{card} twice", card=c.text))
        seen.add(c)
    result = equity_of_indices(
        [[c.index for c in h] for h in parsed],
        board=[c.index for c in board_cards],
        dead=[c.index for c in dead_cards],
        ranking=rk,
    )
    return EquityResult(
        hands=tuple(
            HandEquity(cards=h, wins=w, ties=t, share=s)
            for h, w, t, s in zip(parsed, result.wins, result.ties, shares(result))
        ),
        board=board_cards,
        dead=dead_cards,
        ranking=rk,
        runouts=result.runouts,
    )


def equity_of_indices(hands: list[list[int]], *, board: list[int], dead: list[int], ranking: Ranking) -> Tally:
    """The tally for hands given as card indices, without checks (the caller has checked)."""
    return pot_tallies(hands, board=board, dead=dead, ranking=ranking, pots=[list(range(len(hands)))])[0]


def pot_tallies(
    hands: list[list[int]], *, board: list[int], dead: list[int], ranking: Ranking, pots: list[list[int]]
) -> list[Tally]:
    """Tallies of several pots of one deal: every hand's cards are out of the deck for all of
    them, and each pot is contested by the hands it names (positions in ``hands``)."""
    tables = tables_for(ranking)
    used = {c for h in hands for c in h} | set(board) | set(dead)
    remaining = [c for c in tables.deck if c not in used]
    if len(remaining) < 5 - len(board):
        raise EquityError(expected=f"{5 - len(board)} cards left to deal", found=f"{len(remaining)}")
    if kernel.AVAILABLE:  # the same counts from the C kernel's walk over the run-outs
        counts = kernel.tally(ranking, hands, board, remaining, pots).tolist()
        runouts = comb(len(remaining), 5 - len(board))
        return [
            Tally(
                runouts,
                tuple(counts[p][h][0] for h in pot),
                tuple(tuple(counts[p][h][1 : len(pot)]) for h in pot),
            )
            for p, pot in enumerate(pots)
        ]
    values = hand_strengths(tables, hands, board, remaining)
    return [tally(values[pot]) for pot in pots]


def suit_classes(
    deals: list[list[list[int]]], *, board: list[int], dead: list[int]
) -> tuple[list[list[list[int]]], list[int]]:
    """The deals up to a relabelling of the suits that leaves the board and the dead cards where
    they are (such deals win and tie alike): one deal of each class and how many deals it stands for.

    >>> suit_classes([[[48, 49], [44, 45]], [[50, 51], [46, 47]], [[48, 49], [44, 46]]], board=[], dead=[])
    ([[[48, 49], [44, 45]], [[48, 49], [44, 46]]], [2, 1])
    """
    import numpy as np

    n = len(deals[0])

    def kept(cards: list[int], p: tuple[int, ...]) -> bool:
        return {c & ~3 | p[c & 3] for c in cards} == set(cards)

    perms = [p for p in permutations(range(4)) if kept(board, p) and kept(dead, p)]
    if len(perms) == 1 or n > 5:  # nothing to share, or a key of more than 60 bits
        return deals, [1] * len(deals)
    cards = np.array(deals, dtype=np.int64)
    least: np.ndarray | None = None
    for p in perms:
        moved = cards & ~3 | np.array(p, dtype=np.int64)[cards & 3]
        low, high = moved.min(axis=2), moved.max(axis=2)
        key = np.zeros(len(deals), dtype=np.int64)
        for h in range(n):
            key = key << 12 | low[:, h] << 6 | high[:, h]
        least = key if least is None else np.minimum(least, key)
    assert least is not None
    keys, counts = np.unique(least, return_counts=True)
    shifts = [12 * (n - 1 - h) for h in range(n)]
    classes = [[[k >> (s + 6) & 63, k >> s & 63] for s in shifts] for k in keys.tolist()]
    return classes, [int(c) for c in counts]


def deals_tally(deals: list[list[list[int]]], *, board: list[int], dead: list[int], ranking: Ranking) -> Tally:
    """The tallies of many deals of the same number of hands on one board, added up (every deal
    has the same number of run-outs, so ``shares`` of the sum is the mean of the deals' shares).
    Deals alike up to the suits (:func:`suit_classes`) are walked once and counted as many times;
    the C kernel walks them all in one call where it is built."""
    n = len(deals[0])
    tables = tables_for(ranking)
    pool = [c for c in tables.deck if c not in set(board) | set(dead)]
    runouts = comb(len(pool) - 2 * n, 5 - len(board))
    classes, weights = suit_classes(deals, board=board, dead=dead)
    if kernel.AVAILABLE:
        flat = bytes(c for deal in classes for hand in deal for c in hand)
        counts = kernel.tally_deals(ranking, n, flat, board, pool, array("q", weights).tobytes()).tolist()
        return Tally(runouts * len(deals), tuple(row[0] for row in counts), tuple(tuple(row[1:]) for row in counts))
    wins = [0] * n
    ties = [[0] * (n - 1) for _ in range(n)]
    for deal, weight in zip(classes, weights, strict=True):
        one = equity_of_indices(deal, board=board, dead=dead, ranking=ranking)
        for h in range(n):
            wins[h] += weight * one.wins[h]
            ties[h] = [a + weight * b for a, b in zip(ties[h], one.ties[h], strict=True)]
    return Tally(runouts * len(deals), tuple(wins), tuple(tuple(t) for t in ties))


def shares(result: Tally) -> tuple[Fraction, ...]:
    """Each hand's exact expected share of the pot."""
    return tuple(
        Fraction(wins * 1, 1) / result.runouts
        + sum((Fraction(count, j + 2) for j, count in enumerate(ties)), Fraction(0)) / result.runouts
        for wins, ties in zip(result.wins, result.ties)
    )
