"""Exact category frequencies, by evaluating every hand of the deck.

Nothing here reads a table of answers: :func:`exact_frequencies` deals every hand of k
cards (8,347,680 for 7 short-deck cards; 133,784,560 for 7 of 52) and evaluates each with
the batch evaluator, counting the category of its best five. The counts match the
published tables (``../shared/reference/hand-frequencies.json``; the tests check).

:class:`Frequencies` is plain counts over a total, so observed frequencies (from stored
hands) fit it as well.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.evaluator import ORDER, Category, Ranking, parse_ranking, strengths
from analyzer.evaluator.categories import CATEGORY_SHIFT, POSITION
from analyzer.evaluator.combos import hand_blocks, hand_count

ROYAL = "royal flush"


@dataclass(frozen=True, slots=True)
class Frequency:
    """How often one kind of hand occurs: ``count`` of ``total``."""

    name: str  # a category's name, or "royal flush"
    count: int
    total: int

    @property
    def probability(self) -> float:
        """``count / total``.

        >>> round(Frequency("flush", 480, 376992).probability, 8)
        0.00127324
        """
        return self.count / self.total if self.total else 0.0

    @property
    def one_in(self) -> float | None:
        """``total / count`` ("1 in N"), or None when it never occurs.

        >>> Frequency("flush", 480, 376992).one_in
        785.4
        """
        return self.total / self.count if self.count else None

    @property
    def odds_against(self) -> float | None:
        """``(total - count) / count`` (odds against, "N : 1"), or None when it never occurs.

        >>> Frequency("flush", 480, 376992).odds_against
        784.4
        """
        return (self.total - self.count) / self.count if self.count else None


@dataclass(frozen=True, slots=True)
class Frequencies:
    """Category counts of hands of ``cards`` cards under a ranking; ``categories`` best first."""

    ranking: Ranking
    cards: int
    total: int
    categories: tuple[Frequency, ...]
    royal: Frequency  # royal flushes, also counted in "straight flush"

    @property
    def deck(self) -> int:
        return self.ranking.deck_size

    def count(self, category: Category | str) -> int:
        """The count of one category (or of "royal flush")."""
        name = str(category)
        if name == ROYAL:
            return self.royal.count
        for row in self.categories:
            if row.name == name:
                return row.count
        raise ValueError(f"category: expected one of {', '.join(r.name for r in self.categories)}, got {name!r}")

    def rows(self) -> tuple[Frequency, ...]:
        """The categories best first, with the royal flush right after the straight flush."""
        return (self.categories[0], self.royal, *self.categories[1:])


def check_deck(deck: int | None, ranking: Ranking | str | None) -> Ranking:
    """The ranking for a deck and a ranking name, either of which may be left out.

    >>> check_deck(52, None).value, check_deck(None, None).value
    ('standard', 'straight-over-trips')
    >>> check_deck(36, "standard")
    Traceback (most recent call last):
    ...
    ValueError: deck: ranking standard is for the 52-card deck, got deck 36
    """
    if deck not in (None, 36, 52):
        raise ValueError(f"deck: expected 36 or 52, got {deck}")
    if ranking is None:
        return Ranking.STANDARD if deck == 52 else Ranking.STRAIGHT_OVER_TRIPS
    rk = parse_ranking(ranking)
    if deck is not None and deck != rk.deck_size:
        raise ValueError(f"deck: ranking {rk.value} is for the {rk.deck_size}-card deck, got deck {deck}")
    return rk


def _check_cards(cards: int) -> None:
    if cards not in (5, 6, 7):
        raise ValueError(f"cards: expected 5, 6 or 7, got {cards}")


def from_counts(ranking: Ranking, cards: int, counts: dict[Category, int], royal: int) -> Frequencies:
    """Frequencies from category counts (the total is their sum)."""
    total = sum(counts.values())
    rows = tuple(Frequency(c.value, counts.get(c, 0), total) for c in reversed(ORDER[ranking]))
    return Frequencies(ranking, cards, total, rows, Frequency(ROYAL, royal, total))


def exact_frequencies(*, ranking: Ranking | str, cards: int, deck: int | None = None) -> Frequencies:
    """Count the best-five category of every hand of ``cards`` cards by evaluating them all.

    >>> f = exact_frequencies(ranking="straight-over-trips", cards=5)
    >>> f.total, f.count("flush"), f.count("full house"), f.count("royal flush")
    (376992, 480, 1728, 4)
    """
    rk = check_deck(deck, ranking)
    _check_cards(cards)
    by_position = np.zeros(len(ORDER[rk]), dtype=np.int64)
    royal_strength = POSITION[rk][Category.STRAIGHT_FLUSH] << CATEGORY_SHIFT | 14 << 16
    royal = 0
    for block in hand_blocks(rk.deck_size, cards):
        values = strengths(block, rk)
        by_position += np.bincount(values >> CATEGORY_SHIFT, minlength=len(by_position))
        royal += int(np.count_nonzero(values == royal_strength))
    counts = {category: int(by_position[i]) for i, category in enumerate(ORDER[rk])}
    result = from_counts(rk, cards, counts, royal)
    if result.total != hand_count(rk.deck_size, cards):  # pragma: no cover - the enumeration is exhaustive
        raise AssertionError(f"enumerated {result.total} hands, expected {hand_count(rk.deck_size, cards)}")
    return result
