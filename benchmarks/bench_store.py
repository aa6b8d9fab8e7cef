"""A million simulated hands imported, then the statistics query on that store.

- the night: native JSON Lines of simulated short-deck hands (a pool of distinct simulated
  hands repeated under fresh ids and times, and one player renamed in each repeat so that
  every hand's content is its own and none is a duplicate by fingerprint; making the file
  takes seconds);
- ``sixplus import`` in a subprocess on both cores, the all-in equity pass left for later
  (targets: at most 60 s, peak memory of the import's processes together under 2 GB); the
  same with ``--cluster local:2`` (a Dask LocalCluster, its start counted); hands a second
  with one worker and two, embedded and on a LocalCluster (``SIXPLUS_BENCH_SCALING_HANDS``,
  default 200,000);
- where one core's CPU goes per hand in a worker's task (each stage, and a whole task to set the
  sum against), on the night's own slices;
- the all-in equity pass over the store, on one core (in this process): the night is full of
  preflop all-ins of two to six players (about one hand in five), repeats of the pool's
  (distinct all-ins are computed once; target >= 20,000 hands/s/core); and the pool's distinct
  all-ins alone, by the pass and by the old hand-by-hand path, where the exact enumeration is
  all the cost;
- every statistics query (per player, position, stake, one player's and every player's
  sessions) on the first 10,000, 100,000 and 1,000,000 hands of the store (each level's rows
  as Parquet files of their own; target: each under 0.5 s at 1,000,000).

Every import reports its wall seconds, the CPU seconds of all its processes (sampled from
/proc: on a shared machine the CPU seconds, not the wall clock, say what two idle cores would
do), its peak memory and the load average. There is no peer for an import into Parquet here.
Size: ``SIXPLUS_BENCH_HANDS`` (default 1,000,000); ``SIXPLUS_BENCH_IMPORT_ONLY=1`` stops after
the imports. Run: ``make bench`` or ``.venv/bin/python -m benchmarks store``.
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import polars as pl

from analyzer.audit.hand import audit_hand
from analyzer.audit.night import with_between_hands
from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.stats.allin import _cached_shares
from analyzer.stats.query import sessions, summary
from analyzer.store import allin_pass
from analyzer.store.allin_pass import adjust_frame, adjust_hands, fill_allin_ev, missing
from analyzer.store.fingerprint import fingerprint
from analyzer.store.importer import (
    Context,
    Task,
    _decode,
    _init_worker,
    _parse,
    _read,
    _worker,
    default_rules_for,
    plan,
    run_task,
    write_part,
)
from analyzer.store.rows import Rows
from analyzer.store.store import Store, presum_tables
from parsers import native
from parsers.record import HandRecord

HANDS = int(os.environ.get("SIXPLUS_BENCH_HANDS", "1000000"))
SCALING_HANDS = int(os.environ.get("SIXPLUS_BENCH_SCALING_HANDS", "200000"))
IMPORT_ONLY = bool(os.environ.get("SIXPLUS_BENCH_IMPORT_ONLY"))  # the imports alone (no all-in pass, no queries)
POOL = 3000
IMPORT_TARGET = 60.0  # issue 16: a million hands in a minute on two cores
MEMORY_TARGET = 2 << 30
QUERY_TARGET = 0.5
ALLIN_TARGET = 20_000
LEVELS = (10_000, 100_000, 1_000_000)


def write_night(path: Path, hands: int) -> list[str]:
    """The night file; returns the pool's lines (distinct simulated hands)."""
    rules = load_rules("shortdeck")
    pool = [native.dumps(r) for r in simulate(rules, hands=POOL, players=6, seed=2024, prefix="pool")]
    parts = []
    for line in pool:
        _, _, rest = line.partition('{"hand_id":"')
        _, _, rest = rest.partition('"')
        before, _, after = rest.partition('"started_at":null')
        parts.append((before, after))
    start = datetime(2024, 1, 5, 18, 0, 0)
    with open(path, "w", encoding="utf-8") as out:
        for i in range(hands):
            before, after = parts[i % POOL]
            when = (start + timedelta(seconds=45 * i)).isoformat()
            line = f'{{"hand_id":"b{i:07d}"{before}"started_at":"{when}"{after}\n'
            if i >= POOL:  # a repeat: one player of another name, so that its content is a hand of its own
                line = line.replace('"Femi"', f'"Femi{i // POOL}"')
            out.write(line)
    return pool


class MemoryWatch(threading.Thread):
    """Samples the resident memory and the CPU time of a process and all its descendants
    (Linux /proc): the peak of the memory summed over the tree, and each process's last
    CPU time seen, summed over every process seen (a process's last 0.2 s can be missed)."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak = 0
        self.cpu: dict[int, float] = {}
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            rss, cpu = _tree_usage(self.pid)
            self.peak = max(self.peak, rss)
            self.cpu.update(cpu)
            time.sleep(0.2)

    @property
    def cpu_seconds(self) -> float:
        return sum(self.cpu.values())


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _tree_usage(root: int) -> tuple[int, dict[int, float]]:
    """(resident bytes of ``root`` and its descendants, CPU seconds of each of them)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            parents[int(entry)] = int(fields[1])
            times[int(entry)] = (int(fields[11]) + int(fields[12])) / _TICKS  # utime + stime
    tree, grew = {root}, True
    while grew:
        more = {p for p, parent in parents.items() if parent in tree} - tree
        grew = bool(more)
        tree |= more
    total = 0
    for pid in tree:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total, {pid: times[pid] for pid in tree if pid in times}


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def per_hand_costs(night: Path) -> None:
    """One core's CPU microseconds a hand for each stage of a worker's task, on the night's own
    slices as the import cuts them (hands with their times: the between-hands checks run on
    them), then one whole task (:func:`analyzer.store.importer.run_task`) on the next slice:
    the stages should add up to it. CPU time of the process (its threads included: polars'
    and Arrow's pools), not the wall clock, so that a loaded machine does not inflate them;
    the first slice warms up (the first Arrow tables of a process cost twice as much)."""
    tasks = plan([night])[:3]
    if len(tasks) < 3:
        print("  (the night is too small for the per-hand stages: three slices needed)")
        return
    with tempfile.TemporaryDirectory(prefix="sixplus-bench-") as folder:
        _init_worker(Context(None, None, "bench", frozenset(), frozenset(), folder))
        gc.disable()
        try:
            _stage_costs(tasks[0], Path(folder))
            stages, hands = _stage_costs(tasks[1], Path(folder))
            start = time.process_time()
            whole = run_task(tasks[2])
            task = (time.process_time() - start) / len(whole.ids) * 1e6
        finally:
            gc.enable()
            _worker.clear()
    listed = ", ".join(f"{name} {seconds / hands * 1e6:.0f}" for name, seconds in stages.items())
    total = sum(stages.values()) / hands * 1e6
    print(f"  one core, CPU us a hand (a task's {hands:,} hands): {listed}; sum {total:.0f}; a whole task {task:.0f}")


def _stage_costs(task: Task, folder: Path) -> tuple[dict[str, float], int]:
    """CPU seconds of each stage of ``task`` (as :func:`analyzer.store.importer.run_task` runs
    them), and its hands."""
    stages: dict[str, float] = {}
    clock = time.process_time()

    def lap(name: str) -> None:
        nonlocal clock
        now = time.process_time()
        stages[name] = stages.get(name, 0.0) + now - clock
        clock = now

    text = _decode(_read(task))
    lap("read")
    items, offset = _parse(text, "native", task)
    records = [r for r in items if isinstance(r, HandRecord)]
    del text, items
    lap("parse")
    prints = [fingerprint(r) for r in records]
    lap("fingerprint")
    rules_for = default_rules_for()  # as a worker looks the rule sets up
    rule_sets = [rules_for(r) for r in records]
    lap("rule set")
    audits = [audit_hand(r, rules) for r, rules in zip(records, rule_sets)]
    lap("audit")
    audits = with_between_hands(audits, list(zip(records, audits)), {})
    lap("between hands")
    rows = Rows("bench", line_offset=offset)
    for record, result, rules, content in zip(records, audits, rule_sets, prints):
        rows.add(record, result, rules, (content,))
    lap("rows")
    tables = rows.tables()
    lap("Arrow")
    summed = presum_tables(tables["players"])
    lap("pre-summed")
    write_part(folder, "bench", task.number, {**tables, **summed})
    lap("Parquet")
    hands = len(records)
    del records, prints, rule_sets, audits, rows, tables, summed
    lap("freeing the task's objects")
    return stages, hands


@dataclass(frozen=True)
class Run:
    """One ``sixplus import`` in a subprocess: wall seconds, CPU seconds of all its
    processes, their peak memory together, its summary line, the load average at its end."""

    seconds: float
    cpu: float
    peak: int
    summary: dict[str, object]
    load: str

    @property
    def stored(self) -> int:
        return int(str(self.summary["stored"]))

    def line(self) -> str:
        return (
            f"{self.stored:,} hands in {self.seconds:.1f} s wall, {self.cpu:.1f} s CPU of all processes "
            f"({self.stored / self.seconds:,.0f} hands/s wall, {self.stored / self.cpu:,.0f} hands a CPU second); "
            f"peak memory {self.peak / 2**30:.2f} GB; {self.load}"
        )


def run_import(night: Path, store: Path, *options: str) -> Run:
    """``sixplus import`` in a subprocess (``options``: ``--workers 1``, ``--cluster local:2``...),
    its processes (a LocalCluster's workers included) watched."""
    code = "import sys; from analyzer.cli import main; sys.exit(main(sys.argv[1:]))"
    cmd = [sys.executable, "-c", code, "import", str(night), "--store", str(store), "--no-equity", "--json", *options]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    watch = MemoryWatch(proc.pid)
    watch.start()
    out, err = proc.communicate()
    seconds = time.perf_counter() - start
    watch.done.set()
    watch.join()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"sixplus import {' '.join(options)} failed ({proc.returncode}): {err.decode()[-2000:]}")
    summary_line = json.loads(out.decode().splitlines()[-1])["summary"]
    return Run(seconds, watch.cpu_seconds, watch.peak, summary_line, load())


def timed(run: object, repeat: int = 5) -> tuple[float, float]:
    """(first call, median of the next ``repeat``) in seconds."""
    assert callable(run)
    start = time.perf_counter()
    run()
    first = time.perf_counter() - start
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return first, statistics.median(times)


def main() -> None:
    print(f"start: {load()} on {os.cpu_count()} cores", flush=True)
    with tempfile.TemporaryDirectory(prefix="sixplus-bench-") as folder:
        night, root = Path(folder) / "night.jsonl", Path(folder) / "store"
        start = time.perf_counter()
        write_night(night, HANDS)
        size = night.stat().st_size
        made = time.perf_counter() - start
        print(f"night: {HANDS:,} hands, {size / 1e9:.2f} GB of native JSON Lines (made in {made:.0f} s)")
        per_hand_costs(night)
        run = run_import(night, root)
        on_disk = sum(f.stat().st_size for f in root.rglob("*.parquet"))
        print(f"import (default pool): {run.line()}; {_verdicts(run)}; store {on_disk / 1e6:.0f} MB of Parquet")
        print(f"  {_idle(run)}", flush=True)
        on_cluster(night, Path(folder), run)
        scaling(Path(folder))
        if IMPORT_ONLY:
            return
        store = Store(root)
        allin_ev_pass(store)
        stats_levels(store, Path(folder), [n for n in LEVELS if n <= run.stored])


def _verdicts(run: Run) -> str:
    wall = "ok" if run.seconds <= IMPORT_TARGET else "OVER"
    memory = "ok" if run.peak < MEMORY_TARGET else "OVER"
    return f"wall target <= {IMPORT_TARGET:.0f} s: {wall}; memory target < 2 GB: {memory}"


def _idle(run: Run) -> str:
    """What the CPU seconds make on two idle cores (the wall time of a loaded machine says little)."""
    per_million = run.cpu / run.stored * 1_000_000
    idle = per_million / 2
    verdict = "ok" if idle <= IMPORT_TARGET else "OVER"
    return (
        f"CPU {per_million:,.0f} s a million hands: on two idle cores, at least {idle:,.0f} s wall for a million "
        f"(target <= {IMPORT_TARGET:.0f} s: {verdict})"
    )


def on_cluster(night: Path, folder: Path, embedded: Run) -> None:
    """The same import with ``--cluster local:2`` (a LocalCluster of two worker processes, its
    start counted): every task writes its own part; the coordinator deduplicates and commits."""
    root = folder / "store-cluster"
    run = run_import(night, root, "--cluster", "local:2")
    parts = len(Store(root).manifest().batches)
    on_disk = sum(f.stat().st_size for f in root.rglob("*.parquet"))
    print(
        f"import --cluster local:2: {run.line()}; {_verdicts(run)}; {run.seconds / embedded.seconds:.2f} times the "
        f"default pool's wall, {run.cpu / embedded.cpu:.2f} times its CPU; {parts} parts, "
        f"{on_disk / run.stored:,.0f} bytes a hand on disk",
        flush=True,
    )
    print(f"  {_idle(run)}", flush=True)
    shutil.rmtree(root)


def scaling(folder: Path) -> None:
    """Hands a second with one worker and with two, embedded and on a LocalCluster, over the
    first ``SIXPLUS_BENCH_SCALING_HANDS`` hands (scaling efficiency: rate of two / twice the rate of one;
    on a loaded machine, the CPU seconds say more: equal CPU for one worker and two is perfect scaling
    of the work, whatever the wall clock makes of it)."""
    hands = min(HANDS, SCALING_HANDS)
    night = folder / "scaling.jsonl"
    with open(folder / "night.jsonl", encoding="utf-8") as source, open(night, "w", encoding="utf-8") as out:
        for _, line in zip(range(hands), source):
            out.write(line)
    for label, one, both in (
        ("embedded", ["--workers", "1"], ["--workers", "2"]),
        ("cluster", ["--cluster", "local:1"], ["--cluster", "local:2"]),
    ):
        runs = []
        for options in (one, both):
            root = folder / "store-scaling"
            runs.append(run_import(night, root, *options))
            shutil.rmtree(root)
        rates = [r.stored / r.seconds for r in runs]
        print(
            f"scaling ({label}, {hands:,} hands): 1 worker {rates[0]:,.0f} hands/s ({runs[0].cpu:.1f} s CPU), "
            f"2 workers {rates[1]:,.0f} hands/s ({runs[1].cpu:.1f} s CPU): efficiency {rates[1] / (2 * rates[0]):.0%} "
            f"of wall, CPU ratio {runs[1].cpu / runs[0].cpu:.2f}; {runs[1].load}",
            flush=True,
        )
    night.unlink()


def allin_ev_pass(store: Store) -> None:
    """The all-in pass over the store on one core, then the pool's distinct all-ins alone."""
    todo = missing(store)
    distinct = todo.filter(todo["hand_id"] < f"b{POOL:07d}")
    total_hands = todo.select("hand_id").n_unique()
    _cached_shares.cache_clear()
    allin_pass._SHARES.clear()
    start = time.perf_counter()
    done = fill_allin_ev(store, workers=1)  # in this process: one core
    seconds = time.perf_counter() - start
    rate = done / seconds
    verdict = "ok" if rate >= ALLIN_TARGET else "UNDER"
    print(
        f"all-in equity pass: {done:,} all-in hands of {store.scan('hands').select(pl.len()).collect().item():,} "
        f"({len(allin_pass._SHARES):,} distinct) in {seconds:.1f} s on one core: {rate:,.0f} hands/s "
        f"(target >= {ALLIN_TARGET:,}: {verdict})",
        flush=True,
    )
    assert done == total_hands
    hands = distinct.select("hand_id").n_unique()
    _cached_shares.cache_clear()
    allin_pass._SHARES.clear()
    start = time.perf_counter()
    adjust_frame(distinct)
    new = time.perf_counter() - start
    _cached_shares.cache_clear()
    start = time.perf_counter()
    adjust_hands([frame.to_dicts() for frame in distinct.partition_by("hand_id", maintain_order=True)])
    old = time.perf_counter() - start
    print(
        f"  the pool's {hands:,} distinct all-in hands alone (exact enumeration, nothing cached): the pass "
        f"{hands / new:,.0f} hands/s, the old hand-by-hand path {hands / old:,.0f} hands/s",
        flush=True,
    )


def queries(players: pl.LazyFrame, allin: pl.LazyFrame) -> list[tuple[str, Callable[[], pl.DataFrame]]]:
    return [
        ("per player", lambda: summary(players, allin)),
        ("per position", lambda: summary(players, allin, by="position")),
        ("per rule set and stake", lambda: summary(players, allin, by="stakes")),
        ("one player's sessions", lambda: sessions(players, allin, player="Anna")),
        ("every player's sessions", lambda: sessions(players, allin)),
    ]


def stats_levels(store: Store, folder: Path, levels: list[int]) -> None:
    """Every statistics query on the first ``n`` hands of the store, for each level."""
    for n in levels:
        paths = {}
        for table in ("players", "allin_ev"):
            paths[table] = folder / f"{table}-{n}.parquet"
            store.scan(table).filter(pl.col("hand_id") < f"b{n:07d}").sink_parquet(paths[table])
        players, allin = pl.scan_parquet(paths["players"]), pl.scan_parquet(paths["allin_ev"])
        rows = players.select(pl.len()).collect().item()
        print(f"stats on {n:,} hands ({rows:,} player rows):", flush=True)
        for label, run in queries(players, allin):
            first, warm = timed(run, repeat=3)
            verdict = ""
            if n >= 1_000_000:
                verdict = f" (target < {QUERY_TARGET} s: {'ok' if warm < QUERY_TARGET else 'OVER'})"
            print(f"  {label:<24} first {first:.2f} s, then {warm:.2f} s{verdict}", flush=True)


if __name__ == "__main__":
    main()
