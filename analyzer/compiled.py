"""Which of the hot modules run compiled (mypyc C extensions, see ``setup.py``), and whether a
compiled one is older than its source (then it would run old code: rebuild with ``make``)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

#: the modules ``setup.py`` compiles, in its order
COMPILED = (
    "analyzer.evaluator.fast",
    "analyzer.replay.pots",
    "analyzer.replay.showdown",
    "analyzer.replay.rules",
    "analyzer.replay.table",
    "analyzer.replay.engine",
    "analyzer.audit.hand",
    "analyzer.stats.facts",
    "analyzer.store.moves",
    "analyzer.store.rows",
    "parsers.starslike.text",
    "parsers.starslike.blocks",
    "parsers.starslike.lines",
    "parsers.starslike.summary",
    "parsers.starslike.body",
)


#: the evaluator kernel, a C extension of its own (``analyzer/evaluator/_kernel.c``)
KERNEL = "analyzer.evaluator._kernel"


def _origin(module: str) -> Path | None:
    spec = importlib.util.find_spec(module)
    return Path(spec.origin) if spec is not None and spec.origin else None


def source_of(module: str) -> Path:
    """The Python source of a module, compiled or not."""
    origin = _origin(module)
    if origin is None:
        raise ModuleNotFoundError(module)
    if origin.name.startswith("__init__."):  # a package
        return origin.with_name("__init__.py")
    return origin.with_name(module.rsplit(".", 1)[-1] + ".py")


def compiled() -> tuple[str, ...]:
    """The hot modules that are loaded from a C extension."""
    return tuple(m for m in COMPILED if (o := _origin(m)) is not None and o.suffix in (".so", ".pyd"))


def stale() -> tuple[str, ...]:
    """Compiled modules whose source changed after they were built."""
    out = []
    for module in compiled():
        origin = _origin(module)
        assert origin is not None
        # a wheel's files are unpacked within a second of each other: only a later edit counts
        if source_of(module).stat().st_mtime > origin.stat().st_mtime + 2:
            out.append(module)
    kernel = _origin(KERNEL)
    if kernel is not None and kernel.with_name("_kernel.c").stat().st_mtime > kernel.stat().st_mtime + 2:
        out.append(KERNEL)
    return tuple(out)


def describe() -> str:
    """One line for ``sixplus --version`` and the benchmarks.

    >>> describe().startswith(("hot path compiled", "hot path pure Python", "hot path partly"))
    True
    """
    done = compiled()
    from analyzer.evaluator import kernel as evaluator_kernel

    kernel = "evaluator kernel in C" if evaluator_kernel.AVAILABLE else "evaluator in numpy"
    if not done:
        return f"hot path pure Python (no mypyc build); {kernel}"
    if len(done) < len(COMPILED):
        return f"hot path partly compiled ({len(done)} of {len(COMPILED)} modules); {kernel}"
    old = stale()
    return f"hot path compiled with mypyc; {kernel}" + (f"; STALE, run make: {', '.join(old)}" if old else "")


@cache
def pure_module(module: str) -> ModuleType:
    """One of the hot modules loaded from its Python source under another name, whatever the
    package runs (for comparisons and benchmarks); its record types are the package's own, so
    that results compare equal."""
    spec = importlib.util.spec_from_file_location("pure_" + module.replace(".", "_"), source_of(module))
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = loaded  # dataclasses look their module up there
    spec.loader.exec_module(loaded)
    installed = importlib.import_module(module)
    for name in ("Pot", "Settlement"):
        if hasattr(loaded, name):
            setattr(loaded, name, getattr(installed, name))
    return loaded


@cache
def pure_chain() -> tuple[ModuleType, ModuleType]:
    """The engine and the audit as pure Python, calling only pure code of the hot set
    (engine -> table -> rules, settle -> pots -> evaluator)."""
    fast, pots = pure_module("analyzer.evaluator.fast"), pure_module("analyzer.replay.pots")
    showdown, rules = pure_module("analyzer.replay.showdown"), pure_module("analyzer.replay.rules")
    table, engine = pure_module("analyzer.replay.table"), pure_module("analyzer.replay.engine")
    audit = pure_module("analyzer.audit.hand")
    wiring = (
        (showdown, "strength_of", fast.strength_of),
        (showdown, "split", pots.split),
        (showdown, "clockwise_from_button", pots.clockwise_from_button),
        (pots, "return_uncalled", rules.return_uncalled),
        (table, "R", rules),
        (engine, "Table", table.Table),
        (engine, "settle", showdown.settle),
        (engine, "pots_of", pots.pots_of),
        (audit, "split", pots.split),
        (audit, "strength_of", fast.strength_of),
        (audit, "replay", engine.replay),
    )
    for module, name, value in wiring:
        setattr(module, name, value)
    return engine, audit


def pure_audit_hand() -> Callable[..., Any]:
    """``audit_hand`` running as pure Python (see :func:`pure_chain`)."""
    fn: Callable[..., Any] = pure_chain()[1].audit_hand
    return fn
