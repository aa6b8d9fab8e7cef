"""Build: the hot paths compiled to C with mypyc where a C compiler exists, the evaluator kernel
and its tables, and the message catalogs.

The modules to compile are listed once, in ``analyzer/compiled.txt`` (files, or package folders
ending in ``/``). They are plain, strictly typed Python (``mypy --strict``); mypyc turns them
into C extensions that run the replay and audit of a hand about twice as fast. ``pip install .``
and ``pip wheel .`` build them: ``[build-system] requires`` in ``pyproject.toml`` brings mypy
(mypyc ships with it) and what mypy must see to type-check them. It is optional: without a C
compiler, with ``SIXPLUS_PURE=1``, or if the build fails, the same modules run as Python and give
the same results (the pure build's CI step, ``make test``). ``sixplus --version`` says which
is in use.
"""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: the evaluator kernel: plain C over the evaluator's tables (no numpy headers needed)
KERNEL = "analyzer/evaluator/_kernel.c"
#: gettext catalogs: ``.po`` sources, compiled to ``.mo`` beside them in the built package
CATALOGS = "analyzer/locale/*/LC_MESSAGES/*.po"


def compiled_sources() -> list[str]:
    """The source files ``analyzer/compiled.txt`` names (``analyzer/compiled.py`` reads the list;
    it imports only the standard library, so it runs here before anything is installed)."""
    listing = runpy.run_path(str(HERE / "analyzer" / "compiled.py"))
    return list(listing["sources"](HERE))


def kernel() -> list[Extension]:
    """The kernel extension; optional: without a C compiler the numpy paths run instead."""
    return [Extension("analyzer.evaluator._kernel", [KERNEL], extra_compile_args=["-O3"], optional=True)]


def mypyc_modules() -> list[Extension]:
    try:
        from mypyc.build import mypycify
    except ImportError:  # an environment without mypy (pip's isolated build has it: build-system.requires)
        print("sixplus: building without mypyc (mypy is not installed); the hot path runs as pure Python")
        return []
    try:
        # experimental_features: mypyc's native vectors (librt.vecs.vec[i64]) hold the engine's
        # chips unboxed; the compiled code checks the installed librt's vector API version at import
        modules = mypycify(compiled_sources(), opt_level="3", debug_level="0", experimental_features=True)
    except (Exception, SystemExit) as error:  # mypy's type check failed here (a dependency missing?)
        print(f"sixplus: mypyc could not build the hot path ({error}); it runs as pure Python")
        return []
    for module in modules:
        module.optional = True  # a C build that fails (no compiler) leaves the pure Python modules in place
    return list(modules)


def extensions() -> list[Extension]:
    if os.environ.get("SIXPLUS_PURE") == "1":
        return []
    return kernel() + mypyc_modules()


class BuildWithData(build_py):
    """``build_py`` that also writes what need not be computed at start-up: the evaluator's
    tables (:mod:`analyzer.evaluator.tables`) and the gettext catalogs compiled to ``.mo``."""

    def run(self) -> None:
        super().run()
        # an editable install reads the package from the source tree: the files go there
        into = HERE if getattr(self, "editable_mode", False) else Path(self.build_lib)
        self.evaluator_tables(into)
        self.catalogs(into)

    def evaluator_tables(self, into: Path) -> None:
        """Every ranking's tables, beside ``tables.py`` (a process that finds none builds its own)."""
        env = {**os.environ, "PYTHONPATH": str(HERE), "SIXPLUS_PURE": "1", "SIXPLUS_KERNEL": "0"}
        code = "import sys; from analyzer.evaluator.tables import main; main(sys.argv[1:])"
        command = [sys.executable, "-c", code, str(into / "analyzer" / "evaluator")]
        done = subprocess.run(command, cwd=HERE, env=env, capture_output=True, text=True)
        if done.returncode:
            print(f"sixplus: the evaluator's tables are built at first use instead ({done.stderr.strip()[-300:]})")

    def catalogs(self, into: Path) -> None:
        """Each gettext catalog (``.po``) compiled to the ``.mo`` gettext reads, with Babel (in
        ``build-system.requires``); without Babel the messages stay in English."""
        catalogs = sorted(HERE.glob(CATALOGS))
        if not catalogs:
            return
        try:
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po
        except ImportError:
            print("sixplus: Babel is not installed; the message catalogs are not compiled (English only)")
            return
        for po in catalogs:
            mo = into / po.relative_to(HERE).with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source)
            with mo.open("wb") as target:
                write_mo(target, catalog, use_fuzzy=False)


if __name__ == "__main__":  # pip's build backend runs this file as __main__; the tests read compiled_sources
    setup(ext_modules=extensions(), cmdclass={"build_py": BuildWithData})
