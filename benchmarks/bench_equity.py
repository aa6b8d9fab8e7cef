"""Exact equity by enumeration, against poker-equity (Rust, exact mode) in the same run.

- heads-up preflop, short deck (201,376 run-outs; target <= 2 ms) and 52 cards
  (1,712,304 run-outs; target <= 10 ms), a few match-ups each: the evaluator kernel's walk
  over the run-outs where it is built (the numpy path beside it, for scale);
- three-way preflop and a heads-up flop, short deck, for scale;
- both sides count the same wins and ties (checked), each timed warm as the median of
  several runs; poker-equity runs on its default threads, ours on one core.

No OMPEval in this run: its Python wrapper (``omp-wrapper``) does not build with GCC 12 here,
and eval7's exact enumeration (``py_hand_vs_range_exact``) returns 0.0 for a single match-up.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks equity``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import poker_equity as pe

from analyzer.equity import equity
from analyzer.equity.tables import tables_for
from analyzer.evaluator import Ranking, kernel

RUNS = 7
CASES: list[tuple[str, Ranking, list[str], str, float | None]] = [
    ("short deck, heads-up preflop", Ranking.STRAIGHT_OVER_TRIPS, ["AhKh", "QsQd"], "", 0.002),
    ("short deck, heads-up preflop", Ranking.STRAIGHT_OVER_TRIPS, ["AsKd", "6c6d"], "", 0.002),
    ("short deck, heads-up preflop", Ranking.STRAIGHT_OVER_TRIPS, ["9s8s", "AcAd"], "", 0.002),
    ("short deck, three-way preflop", Ranking.STRAIGHT_OVER_TRIPS, ["7h6h", "TcTd", "AsKc"], "", None),
    ("short deck, heads-up flop", Ranking.STRAIGHT_OVER_TRIPS, ["AhKh", "QsQd"], "Qh 9h 6c", None),
    ("52 cards, heads-up preflop", Ranking.STANDARD, ["AhKh", "QsQd"], "", 0.010),
    ("52 cards, heads-up preflop", Ranking.STANDARD, ["2c2d", "AsKs"], "", 0.010),
    ("52 cards, heads-up preflop", Ranking.STANDARD, ["Td9d", "AcKh"], "", 0.010),
]


def median_seconds(run: Callable[[], object]) -> float:
    run()  # warm
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    for ranking in (Ranking.STRAIGHT_OVER_TRIPS, Ranking.STANDARD):
        start = time.perf_counter()
        tables_for(ranking)
        equity(["AhKh", "QsQd"], ranking=ranking)
        print(f"first use ({ranking.value}: tables and one equity): {time.perf_counter() - start:.2f} s")
    print("enumeration: " + ("the C kernel" if kernel.AVAILABLE else "numpy (no C kernel built)"))
    print(f"{'case':<32} {'hands':<22} {'run-outs':>10} {'sixplus':>10} {'poker-equity':>13} {'ratio':>7}  target")
    for name, ranking, hands, board, target in CASES:
        variant = "holdem" if ranking is Ranking.STANDARD else "short_deck"
        ours = equity(hands, board=board, ranking=ranking)
        theirs = pe.exact_from_text(variant, hands, board, "")
        assert theirs is not None and theirs["exact"]
        same = [h.wins for h in ours.hands] == [int(w) for w in theirs["win_count"]] and [
            h.tie_count for h in ours.hands
        ] == [int(t) for t in theirs["tie_count"]]
        mine = median_seconds(lambda h=hands, b=board, r=ranking: equity(h, board=b, ranking=r))
        peer = median_seconds(lambda h=hands, b=board, v=variant: pe.exact_from_text(v, h, b, ""))
        verdict = "" if target is None else f"<= {target * 1000:.0f} ms: {'ok' if mine <= target else 'OVER'}"
        label = " v ".join(hands) + (f" on {board}" if board else "")
        print(
            f"{name:<32} {label:<22} {ours.runouts:>10,} {mine * 1000:>8.1f}ms {peer * 1000:>11.1f}ms "
            f"{peer / mine:>6.1f}x  {verdict}{'' if same else '  COUNTS DIFFER'}",
            flush=True,
        )
    print("ratio = poker-equity time / sixplus time (above 1: sixplus is faster)")
    if kernel.AVAILABLE:  # the numpy enumeration, the fallback without a C compiler
        for name, ranking, hands, board, _ in (CASES[0], CASES[5]):
            kernel.AVAILABLE = False
            try:
                numpy_time = median_seconds(lambda h=hands, b=board, r=ranking: equity(h, board=b, ranking=r))
            finally:
                kernel.AVAILABLE = True
            print(f"numpy fallback: {name}, {' v '.join(hands)}: {numpy_time * 1000:.1f} ms")


if __name__ == "__main__":
    main()
