"""The same import and statistics on a Dask distributed cluster (``--cluster``).

``--cluster local[:N]`` starts a ``LocalCluster`` of N worker processes on this machine
(N = 2 by default); ``--cluster tcp://HOST:PORT`` joins a running scheduler (started with
``dask scheduler`` and ``dask worker tcp://HOST:PORT``, as Dask documents it). The store
must be on a file system that every worker sees under the same path (a shared disk):
workers write the import's parts into the store's staging area and read its committed
parts for the statistics. Only paths are accepted for now (a ``file://`` URL is one): other
fsspec URLs (``s3://``...) would need the store's renames on that file system, which
object stores do not have atomically.

* **Import** (:meth:`Cluster.map`, an :class:`analyzer.store.importer.Runner`): the tasks
  of :func:`analyzer.store.importer.plan_lazily`, a few per worker in flight, each writing
  its own part and returning ids and counts; the writer here takes them in task order.
  No hand ids travel to the workers (a store of a hundred million hands has gigabytes of
  them): the writer here drops what the store or an earlier task holds, rewriting the rare
  part that holds such a hand (removing one that holds nothing else), so a task's context
  is a few bytes and goes with each task (nothing scattered that a dying worker could take
  with it). The price: hands already stored are parsed and audited again before they are
  dropped, which only an import that overlaps the store pays.
  A worker that dies mid-task has its task run again by Dask (a retry writes a part of its
  own name; only the part of the result taken is committed). A lost scheduler stops the
  import with one line (:class:`ClusterError`), and the store stays as it was.
* **Statistics** (:meth:`Cluster.aggregate`): sums of counts. Each task scans a few of a
  table's committed part files with polars and aggregates them (``partial``: a grouped
  frame, one row a group); the partial results are added here (:func:`combine`), so no
  rows are gathered on one machine.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

import polars as pl

from analyzer.errors import AnalyzerError
from analyzer.observed import COUNT_KEYS, Comparison, compare_counts, counts
from analyzer.stats import query
from analyzer.stats.filters import Filters
from analyzer.stats.query import Grouping
from analyzer.store.importer import ChunkResult, Context, Task, run_with
from analyzer.store.pool import worker_count
from analyzer.store.store import Store, scan_files

#: how long a join to a running scheduler may take before it is called unreachable
CONNECT_SECONDS = 20
#: part files a statistics task aggregates (fewer, larger tasks: a task costs the scheduler ~1 ms)
FILES_A_TASK = 8
T = TypeVar("T")
R = TypeVar("R")
_LOCAL = re.compile(r"local(?::(\d+))?")
_TCP = re.compile(r"(?:tcp|tls)://[^\s/:]+:\d+")


class ClusterError(AnalyzerError):
    """A cluster that cannot be started, joined or kept, said in one line."""


@dataclass(frozen=True, slots=True)
class Address:
    """What ``--cluster`` names: ``local`` with its workers, or a scheduler's address."""

    local: bool
    workers: int = 0
    scheduler: str = ""


def parse_address(text: str) -> Address:
    """``local``, ``local:N`` or ``tcp://HOST:PORT``.

    >>> parse_address("local:3"), parse_address("tcp://10.0.0.5:8786").scheduler
    (Address(local=True, workers=3, scheduler=''), 'tcp://10.0.0.5:8786')
    >>> parse_address("local").workers == worker_count(None)
    True
    """
    local = _LOCAL.fullmatch(text.strip())
    if local:
        workers = int(local.group(1)) if local.group(1) else worker_count(None)
        if workers < 1:
            raise ClusterError(f"--cluster {text}: expected at least one worker (local:N, N >= 1)")
        return Address(True, workers)
    if _TCP.fullmatch(text.strip()):
        return Address(False, scheduler=text.strip())
    raise ClusterError(f"--cluster: expected local, local:N or tcp://HOST:PORT, got {text!r}")


def store_path(store: Store) -> Store:
    """The store as a path every worker can open: a local path, or a ``file://`` URL."""
    text = str(store.root)
    if "://" in text and not text.startswith("file://"):
        raise ClusterError(
            f"store {text}: expected a folder on a file system every worker sees (a path, or file://); "
            "mount the shared disk and give its path"
        )
    return Store(Path(text.removeprefix("file://")).absolute())


class Cluster:
    """A Dask client for sixplus's tasks (see the module's notes)."""

    def __init__(self, client: Any, address: str) -> None:
        self.client = client
        self.address = address

    @property
    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info(n_workers=-1)["workers"]))

    # -- the import ----------------------------------------------------------------
    def map(self, tasks: Iterable[Task], context: Context, done: Callable[[Task], None]) -> Iterator[ChunkResult]:
        """The import's tasks on the cluster, results in task order (see the module's notes)."""
        from distributed import as_completed

        with self._faults():
            # no ids travel: the store's ids stay here (the writer's seen sets, seeded from the
            # store), and each task gets the small context inline (scattered data would die with
            # the last worker holding it: a worker killed on a cluster of one lost every task)
            shared = dataclasses.replace(context, known=frozenset(), prints=frozenset())
            queue = iter(tasks)
            window = 2 * self.workers + 2
            running = as_completed()  # type: ignore[no-untyped-call]
            for task in islice(queue, window):
                running.add(self._submit(shared, task, context.import_id))  # type: ignore[no-untyped-call]
            waiting: dict[int, ChunkResult] = {}
            expected = 0
            for future in running:
                result: ChunkResult = future.result()
                future.release()
                done(result.task)
                waiting[result.task.number] = result
                for task in islice(queue, 1):
                    running.add(self._submit(shared, task, context.import_id))  # type: ignore[no-untyped-call]
                while expected in waiting:
                    yield waiting.pop(expected)
                    expected += 1
            assert not waiting, f"tasks never finished: {sorted(waiting)[:5]}"

    def _submit(self, shared: Context, task: Task, import_id: str) -> Any:
        return self.client.submit(run_with, shared, task, key=f"sixplus-import-{import_id}-{task.number:06d}")

    # -- the all-in pass ----------------------------------------------------------------
    def ordered(self, work: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        """``work`` over ``tasks`` on the workers, a few a worker in flight, results in task
        order (a :class:`analyzer.store.pool.TaskMap`: the all-in pass's tasks, each worker
        keeping its cache of the distinct all-ins it computed)."""
        from distributed import as_completed

        with self._faults():
            queue = iter(tasks)
            running = as_completed()  # type: ignore[no-untyped-call]
            numbers: dict[Any, int] = {}
            for number, task in enumerate(islice(queue, 2 * self.workers + 2)):
                future = self.client.submit(work, task, pure=False)
                numbers[future.key] = number
                running.add(future)  # type: ignore[no-untyped-call]
            submitted = len(numbers)
            waiting: dict[int, R] = {}
            expected = 0
            for future in running:
                waiting[numbers.pop(future.key)] = future.result()
                future.release()
                for task in islice(queue, 1):
                    following = self.client.submit(work, task, pure=False)
                    numbers[following.key] = submitted
                    submitted += 1
                    running.add(following)  # type: ignore[no-untyped-call]
                while expected in waiting:
                    yield waiting.pop(expected)
                    expected += 1

    # -- statistics: sums of counts --------------------------------------------------
    def aggregate(
        self,
        store: Store,
        table: str,
        partial: Callable[[pl.LazyFrame], list[pl.LazyFrame]],
        keys: Sequence[Sequence[str]],
        ops: dict[str, str] | None = None,
    ) -> list[pl.DataFrame]:
        """``partial`` (grouped counts, one frame for each of ``keys``) over every committed
        part of ``table``, a few files a task on the workers; the partial results added here
        (:func:`combine`)."""
        files = [str(f) for f in store.files(table)]
        groups = [files[i : i + FILES_A_TASK] for i in range(0, len(files), FILES_A_TASK)]
        if not groups:
            return pl.collect_all(partial(scan_files(table, [])))
        with self._faults():
            futures = self.client.map(_aggregate, groups, table=table, partial=partial, pure=False)
            results: list[list[pl.DataFrame]] = self.client.gather(futures)
        return [combine([r[i] for r in results], k, ops) for i, k in enumerate(keys)]

    def summary(
        self, store: Store, *, by: Grouping = "player", player: str | None = None, filters: Filters | None = None
    ) -> pl.DataFrame:
        """:func:`analyzer.stats.query.summary` on the cluster (the same rows)."""
        keys = [query.summary_keys(by)]
        rows = _one(query.partial_summary, by=by, player=player, filters=filters)
        (frame,) = self.aggregate(store, "presum", rows, keys, query.COMBINE)
        luck_rows = _one(query.partial_luck, by=by, player=player, filters=filters)
        (luck,) = self.aggregate(store, "allin_ev", luck_rows, keys)
        return query.finish_summary(frame, luck, by=by, filters=filters)

    def allin_waiting(self, store: Store) -> int:
        """All-in hands without their equity yet: the ``allins`` hands less the ``allin_ev``
        hands (a hand's rows are in one part of each, so distinct counts of parts add up)."""
        counted = [self.aggregate(store, t, _distinct_hands, [["table"]])[0] for t in ("allins", "allin_ev")]
        hands = [int(c["hands"].sum()) for c in counted]
        return hands[0] - hands[1]

    def observed(self, store: Store, *, filters: Filters | None = None) -> tuple[Comparison, ...]:
        """:func:`analyzer.observed.compare` on the cluster, over the hands ``filters`` choose."""
        partial = functools.partial(_filtered_counts, filters=filters or Filters())
        return compare_counts(self.aggregate(store, "players", partial, COUNT_KEYS))

    @contextmanager
    def _faults(self) -> Iterator[None]:
        """A lost scheduler or a task that failed on every worker: one line, never a traceback."""
        from distributed import KilledWorker
        from distributed.client import FutureCancelledError
        from distributed.comm.core import CommClosedError

        try:
            yield
        except KilledWorker as error:
            task = error.args[0] if error.args else "a task"
            raise ClusterError(
                f"cluster {self.address}: every worker that ran {task} died (out of memory?); the store is as it was"
            ) from None
        except FutureCancelledError as error:
            if error.reason == "scheduler-connection-lost" or self.client.status != "running":
                raise self._lost() from None
            raise ClusterError(
                f"cluster {self.address}: the scheduler cancelled task {error.key} ({error.reason}); "
                "the store is as it was: run the command again"
            ) from None
        except (CommClosedError, OSError, TimeoutError) as failure:
            if isinstance(failure, CommClosedError) or self.client.status != "running":
                raise self._lost() from None
            raise

    def _lost(self) -> ClusterError:
        return ClusterError(
            f"cluster {self.address}: lost the scheduler; the store is as it was: "
            "run the command again once the cluster is back"
        )


def _aggregate(
    files: list[str], *, table: str, partial: Callable[[pl.LazyFrame], list[pl.LazyFrame]]
) -> list[pl.DataFrame]:
    """A worker's share: ``partial`` over some part files of a table."""
    return pl.collect_all(partial(scan_files(table, [Path(f) for f in files])))


def _one(partial: Callable[..., pl.LazyFrame], **options: object) -> Callable[[pl.LazyFrame], list[pl.LazyFrame]]:
    return functools.partial(_as_list, partial=functools.partial(partial, **options))


def _as_list(frame: pl.LazyFrame, *, partial: Callable[[pl.LazyFrame], pl.LazyFrame]) -> list[pl.LazyFrame]:
    return [partial(frame)]


def _filtered_counts(frame: pl.LazyFrame, *, filters: Filters) -> list[pl.LazyFrame]:
    return counts(filters.apply(frame))


def _distinct_hands(frame: pl.LazyFrame) -> list[pl.LazyFrame]:
    return [frame.select(pl.lit("t").alias("table"), pl.col("hand_id").n_unique().cast(pl.Int64).alias("hands"))]


def combine(frames: Sequence[pl.DataFrame], keys: Sequence[str], ops: dict[str, str] | None = None) -> pl.DataFrame:
    """Partial aggregations added up: grouped by ``keys``, every other column summed (or, as
    ``ops`` names it, its ``min`` or ``max`` taken), each column keeping its type.

    >>> a = pl.DataFrame({"k": ["x", "y"], "n": [1, 2]})
    >>> combine([a, pl.DataFrame({"k": ["x"], "n": [5]})], ["k"]).sort("k").rows()
    [('x', 6), ('y', 2)]
    """
    frames = [f for f in frames if f.height] or list(frames[:1])
    frame = pl.concat(frames, how="vertical_relaxed")
    ops = ops or {}
    schema = frame.schema
    return (
        frame.lazy()
        .group_by(list(keys))
        .agg(getattr(pl.col(c), ops.get(c, "sum"))().cast(schema[c]) for c in frame.columns if c not in keys)
        .collect()
    )


@contextmanager
def connect(text: str) -> Iterator[Cluster]:
    """A client on the cluster ``--cluster`` names (a LocalCluster started and stopped with it)."""
    address = parse_address(text)
    import distributed  # noqa: F401 (its loggers, set up on import, are quieted here)

    # a lost scheduler or worker is one line (ClusterError), not logged tracebacks
    names = ["distributed", *(n for n in logging.root.manager.loggerDict if n.startswith("distributed."))]
    loggers = [logging.getLogger(n) for n in names]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL)
    try:
        with _connect(address) as cluster:
            yield cluster
    finally:
        for lg, level in zip(loggers, levels):
            lg.setLevel(level)


@contextmanager
def _connect(address: Address) -> Iterator[Cluster]:
    from distributed import Client, LocalCluster

    if address.local:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=address.workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            # its health and metrics routes on a free port of this host, not 8787 (a second
            # cluster on the machine would warn and move)
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            silence_logs=logging.ERROR,
        )
        try:
            with Client(cluster) as client:  # type: ignore[no-untyped-call]
                yield Cluster(client, f"local:{address.workers}")
        finally:
            cluster.close()
        return
    try:
        client = Client(address.scheduler, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as error:
        raise ClusterError(
            f"cluster {address.scheduler}: expected a running Dask scheduler, found none ({type(error).__name__}); "
            "start one with dask scheduler and dask worker"
        ) from None
    with client:
        if not client.scheduler_info()["workers"]:
            try:
                client.wait_for_workers(1, timeout=CONNECT_SECONDS)
            except TimeoutError:
                raise ClusterError(
                    f"cluster {address.scheduler}: expected workers, found none after {CONNECT_SECONDS} s; "
                    "start some with dask worker"
                ) from None
        yield Cluster(client, address.scheduler)
