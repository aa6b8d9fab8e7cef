"""Reliability: fuzzed inputs through every reader, the audit, the store rows and the writers.

Mutated files (byte-level and structure-aware, seeded from every file of ``../shared/corpus``
and ``sample_histories``, see ``tests/reliability/fuzz.py``) round robin over every reader
registered in ``parsers/formats.py`` plus the PokerNow ledger, buy-in lists and casino
records. Prints the inputs per reader, the distinct failures (must be 0: only the documented
errors may come out), the slowest input against the bound (CPU seconds: 2 + 0.25 a KB, pure
Python), and the peak memory of a worker.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks reliability``; the number of inputs
is ``SIXPLUS_FUZZ_INPUTS`` (default 100,000), the processes ``SIXPLUS_FUZZ_WORKERS`` (default 2).
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor

from tests.reliability import fuzz

INPUTS = int(os.environ.get("SIXPLUS_FUZZ_INPUTS", "100000"))
WORKERS = int(os.environ.get("SIXPLUS_FUZZ_WORKERS", "2"))
CHUNK = 2_000


def _chunk(seed: int) -> fuzz.Tally:
    return fuzz.run(CHUNK, seed)


def main() -> None:
    chunks = max(1, INPUTS // CHUNK)
    start = time.perf_counter()
    total = fuzz.Tally()
    with ProcessPoolExecutor(WORKERS) as pool:
        for tally in pool.map(_chunk, range(chunks)):
            for reader, n in tally.inputs.items():
                total.inputs[reader] = total.inputs.get(reader, 0) + n
            for key, (count, detail, data) in tally.failures.items():
                if key not in total.failures:
                    print(f"  new failure: {key}", flush=True)
                before = total.failures.get(key, (0, detail, data))
                total.failures[key] = (before[0] + count, before[1], before[2])
            total.slowest = max(total.slowest, tally.slowest)
            total.peak_rss_mb = max(total.peak_rss_mb, tally.peak_rss_mb)
            print(
                f"  ... {total.total:,} inputs, {len(total.failures)} distinct failures, "
                f"{time.perf_counter() - start:,.0f} s",
                flush=True,
            )
    elapsed = time.perf_counter() - start
    print(f"fuzzed inputs: {total.total:,} in {elapsed:,.0f} s ({WORKERS} processes)")
    for reader in fuzz.readers():
        print(f"  {reader:<16} {total.inputs.get(reader, 0):>8,}")
    seconds, reader, size = total.slowest
    print(
        f"slowest input: {seconds:.2f} s CPU ({reader}, {size / 1024:.0f} KB); "
        f"bound {fuzz.BOUND_BASE:g} s + {fuzz.BOUND_PER_KB:g} s a KB, a hang at {fuzz.HANG:g} s"
    )
    print(f"peak memory of a worker: {total.peak_rss_mb:.0f} MB")
    print(f"distinct failures: {len(total.failures)} (must be 0)")
    for key, (count, detail, _) in sorted(total.failures.items(), key=lambda item: -item[1][0]):
        last = detail.strip().splitlines()[-1] if detail.strip() else ""
        print(f"  {count:>6}  {key}  {last[:160]}")
    print(
        f"reliability: {total.total:,} inputs, {len(total.failures)} distinct failures, "
        f"slowest {seconds:.2f} s ({reader})"
    )


if __name__ == "__main__":
    main()
