"""The Players page without Streamlit: the statistics rows, the views a choice of player
offers, the winnings lines, the starting-hand grid, the filters from the sidebar's values
and the leak finder's caption.

Rates and their samples come from :mod:`analyzer.stats.tables`; money and win rates are
shown with the separators of the language in force.

>>> from analyzer.i18n import use
>>> with use("de"):
...     money_value(-123456, 2), win_rate_text(12.345, "bb")
('-1.234,56', '12,3 bb/100')
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import polars as pl
from babel.numbers import format_decimal

from analyzer.i18n import _, current, f_, number, pgettext
from analyzer.stats import charts as queries
from analyzer.stats.filters import Choices, Filters
from analyzer.stats.query import RATES
from analyzer.stats.tables import MAIN, rate_text
from dashboards.words import COLUMNS, PLAYER_VIEWS, word

ALL = ""  # the player choice "everyone"
STATS_KEYS = ("site", "player")
POSITION_KEYS = ("site", "player", "position")
SESSION_KEYS = ("site", "player", "session")


def money_value(amount: float | None, decimals: int) -> str:
    """Minor units as units with the locale's separators and ``decimals`` places; ``''`` for none.

    >>> money_value(123456, 2), money_value(-5, 0), money_value(None, 2)
    ('1,234.56', '-5', '')
    """
    if amount is None:
        return ""
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return str(format_decimal(amount / 10**decimals, format=pattern, locale=current(), decimal_quantization=True))


def win_rate_text(value: float | None, unit: str, why: str = "") -> str:
    """A win rate per 100 hands in its unit, or why it was left out.

    >>> win_rate_text(-3.25, "bb"), win_rate_text(None, "bb", "mixed stakes")
    ('-3.2 bb/100', 'mixed stakes')
    """
    return why if value is None else f"{number(value, '.1f')} {unit}/100"


def aggression_text(aggressive: int, calls: int) -> str:
    """Bets and raises per call, two places; ``'–'`` without calls.

    >>> aggression_text(7, 4), aggression_text(3, 0)
    ('1.75', '–')
    """
    return number(aggressive / calls, ".2f") if calls else "–"


def stats_rows(frame: pl.DataFrame, keys: Sequence[str]) -> list[dict[str, object]]:
    """The summary's rows for reading: money in units, each main rate with its counts, win
    rates per 100 hands (or why they are left out), the aggression factor."""
    rows = []
    for r in frame.iter_rows(named=True):
        d = int(r["decimals"])
        row: dict[str, object] = {k: r.get(k) for k in keys}
        row["hands"] = r["hands"]
        row["currency"] = r["currency"]
        row["net"] = money_value(r["net"], d)
        row["showdown_net"] = money_value(r["showdown_net"], d)
        row["non_showdown_net"] = money_value(r["non_showdown_net"], d)
        row["allin_hands"] = r["allin_hands"]
        row["adjusted_net"] = money_value(r["adjusted_net"], d)
        why = r.get("win_rate_note") or ""  # a win rate left out says why
        row["win_rate"] = win_rate_text(r["win_rate"], r["unit_name"], why)
        row["adjusted_win_rate"] = win_rate_text(r["adjusted_win_rate"], r["unit_name"], why)
        for name, chances, _done, _chance in RATES:
            if name in MAIN:  # the others are in the "more" view
                row[name] = rate_text(int(r[name]), int(r[chances]))
        row["af"] = aggression_text(int(r["aggressive"]), int(r["calls"]))
        rows.append(row)
    return rows


def session_rows(
    frame: pl.DataFrame, file_name: Callable[[str | None], str] = lambda f: f or ""
) -> list[dict[str, object]]:
    """The sessions' rows: the statistics with when each session started and its file
    (``file_name``: how the page names a stored file)."""
    rows = []
    for row, start, file in zip(stats_rows(frame, SESSION_KEYS), frame["start"], frame["file"], strict=True):
        items = list(row.items())
        items[3:3] = [("start", str(start or "")), ("file", file_name(file))]
        rows.append(dict(items))
    return rows


def player_label(player: str) -> str:
    """A player's name in the choice, "everyone" for all of them."""
    return _("everyone") if player == ALL else player


def views_for(player: str | None) -> tuple[str, ...]:
    """The views a page offers: a player's winnings and leaks only with a player chosen.

    >>> views_for("Anna"), views_for(None)
    (('results', 'leaks', 'grid', 'positions', 'sessions', 'more'), ('grid', 'positions', 'sessions', 'more'))
    """
    return (("results", "leaks") if player else ()) + ("grid", "positions", "sessions", "more")


def view_label(view: str) -> str:
    return word(PLAYER_VIEWS, view)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a chart: its name, points, colour and dash."""

    name: str
    x: tuple[int, ...]
    y: tuple[float, ...]
    colour: str
    dash: str


@dataclass(frozen=True, slots=True)
class ResultsChart:
    lines: tuple[Line, ...]
    x_title: str
    y_title: str  # the currency


RESULT_LINES = (
    ("net", "net", "#2e7d32"),
    ("showdown", "showdown_net", "#1565c0"),
    ("non_showdown", "non_showdown_net", "#c62828"),
    ("adjusted", "adjusted_net", "#f9a825"),
)


def results_chart(frame: pl.DataFrame) -> ResultsChart | None:
    """Winnings over the hands in units: net, at showdown, without showdown, all-in adjusted;
    ``None`` without hands."""
    if frame.height == 0:
        return None
    scale = 10 ** int(frame["decimals"][0])
    hands = tuple(int(h) for h in frame["hand"].to_list())
    lines = tuple(
        Line(
            name=word(COLUMNS, label),
            x=hands,
            y=tuple(float(v) / scale for v in frame[column].to_list()),
            colour=colour,
            dash="dot" if column == "adjusted" else "solid",
        )
        for column, label, colour in RESULT_LINES
    )
    return ResultsChart(lines, _("hands"), str(frame["currency"][0]))


@dataclass(frozen=True, slots=True)
class Grid:
    """The starting-hand grid: one cell a rank pair, suited above the diagonal, pairs on it."""

    ranks: tuple[str, ...]
    z: tuple[tuple[float | None, ...], ...]
    text: tuple[tuple[str, ...], ...]
    colour_scale: str
    mid: float | None
    bar_title: str
    height: int
    caption: str


def colour_label(colour: str) -> str:
    return word(PLAYER_VIEWS, f"by_{colour}")


def starting_hand_grid(frame: pl.DataFrame, deck: int, colour: str) -> Grid:
    """The grid of the starting hands in ``frame`` for a deck of ``deck`` cards, coloured by
    the result per hand (``"result"``) or how often each was dealt (``"frequency"``)."""
    by_result = colour == "result"
    ranks = queries.rank_order(deck)
    size = len(ranks)
    total = int(frame["hands"].sum()) if frame.height else 0
    z: list[list[float | None]] = [[None] * size for _ in range(size)]
    text = [[""] * size for _ in range(size)]
    percent = pgettext("percent", "{value}%")
    for r in frame.iter_rows(named=True):
        hi, lo = ranks.index(r["high"]), ranks.index(r["low"])
        row, col = (hi, lo) if r["pair"] or r["suited"] else (lo, hi)
        value = r["units"] / r["hands"] if by_result else 100 * r["hands"] / max(total, 1)
        z[row][col] = value
        shown = number(value, "+.1f") if by_result else percent.format(value=number(value, ".2f"))
        text[row][col] = f"{r['hand']}<br>{shown}<br>n={r['hands']}"
    for i in range(size):
        for j in range(size):
            if not text[i][j]:
                a, b = ranks[min(i, j)], ranks[max(i, j)]
                text[i][j] = a + a if i == j else f"{a}{b}{'s' if i < j else 'o'}"
    return Grid(
        ranks=tuple(ranks),
        z=tuple(tuple(r) for r in z),
        text=tuple(tuple(r) for r in text),
        colour_scale="RdYlGn" if by_result else "Blues",
        mid=0 if by_result else None,
        bar_title=_("bb or antes per hand") if by_result else "%",
        height=560 if size == 9 else 760,
        caption=f_(
            "{n} hands with known hole cards: suited hands above the diagonal, pairs on it, offsuit "
            "below; n is the sample of each.",
            n=total,
        ),
    )


def accounts(choices: Choices) -> list[str]:
    """The accounts a player can claim as theirs, ``site:name``."""
    return [f"{site}:{name}" for site, name in choices.accounts]


def filters_of(
    *,
    days: object = None,
    sites: Sequence[str] = (),
    tables: Sequence[str] = (),
    stakes: Sequence[str] = (),
    games: Sequence[str] = (),
    rules: Sequence[str] = (),
    positions: Sequence[str] = (),
    size: tuple[int, int] = (1, 2),
    most: int = 2,
    min_hands: int = 0,
    heroes: Sequence[str] = (),
) -> Filters:
    """The filters from the sidebar's values: a date range only when both ends are given, the
    table-size bounds only where they narrow (``1..most`` is everything), ``site:name`` heroes."""
    since = until = None
    if isinstance(days, tuple) and len(days) == 2 and all(isinstance(d, dt.date) for d in days):
        since, until = days
    low, high = size
    return Filters(
        since=since,
        until=until,
        sites=tuple(sites),
        tables=tuple(tables),
        stakes=tuple(stakes),
        games=tuple(games),
        rules=tuple(rules),
        positions=tuple(positions),
        min_players=low if low > 1 else None,
        max_players=high if high < most else None,
        min_hands=int(min_hands),
        heroes=tuple((a.split(":", 1)[0], a.split(":", 1)[1]) for a in heroes),
    )


def leak_caption(level: float) -> str:
    return f_(
        "Flagged only when the rate's {level:.0%} Wilson interval lies wholly outside the reference. "
        "References: six-max hold'em from published guides; short deck and other tables from this "
        "store's other players of the same game and table size (10th-90th percentile).",
        level=level,
    )
