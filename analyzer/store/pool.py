"""Work spread over processes, results back in order, only a few tasks in flight at once.

``forkserver`` workers start from a clean process (no threads inherited from polars or
Arrow in this one). A small job runs in this process: starting workers costs more.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


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
    with ProcessPoolExecutor(workers, mp_context=context, initializer=initializer, initargs=initargs) as pool:
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
