"""``sixplus frequencies --store DIR [--json]``: observed frequencies against the exact ones.

Called by :mod:`analyzer.cli.frequencies_cmd` when ``--store`` is given.
"""

from __future__ import annotations

import json
from typing import Any

import click

from analyzer.cli.errors import fail, user_errors
from analyzer.cli.frequencies_cmd import category_names
from analyzer.i18n import Percent, _, f_, number, pgettext, render
from analyzer.observed import Comparison, Line, compare
from analyzer.stats.filters import Filters
from analyzer.store.store import Store


def run(store_dir: str, *, as_json: bool, filters: Filters | None = None, cluster: str | None = None) -> None:
    """Print every comparison the store allows (a table each, or one JSON object), over the
    hands the filters choose; with ``cluster``, the counts are made on Dask workers and added
    up here."""
    with user_errors():
        store = Store(store_dir)
        if store.manifest().hands == 0:
            fail(f_("the store {store} holds no hands: add some with sixplus import", store=str(store.root)))
        if cluster is None:
            comparisons = compare((filters or Filters()).apply(store.scan("players")))
        else:
            from analyzer.store.cluster import connect, store_path

            store = store_path(store)
            with connect(cluster) as on:
                comparisons = on.observed(store, filters=filters)
    if not comparisons:
        fail(f_("the store {store} holds no hand with known hole cards", store=str(store.root)))
    if as_json:
        click.echo(json.dumps({"store": str(store.root), "comparisons": [_json(c) for c in comparisons]}))
        return
    click.echo("\n\n".join(_table(c) for c in comparisons))


def _percent(value: float | None) -> str:
    """``12.345%``: three decimals, the locale's decimal sign and % sign."""
    if value is None:
        return "-"
    return pgettext("percent", "{value}%").format(value=number(value * 100, ".3f"))


def _p(value: float | None) -> str:
    return "-" if value is None else number(value, ".3g")


def _table(c: Comparison) -> str:
    """One comparison as a text table, in the language in force (the titles and line names are
    marked for the catalogs in :mod:`analyzer.observed`)."""
    categories = category_names()
    lines = [
        f_("{title} ({ranking}, {deck} cards)", title=_(c.title), ranking=c.ranking.value, deck=c.ranking.deck_size)
    ]
    count, of, observed = pgettext("column", "count"), pgettext("column", "of"), pgettext("column", "observed")
    interval, exact = f_("{percent} interval", percent=Percent(95, 100, 0)), pgettext("column", "exact")
    lines.append(f"{'':<36} {count:>8} {of:>8} {observed:>9} {interval:>19} {exact:>9} {'p':>8}")
    for ln in c.lines:
        low, high = ln.interval or (None, None)
        span = f"{_percent(low)}-{_percent(high)}" if low is not None else "-"
        name = categories.get(ln.name) or _(ln.name)
        lines.append(
            f"{name:<36} {number(ln.count):>8} {number(ln.total):>8} {_percent(ln.rate):>9} {span:>19} "
            f"{_percent(float(ln.expected)):>9} {_p(ln.p_value):>8}"
        )
    if c.statistic is not None:
        lines.append(
            f_(
                "chi-square {statistic} with {degrees} degrees of freedom: p = {p}",
                statistic=number(c.statistic, ".2f"),
                degrees=c.degrees,
                p=_p(c.p_value),
            )
        )
    if c.caution:
        lines.append(f_("caution: {text}", text=c.caution))
    if c.note:
        lines.append(f_("note: {note}", note=c.note))
    return "\n".join(lines)


def _line_json(ln: Line) -> dict[str, Any]:
    interval = ln.interval
    return {
        "name": ln.name,
        "count": ln.count,
        "total": ln.total,
        "observed": ln.rate,
        "interval95": list(interval) if interval else None,
        "exact": float(ln.expected),
        "exact_fraction": f"{ln.expected.numerator}/{ln.expected.denominator}",
        "p_value": ln.p_value,
    }


def _json(c: Comparison) -> dict[str, Any]:
    return {
        "title": c.title,
        "ranking": c.ranking.value,
        "deck": c.ranking.deck_size,
        "total": c.total,
        "lines": [_line_json(ln) for ln in c.lines],
        "chi_square": None if c.statistic is None else {"statistic": c.statistic, "df": c.degrees, "p": c.p_value},
        "caution": render(c.caution) if c.caution else None,
        "note": render(c.note) if c.note else None,
    }
