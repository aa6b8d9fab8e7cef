"""What the command imports to start: the one-hand audit's and ``--version``'s start-up (issue 13's
0.3 s target) must not pay for what only other paths use. numpy, polars and pandas only the batch,
equity and store paths use; Babel only a number or an amount shown (a one-hand audit in English
shows none); ``importlib.metadata`` (the version is ``analyzer.__version__``),
``importlib.resources`` (the presets are read from the package's folder), ``logging`` (a reader's
bug), ``zipfile`` (an archive among the inputs), ``tempfile`` (the evaluator's tables written),
``html`` (the pages' escaping) load only when their path runs; a native file is read by the native
reader alone, no other format's module imported to sniff it; ``--version`` imports no reader, nor
``json`` (the native reader's), ``hashlib``, nor the messages' module and msgspec.
What is imported is asserted, never how long it takes (the benchmark ``bench_cli`` times it)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from analyzer import __version__
from parsers.formats import FORMATS

ROOT = Path(__file__).resolve().parents[2]
#: the batch, equity, store and page paths' libraries
HEAVY = ("numpy", "pandas", "plotly", "polars", "pyarrow", "streamlit")
#: what start-up leaves for the paths that need it
LAZY = (
    "babel",
    "importlib.metadata",
    "importlib.resources",
    "logging",
    "zipfile",
    "tempfile",
    "html",
)


def imported_by(args: list[str], also: tuple[str, ...] = ()) -> set[str]:
    """The modules of HEAVY, LAZY, the format readers and ``also`` that ``sixplus ARGS`` imports, in a fresh
    process (the command itself, as the console script runs it: not through click's test runner,
    which imports tempfile and shutil of its own)."""
    watched = (*HEAVY, *LAZY, *FORMATS.values(), *also)
    probe = "\n".join(
        [
            "import sys",
            "from analyzer.cli import main",
            "try:",
            f"    main({args!r})",
            "except SystemExit as done:",
            "    assert done.code in (0, None), done.code",
            f"found = [m for m in {watched!r} if m in sys.modules]",
            "print('imported:', *found)",
        ]
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("imported:"), out.stdout
    return set(last.split()[1:])


@pytest.mark.parametrize("rules", ["holdem", "shortdeck"])
def test_auditing_one_hand_imports_no_numpy_babel_or_other_readers(rules: str, tmp_path: Path) -> None:
    one = tmp_path / f"{rules}.jsonl"  # one simulated hand, native JSON Lines, as bench_cli audits
    args = ["simulate", "--rules", rules, "--hands", "1", "--players", "6", "--seed", "1", "-o", str(one)]
    subprocess.run([sys.executable, "-m", "analyzer.cli", *args], cwd=ROOT, check=True, capture_output=True)
    assert imported_by(["audit", str(one), "--json"]) == {"parsers.native"}


def test_the_version_line_imports_nothing_but_the_cli() -> None:
    also = ("json", "msgspec", "hashlib", "analyzer.i18n.message", "parsers.record")
    assert imported_by(["--version"], also=also) == set()


def test_the_version_is_written_once_in_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "analyzer.__version__"}
    assert __version__.count(".") == 2
