"""``SIXPLUS_PURE=1`` at run time: the modules compiled with mypyc (``analyzer/compiled.txt``)
are imported from their Python sources, as if they had never been built.

The package imports this first (``parsers/__init__.py``; ``analyzer`` imports ``parsers``), so
the finder is in place before any compiled module loads. It serves the modules of the
``analyzer`` and ``parsers`` packages from their ``.py`` files; a C extension with no source
beside it (the evaluator kernel, ``analyzer/evaluator/_kernel.c``) is found as usual
(``SIXPLUS_KERNEL=0`` turns that one off). The pure build's CI step runs the tests this way.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, ModuleSpec, SourceFileLoader
from types import ModuleType

#: the packages whose modules may be compiled
PACKAGES = ("analyzer.", "parsers.")
#: their folders: a module found on a sys.path entry inside one (a test runner that imports a
#: file of a folder without ``__init__.py`` by its bare name, as pytest's doctests do) is theirs too
FOLDERS = tuple(
    os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), p) for p in ("analyzer", "parsers")
)


def requested() -> bool:
    """Whether this process runs the compiled modules as Python (``SIXPLUS_PURE=1``)."""
    return os.environ.get("SIXPLUS_PURE") == "1"


class SourceOnly:
    """Finds the package's modules as ``.py`` files only, ahead of the extension files (a meta path
    finder by its ``find_spec``: not derived from ``importlib.abc.MetaPathFinder``, whose import
    pulls in ``importlib.resources`` and ``tempfile``, a fifth of ``sixplus --version``'s start-up)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if path is None and "." not in fullname:
            path = [e for e in sys.path if os.path.abspath(e or ".").startswith(FOLDERS)]
        elif path is None or not fullname.startswith(PACKAGES):
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(fullname)
            if spec is not None and spec.loader is not None:
                return spec
        return None


def install() -> None:
    """Put the finder first, once, if ``SIXPLUS_PURE=1``."""
    if requested() and not any(isinstance(f, SourceOnly) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceOnly())


install()
