"""Seeded deals and small card facts the question kinds share.

Every random choice goes through a :class:`random.Random` made from the seed, so a seed
gives the same questions on every run. The facts here (``has_straight``, ``has_flush``,
``straight_tops``) work on ranks and suits alone; the property tests check them against
the evaluator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from analyzer.cards import Card, deck_of
from analyzer.evaluator.categories import Ranking

#: names for the players of seeded deals (Anna, Ben and Carla are the seeds' own)
PLAYERS: tuple[str, ...] = ("Anna", "Ben", "Carla", "Dan", "Eva", "Finn")
LETTERS = "abcdefghijklmnop"


def rng_for(*parts: object) -> random.Random:
    """A generator seeded from text, the same on every run and platform.

    >>> rng_for("outs", 7).random() == rng_for("outs", 7).random()
    True
    """
    return random.Random("/".join(str(p) for p in parts))


def deck_for(ranking: Ranking) -> tuple[Card, ...]:
    return deck_of(ranking.deck_size).cards


def lowest_rank(ranking: Ranking) -> int:
    return 2 if ranking is Ranking.STANDARD else 6


def deck_ranks(ranking: Ranking) -> tuple[int, ...]:
    """The ranks of the deck from the top: A K Q ... 6 (or ... 2)."""
    return tuple(range(14, lowest_rank(ranking) - 1, -1))


def low_run(ranking: Ranking) -> tuple[int, ...]:
    """The ranks of the lowest straight from the top (SD-LOW-STRAIGHT, HE-DECK).

    >>> low_run(Ranking.STRAIGHT_OVER_TRIPS), low_run(Ranking.STANDARD)
    ((9, 8, 7, 6, 14), (5, 4, 3, 2, 14))
    """
    low = lowest_rank(ranking)
    return (low + 3, low + 2, low + 1, low, 14)


def windows(ranking: Ranking) -> tuple[tuple[int, ...], ...]:
    """Every straight's ranks from the top, highest straight first."""
    low = lowest_rank(ranking)
    runs = [tuple(range(top, top - 5, -1)) for top in range(14, low + 3, -1)]
    return (*runs, low_run(ranking))


def straight_tops(ranks: Iterable[int], ranking: Ranking) -> tuple[int, ...]:
    """Tops of every straight the ranks hold, highest first (the low one counts by its top).

    >>> straight_tops([14, 6, 7, 8, 9, 10], Ranking.STRAIGHT_OVER_TRIPS)
    (10, 9)
    >>> straight_tops([13, 14, 6, 7, 8], Ranking.STRAIGHT_OVER_TRIPS)
    ()
    """
    have = set(ranks)
    return tuple(run[0] for run in windows(ranking) if have.issuperset(run))


def run_of(top: int, ranking: Ranking) -> tuple[int, ...]:
    """The ranks of the straight with this top, from the top."""
    for run in windows(ranking):
        if run[0] == top:
            return run
    raise ValueError(f"straight top: expected 9 to 14 (5 to 14 in 52 cards), got {top}")


def has_straight(cards: Iterable[Card], ranking: Ranking) -> bool:
    return bool(straight_tops((c.rank for c in cards), ranking))


def has_flush(cards: Iterable[Card]) -> bool:
    return max(Counter(c.suit for c in cards).values(), default=0) >= 5


def unseen(ranking: Ranking, seen: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of the deck not among ``seen``, in deck order."""
    gone = set(seen)
    return tuple(c for c in deck_for(ranking) if c not in gone)


def take(rng: random.Random, pool: Sequence[Card], n: int, avoid: Iterable[Card] = ()) -> tuple[Card, ...]:
    """``n`` distinct cards from ``pool`` that are not in ``avoid``."""
    gone = set(avoid)
    return tuple(rng.sample([c for c in pool if c not in gone], n))


def of_rank(rng: random.Random, rank: int, avoid: Iterable[Card] = ()) -> Card:
    """A card of the rank in a random suit, not one of ``avoid``."""
    gone = set(avoid)
    suits = [s for s in range(4) if Card(rank, s) not in gone]
    return Card(rank, rng.choice(suits))
