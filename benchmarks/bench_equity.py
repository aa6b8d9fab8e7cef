"""Exact equity by enumeration, against poker-equity (Rust, exact mode) and eval7 (C) in the same run.

- heads-up preflop, short deck (201,376 run-outs; target <= 2 ms) and 52 cards
  (1,712,304 run-outs; target <= 10 ms), a few match-ups each: the evaluator kernel's
  count by rank multisets with the flush boards apart, where it is built (the numpy path
  beside it, for scale);
- three-way preflop and a heads-up flop, short deck, for scale;
- both sides count the same wins and ties (checked), each timed warm as the median of
  several runs; poker-equity runs on its default threads, ours on one core.

The C peer is eval7 0.1.11 (a C evaluator built with Cython) on 52 cards: its exact
enumeration (``py_hand_vs_range_exact``) returns 0.0 preflop and on the flop, so it is timed
dealing as many run-outs as the exact enumeration has (its Monte Carlo, one evaluation per
hand and run-out: the work a plain enumeration with its evaluator does). OMPEval's Python
wrapper (``omp-wrapper``) does not build with GCC 12 here.

Range against range (:func:`analyzer.ranges.range_equity`), preflop: ``QQ+,AK`` against
``random`` on each deck (Monte Carlo: every matchup times every run-out is over the exact
budget) and ``QQ+,AKs`` against ``JJ-88,AQs`` (exact: every deal of the two ranges, every
run-out, one kernel call). The peers sample: poker-equity 0.1.1 (``chunk_from_text``, ranges in
its own notation, ``**`` for any two cards, one thread) and on 52 cards eval7 0.1.11
(``py_all_hands_vs_range``: its iterations per hand of the first range, so as many deals in
all; it averages the hands of the first range alike, not by how many deals each has, and
its own docstring says its sampling is not evenly spread, so its number differs a little).
poker-equity's exact mode does not take ranges (it gives up after about a minute), so the
like-for-like line is Monte Carlo against Monte Carlo at the same number of deals; the exact
line is timed beside the peers' 100,000-deal estimate. Each time is the CPU time of one warm
call (median of 3), one thread each.

The all-in EV pass after an import (:func:`analyzer.store.allin_pass.fill_allin_ev`) on one
core, over a store of simulated short-deck six-handed hands (a pool of 3,000 distinct hands,
about one in five a multiway all-in, most of them preflop, repeated under fresh hand ids and
player names up to ``SIXPLUS_BENCH_HANDS``, default 1,000,000): every all-in hand's rows
read, its key's equities computed once (cached by cards and board), the results joined and
written; target >= 20,000 all-in hands/s/core, measured as all-in hands per second of
the process's CPU time (every thread's: polars runs a pool), since the shared machine's load
stretches the wall time (printed beside it). Then the pool's distinct all-ins alone,
nothing cached (every one enumerated): what a night of all-different all-ins costs. The
store's tables are written directly (the import is ``bench_store``'s), so that this part
takes seconds, not minutes.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks equity``.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import eval7
import poker_equity as pe
import polars as pl
import pyarrow as pa

from analyzer.audit.hand import audit_hand
from analyzer.equity import equity
from analyzer.equity.tables import tables_for
from analyzer.evaluator import Ranking, kernel
from analyzer.ranges import range_equity
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.stats.allin import _cached_shares
from analyzer.store import allin_pass
from analyzer.store.allin_pass import adjust_frame, fill_allin_ev, missing
from analyzer.store.rows import Rows
from analyzer.store.schema import TABLES
from analyzer.store.store import Store

RUNS = 7
HANDS = int(os.environ.get("SIXPLUS_BENCH_HANDS", "1000000"))
POOL = 3000
ALLIN_TARGET = 20_000
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


def eval7_seconds(hands: list[str], board: str, runouts: int) -> float:
    """eval7 (C) evaluating ``runouts`` run-outs of the match-up, one call (median of 3)."""
    hero = [eval7.Card(hands[0][i : i + 2]) for i in (0, 2)]
    villain = eval7.HandRange(hands[1])
    cards = [eval7.Card(c) for c in board.split()]
    times = []
    for _ in range(3):
        start = time.perf_counter()
        eval7.py_hand_vs_range_monte_carlo(hero, villain, cards, runouts)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def equity_bench() -> None:
    for ranking in (Ranking.STRAIGHT_OVER_TRIPS, Ranking.STANDARD):
        start = time.perf_counter()
        tables_for(ranking)
        equity(["AhKh", "QsQd"], ranking=ranking)
        print(f"first use ({ranking.value}: tables and one equity): {time.perf_counter() - start:.2f} s")
    print("enumeration: " + ("the C kernel" if kernel.AVAILABLE else "numpy (no C kernel built)"))
    print(
        f"{'case':<32} {'hands':<22} {'run-outs':>10} {'sixplus':>10} {'poker-equity':>13} {'ratio':>7} "
        f"{'eval7':>10} {'ratio':>7}  target"
    )
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
        c_peer = eval7_seconds(hands, board, ours.runouts) if ranking is Ranking.STANDARD else None
        c_text = "" if c_peer is None else f"{c_peer * 1000:>8.1f}ms {c_peer / mine:>6.1f}x"
        verdict = "" if target is None else f"<= {target * 1000:.0f} ms: {'ok' if mine <= target else 'OVER'}"
        label = " v ".join(hands) + (f" on {board}" if board else "")
        print(
            f"{name:<32} {label:<22} {ours.runouts:>10,} {mine * 1000:>8.2f}ms {peer * 1000:>11.1f}ms "
            f"{peer / mine:>6.1f}x {c_text:>18}  {verdict}{'' if same else '  COUNTS DIFFER'}",
            flush=True,
        )
    print("ratio = the peer's time / sixplus time (above 1: sixplus is faster); eval7: as many run-outs dealt")
    if kernel.AVAILABLE:  # the numpy enumeration, the fallback without a C compiler
        for name, ranking, hands, board, _ in (CASES[0], CASES[5]):
            kernel.AVAILABLE = False
            try:
                numpy_time = median_seconds(lambda h=hands, b=board, r=ranking: equity(h, board=b, ranking=r))
            finally:
                kernel.AVAILABLE = True
            print(f"numpy fallback: {name}, {' v '.join(hands)}: {numpy_time * 1000:.1f} ms")


RANGE_CASES: list[tuple[Ranking, str, str]] = [
    (Ranking.STRAIGHT_OVER_TRIPS, "QQ+,AK", "random"),
    (Ranking.STANDARD, "QQ+,AK", "random"),
    (Ranking.STRAIGHT_OVER_TRIPS, "QQ+,AKs", "JJ-88,AQs"),
    (Ranking.STANDARD, "QQ+,AKs", "JJ-88,AQs"),
]
#: deals for the Monte Carlo lines (ours: range_equity's default) and for the peers beside an exact line
RANGE_SAMPLES = 20_000
PEER_SAMPLES = 100_000
#: every hand class, in eval7's notation (it has no word for any two cards)
EVAL7_RANDOM = ", ".join(["22+"] + [f"{hi}2s+" for hi in "3456789TJQKA"] + [f"{hi}2o+" for hi in "3456789TJQKA"])


def cpu_median(run: Callable[[], object], runs: int = 3) -> float:
    """The median CPU time of ``runs`` warm calls (after one to warm up)."""
    run()
    times = []
    for _ in range(runs):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def _peer_range(text: str) -> str:
    return "**" if text == "random" else text


def range_bench() -> None:
    print(
        f"\n{'range v range, preflop':<44} {'sixplus':>24} {'poker-equity':>22} {'ratio':>7} {'eval7':>20} {'ratio':>7}"
    )
    for ranking, first, second in RANGE_CASES:
        variant = "holdem" if ranking is Ranking.STANDARD else "short_deck"
        deck = f"{ranking.deck_size} cards"
        ours = range_equity([first, second], ranking=ranking, samples=RANGE_SAMPLES, seed=1)
        mine = cpu_median(lambda a=first, b=second, r=ranking: range_equity([a, b], ranking=r, samples=RANGE_SAMPLES))
        deals = ours.matchups if not ours.exact else PEER_SAMPLES
        how = f"exact, {ours.matchups:,} deals" if ours.exact else f"MC {ours.matchups:,} deals"
        pairs = [_peer_range(first), _peer_range(second)]

        def poker_equity(p: list[str] = pairs, v: str = variant, n: int = deals) -> dict[str, object]:
            result: dict[str, object] = pe.chunk_from_text(v, p, "", "", samples=n, seed=1, threads=1)
            return result

        peer = cpu_median(poker_equity)
        peer_share = float(poker_equity()["players"][0]["equity"])  # type: ignore[index]
        c_text = ""
        if ranking is Ranking.STANDARD:
            hero = eval7.HandRange(first)
            villain = eval7.HandRange(EVAL7_RANDOM if second == "random" else second)
            per_hand = max(1, deals // len(hero.hands))
            c_peer = cpu_median(lambda h=hero, v=villain, i=per_hand: eval7.py_all_hands_vs_range(h, v, [], i))
            got = eval7.py_all_hands_vs_range(hero, villain, [], per_hand)
            c_share = sum(got.values()) / len(got)
            c_text = f"{c_peer * 1000:>8.1f}ms {c_share:>7.2%}   {c_peer / mine:>6.2f}x"
        label = f"{first} v {second}, {deck} ({how})"
        print(
            f"{label:<44} {mine * 1000:>9.1f}ms {float(ours.shares[0]):>7.2%}"
            f"{'' if ours.exact else f' ±{ours.error:.2%}'}"
            f"{peer * 1000:>10.1f}ms {peer_share:>7.2%} {peer / mine:>6.2f}x   {c_text}",
            flush=True,
        )
    print(
        f"ratio = the peer's CPU time / sixplus's (above 1: sixplus is faster); Monte Carlo lines: both sides "
        f"{RANGE_SAMPLES:,} deals; exact lines: the peers sample {PEER_SAMPLES:,} deals"
    )


def allin_store(root: Path, hands: int) -> Store:
    """A store of ``hands`` simulated hands: the pool's rows repeated under new ids and names."""
    rules = load_rules("shortdeck")
    rows = Rows("bench")
    for record in simulate(rules, hands=POOL, players=6, seed=2024, prefix="pool"):
        rows.add(record, audit_hand(record, rules), rules)
    tables = {name: pl.from_arrow(table) for name, table in rows.tables().items()}
    store = Store(root)
    with store.writing() as tx:
        for rep in range((hands + POOL - 1) // POOL):
            suffix = f"-r{rep}"
            part: dict[str, pa.Table] = {}
            for name, frame in tables.items():
                assert isinstance(frame, pl.DataFrame)
                renamed = frame.with_columns(pl.col("hand_id") + suffix)
                if "player" in frame.columns:
                    renamed = renamed.with_columns(pl.col("player") + suffix)
                if name == "allins":
                    renamed = renamed.with_columns(pl.col("players").list.eval(pl.element() + suffix))
                part[name] = renamed.to_arrow().cast(TABLES[name])
            tx.batch().write(part)  # one batch, a row group a repeat
        tx.commit()
    return store


def allin_pass_bench() -> None:
    with tempfile.TemporaryDirectory(prefix="sixplus-bench-allin-") as folder:
        start = time.perf_counter()
        store = allin_store(Path(folder) / "store", HANDS)
        todo = missing(store)
        allin_hands = todo.select("hand_id").n_unique()
        print(
            f"all-in store: {HANDS:,} hands, {allin_hands:,} with all-in pots "
            f"(made in {time.perf_counter() - start:.0f} s)",
            flush=True,
        )
        distinct = todo.filter(pl.col("hand_id").str.ends_with("-r0"))
        _cached_shares.cache_clear()
        allin_pass._SHARES.clear()
        start, cpu = time.perf_counter(), time.process_time()
        done = fill_allin_ev(store, workers=1)  # in this process: one worker
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        rate = done / cpu
        print(
            f"all-in EV pass: {done:,} all-in hands ({len(allin_pass._SHARES):,} distinct) in {seconds:.1f} s "
            f"wall, {cpu:.1f} s of CPU (all threads): {rate:,.0f} hands/s/core (target >= {ALLIN_TARGET:,}: "
            f"{'ok' if rate >= ALLIN_TARGET else 'UNDER'}; first use of the tables included; "
            f"{done / seconds:,.0f} hands/s of wall time on this machine's load)",
            flush=True,
        )
        assert done == allin_hands
        hands = distinct.select("hand_id").n_unique()
        _cached_shares.cache_clear()
        allin_pass._SHARES.clear()
        cpu = time.process_time()
        adjust_frame(distinct)
        cpu = time.process_time() - cpu
        print(
            f"  the pool's {hands:,} distinct all-in hands alone (each enumerated, nothing cached): "
            f"{hands / cpu:,.0f} hands/s/core",
            flush=True,
        )


def main() -> None:
    equity_bench()
    range_bench()
    allin_pass_bench()


if __name__ == "__main__":
    main()
