"""Hand categories and the three rankings that order them.

A strength is an ``int`` that compares correctly within one ranking::

    strength = position_of_category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

where ``r1..r5`` are the ranks (2..14) in the order they count: the four, the three or
the higher pair first, then kickers from the top; a straight counts by its top card
only, so A-6-7-8-9 has ``r1 = 9`` (``r2..r5`` zero) and A-2-3-4-5 has ``r1 = 5``.
Two hands tie when their strengths are equal; suits never count.
"""

from __future__ import annotations

from enum import StrEnum


class Ranking(StrEnum):
    STRAIGHT_OVER_TRIPS = "straight-over-trips"  # 36 cards: seeds 000/001, 004; PokerStars 6+, GG
    TRIPS_OVER_STRAIGHT = "trips-over-straight"  # 36 cards: 000 variant, 002, 003; ACR/WPN
    STANDARD = "standard"  # 52 cards

    @property
    def deck_size(self) -> int:
        return 52 if self is Ranking.STANDARD else 36


class Category(StrEnum):
    HIGH_CARD = "high card"
    ONE_PAIR = "one pair"
    TWO_PAIR = "two pair"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"


C = Category
#: each ranking's categories from worst to best
ORDER: dict[Ranking, tuple[Category, ...]] = {
    Ranking.STANDARD: (
        C.HIGH_CARD,
        C.ONE_PAIR,
        C.TWO_PAIR,
        C.THREE_OF_A_KIND,
        C.STRAIGHT,
        C.FLUSH,
        C.FULL_HOUSE,
        C.FOUR_OF_A_KIND,
        C.STRAIGHT_FLUSH,
    ),
    Ranking.STRAIGHT_OVER_TRIPS: (
        C.HIGH_CARD,
        C.ONE_PAIR,
        C.TWO_PAIR,
        C.THREE_OF_A_KIND,
        C.STRAIGHT,
        C.FULL_HOUSE,
        C.FLUSH,
        C.FOUR_OF_A_KIND,
        C.STRAIGHT_FLUSH,
    ),
    Ranking.TRIPS_OVER_STRAIGHT: (
        C.HIGH_CARD,
        C.ONE_PAIR,
        C.TWO_PAIR,
        C.STRAIGHT,
        C.THREE_OF_A_KIND,
        C.FULL_HOUSE,
        C.FLUSH,
        C.FOUR_OF_A_KIND,
        C.STRAIGHT_FLUSH,
    ),
}
POSITION: dict[Ranking, dict[Category, int]] = {r: {c: i for i, c in enumerate(o)} for r, o in ORDER.items()}

CATEGORY_SHIFT = 20


def category_of(strength: int, ranking: Ranking) -> Category:
    """The category of a strength under its ranking."""
    return ORDER[ranking][strength >> CATEGORY_SHIFT]


def parse_ranking(name: str | Ranking) -> Ranking:
    """A ranking by name; the error names the allowed set and the value received."""
    try:
        return Ranking(name)
    except ValueError:
        allowed = ", ".join(r.value for r in Ranking)
        raise ValueError(f"ranking: expected one of {allowed}, got {name!r}") from None
