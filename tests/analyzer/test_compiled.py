"""The compiled build and the pure one: one list of compiled modules, found on disk.

``analyzer/compiled.txt`` is the one list of what mypyc compiles: ``setup.py`` builds from it, the
``Makefile`` rebuilds when one of its modules changes, and :mod:`analyzer.compiled` (``sixplus
--version``) reads it. Both builds pass the same tests: ``make test`` runs the whole suite on the
build in place (compiled where it could be), then the differential tests and every doctest again
with ``SIXPLUS_PURE=1`` (``make pytest-pure``), the compiled modules imported from their sources.
"""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from analyzer import compiled

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = EXTENSION_SUFFIXES[0]


def run(code: str, *, pure: bool) -> str:
    """What a fresh interpreter prints, with or without ``SIXPLUS_PURE=1``."""
    env = {k: v for k, v in os.environ.items() if k != "SIXPLUS_PURE"} | {"PYTHONPATH": str(ROOT)}
    if pure:
        env["SIXPLUS_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return done.stdout


def test_setup_and_the_makefile_build_what_the_one_list_names() -> None:
    listed = list(compiled.sources())
    assert "parsers/starslike/body.py" in listed and "parsers/starslike/__init__.py" in listed  # a folder entry
    assert "parsers/starslike/writer.py" not in listed  # left out: "!parsers/starslike/writer.py"
    assert runpy.run_path(str(ROOT / "setup.py"), run_name="not_main")["compiled_sources"]() == listed
    make = subprocess.run(["make", "-s", "print-compiled"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert make.stdout.split() == listed  # make rebuilds when one of them changes
    assert tuple(compiled.module_of(s) for s in listed) == compiled.COMPILED


def test_every_entry_of_the_list_is_a_module_or_a_package() -> None:
    folders = [e for e in compiled.entries() if e.endswith("/")]
    for entry in compiled.entries():
        path = ROOT / entry.removeprefix("!")
        if entry.startswith("!"):  # a module of a listed folder, left out
            assert path.is_file() and any(entry[1:].startswith(folder) for folder in folders), entry
        elif entry.endswith("/"):
            assert (path / "__init__.py").is_file(), entry
        else:
            assert path.suffix == ".py" and path.is_file(), entry


def test_a_folder_entry_is_every_module_below_it_less_those_left_out(tmp_path: Path) -> None:
    (tmp_path / "parsers" / "kin" / "deep").mkdir(parents=True)
    for name in ("__init__.py", "a.py", "writer.py", "deep/__init__.py", "deep/b.py", "notes.txt"):
        (tmp_path / "parsers" / "kin" / name).write_text("")
    listing = "parsers/kin/\n!parsers/kin/writer.py  # subclassed elsewhere\n"
    assert compiled.sources(tmp_path, listing) == (
        "parsers/kin/__init__.py",
        "parsers/kin/a.py",
        "parsers/kin/deep/__init__.py",
        "parsers/kin/deep/b.py",
    )
    assert [compiled.module_of(s) for s in compiled.sources(tmp_path, listing)][::2] == [
        "parsers.kin",
        "parsers.kin.deep",
    ]


def test_no_compiled_module_is_older_than_its_source() -> None:
    assert compiled.stale() == ()


def _tree(tmp_path: Path) -> Path:
    """A package with a listed module built from its source, and its list."""
    (tmp_path / "analyzer" / "replay").mkdir(parents=True)
    (tmp_path / "analyzer" / "replay" / "pots.py").write_text("x = 1\n")
    (tmp_path / "analyzer" / "replay" / ("pots" + SUFFIX)).write_bytes(b"")
    return tmp_path


def _age(path: Path, seconds: float) -> None:
    st = path.stat()
    os.utime(path, (st.st_atime - seconds, st.st_mtime - seconds))


def test_a_compiled_module_is_found_by_its_extension_beside_the_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SIXPLUS_PURE", raising=False)
    root = _tree(tmp_path)
    listing = "analyzer/replay/pots.py\nanalyzer/audit.py  # not built\n"
    (root / "analyzer" / "audit.py").write_text("y = 2\n")
    assert compiled.compiled(root, listing) == ("analyzer.replay.pots",)
    assert compiled.stale(root, listing) == ()


def test_an_extension_older_than_its_source_is_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SIXPLUS_PURE", raising=False)
    root = _tree(tmp_path)
    _age(root / "analyzer" / "replay" / ("pots" + SUFFIX), 60)
    assert compiled.stale(root, "analyzer/replay/pots.py") == ("analyzer.replay.pots",)


def test_an_extension_whose_source_is_gone_or_unlisted_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module taken off the list (or deleted) but still built would shadow its source unseen."""
    monkeypatch.delenv("SIXPLUS_PURE", raising=False)
    root = _tree(tmp_path)
    (root / "analyzer" / "replay" / ("quick" + SUFFIX)).write_bytes(b"")
    assert compiled.stale(root, "analyzer/replay/pots.py") == ("analyzer.replay.quick (no source)",)
    assert compiled.stale(root, "") == (
        "analyzer.replay.pots (not in analyzer/compiled.txt)",
        "analyzer.replay.quick (no source)",
    )


def test_a_c_extension_is_compared_with_its_c_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SIXPLUS_PURE", raising=False)
    (tmp_path / "analyzer" / "evaluator").mkdir(parents=True)
    kernel = tmp_path / "analyzer" / "evaluator" / "_kernel.c"
    kernel.write_text("int x;\n")
    (tmp_path / "analyzer" / "evaluator" / ("_kernel" + SUFFIX)).write_bytes(b"")
    assert compiled.stale(tmp_path, "") == ()
    _age(tmp_path / "analyzer" / "evaluator" / ("_kernel" + SUFFIX), 60)
    assert compiled.stale(tmp_path, "") == ("analyzer.evaluator._kernel",)


def test_what_is_on_disk_is_what_python_imports() -> None:
    """Each listed module is imported from its extension exactly when the package says it is compiled."""
    code = "import importlib\n" + "".join(
        f"print(importlib.import_module({m!r}).__file__)\n" for m in compiled.COMPILED
    )
    found = dict(zip(compiled.COMPILED, run(code, pure=False).split(), strict=True))
    said = set(run("from analyzer import compiled; print(*compiled.compiled())", pure=False).split())
    assert {m for m, f in found.items() if not f.endswith(".py")} == said


def test_sixplus_pure_runs_every_listed_module_from_its_source() -> None:
    code = "import importlib\n" + "".join(
        f"print(importlib.import_module({m!r}).__file__)\n" for m in compiled.COMPILED
    )
    files = run(code, pure=True).split()
    assert [Path(f).relative_to(ROOT).as_posix() for f in files] == list(compiled.sources())


def test_the_version_line_says_whether_the_hot_path_is_compiled() -> None:
    from click.testing import CliRunner

    from analyzer.cli import cli

    out = CliRunner().invoke(cli, ["--version"]).output
    assert f"({compiled.describe()})" in out
    assert ("compiled" in out) != ("pure Python" in out)
    pure = run("from analyzer.cli import main; main(['--version'])", pure=True)
    assert "hot path pure Python (SIXPLUS_PURE=1)" in pure
