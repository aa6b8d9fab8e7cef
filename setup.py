"""Build: the hot paths (audit, store rows, Stars/GG parsing) compiled to C with mypyc where it can be.

The modules in ``COMPILED`` are plain, strictly typed Python (``mypy --strict``). mypyc turns
them into C extensions that run the replay and audit of a hand about twice as fast. It is
optional: ``make`` builds them (``pip install --no-build-isolation -e .`` in an environment
that has mypy and the runtime dependencies); anywhere else, or with ``SIXPLUS_PURE=1``, or if
the C build fails, the same modules run as Python and give the same results
(``tests/analyzer/test_compiled.py``). ``sixplus --version`` says which is in use.
"""

from __future__ import annotations

import importlib.util
import os

from setuptools import Extension, setup

#: the hot path, compiled together (keep in step with analyzer/compiled.py: a test checks)
COMPILED = [
    "analyzer/evaluator/fast.py",
    "analyzer/replay/pots.py",
    "analyzer/replay/showdown.py",
    "analyzer/replay/rules.py",
    "analyzer/replay/table.py",
    "analyzer/replay/engine.py",
    "analyzer/audit/hand.py",
    "analyzer/stats/facts.py",
    "analyzer/store/moves.py",
    "analyzer/store/rows.py",
    "parsers/starslike/text.py",
    "parsers/starslike/blocks.py",
    "parsers/starslike/lines.py",
    "parsers/starslike/summary.py",
    "parsers/starslike/body.py",
]


#: the evaluator kernel: plain C over the evaluator's tables (no numpy headers needed)
KERNEL = "analyzer/evaluator/_kernel.c"


def kernel() -> list[object]:
    """The kernel extension; optional: without a C compiler the numpy paths run instead."""
    return [Extension("analyzer.evaluator._kernel", [KERNEL], extra_compile_args=["-O3"], optional=True)]


def extensions() -> list[object]:
    if os.environ.get("SIXPLUS_PURE") == "1":
        return []
    return kernel() + mypyc_modules()


def mypyc_modules() -> list[object]:
    # mypyc type-checks what the modules import: without mypy and the runtime dependencies here
    # (pip's isolated build environment) the modules stay pure Python
    if not all(importlib.util.find_spec(name) for name in ("mypyc", "msgspec", "numpy")):
        print("sixplus: building without mypyc; the audit runs as pure Python")
        return []
    from mypyc.build import mypycify

    modules = mypycify(COMPILED, opt_level="3", debug_level="0")
    for module in modules:
        module.optional = True  # a C build that fails leaves the pure Python modules in place
    return list(modules)


setup(ext_modules=extensions())
