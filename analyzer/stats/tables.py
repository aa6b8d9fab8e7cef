"""Rows for reading (view models, no Streamlit): the new rates with their samples, and the
leak finder's checks, as plain dicts a page or an export shows as they are."""

from __future__ import annotations

from typing import Any

import polars as pl

from analyzer.i18n import _
from analyzer.stats.leaks import Check
from analyzer.stats.query import RATES, rate

#: the rates of the Players page's main table; the others go to the "more" table
MAIN = ("vpip", "pfr", "three_bet", "wtsd", "wsd")
MORE = tuple(name for name, _c, _d, _h in RATES if name not in MAIN)


def rate_text(done: int, chances: int) -> str:
    """``'25.0% (3/12)'``; ``'– (0/0)'`` without chances.

    >>> rate_text(3, 12), rate_text(0, 0)
    ('25.0% (3/12)', '– (0/0)')
    """
    value = rate(done, chances)
    return f"{'–' if value is None else f'{value:.1f}%'} ({done}/{chances})"


def more_rows(frame: pl.DataFrame, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    """Each group's keys, hands and every rate of :data:`MORE` with its sample."""
    rows = []
    for r in frame.iter_rows(named=True):
        row: dict[str, Any] = {k: r[k] for k in keys}
        row["hands"] = r["hands"]
        for name in MORE:
            row[name] = rate_text(int(r[name]), int(r[f"{name}_chances"]))
        rows.append(row)
    return rows


def leak_rows(checks: tuple[Check, ...], *, flagged_only: bool = True) -> list[dict[str, Any]]:
    """The checks as rows: where, the rate and its sample, interval, reference, verdict and why,
    the hands behind a flag."""
    rows = []
    for c in checks:
        if flagged_only and not c.flagged:
            continue
        ref = c.reference
        rows.append(
            {
                "site": c.site or "",
                "rules": c.rules or "",
                "table_size": c.size,
                "stat": c.label,
                "rate": rate_text(c.done, c.chances),
                "interval": "" if c.interval is None else f"{c.interval[0]:.1f}-{c.interval[1]:.1f}%",
                "reference": "" if ref is None else f"{ref.low:.1f}-{ref.high:.1f}%",
                "source": "" if ref is None else ref.source,
                "verdict": {"high": _("too high"), "low": _("too low")}.get(c.verdict, c.verdict),
                "why": c.why,
                "hands": ", ".join(c.hands)
                + (_(" and {n} more").format(n=c.hands_total - len(c.hands)) if c.hands_total > len(c.hands) else ""),
            }
        )
    return rows
