"""Every statistics query at 10,000, 100,000 and 1,000,000 hands (target: each < 0.5 s at 1M).

The store: simulated nights (:func:`analyzer.simulate.simulate`; short deck six-handed at two
sites and hold'em six-handed at one, so that site, game and table filters have something
to choose) imported by the real importer, its all-in equity pass run; then its ``players``
and ``allin_ev`` rows repeated under fresh hand ids and later times (a copy a week) up to
each level, written as one Parquet file a table a level, and the pre-summed tables (store
version 4) made from each copy's rows as an import and the all-in pass make them from each
part (:func:`analyzer.store.store.summed`). The levels' files are made once into
``$SIXPLUS_BENCH_STATS_DIR`` (default ``/tmp/sixplus-bench-stats-v4``) and reused by later
runs (delete the folder after a change to the store's columns).

Queries, over the tables ``sixplus stats`` and the Players page read: the summary per player,
position, rule set and stake, and game (``presum``, ``allin_ev``); the per-player summary
under a filter (one site, a date range, 5+ players, a link and minimum hands); one player's
and every player's sessions (``presum_session``, ``allin_session``), and every player's on
the button and cut-off (``presum_hour``, ``allin_hour``: sessions chosen by position); the
leak finder for one player (its counts from ``presum``, the hands behind its flags from
``players``). Each is timed first and then as the median of three runs. Also the import's
cost of the tables: CPU microseconds a hand to make the pre-summed rows of a part (the
pool's parts).

Run: ``.venv/bin/python -m benchmarks stats``; ``SIXPLUS_BENCH_HANDS`` caps the levels.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path

import msgspec
import polars as pl
import pyarrow.parquet as pq

from analyzer.ruleset import load_rules
from analyzer.simulate import simulate
from analyzer.stats.filters import Filters, Link
from analyzer.stats.leaks import find_leaks
from analyzer.stats.query import sessions, summary
from analyzer.store.allin_pass import fill_allin_ev
from analyzer.store.importer import import_paths
from analyzer.store.schema import ALLIN_EV, PLAYERS, SUMMED_FROM, TABLES
from analyzer.store.store import Store, presum_tables, summed
from parsers import native
from parsers.record import HandRecord

HANDS = int(os.environ.get("SIXPLUS_BENCH_HANDS", "1000000"))
FOLDER = Path(os.environ.get("SIXPLUS_BENCH_STATS_DIR", "/tmp/sixplus-bench-stats-v4"))
LEVELS = (10_000, 100_000, 1_000_000)
POOL = (2000, 2000, 1000)  # short deck at Alpha, at Beta, hold'em at Alpha
TARGET = 0.5
START = datetime(2024, 1, 1, 12)


def _site(records: list[HandRecord], site: str) -> list[HandRecord]:
    return [msgspec.structs.replace(r, game=msgspec.structs.replace(r.game, site=site)) for r in records]


def pool_store(folder: Path) -> Store:
    """The simulated nights imported (and their all-in pass run) once."""
    store = Store(folder / "pool")
    if store.manifest().hands:
        return store
    sd, he = load_rules("shortdeck"), load_rules("holdem")
    records = _site(list(simulate(sd, hands=POOL[0], players=6, seed=1, prefix="a", start=START)), "Alpha")
    records += _site(list(simulate(sd, hands=POOL[1], players=6, seed=2, prefix="b", start=START)), "Beta")
    records += _site(list(simulate(he, hands=POOL[2], players=6, seed=3, prefix="h", start=START)), "Alpha")
    path = folder / "pool.jsonl"
    path.write_text(native.write(records), encoding="utf-8")
    import_paths([path], store, workers=2)
    fill_allin_ev(store, workers=2)
    return store


def level_files(store: Store, folder: Path, hands: int) -> dict[str, Path]:
    """The level's players, allin_ev and pre-summed files: the pool's rows repeated, each copy
    summed as an import (or the all-in pass) sums a part (made once)."""
    paths = {t: folder / f"{t}-{hands}.parquet" for t in ("players", "allin_ev", *SUMMED_FROM)}
    if all(p.exists() for p in paths.values()):
        return paths
    pool = sum(POOL)
    copies = -(-hands // pool)
    for table, schema in (("players", PLAYERS), ("allin_ev", ALLIN_EV)):
        rows = store.scan(table).collect()
        order = rows.select(pl.col("hand_id").rank("dense").alias("_n"))["_n"]
        parts = []
        for k in range(copies):
            part = rows.with_columns(
                pl.format("{}-{}", pl.lit(k), pl.col("hand_id")).alias("hand_id"),
                (pl.col("started") + timedelta(days=7 * k)).alias("started"),
            )
            if (k + 1) * pool > hands:  # the last copy: only as many hands as the level needs
                part = part.filter(order <= hands - k * pool)
            parts.append(part)
        frame = pl.concat(parts).select(schema.names)
        frame.write_parquet(paths[table])
        for name in [n for n, source in SUMMED_FROM.items() if source == table]:
            rows = pl.concat([summed(part.lazy(), name).collect() for part in parts])
            pq.write_table(rows.to_arrow().cast(TABLES[name]), paths[name])  # the types the store writes
    return paths


def import_cost(store: Store) -> tuple[float, int]:
    """CPU microseconds a hand to make the pre-summed rows of the pool's ``players`` parts
    (median of three), and the hands."""
    parts = [pq.read_table(path) for path in store.files("players")]
    hands = sum(len(p.column("hand_id").unique()) for p in parts)
    cpu = []
    for _ in range(3):
        busy = time.process_time()
        for part in parts:
            presum_tables(part)
        cpu.append(time.process_time() - busy)
    return 1e6 * statistics.median(cpu) / hands, hands


def timed(run: Callable[[], object], repeat: int = 3) -> tuple[float, float, float]:
    """(first call, median of the next ``repeat``) in wall seconds, and the median's CPU
    seconds of this process (all its threads): on a machine shared with other work the
    CPU time says what the query costs, the wall time what it took."""
    start = time.perf_counter()
    run()
    first = time.perf_counter() - start
    times, cpu = [], []
    for _ in range(repeat):
        start, busy = time.perf_counter(), time.process_time()
        run()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - busy)
    return first, statistics.median(times), statistics.median(cpu)


def queries(tables: dict[str, pl.LazyFrame]) -> list[tuple[str, Callable[[], object]]]:
    players, allin, days = tables["players"], tables["allin_ev"], tables["presum"]
    hours, luck = tables["presum_session"], tables["allin_session"]
    filtered = Filters(
        sites=("Alpha",),
        since=date(2024, 1, 1),
        until=date(2030, 1, 1),
        min_players=5,
        min_hands=100,
        links=(Link("Anna"),),
    )
    positions = Filters(positions=("BTN", "CO"))
    return [
        ("per player", lambda: summary(days, allin)),
        ("per position", lambda: summary(days, allin, by="position")),
        ("per rule set and stake", lambda: summary(days, allin, by="stakes")),
        ("per game", lambda: summary(days, allin, by="game")),
        ("per player, filtered", lambda: summary(days, allin, filters=filtered)),
        ("one player's sessions", lambda: sessions(hours, luck, player="Anna")),
        ("every player's sessions", lambda: sessions(hours, luck)),
        ("sessions at BTN and CO", lambda: sessions(tables["presum_hour"], tables["allin_hour"], filters=positions)),
        ("leaks of one player", lambda: find_leaks(players, player="Anna", presummed=days)),
    ]


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    store = pool_store(FOLDER)
    print(f"pool: {store.manifest().hands:,} simulated hands imported ({time.perf_counter() - start:.0f} s, reused)")
    cost, hands = import_cost(store)
    print(f"import: the pre-summed tables of the pool's parts ({hands:,} hands): CPU {cost:.1f} us a hand", flush=True)
    for n in [n for n in LEVELS if n <= HANDS]:
        start = time.perf_counter()
        paths = level_files(store, FOLDER, n)
        tables = {name: pl.scan_parquet(path) for name, path in paths.items()}
        kept = {name: t.select(pl.len()).collect().item() for name, t in tables.items()}
        sizes = ", ".join(f"{name} {rows:,}" for name, rows in kept.items())
        print(f"stats on {n:,} hands (rows: {sizes}; files ready in {time.perf_counter() - start:.1f} s):")
        load = os.getloadavg()[0]
        print(f"  (load average {load:.1f} on {os.cpu_count()} cores)")
        for label, run in queries(tables):
            first, warm, cpu = timed(run)
            verdict = f" (target < {TARGET} s CPU: {'ok' if cpu < TARGET else 'OVER'})" if n >= 1_000_000 else ""
            print(f"  {label:<26} first {first:.2f} s, then {warm:.2f} s, CPU {cpu:.2f} s{verdict}", flush=True)


if __name__ == "__main__":
    main()
