"""The evaluator's speed against its peers, measured in one run on the same hands.

- the numpy batch evaluator on random 7-card short-deck hands, one core (the process is
  pinned to one CPU while it runs; numpy's gathers and adds are single-threaded anyway);
- the one-hand-at-a-time evaluator, in a plain Python loop;
- phevaluator 0.6.0's fastest entry point (its C function ``_pheval.evaluate_7cards`` on
  card ids, which are ours: rank * 4 + suit; it ranks the 52-card way, but its speed does
  not depend on that) and pokerkit 0.7.7's short-deck evaluator (``ShortDeckHoldemHand``,
  the best of its two 7-card paths), one hand at a time, the only way they offer;
- the exhaustive enumerations: every 7-card hand of the 36-card deck (both rankings) and of
  the 52-card deck (133,784,560 hands), checked against ``hand-frequencies.json``.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks evaluator``.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.cards import Card
from analyzer.evaluator import Ranking, strength_of, strengths
from analyzer.evaluator.tables import build
from analyzer.frequencies import exact_frequencies

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "hand-frequencies.json"
SOT = Ranking.STRAIGHT_OVER_TRIPS
BATCH_HANDS = 2_000_000
LOOP_HANDS = 200_000
POKERKIT_HANDS = 2_000


@contextmanager
def one_core() -> Iterator[str]:
    """Pin this process to one CPU for the block (Linux); says which."""
    if not hasattr(os, "sched_setaffinity"):
        yield "not pinned (no sched_setaffinity here)"
        return
    before = os.sched_getaffinity(0)
    cpu = max(before)
    os.sched_setaffinity(0, {cpu})
    try:
        yield f"pinned to CPU {cpu}"
    finally:
        os.sched_setaffinity(0, before)


def random_hands(n: int, *, low_index: int, cards: int = 7, seed: int = 20240601) -> np.ndarray:
    """``n`` random hands of distinct cards from ``low_index..51`` (uint8 card indices)."""
    rng = np.random.default_rng(seed)
    deck = 52 - low_index
    out = np.empty((n, cards), dtype=np.uint8)
    for start in range(0, n, 100_000):
        stop = min(n, start + 100_000)
        out[start:stop] = rng.random((stop - start, deck)).argpartition(cards, axis=1)[:, :cards] + low_index
    return out


def best_time(fn: Callable[[], Any], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def rate(n: int, seconds: float) -> str:
    per_second = n / seconds
    if per_second >= 1e6:
        return f"{per_second / 1e6:8.2f} M hands/s"
    return f"{per_second / 1e3:8.2f} k hands/s"


def _phevaluator(rows: list[tuple[int, ...]]) -> Callable[[], Any] | None:
    try:
        from phevaluator import _pheval
    except ImportError:  # pragma: no cover - a test extra
        return None
    evaluate7 = _pheval.evaluate_7cards

    def loop() -> None:
        for row in rows:
            evaluate7(*row)

    return loop


def _pokerkit(rows: list[tuple[int, ...]]) -> tuple[Callable[[], Any], Callable[[], Any], Any] | None:
    try:
        from pokerkit import Card as PkCard
        from pokerkit import ShortDeckHoldemHand
    except ImportError:  # pragma: no cover - a test extra
        return None
    hands = [tuple(PkCard.clean("".join(Card.from_index(i).text for i in row))) for row in rows]
    lookup = ShortDeckHoldemHand.lookup

    def public() -> list[Any]:
        return [ShortDeckHoldemHand.from_game(hand) for hand in hands]

    def lookups() -> list[Any]:  # its lookup table directly: the best entry of the 21 fives
        return [max(lookup.get_entry(five) for five in combinations(hand, 5)) for hand in hands]

    return public, lookups, lookups


def _agreement(rows: list[tuple[int, ...]], pokerkit_entries: list[Any]) -> str:
    """How often our comparison of neighbouring hands agrees with pokerkit's (straight-over-trips)."""
    ours = [strength_of(row, SOT) for row in rows]
    same = sum(
        (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        == (pokerkit_entries[i] > pokerkit_entries[i + 1]) - (pokerkit_entries[i] < pokerkit_entries[i + 1])
        for i in range(len(rows) - 1)
    )
    return f"{same}/{len(rows) - 1}"


def speed() -> None:
    for ranking in Ranking:
        seconds = best_time(lambda r=ranking: build(r), 1)  # type: ignore[misc]
        print(f"tables for {ranking.value:<20} built in {seconds * 1000:7.1f} ms (once per process, on first use)")
    hands = random_hands(BATCH_HANDS, low_index=16)
    rows = [tuple(r) for r in hands[:LOOP_HANDS].tolist()]
    strengths(hands[:10], SOT)  # tables ready
    full = random_hands(BATCH_HANDS, low_index=0)
    strengths(full[:10], Ranking.STANDARD)
    with one_core() as where:
        print(f"\none core ({where}); {BATCH_HANDS:,} random 7-card hands for the batch, {LOOP_HANDS:,} for loops")
        batch = best_time(lambda: strengths(hands, SOT), 5)
        print(f"batch, 36 cards, straight-over-trips  {rate(BATCH_HANDS, batch)}")
        tos = best_time(lambda: strengths(hands, Ranking.TRIPS_OVER_STRAIGHT), 3)
        print(f"batch, 36 cards, trips-over-straight  {rate(BATCH_HANDS, tos)}")
        std = best_time(lambda: strengths(full, Ranking.STANDARD), 3)
        print(f"batch, 52 cards, standard             {rate(BATCH_HANDS, std)}")

        def ours() -> None:
            for row in rows:
                strength_of(row, SOT)

        one = best_time(ours, 3)
        print(f"one at a time (strength_of)           {rate(LOOP_HANDS, one)}")
        ph_loop = _phevaluator(rows)
        ph = best_time(ph_loop, 3) if ph_loop else None
        if ph is not None:
            print(f"phevaluator 0.6.0 evaluate_7cards     {rate(LOOP_HANDS, ph)}")
        pk = _pokerkit(rows[:POKERKIT_HANDS])
        pk_best = None
        if pk is not None:
            public, lookups, _ = pk
            pk_public = best_time(public, 1)
            pk_lookup = best_time(lookups, 1)
            pk_best = min(pk_public, pk_lookup)
            print(f"pokerkit 0.7.7 from_game              {rate(POKERKIT_HANDS, pk_public)}")
            print(f"pokerkit 0.7.7 lookup, best of 21     {rate(POKERKIT_HANDS, pk_lookup)}")
    print()
    per_hand = {"batch": batch / BATCH_HANDS, "one at a time": one / LOOP_HANDS}
    for name, ours_per_hand in per_hand.items():
        if ph is not None:
            print(f"{name:<14} vs phevaluator: {ph / LOOP_HANDS / ours_per_hand:8.2f} x")
        if pk_best is not None:
            print(f"{name:<14} vs pokerkit:    {pk_best / POKERKIT_HANDS / ours_per_hand:8.1f} x")
    if pk is not None:
        print(f"comparisons agreeing with pokerkit's short-deck ranking: {_agreement(rows[:POKERKIT_HANDS], pk[2]())}")
    print("targets: batch >= 25 M hands/s per core, one at a time >= 1 M hands/s")


def enumerations() -> None:
    published = json.loads(REFERENCE.read_text()) if REFERENCE.exists() else None
    print()
    for ranking, deck in ((SOT, 36), (Ranking.TRIPS_OVER_STRAIGHT, 36), (Ranking.STANDARD, 52)):
        start = time.perf_counter()
        freq = exact_frequencies(ranking=ranking, cards=7)
        seconds = time.perf_counter() - start
        verdict = "no reference file"
        if published is not None:
            expected = published[f"deck{deck}"]["7"]
            same = (
                freq.total == expected["total"]
                and {row.name: row.count for row in freq.categories} == expected[ranking.value]
                and freq.royal.count == expected["royal"]
            )
            verdict = "matches hand-frequencies.json" if same else "DIFFERS from hand-frequencies.json"
        print(
            f"every 7-card hand, {deck} cards, {ranking.value:<20} {freq.total:>12,} hands in {seconds:6.2f} s "
            f"({rate(freq.total, seconds).strip()}): {verdict}"
        )
        if published is not None and verdict != "matches hand-frequencies.json":
            raise SystemExit(f"enumeration of {deck}-card 7-card hands under {ranking.value} does not match")


def main() -> None:
    speed()
    enumerations()


if __name__ == "__main__":
    main()
