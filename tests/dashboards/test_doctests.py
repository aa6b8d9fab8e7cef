"""The examples in the dashboard's docstrings (``make test`` collects doctests of analyzer and parsers only)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "dashboards.show",
    "dashboards.words",
    "dashboards.uploads",
    "dashboards.viewmodel.casino",
    "dashboards.viewmodel.players",
    "dashboards.viewmodel.recorder",
    "dashboards.viewmodel.replayer",
    "dashboards.views.settlement",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
