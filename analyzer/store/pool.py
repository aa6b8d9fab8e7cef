"""Work spread over processes, results back in order, only a few tasks in flight at once.

``forkserver`` workers start from a clean process (no threads inherited from polars or
Arrow in this one). A small job runs in this process: starting workers costs more.
Workers end with the process that started them, however it ends (a SIGKILL included): each
asks the kernel to kill it when its parent (the fork server, which ends with this process)
dies, and watches this process too.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from importlib.abc import MetaPathFinder
from types import ModuleType
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class TaskMap(Protocol):
    """Runs ``work`` over ``tasks`` elsewhere (a Dask cluster: :meth:`analyzer.store.cluster.Cluster.ordered`),
    results in task order, as :func:`ordered_map` does on local processes."""

    def __call__(self, work: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]: ...


def worker_count(workers: int | None) -> int:
    """The processes to use: as asked, else two (or one on a one-core machine)."""
    return workers if workers is not None else min(2, os.cpu_count() or 1)


def ordered_map(
    work: Callable[[T], R],
    tasks: Iterable[T],
    *,
    workers: int,
    initializer: Callable[..., object] | None = None,
    initargs: tuple[Any, ...] = (),
) -> Iterator[R]:
    """``work`` over ``tasks`` in a pool of ``workers`` processes (in this one when 1),
    yielding results in task order; tasks are taken from the iterable as workers free up."""
    if workers <= 1:
        if initializer is not None:
            initializer(*initargs)
        yield from map(work, tasks)
        return
    context = multiprocessing.get_context("forkserver")
    start = (os.getpid(), initializer, initargs)
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=start) as pool:
        pending: deque[Future[R]] = deque()
        queue = iter(tasks)
        for task in queue:
            pending.append(pool.submit(work, task))
            if len(pending) > 2 * workers:
                break
        while pending:
            done = pending.popleft().result()
            for task in queue:
                pending.append(pool.submit(work, task))
                break
            yield done


def _start_worker(parent: int, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    """A worker's first call: tied to the process that started the pool, then the pool's own initializer."""
    _die_with_parent()
    _arrow_without_pandas()
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="sixplus-parent-watch").start()
    if initializer is not None:
        initializer(*initargs)


def _arrow_without_pandas() -> None:
    """Keep pyarrow from importing pandas in this worker (0.3 to 0.5 s of CPU a process).

    pyarrow looks for pandas at its first conversion of Python objects (``pa.array``), once a
    process, to tell pandas objects apart; a worker converts only lists and numpy arrays.
    That one look finds no pandas here, so pyarrow takes everything as a plain sequence;
    a later ``to_pandas()`` still imports pandas (pyarrow tries again when pandas is asked for).
    """
    if "pandas" in sys.modules:
        return
    sys.meta_path.insert(0, _NO_PANDAS)
    try:
        import pyarrow as pa

        pa.array([0])
    finally:
        sys.meta_path.remove(_NO_PANDAS)


class _NoPandas(MetaPathFinder):
    """A finder that says pandas cannot be imported (for the one look above)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> None:
        if fullname == "pandas":
            raise ImportError("pandas left out of this worker", name=fullname)


_NO_PANDAS = _NoPandas()


def _die_with_parent() -> None:
    """Linux: SIGKILL this process when its parent ends (``prctl(PR_SET_PDEATHSIG)``)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):  # pragma: no cover - no prctl: the watch thread does it
        pass


def _watch(parent: int, every: float = 0.5) -> None:
    """End this worker once the process that started the pool is gone."""
    while True:
        time.sleep(every)
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            os._exit(1)
        except PermissionError:  # pragma: no cover - the pid reused by another user's process
            os._exit(1)
