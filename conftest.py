"""Test session set-up for the whole tree (pytest's rootdir).

Compiled hot modules (``setup.py``) are C extensions, so pytest cannot collect their doctests
from the ``.py`` files; ``tests/analyzer/test_compiled.py`` runs those doctests on the sources
instead. A compiled module older than its source would test old code: the session stops.
"""

from __future__ import annotations

import pytest

from analyzer.compiled import compiled, source_of, stale

collect_ignore = [str(source_of(module)) for module in compiled()]


def pytest_sessionstart(session: pytest.Session) -> None:
    old = stale()
    if old:
        pytest.exit(f"compiled modules older than their source: {', '.join(old)}; run `make` to rebuild", 2)
