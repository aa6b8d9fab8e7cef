"""Which modules run compiled (mypyc C extensions, see ``setup.py``), found by what is on disk.

The modules to compile are listed once, in ``analyzer/compiled.txt`` (read by ``setup.py``,
the ``Makefile`` and this module). A module is compiled when an extension file sits beside its
source (``pots.cpython-311-x86_64-linux-gnu.so`` beside ``pots.py``): Python's import system
loads that one first. So an extension older than its source, or one whose source is gone or
no longer listed, would run old code unseen: :func:`stale` names them, ``sixplus --version``
says so, and the test session refuses to start. Nothing here imports numpy or the engine:
``sixplus --version`` stays fast.
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: the folder that holds the ``analyzer`` and ``parsers`` packages (the repository, or site-packages)
ROOT = Path(__file__).resolve().parents[1]
#: the one list of what ``setup.py`` compiles
LIST = Path(__file__).with_name("compiled.txt")
#: the packages where compiled modules may live
PACKAGES = ("analyzer", "parsers")
#: an extension's modification time may trail its source's by this much (a wheel unpacks in a second)
SLACK = 2.0


def entries(text: str | None = None) -> tuple[str, ...]:
    """The list's entries (files and package folders), comments and blank lines left out.

    >>> entries("# a comment\\nanalyzer/audit.py\\n\\nparsers/starslike/  # the Stars family\\n")
    ('analyzer/audit.py', 'parsers/starslike/')
    """
    if text is None:
        text = LIST.read_text(encoding="utf-8")
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return tuple(line for line in lines if line)


def sources(root: Path = ROOT, text: str | None = None) -> tuple[str, ...]:
    """Every source file the list names, relative to ``root`` (a folder: its ``.py`` files, sorted),
    less those named after a ``!``."""
    out: list[str] = []
    items = entries(text)
    left_out = {entry[1:] for entry in items if entry.startswith("!")}
    for entry in items:
        if entry.startswith("!"):
            continue
        if entry.endswith("/"):
            out += sorted(p.relative_to(root).as_posix() for p in (root / entry).rglob("*.py"))
        else:
            out.append(entry)
    return tuple(s for s in out if s not in left_out)


def module_of(source: str) -> str:
    """The module a source path holds.

    >>> module_of("parsers/starslike/__init__.py"), module_of("analyzer/audit.py")
    ('parsers.starslike', 'analyzer.audit')
    """
    parts = source.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


#: the modules ``setup.py`` compiles, in the list's order
COMPILED: tuple[str, ...] = tuple(module_of(s) for s in sources())


def extension_of(source: Path) -> Path | None:
    """The extension file built from a source, if there is one beside it."""
    for suffix in EXTENSION_SUFFIXES:
        candidate = source.with_name(source.stem + suffix)
        if candidate.exists():
            return candidate
    return None


def _extensions(root: Path) -> list[Path]:
    """Every extension file in the packages' folders, found in one walk of them (a glob a suffix
    walked them three times: a third of ``sixplus --version``)."""
    suffixes = tuple(EXTENSION_SUFFIXES)
    found: list[Path] = []
    for package in PACKAGES:
        for folder, _, files in os.walk(root / package):
            found += (Path(folder, name) for name in files if name.endswith(suffixes))
    return sorted(found)


def running_pure() -> bool:
    """``SIXPLUS_PURE=1``: the compiled modules run from their sources (see :mod:`parsers.sourceonly`)."""
    return os.environ.get("SIXPLUS_PURE") == "1"


def compiled(root: Path = ROOT, text: str | None = None) -> tuple[str, ...]:
    """The listed modules that run from an extension file (none when ``SIXPLUS_PURE=1``)."""
    if running_pure():
        return ()
    return tuple(module_of(s) for s in sources(root, text) if extension_of(root / s) is not None)


def stale(root: Path = ROOT, text: str | None = None) -> tuple[str, ...]:
    """Extension files that would run other code than the sources: older than their source, or
    with no source beside them, or built from a module the list no longer names.

    >>> stale(Path("/nonexistent"), "")
    ()
    """
    if running_pure():
        return ()
    listed = {module_of(s) for s in sources(root, text)}
    out = []
    for extension in _extensions(root):
        relative = extension.relative_to(root).as_posix()
        stem = relative[: -len(next(s for s in EXTENSION_SUFFIXES if relative.endswith(s)))]
        module = module_of(stem + ".py")
        python, c = root / (stem + ".py"), root / (stem + ".c")  # mypyc's, or a C extension's (the kernel)
        source = python if python.exists() else c
        if not source.exists():
            out.append(f"{module} (no source)")
        elif source is python and module not in listed:
            out.append(f"{module} (not in analyzer/compiled.txt)")
        elif source.stat().st_mtime > extension.stat().st_mtime + SLACK:
            out.append(module)
    return tuple(out)


def kernel_built(root: Path = ROOT) -> bool:
    """Whether the evaluator kernel is on disk and not turned off (``SIXPLUS_KERNEL=0``)."""
    return os.environ.get("SIXPLUS_KERNEL") != "0" and extension_of(root / "analyzer/evaluator/_kernel.py") is not None


def describe() -> str:
    """One line for ``sixplus --version`` and the benchmarks.

    >>> describe().startswith(("hot path compiled", "hot path pure Python", "hot path partly"))
    True
    """
    done = compiled()
    kernel = "evaluator kernel in C" if kernel_built() else "evaluator in numpy"
    old = stale()
    warning = f"; STALE, run make: {', '.join(old)}" if old else ""
    if not done:
        why = "SIXPLUS_PURE=1" if running_pure() else "no mypyc build"
        return f"hot path pure Python ({why}); {kernel}{warning}"
    if len(done) < len(COMPILED):
        return f"hot path partly compiled ({len(done)} of {len(COMPILED)} modules); {kernel}{warning}"
    return f"hot path compiled with mypyc ({len(done)} modules); {kernel}{warning}"


def source_of(module: str, root: Path = ROOT) -> Path:
    """The Python source of a listed module.

    >>> source_of("parsers.starslike").name
    '__init__.py'
    """
    for source in sources(root):
        if module_of(source) == module:
            return root / source
    raise ModuleNotFoundError(f"{module} is not in analyzer/compiled.txt")
