"""kill -9 during imports: many SIGKILLs at random moments over one large import, then a rerun.

One night of simulated hands (``SIXPLUS_KILL_HANDS``, default 100,000) is imported into one
store again and again, each run killed (SIGKILL to its process group, workers included) at a
random moment of a clean run's duration (``SIXPLUS_KILLS`` times, default 100); after every
kill the store must read cleanly with each hand at most once, and a last run must finish it:
every hand stored exactly once. Prints kills survived, hands lost and duplicated.

Run: ``.venv/bin/python -m benchmarks store_kill`` (long: a clean import's duration times the
kills, halved); the test suite runs the same check with 4 kills (tests/analyzer/test_store_kill.py).
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import tempfile
import time
from pathlib import Path

from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.store.store import Store
from parsers import native
from tests.analyzer.test_store_kill import check_consistent, start

HANDS = int(os.environ.get("SIXPLUS_KILL_HANDS", "100000"))
KILLS = int(os.environ.get("SIXPLUS_KILLS", "100"))


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="sixplus-kill-") as folder:
        root = Path(folder)
        night = root / "night.jsonl"
        with open(night, "w", encoding="utf-8") as out:
            for start_at in range(0, HANDS, 5_000):
                count = min(5_000, HANDS - start_at)
                records = simulate(
                    load_rules("shortdeck"), hands=count, players=6, seed=start_at, prefix=f"k{start_at}"
                )
                out.write(native.write(records))
        began = time.perf_counter()
        clean = start(night, root / "clean")
        assert clean.wait() == 0
        duration = time.perf_counter() - began
        rng = random.Random(19)
        store = root / "killed"
        worst: list[str] = []
        for _ in range(KILLS):
            proc = start(night, store)
            time.sleep(rng.uniform(0.02, 1.0) * duration)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            if store.exists():
                try:
                    check_consistent(store)
                except AssertionError as error:
                    worst.append(str(error))
        final = start(night, store)
        assert final.wait() == 0
        hands = Store(store).scan("hands").collect()
        ids = hands["hand_id"].n_unique()
        print(f"clean import of {HANDS:,} hands: {duration:,.0f} s")
        print(f"kills survived: {KILLS - len(worst)} of {KILLS}; inconsistent states seen: {len(worst)}")
        print(f"hands lost: {HANDS - ids:,}; hands duplicated: {hands.height - ids:,}")
        print(f"store kill: {KILLS} kills over {HANDS:,} hands, {HANDS - ids} lost, {hands.height - ids} duplicated")


if __name__ == "__main__":
    main()
