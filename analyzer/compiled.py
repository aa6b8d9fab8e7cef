"""Which of the hot modules run compiled (mypyc C extensions, see ``setup.py``), and whether a
compiled one is older than its source (then it would run old code: rebuild with ``make``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

#: the modules ``setup.py`` compiles, in its order
COMPILED = (
    "analyzer.evaluator.fast",
    "analyzer.replay.pots",
    "analyzer.replay.showdown",
    "analyzer.replay.quick",
    "analyzer.audit",
)


def _origin(module: str) -> Path | None:
    spec = importlib.util.find_spec(module)
    return Path(spec.origin) if spec is not None and spec.origin else None


def source_of(module: str) -> Path:
    """The Python source of a module, compiled or not."""
    origin = _origin(module)
    if origin is None:
        raise ModuleNotFoundError(module)
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
        if source_of(module).stat().st_mtime > origin.stat().st_mtime:
            out.append(module)
    return tuple(out)


def describe() -> str:
    """One line for ``sixplus --version`` and the benchmarks.

    >>> describe().startswith(("hot path compiled", "hot path pure Python", "hot path partly"))
    True
    """
    done = compiled()
    if not done:
        return "hot path pure Python (no mypyc build)"
    if len(done) < len(COMPILED):
        return f"hot path partly compiled ({len(done)} of {len(COMPILED)} modules)"
    old = stale()
    return "hot path compiled with mypyc" + (f"; STALE, run make: {', '.join(old)}" if old else "")
