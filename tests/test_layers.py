"""The layers of DESIGN.md: a pure core. parsers import nothing of the analyzer; the analyzer
imports no UI, no plotting and no CLI library outside its CLI shell."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def _files(folder: str) -> list[Path]:
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files, folder
    return files


@pytest.mark.parametrize("path", _files("parsers"), ids=lambda p: str(p.relative_to(ROOT)))
def test_parsers_know_nothing_of_the_analyzer_or_the_pages(path: Path) -> None:
    assert not _imports(path) & {"analyzer", "dashboards", "streamlit", "plotly", "click", "polars", "pandas"}


@pytest.mark.parametrize("path", _files("analyzer"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_analyzer_has_no_ui_plotting_or_cli_outside_its_cli_shell(path: Path) -> None:
    banned = {"dashboards", "streamlit", "plotly"}
    if "cli" not in path.relative_to(ROOT / "analyzer").parts:
        banned |= {"click", "tqdm"}
    assert not _imports(path) & banned
