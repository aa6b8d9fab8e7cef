"""The semantics of sixplus: cards, rule sets, the evaluator, the replay engine, the audit,
equity, statistics, quizzes and the store. Pure: records in, records out; no UI, no plotting."""

__version__ = "0.1.0"  # the package's version (pyproject.toml reads it: one place)

import parsers as _parsers  # noqa: F401  (first: with SIXPLUS_PURE=1 compiled modules run as Python)
