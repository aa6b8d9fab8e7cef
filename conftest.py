"""Test session set-up for the whole tree (pytest's rootdir).

Compiled hot modules (``setup.py``) are C extensions, so pytest cannot collect their doctests
from the ``.py`` files; ``tests/analyzer/test_compiled.py`` runs those doctests on the sources
instead. A compiled module older than its source would test old code: the session stops.
Under CI (the ``CI`` variable set) hypothesis draws its fixed examples: see below.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from analyzer.compiled import compiled, source_of, stale

# CI runs the property tests on hypothesis's fixed examples (the same every run: a red CI is
# reproducible); a developer's run explores new ones, and `make bench` runs the long fuzzing. No
# per-example deadline there: a shared, loaded CI machine must not turn a slow example into a failure
# (speed is measured by benchmarks, never by tests)
settings.register_profile("ci", derandomize=True, database=None, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

collect_ignore = [str(source_of(module)) for module in compiled()]


def pytest_sessionstart(session: pytest.Session) -> None:
    old = stale()
    if old:
        pytest.exit(f"compiled modules older than their source: {', '.join(old)}; run `make` to rebuild", 2)


@pytest.fixture(autouse=True)
def _keep_main_module() -> Iterator[None]:
    """Streamlit's ``AppTest`` leaves its page script in ``sys.modules["__main__"]``; a process pool
    started later in the same pytest worker (the import's forkserver) would then re-run that deleted
    script in each child and fail with a NameError. Put the real ``__main__`` back after each test."""
    import sys

    main = sys.modules.get("__main__")
    yield
    if main is not None and sys.modules.get("__main__") is not main:
        sys.modules["__main__"] = main
