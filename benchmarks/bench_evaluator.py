"""The evaluator's speed against its peers, measured in one run on the same hands.

- the batch evaluator on random 7-card hands, 36 cards (both rankings) and 52, one core (the
  process is pinned to one CPU while it runs, and CPU time is measured): the C kernel where it
  is built (with the size of its packed non-flush tables), and the numpy path (its reference
  and fallback) beside it;
- the one-hand-at-a-time evaluator, in a plain Python loop (the kernel's ``strength_of``, the
  typed Python one, compiled by mypyc after ``make``, and the package's, which runs the typed
  one for a ranking's first hands and then the kernel's);
- phevaluator 0.6.0's fastest entry point (its C function ``_pheval.evaluate_7cards`` on
  card ids, which are ours: rank * 4 + suit; it ranks the 52-card way, but its speed does
  not depend on that), eval7 0.1.11 (a C evaluator built with Cython; OMPEval's Python
  wrapper ``omp-wrapper`` does not build here) and pokerkit 0.7.7's short-deck evaluator
  (``ShortDeckHoldemHand``, the best of its two 7-card paths), one hand at a time, the only
  way they offer;
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
from analyzer.compiled import describe
from analyzer.evaluator import Ranking, fast, kernel, strength_of, strengths
from analyzer.evaluator.batch import numpy_strengths
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
    """The least CPU time of ``repeats`` calls (the process is pinned to one core: other
    processes on a loaded machine do not count)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
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


def _eval7(rows: list[tuple[int, ...]]) -> Callable[[], Any] | None:
    try:
        import eval7
    except ImportError:  # pragma: no cover - a test extra
        return None
    hands = [[eval7.Card(Card.from_index(i).text) for i in row] for row in rows]
    evaluate = eval7.evaluate

    def loop() -> None:
        for hand in hands:
            evaluate(hand)

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
    full = random_hands(BATCH_HANDS, low_index=0)
    full_rows = [tuple(r) for r in full[:LOOP_HANDS].tolist()]
    for ranking in Ranking:
        strengths(full[:10] if ranking is Ranking.STANDARD else hands[:10], ranking)  # tables ready
    print(f"\n{describe()}")
    if kernel.AVAILABLE:
        for ranking in (SOT, Ranking.STANDARD):
            for size, shift, row_count, cells in kernel.layout(ranking):
                print(
                    f"kernel table, {ranking.deck_size} cards, {size}-card non-flush: {cells:,} uint16 cells "
                    f"({cells * 2 / 1024:.0f} kB) and {row_count:,} row offsets ({row_count * 4 / 1024:.0f} kB), "
                    f"{shift} column bits"
                )
    batch: dict[Ranking, float] = {}
    with one_core() as where:
        print(f"one core ({where}); {BATCH_HANDS:,} random 7-card hands for the batch, {LOOP_HANDS:,} for loops")
        for ranking in Ranking:
            data = full if ranking is Ranking.STANDARD else hands
            deck = ranking.deck_size
            batch[ranking] = best_time(lambda d=data, r=ranking: strengths(d, r), 5)  # type: ignore[misc]
            path = "C kernel" if kernel.AVAILABLE else "numpy"
            print(f"batch ({path}), {deck} cards, {ranking.value:<20} {rate(BATCH_HANDS, batch[ranking])}")
            reference = best_time(lambda d=data, r=ranking: numpy_strengths(d, r), 2)  # type: ignore[misc]
            print(f"batch (numpy),    {deck} cards, {ranking.value:<20} {rate(BATCH_HANDS, reference)}")

        def ours(loop_rows: list[tuple[int, ...]], ranking: Ranking, evaluate: Any) -> Callable[[], None]:
            def loop() -> None:
                for row in loop_rows:
                    evaluate(row, ranking)

            return loop

        # fast.strength_of: typed Python over dict tables (compiled by mypyc after ``make``); the
        # package's strength_of runs it for a ranking's first hands (analyzer.evaluator.KERNEL_AFTER),
        # then the kernel's one-hand call (best of three loops: the last ones after the switch)
        typed = best_time(ours(rows, SOT, fast.strength_of), 3)
        typed_full = best_time(ours(full_rows, Ranking.STANDARD, fast.strength_of), 3)
        print(f"one at a time (fast.strength_of, typed Python), 36 cards {rate(LOOP_HANDS, typed)}")
        print(f"one at a time (fast.strength_of, typed Python), 52 cards {rate(LOOP_HANDS, typed_full)}")
        package = best_time(ours(rows, SOT, strength_of), 3)
        package_full = best_time(ours(full_rows, Ranking.STANDARD, strength_of), 3)
        print(f"one at a time (strength_of, the package's), 36 cards    {rate(LOOP_HANDS, package)}")
        print(f"one at a time (strength_of, the package's), 52 cards    {rate(LOOP_HANDS, package_full)}")
        one, one_full = typed, typed_full
        if kernel.strength_of is not None:
            one = best_time(ours(rows, SOT, kernel.strength_of), 3)
            one_full = best_time(ours(full_rows, Ranking.STANDARD, kernel.strength_of), 3)
            print(f"one at a time (kernel.strength_of, C), 36 cards  {rate(LOOP_HANDS, one)}")
            print(f"one at a time (kernel.strength_of, C), 52 cards  {rate(LOOP_HANDS, one_full)}")
        ph_loop = _phevaluator(full_rows)
        ph = best_time(ph_loop, 3) if ph_loop else None
        if ph is not None:
            print(f"phevaluator 0.6.0 evaluate_7cards (C), 52 cards {rate(LOOP_HANDS, ph)}")
        e7_loop = _eval7(full_rows)
        e7 = best_time(e7_loop, 3) if e7_loop else None
        if e7 is not None:
            print(f"eval7 0.1.11 evaluate (C via Cython), 52 cards  {rate(LOOP_HANDS, e7)}")
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
    per_hand = {
        "batch, 36 cards": batch[SOT] / BATCH_HANDS,
        "batch, 52 cards": batch[Ranking.STANDARD] / BATCH_HANDS,
        "one at a time (C), 36 cards": one / LOOP_HANDS,
        "one at a time (C), 52 cards": one_full / LOOP_HANDS,
        "one at a time (typed), 36": typed / LOOP_HANDS,
        "one at a time (typed), 52": typed_full / LOOP_HANDS,
    }
    for name, ours_per_hand in per_hand.items():
        ratios = []
        if ph is not None:
            ratios.append(f"{ph / LOOP_HANDS / ours_per_hand:6.1f} x phevaluator")
        if e7 is not None:
            ratios.append(f"{e7 / LOOP_HANDS / ours_per_hand:6.1f} x eval7")
        if pk_best is not None and "36" in name:
            ratios.append(f"{pk_best / POKERKIT_HANDS / ours_per_hand:8.0f} x pokerkit")
        print(f"{name:<24} {', '.join(ratios)}")
    if pk is not None:
        print(f"comparisons agreeing with pokerkit's short-deck ranking: {_agreement(rows[:POKERKIT_HANDS], pk[2]())}")
    print("targets: batch >= 100 M hands/s per core on 36 cards, >= 50 M on 52; one at a time >= 3 M hands/s")


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
