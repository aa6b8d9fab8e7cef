"""The import's process pool (:mod:`analyzer.store.pool`): what a worker pays to start."""

from __future__ import annotations

import sys

from analyzer.store.pool import ordered_map


def _convert(values: list[int]) -> tuple[int, bool]:
    """In a worker: one Arrow conversion after the import's modules, and whether pandas came with them."""
    import pyarrow as pa

    import analyzer.store.importer  # noqa: F401  # what every import task runs

    return len(pa.array(values)), "pandas" in sys.modules


def _to_pandas(values: list[int]) -> tuple[bool, int]:
    """In a worker: pandas not imported, then found when asked for."""
    import pyarrow as pa

    before = "pandas" in sys.modules
    return before, len(pa.table({"a": pa.array(values)}).to_pandas())


def test_a_pool_worker_converts_to_arrow_without_importing_pandas() -> None:
    # pyarrow imports pandas (0.3 to 0.5 s of CPU) at a process's first conversion unless
    # it was told at the worker's start that there is none
    assert list(ordered_map(_convert, [[1], [2, 3], [4, 5, 6]], workers=2)) == [(1, False), (2, False), (3, False)]


def test_a_pool_worker_still_finds_pandas_when_asked_for_it() -> None:
    assert list(ordered_map(_to_pandas, [[1, 2]], workers=2)) == [(False, 2)]
