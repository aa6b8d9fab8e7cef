"""The all-in pass: exact equity for every stored all-in that has none yet.

It runs after an import has committed its hands, as its own write, because exact
multiway preflop equities take milliseconds each and a night of hands must not wait for
them: a pass that is killed leaves the hands in place, and the next pass (any later
``sixplus import``) finishes it. Equities are computed once per suit pattern and spread
over a pool of processes.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import groupby

import polars as pl
import pyarrow as pa

from analyzer.evaluator import Ranking
from analyzer.stats.allin import AllInPot, adjusted
from analyzer.store.bars import Bars, progress_bar
from analyzer.store.pool import ordered_map, worker_count
from analyzer.store.schema import ALLIN_EV, EV_KEYS
from analyzer.store.store import Store, Transaction
from parsers.record import Street

TASK_HANDS = 2000
COMMIT_HANDS = 20_000  # all-in hands a commit: a stopped pass keeps what it finished

Row = tuple[str, str, int, float, float]


def missing(store: Store) -> pl.DataFrame:
    """Stored all-in pots of hands that have no adjusted result yet."""
    done = store.scan("allin_ev").select("hand_id").unique()
    return store.scan("allins").join(done, on="hand_id", how="anti").sort("hand_id", "pot").collect()


def fill_allin_ev(store: Store, *, workers: int | None = None, progress: Bars | None = None) -> int:
    """Compute and store the adjusted results of every all-in still without one; returns hands done.

    Results are committed every :data:`COMMIT_HANDS` hands, so a long pass that is stopped
    keeps what it finished.
    """
    todo = missing(store)
    if todo.height == 0:
        return 0
    total = todo.select("hand_id").n_unique()
    keys = {
        (r[0], r[1]): r[2:]
        for r in store.scan("players")
        .join(todo.lazy().select("hand_id").unique(), on="hand_id", how="semi")
        .select("hand_id", "player", *EV_KEYS)
        .collect()
        .iter_rows()
    }
    bar = progress_bar(total, unit="hand", desc="all-in equity", bars=progress)
    with store.writing() as tx:
        pending = 0
        count = 1 if total <= TASK_HANDS else worker_count(workers)  # a small pass: no pool to start
        for results in ordered_map(adjust_hands, _tasks(todo), workers=count):
            rows = [r + keys[(r[0], r[1])] for r in results]
            columns = list(zip(*rows)) if rows else [() for _ in ALLIN_EV]
            table = pa.Table.from_arrays([pa.array(c, type=f.type) for c, f in zip(columns, ALLIN_EV)], schema=ALLIN_EV)
            tx.batch().write({"allin_ev": table})
            done = len({r[0] for r in rows})
            pending += done
            bar.update(done)
            if pending >= COMMIT_HANDS:
                tx.commit()
                tx, pending = Transaction(store), 0
        tx.commit()
    bar.close()
    return total


def _tasks(todo: pl.DataFrame) -> Iterator[list[list[dict[str, object]]]]:
    """The pot rows of :data:`TASK_HANDS` hands at a time (rows come sorted by hand)."""
    task: list[list[dict[str, object]]] = []
    for _, pots in groupby(todo.iter_rows(named=True), key=lambda row: row["hand_id"]):
        task.append(list(pots))
        if len(task) == TASK_HANDS:
            yield task
            task = []
    if task:
        yield task


def adjust_hands(task: list[list[dict[str, object]]]) -> list[Row]:
    """Adjusted rows for the hands of one task (each hand: its all-in pot rows)."""
    out: list[Row] = []
    for pots in task:
        hand_id = str(pots[0]["hand_id"])
        ranking = Ranking(str(pots[0]["ranking"]))
        contested = [
            AllInPot(
                pot=int(str(p["pot"])),
                street=Street(str(p["street"])),
                board=tuple(str(p["board"]).split()),
                amount=int(str(p["amount"])),
                players=tuple(_strings(p["players"])),
                cards=tuple(tuple(c.split()) for c in _strings(p["cards"])),
                won=tuple(int(w) for w in _strings(p["won"])),
            )
            for p in pots
        ]
        for result in adjusted(contested, ranking):
            out.append((hand_id, result.player, result.won, float(result.expected), float(result.equity)))
    return out


def _strings(value: object) -> list[str]:
    assert isinstance(value, list)
    return [str(v) for v in value]
