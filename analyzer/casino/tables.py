"""Rounds 1 and 2 by table: exact counts shipped with the package, made by enumeration.

Round 2 (the Player's two cards known, nothing else) depends only on the Player hand's
*class*: its ranks and whether it is suited (suits are equal in every rule of the seed,
so relabelling suits changes no outcome). The 630 Player hands of the short deck fall into
81 classes (9 pairs of weight 6, 36 suited of weight 4, 36 offsuit of weight 12). For each
class :func:`analyzer.casino.exact.count_deals` counts all C(34,2) x C(32,5) = 112,971,936
(Dealer hand, board) pairs once; ``deals-<ranking>.json`` ships the results, and round 1
(before the deal) is their weighted sum, 71,172,319,680 deals in all.

``python -m analyzer.casino.tables`` rebuilds the file (about 81 x 1 s). For a ranking without
a shipped file (a user's 36-card rule set ranking a straight over trips), the tables are
enumerated on first use: about a second for a round-2 class, about a minute for round 1.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from analyzer.cards import SHORT_DECK, Card
from analyzer.casino.exact import CELLS, Counts, count_deals
from analyzer.evaluator import Ranking
from analyzer.evaluator.categories import parse_ranking

RANK_TEXT = "23456789TJQKA"


def hand_class(first: Card, second: Card) -> str:
    """A Player hand's class: ``"AA"``, ``"AKs"`` (suited) or ``"AKo"`` (offsuit).

    >>> hand_class(Card.parse("Kd"), Card.parse("As")), hand_class(Card.parse("9h"), Card.parse("9c"))
    ('AKo', '99')
    """
    high, low = sorted((first, second), key=lambda c: c.rank, reverse=True)
    ranks = RANK_TEXT[high.rank - 2] + RANK_TEXT[low.rank - 2]
    if high.rank == low.rank:
        return ranks
    return ranks + ("s" if high.suit == low.suit else "o")


def classes() -> tuple[tuple[str, tuple[Card, Card], int], ...]:
    """Every class of the short deck: name, a representative hand, and how many hands it has."""
    out = []
    ranks = range(14, 5, -1)
    for high in ranks:
        for low in ranks:
            if low > high:
                continue
            if high == low:
                out.append((hand_class(Card(high, 0), Card(high, 1)), (Card(high, 0), Card(high, 1)), 6))
            else:
                out.append((hand_class(Card(high, 0), Card(low, 0)), (Card(high, 0), Card(low, 0)), 4))
                out.append((hand_class(Card(high, 0), Card(low, 1)), (Card(high, 0), Card(low, 1)), 12))
    return tuple(out)


def _file(ranking: Ranking) -> str:
    return f"deals-{ranking.value}.json"


def compute_round_two(player: tuple[Card, Card], ranking: Ranking) -> Counts:
    """Round 2 by enumeration (every Dealer hand and every board)."""
    deck = [c.index for c in SHORT_DECK.cards]
    return count_deals(player=[c.index for c in player], board=(), deck=deck, ranking=ranking)


@cache
def _shipped(ranking: Ranking) -> dict[str, Counts] | None:
    path = resources.files("analyzer.casino") / _file(ranking)
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for name, pairs in data["round_two"].items():
        cells = [0] * CELLS
        for cell, count in pairs:
            cells[cell] = count
        out[name] = Counts(tuple(cells))
    return out


@cache
def round_two(name: str, ranking: Ranking) -> Counts:
    """Round-2 counts of a Player hand class: shipped, or enumerated (about a second)."""
    shipped = _shipped(ranking)
    if shipped is not None:
        return shipped[name]
    for cls, hand, _ in classes():
        if cls == name:
            return compute_round_two(hand, ranking)
    raise ValueError(f"hand class: expected one like AKs, AKo or 99, got {name!r}")


@cache
def round_one(ranking: Ranking) -> Counts:
    """Round-1 counts (before the deal): every Player hand, Dealer hand and board."""
    total = Counts((0,) * CELLS)
    for name, _, weight in classes():
        total = total + round_two(name, ranking).scaled(weight)
    return total


def build(ranking: Ranking | str) -> str:
    """The table file's text, enumerated afresh."""
    rk = parse_ranking(ranking)
    data = {
        "ranking": rk.value,
        "deck": 36,
        "cells": "index = (result * 10 + player_class) * 10 + dealer_class; results player, dealer, split",
        "round_two": {
            name: [[i, n] for i, n in enumerate(compute_round_two(hand, rk).cells) if n] for name, hand, _ in classes()
        },
    }
    return json.dumps(data, separators=(",", ":")) + "\n"


if __name__ == "__main__":  # pragma: no cover - the maintainer's rebuild
    import sys
    from pathlib import Path

    for name in sys.argv[1:] or [Ranking.TRIPS_OVER_STRAIGHT.value]:
        target = Path(__file__).with_name(_file(parse_ranking(name)))
        target.write_text(build(name), encoding="utf-8")
        print(f"wrote {target}")
