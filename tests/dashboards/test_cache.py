"""Every Streamlit cache of the dashboard is in one module (:mod:`dashboards.cache`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cache_uses(path: Path) -> list[str]:
    """Where a file uses ``st.cache_data`` or ``st.cache_resource`` (as code, not in a docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in ("cache_data", "cache_resource")
    ]


def test_no_cache_outside_the_cache_module() -> None:
    found = {p.name: cache_uses(p) for p in sorted((ROOT / "dashboards").rglob("*.py"))}
    assert [where for name, uses in found.items() if name != "cache.py" for where in uses] == []
    assert len(found["cache.py"]) == 17  # every cached query of the pages, the night and the store
