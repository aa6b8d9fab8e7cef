"""Store queries for charts: results over the hands and by starting hand.

* :func:`results_over_hands`: one player's results hand after hand, summed as they go (net, at
  showdown, without showdown, all-in adjusted), thinned to a few thousand points for a chart;
* :func:`starting_hands`: results by starting hand (``AKs``, ``QQ``, ``T9o``), for the grid.

They read the store's ``players`` and ``allin_ev`` tables lazily with polars, exactly as
:mod:`analyzer.stats.query` does (the same filters: no unreadable hands; all-in luck =
won - expected).
"""

from __future__ import annotations

import polars as pl

RANKS = "AKQJT98765432"
SHORT_RANKS = "AKQJT9876"
_VALUE = {r: 14 - i for i, r in enumerate(RANKS)}


def rank_order(deck: int) -> str:
    """Ranks high to low for a deck: ``'AKQJT9876'`` for 36 cards.

    >>> rank_order(36), len(rank_order(52))
    ('AKQJT9876', 13)
    """
    return SHORT_RANKS if deck == 36 else RANKS


def results_over_hands(players: pl.LazyFrame, allin: pl.LazyFrame, *, player: str, points: int = 2000) -> pl.DataFrame:
    """The player's running totals after each hand, in the currency they played most (minor units).

    Columns: ``hand`` (1, 2, ...), ``net``, ``showdown``, ``non_showdown``, ``adjusted``,
    ``currency``, ``decimals``. Hands are in time order (then file and line); at most
    ``points`` rows are kept (evenly spaced, the last always).
    """
    rows = players.filter((pl.col("player") == player) & (pl.col("verdict") != "unreadable"))
    top = rows.group_by("currency", "decimals").len().sort("len", descending=True).head(1).collect()
    if top.height == 0:
        return pl.DataFrame(
            schema={
                "hand": pl.Int64,
                "net": pl.Int64,
                "showdown": pl.Int64,
                "non_showdown": pl.Int64,
                "adjusted": pl.Float64,
                "currency": pl.String,
                "decimals": pl.Int8,
            }
        )
    currency, decimals = top["currency"][0], top["decimals"][0]
    luck = (
        allin.filter(pl.col("player") == player)
        .group_by("hand_id")
        .agg((pl.col("won") - pl.col("expected")).sum().alias("luck"))
    )
    net, showdown = pl.col("net"), pl.col("showdown")
    frame = (
        rows.filter((pl.col("currency") == currency) & (pl.col("decimals") == decimals))
        .select("hand_id", "started", "file", "line", "net", "showdown")
        .join(luck, on="hand_id", how="left")
        .sort("started", "file", "line", nulls_last=True)
        .select(
            pl.int_range(1, pl.len() + 1, dtype=pl.Int64).alias("hand"),
            net.cum_sum().alias("net"),
            pl.when(showdown).then(net).otherwise(0).cum_sum().alias("showdown"),
            pl.when(showdown).then(0).otherwise(net).cum_sum().alias("non_showdown"),
            (net - pl.col("luck").fill_null(0.0)).cum_sum().alias("adjusted"),
        )
        .collect()
    )
    step = max(1, -(-frame.height // points))
    if step > 1:
        keep = (pl.col("hand") % step == 0) | (pl.col("hand") == frame.height)
        frame = frame.filter(keep)
    return frame.with_columns(pl.lit(currency).alias("currency"), pl.lit(decimals, dtype=pl.Int8).alias("decimals"))


def starting_hands(players: pl.LazyFrame, *, deck: int, player: str | None = None) -> pl.DataFrame:
    """Results by starting hand class where the hole cards are known, for one deck size.

    Columns: ``hand`` (``AKs``, ``QQ``, ``T9o``), ``high``, ``low`` (rank letters), ``suited``,
    ``pair``, ``hands``, ``won`` (hands with a positive net), ``units`` (net in big blinds or
    antes, summed).
    """
    rows = players.filter((pl.col("verdict") != "unreadable") & pl.col("cards").is_not_null())
    if player is not None:
        rows = rows.filter(pl.col("player") == player)
    # a few thousand distinct (cards, ranking) pairs at most: count them first, then name them
    by_cards = (
        rows.group_by("cards", "ranking")
        .agg(
            pl.len().alias("hands"),
            (pl.col("net") > 0).sum().alias("won"),
            (pl.col("net") / pl.col("unit")).sum().alias("units"),
        )
        .filter(
            ((pl.col("ranking") == "standard") == (deck == 52))
            & (pl.col("cards").str.len_chars() == 5)
            & ~pl.col("cards").str.contains("?", literal=True)
        )
        .collect()
    )
    cards = pl.col("cards")
    first = cards.str.slice(0, 1).replace_strict(_VALUE, default=0, return_dtype=pl.Int8)
    second = cards.str.slice(3, 1).replace_strict(_VALUE, default=0, return_dtype=pl.Int8)
    suited = cards.str.slice(1, 1) == cards.str.slice(4, 1)
    names = {v: r for r, v in _VALUE.items()}
    frame = (
        by_cards.select(
            pl.max_horizontal(first, second).alias("hi"),
            pl.min_horizontal(first, second).alias("lo"),
            suited.alias("suited"),
            "hands",
            "won",
            "units",
        )
        .group_by("hi", "lo", "suited")
        .agg(pl.col("hands").sum(), pl.col("won").sum(), pl.col("units").sum())
    )
    return (
        frame.with_columns(
            pl.col("hi").replace_strict(names, return_dtype=pl.String).alias("high"),
            pl.col("lo").replace_strict(names, return_dtype=pl.String).alias("low"),
            (pl.col("hi") == pl.col("lo")).alias("pair"),
        )
        .with_columns(
            pl.when(pl.col("pair"))
            .then(pl.col("high") + pl.col("low"))
            .otherwise(
                pl.col("high") + pl.col("low") + pl.when(pl.col("suited")).then(pl.lit("s")).otherwise(pl.lit("o"))
            )
            .alias("hand")
        )
        .select("hand", "high", "low", "suited", "pair", "hands", "won", "units")
        .sort("hands", descending=True)
    )
