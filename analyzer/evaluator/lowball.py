"""Ace-to-five low with a qualifier (8-or-better), for the low half of a hi/lo pot.

In an ace-to-five low the ace counts one, straights and flushes do not count, and the best
low is 5-4-3-2-A (the "wheel"). Split-pot games only count a low of five *distinct* ranks
none above the qualifier (eight: "8-or-better"); a hand with a pair has no low.

A low is an ``int`` *key* where smaller is better: the five ranks (ace as 1) from the
highest down, four bits each::

    key = r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5        (r1 > r2 > ... > r5)

so 8-6-4-2-A (``0x86421``) loses to 7-6-5-4-3 (``0x76543``), which loses to 5-4-3-2-A.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations


def low_rank(card_index: int) -> int:
    """A card's rank for the low: the ace is 1, the others their rank (2..13).

    >>> low_rank(48), low_rank(0), low_rank(47)  # As... Ac is 48, 2c is 0, Ks is 47
    (1, 2, 13)
    """
    rank = card_index // 4 + 2
    return 1 if rank == 14 else rank


def low_key(ranks: Iterable[int]) -> int:
    """The key of five distinct low ranks (ace as 1).

    >>> hex(low_key([1, 2, 4, 6, 8]))
    '0x86421'
    """
    key = 0
    for r in sorted(ranks, reverse=True):
        key = key << 4 | r
    return key


def low_of_five(cards: Sequence[int], qualifier: int = 8) -> int | None:
    """The low key of exactly five cards (indices), or None when they make no qualifying low
    (a pair, or a card above the qualifier).

    >>> from analyzer.cards import clean
    >>> hex(low_of_five([c.index for c in clean("Ah 2d 4c 6s 8h")]))
    '0x86421'
    >>> low_of_five([c.index for c in clean("Ah Ad 4c 6s 8h")]) is None  # a pair
    True
    >>> low_of_five([c.index for c in clean("Ah 2d 4c 6s 9h")]) is None  # a nine
    True
    """
    ranks = {low_rank(c) for c in cards}
    if len(ranks) != 5 or max(ranks) > qualifier:
        return None
    return low_key(ranks)


def omaha_low(hole: Sequence[int], board: Sequence[int], qualifier: int = 8) -> int | None:
    """The best qualifying low of exactly two hole cards and three board cards, or None.

    Only the distinct low ranks matter: a pair of two hole cards (or of two board cards)
    can never be part of one low, so the best low is the best of (two distinct hole ranks)
    with (three distinct board ranks) where all five differ.

    >>> from analyzer.cards import clean
    >>> hole = [c.index for c in clean("Ah 2h Kd Kc")]
    >>> board = [c.index for c in clean("4c 6s 8h Qd Jd")]
    >>> low_words(omaha_low(hole, board))
    '8-6-4-2-A'
    >>> omaha_low([c.index for c in clean("Ah Kh Kd Qc")], board) is None  # one low card in the hand
    True
    """
    mine = sorted({r for r in map(low_rank, hole) if r <= qualifier})
    if len(mine) < 2:
        return None
    table = sorted({r for r in map(low_rank, board) if r <= qualifier})
    if len(table) < 3:
        return None
    best: int | None = None
    for pair in combinations(mine, 2):
        for three in combinations(table, 3):
            if pair[0] in three or pair[1] in three:
                continue
            key = low_key(pair + three)
            if best is None or key < best:
                best = key
    return best


def holdem_low(cards: Sequence[int], qualifier: int = 8) -> int | None:
    """The best qualifying low of any five of 5 to 7 cards (Hold'em hi/lo), or None.

    >>> from analyzer.cards import clean
    >>> low_words(holdem_low([c.index for c in clean("Ah 2h 3d 3c 7s 8d Kd")]))
    '8-7-3-2-A'
    """
    ranks = sorted({r for r in map(low_rank, cards) if r <= qualifier})
    if len(ranks) < 5:
        return None
    return low_key(ranks[:5])  # the five lowest distinct ranks


def low_words(key: int | None) -> str:
    """A low as a player says it, highest card first: ``8-6-4-2-A``; "no low" for None.

    >>> low_words(0x54321), low_words(0xD9641), low_words(None)
    ('5-4-3-2-A', 'K-9-6-4-A', 'no low')
    """
    if key is None:
        return "no low"
    ranks = [(key >> (16 - 4 * i)) & 0xF for i in range(5)]
    return "-".join(_LOW_RANK_TEXT.get(r, str(r)) for r in ranks)


_LOW_RANK_TEXT = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}


def low_ranks(key: int) -> tuple[int, ...]:
    """The five ranks of a low key, highest first (ace as 1).

    >>> low_ranks(0x86421)
    (8, 6, 4, 2, 1)
    """
    return tuple((key >> (16 - 4 * i)) & 0xF for i in range(5))
