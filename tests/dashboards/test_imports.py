"""No import cycle between the navigation and the pages: each page module imports on its own
(every ``dashboards`` module unloaded before it), without the frame; the navigation helper
imports neither the frame nor any page; the view models import no Streamlit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE_MODULES = sorted(
    f"dashboards.views.{p.stem}" for p in (ROOT / "dashboards" / "views").glob("*.py") if p.stem != "__init__"
)
VIEW_MODELS = sorted(
    f"dashboards.viewmodel.{p.stem}" if p.stem != "__init__" else "dashboards.viewmodel"
    for p in (ROOT / "dashboards" / "viewmodel").glob("*.py")
)
SCRIPT = """
import importlib, json, sys
found = {}
for module in sys.argv[1:]:
    for name in [m for m in sys.modules if m == "dashboards" or m.startswith("dashboards.")]:
        del sys.modules[name]
    importlib.import_module(module)  # an import cycle fails here as an ImportError
    found[module] = sorted(m for m in sys.modules if m.split(".")[0] in ("dashboards", "streamlit", "plotly"))
print(json.dumps(found))
"""


@cache
def imported_with(*modules: str) -> dict[str, set[str]]:
    """For each module, the ``dashboards``, ``streamlit`` and ``plotly`` modules loaded once it
    is imported alone, in a new interpreter (one for all of ``modules``)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *modules], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return {k: set(v) for k, v in found.items()}


def test_every_page_module_is_listed() -> None:
    assert {"dashboards.views.players", "dashboards.views.replayer", "dashboards.views.casino"} <= set(PAGE_MODULES)
    assert len(PAGE_MODULES) == 11  # ten pages and the players page's study part


@pytest.mark.parametrize("module", PAGE_MODULES)
def test_a_page_imports_alone_without_the_frame(module: str) -> None:
    loaded = imported_with("dashboards.nav", *PAGE_MODULES)[module]
    assert module in loaded and "dashboards.frame" not in loaded


def test_the_navigation_helper_imports_no_page_and_no_frame() -> None:
    loaded = imported_with("dashboards.nav", *PAGE_MODULES)["dashboards.nav"]
    assert not {m for m in loaded if m.startswith("dashboards.views") or m == "dashboards.frame"}


def test_the_view_models_import_no_streamlit() -> None:
    loaded = imported_with(*VIEW_MODELS)
    assert len(VIEW_MODELS) == 5
    for module in VIEW_MODELS:
        assert not {m for m in loaded[module] if m.split(".")[0] in ("streamlit", "plotly")}, module
