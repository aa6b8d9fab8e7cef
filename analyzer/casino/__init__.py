"""The "6+ Poker" live-dealer betting game (seed 003): re-check draws, settle bets, price odds.

* :mod:`~analyzer.casino.outcomes` -- the betting outcomes as data (``outcomes.toml``).
* :mod:`~analyzer.casino.judge` -- who won a draw, by the seed's ranking and tie rules.
* :mod:`~analyzer.casino.exact` -- exact counts by complete enumeration (fast, numpy).
* :mod:`~analyzer.casino.odds` -- every outcome's probability and fair odds at each round.
* :mod:`~analyzer.casino.settle` -- what a bet is owed; :mod:`~analyzer.casino.audit` -- the
  settlement audit; :mod:`~analyzer.casino.margins` -- offered against fair odds.
* :func:`report_bytes` -- one call for a page: read, audit and price a session.
"""

from __future__ import annotations

from analyzer.casino.report import CasinoReport, Summary, report_bytes, report_files

__all__ = ["CasinoReport", "Summary", "report_bytes", "report_files"]
