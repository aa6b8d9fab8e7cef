"""The statistics queries as they were before the pre-summed table (store version 2), over the
``players`` rows hand by hand: the reference the pre-summed path is compared with
(tests/analyzer/test_stats_presum.py). Kept only here, as the test's oracle."""

from __future__ import annotations

from datetime import timedelta
from functools import reduce
from typing import Literal

import numpy as np
import numpy.typing as npt
import polars as pl

from analyzer.i18n import _
from analyzer.stats.filters import Filters

Grouping = Literal["player", "position", "stakes", "game"]

#: players are (site, name): a namesake of another site is another player unless linked
#: (see :mod:`analyzer.stats.filters`)
KEYS: dict[str, tuple[str, ...]] = {
    "player": ("site", "player"),
    "position": ("site", "player", "position"),
    "stakes": ("site", "player", "rules", "stake"),
    "game": ("site", "player", "rules"),  # a rule set is one game: its win rate in one unit
}
MONEY = ("currency", "decimals")
#: (name of the count done, name of its chances, column done, column chances)
RATES = (
    ("vpip", "vpip_chances", "vpip", "vpip_chance"),
    ("pfr", "pfr_chances", "pfr", "vpip_chance"),
    ("three_bet", "three_bet_chances", "three_bet", "three_bet_chance"),
    ("wtsd", "wtsd_chances", "showdown", "saw_flop"),
    ("wsd", "wsd_chances", "won_at_showdown", "showdown"),
    ("wwsf", "wwsf_chances", "_wwsf", "saw_flop"),  # won when saw flop: won > 0 of saw_flop
    ("limp", "limp_chances", "limp", "limp_chance"),
    ("steal", "steal_chances", "steal", "steal_chance"),
    ("fold_steal", "fold_steal_chances", "fold_steal", "fold_steal_chance"),
    ("four_bet", "four_bet_chances", "four_bet", "four_bet_chance"),
    ("fold_three_bet", "fold_three_bet_chances", "fold_three_bet", "fold_three_bet_chance"),
    ("cbet_flop", "cbet_flop_chances", "cbet_flop", "cbet_flop_chance"),
    ("fold_cbet_flop", "fold_cbet_flop_chances", "fold_cbet_flop", "fold_cbet_flop_chance"),
    ("cbet_turn", "cbet_turn_chances", "cbet_turn", "cbet_turn_chance"),
    ("fold_cbet_turn", "fold_cbet_turn_chances", "fold_cbet_turn", "fold_cbet_turn_chance"),
    ("check_raise", "check_raise_chances", "check_raise", "check_raise_chance"),
)
#: the columns of the players table the rates read (the query makes ``_wwsf`` from ``won``)
RATE_COLUMNS = tuple(dict.fromkeys(c for _, _, done, chance in RATES for c in (done, chance) if not c.startswith("_")))
#: why a group has no win rate
MIXED_UNITS = "mixed"


def rate(done: int, chances: int) -> float | None:
    """A percentage, or ``None`` with no chances.

    >>> rate(3, 12), rate(0, 0)
    (25.0, None)
    """
    return 100.0 * done / chances if chances else None


def _prepare(rows: pl.LazyFrame) -> pl.LazyFrame:
    """Per-row terms the aggregations sum (computed once, before grouping)."""
    net = pl.col("net")
    return rows.with_columns(
        (net * pl.col("showdown")).alias("_showdown_net"),
        (net / pl.col("unit")).alias("_net_units"),
        (pl.col("unit_name") == "ante").alias("_ante"),
        (pl.col("saw_flop") & (pl.col("won") > 0)).alias("_wwsf"),
    )


def _aggregations() -> list[pl.Expr]:
    out = [
        pl.len().alias("hands"),
        pl.col("net").sum(),
        pl.col("_net_units").sum().alias("net_units"),
        pl.col("_ante").min().alias("_all_ante"),
        pl.col("_ante").max().alias("_any_ante"),
        pl.col("_showdown_net").sum().alias("showdown_net"),
        pl.col("aggressive").sum().cast(pl.Int64),
        pl.col("calls").sum().cast(pl.Int64),
        pl.col("folds").sum().cast(pl.Int64),
    ]
    # each column summed once (a group-by pays per aggregation: some rates share a column)
    for column in (*RATE_COLUMNS, "_wwsf"):
        out.append(pl.col(column).sum().cast(pl.Int64).alias(f"_sum_{column}"))
    return out


def _rate_counts() -> list[pl.Expr]:
    """Each rate's done and chances, named, from the sums of :func:`_aggregations`."""
    out = []
    for name, chances, done_col, chance_col in RATES:
        out.append(pl.col(f"_sum_{done_col}").alias(name))
        out.append(pl.col(f"_sum_{chance_col}").alias(chances))
    return out


def _grouped(rows: pl.LazyFrame, keys: list[str]) -> pl.LazyFrame:
    """The aggregation of :func:`_prepare`'s rows by ``keys``: the columns in the order the
    queries have always given them."""
    named = [*keys, "hands", "net", "net_units", "_all_ante", "_any_ante", "showdown_net", "aggressive", "calls"]
    return rows.group_by(keys).agg(_aggregations()).select(*named, "folds", *_rate_counts())


def _finish(frame: pl.LazyFrame, luck: pl.LazyFrame, keys: list[str]) -> pl.LazyFrame:
    joined = frame.join(luck, on=keys, how="left", nulls_equal=True).with_columns(
        pl.col("allin_hands").fill_null(0),
        pl.col("luck").fill_null(0.0),
        pl.col("luck_units").fill_null(0.0),
        (pl.col("net") - pl.col("showdown_net")).alias("non_showdown_net"),
    )
    mixed = pl.col("_all_ante") != pl.col("_any_ante")
    return joined.with_columns(
        (pl.col("net") / 10 ** pl.col("decimals").cast(pl.Int64)).alias("net_money"),
        pl.when(mixed).then(None).otherwise(100 * pl.col("net_units") / pl.col("hands")).alias("win_rate"),
        pl.when(mixed)
        .then(pl.lit("mixed"))
        .when(pl.col("_all_ante"))
        .then(pl.lit("ante"))
        .otherwise(pl.lit("bb"))
        .alias("unit_name"),
        (pl.col("net") - pl.col("luck")).alias("adjusted_net"),
        pl.when(mixed)
        .then(None)
        .otherwise(100 * (pl.col("net_units") - pl.col("luck_units")) / pl.col("hands"))
        .alias("adjusted_win_rate"),
        pl.when(mixed)
        .then(pl.lit(_("ante and blind games mixed: see the win rate by game")))
        .otherwise(pl.lit(""))
        .alias("win_rate_note"),
    ).drop("_all_ante", "_any_ante", "net_units", "luck_units")


def _luck(allin: pl.LazyFrame, keys: list[str]) -> pl.LazyFrame:
    luck = pl.col("won") - pl.col("expected")
    return allin.group_by(keys).agg(
        pl.len().cast(pl.UInt32).alias("allin_hands"),
        luck.sum().alias("luck"),
        (luck / pl.col("unit")).sum().alias("luck_units"),
    )


def counted(
    players: pl.LazyFrame, allin: pl.LazyFrame, filters: Filters | None = None, player: str | None = None
) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    """The rows a statistic counts: readable hands, the filters' rows, players identified
    (links applied), one player's when ``player`` is given; ``allin`` alike."""
    return _counted_rows(players, filters, player), _counted_allin(allin, filters, player)


def _counted_rows(players: pl.LazyFrame, filters: Filters | None, player: str | None) -> pl.LazyFrame:
    rows = (filters or Filters()).apply(players.filter(pl.col("verdict") != "unreadable"))
    return rows if player is None else rows.filter(pl.col("player") == player)


def _counted_allin(allin: pl.LazyFrame, filters: Filters | None, player: str | None) -> pl.LazyFrame:
    allin = (filters or Filters()).apply(allin)
    return allin if player is None else allin.filter(pl.col("player") == player)


def summary(
    players: pl.LazyFrame,
    allin: pl.LazyFrame,
    *,
    by: Grouping = "player",
    player: str | None = None,
    filters: Filters | None = None,
) -> pl.DataFrame:
    """One row per group (and currency): hands, money, win rates, and every rate's counts.

    ``players`` is the store's ``players`` table, ``allin`` its ``allin_ev`` table. A group
    that mixes ante and blind games has no win rate and says why (``win_rate_note``).
    """
    keys = summary_keys(by)
    frame = partial_summary(players, by=by, player=player, filters=filters)
    luck = partial_luck(allin, by=by, player=player, filters=filters)
    return _finish_groups(frame, luck, keys, filters).collect()


#: how partial results of :func:`partial_summary` combine: each column summed, except these
COMBINE = {"_all_ante": "min", "_any_ante": "max"}


def summary_keys(by: Grouping) -> list[str]:
    """The columns a summary groups by."""
    if by not in KEYS:
        raise ValueError(f"by: expected one of {', '.join(KEYS)}, got {by!r}")
    return [*KEYS[by], *MONEY]


def partial_summary(
    players: pl.LazyFrame, *, by: Grouping = "player", player: str | None = None, filters: Filters | None = None
) -> pl.LazyFrame:
    """:func:`summary`'s aggregation over some of the ``players`` rows (a part of the store):
    partial results add up (:data:`COMBINE`) to the aggregation over all of them. The
    filters' row conditions apply here; their minimum hands applies when finishing."""
    return _grouped(_prepare(_counted_rows(players, filters, player)), summary_keys(by))


def partial_luck(
    allin: pl.LazyFrame, *, by: Grouping = "player", player: str | None = None, filters: Filters | None = None
) -> pl.LazyFrame:
    """The all-in luck over some of the ``allin_ev`` rows (sums: partial results add up)."""
    return _luck(_counted_allin(allin, filters, player), summary_keys(by))


def finish_summary(
    frame: pl.DataFrame, luck: pl.DataFrame, *, by: Grouping = "player", filters: Filters | None = None
) -> pl.DataFrame:
    """:func:`summary` from the added partial results (a cluster's, :mod:`analyzer.store.cluster`)."""
    return _finish_groups(frame.lazy(), luck.lazy(), summary_keys(by), filters).collect()


def _finish_groups(frame: pl.LazyFrame, luck: pl.LazyFrame, keys: list[str], filters: Filters | None) -> pl.LazyFrame:
    if filters is not None and filters.min_hands:
        frame = frame.filter(filters.groups())
    return _finish(frame, luck, keys).sort(keys, nulls_last=True)


def _codes(column: pl.Series) -> npt.NDArray[np.uint64]:
    """Integers (below 2**32) equal exactly where the strings are (null: a code of its own)."""
    codes = column.cast(pl.Categorical).to_physical().cast(pl.UInt64).fill_null(2**32 - 1)
    return codes.to_numpy()


def _session_numbers(table: pl.DataFrame, idle_minutes: int) -> pl.DataFrame:
    """Each row's session number (``session``, from 1 for each player), its place in the
    order the sessions are cut in (``order``) and one integer for its (site, player, session,
    currency, decimals) (``_group``), the rows in the store's order.

    A player's hands are taken by time (a stable sort: without a time, in the store's file
    and line order, after the timed ones); a session starts at a player's first hand, after a
    gap longer than ``idle_minutes``, when the night changes, and among hands without a time
    at each new file. One stable sort on integer columns gives the order; then "the hand
    before" is the previous row, because a player's hands follow each other: linear in the
    rows, no window per player.
    """
    never = np.iinfo(np.int64).max
    at = table["started"].dt.cast_time_unit("us").to_physical().fill_null(never).to_numpy()
    player = (_codes(table["site"]) << np.uint64(32)) | _codes(table["player"])
    order = np.lexsort((at, player))
    player, at = player[order], at[order]
    night = table["night"].to_physical().fill_null(-1).to_numpy()[order]
    timed = at != never
    untimed = not timed.all()
    file = _codes(table["file"])[order] if untimed else player  # files matter only without times
    first = np.ones(len(order), dtype=bool)  # a player's first hand
    first[1:] = player[1:] != player[:-1]
    new = first.copy()
    if len(order) > 1:
        was_timed = timed[:-1]
        now_timed = timed[1:]
        gap = at[1:] - at[:-1] > idle_minutes * 60_000_000
        new[1:] |= now_timed & (~was_timed | gap | (night[1:] != night[:-1]))
        new[1:] |= ~now_timed & (was_timed | (file[1:] != file[:-1]))
    count = np.cumsum(new)
    # numbered from 1 for each player: the running count less its value at the player's first hand
    numbers = count - np.maximum.accumulate(np.where(first, count, 0)) + 1
    session = np.empty(len(order), dtype=np.int64)
    session[order] = numbers
    place = np.empty(len(order), dtype=np.int64)
    place[order] = np.arange(len(order), dtype=np.int64)
    # one integer a (player, session, currency, decimals): the running count names the
    # player's session, a dense code the money; grouping on it is much cheaper than on strings
    decimals = table["decimals"].cast(pl.Int64).fill_null(-129).to_numpy() + 129  # 0 to 256
    money = (_codes(table["currency"]).astype(np.int64) << 9) | decimals
    kinds = np.sort(pl.Series(money).unique().to_numpy())
    group = np.empty(len(order), dtype=np.int64)
    group[order] = count * len(kinds)
    group += np.searchsorted(kinds, money)
    return pl.DataFrame({"session": session, "order": place, "_group": group})


def _join_exact(left: pl.LazyFrame, right: pl.LazyFrame, on: list[str]) -> pl.LazyFrame:
    """The inner join on the string columns ``on`` (nulls equal), made on one 64-bit hash of
    them (much cheaper than joining on several strings) and then kept only where the strings
    are equal: exact even if different keys share a hash. The right frame's other columns
    are added."""
    key = reduce(lambda a, b: a ^ b, [pl.col(c).hash(seed) for seed, c in enumerate(on)]).alias("_key")
    theirs = {c: f"_right_{c}" for c in on}
    joined = left.with_columns(key).join(
        right.with_columns(key).rename(theirs), on="_key", how="inner", nulls_equal=True
    )
    same = [pl.col(c).eq_missing(pl.col(theirs[c])) for c in on]
    return joined.filter(pl.all_horizontal(same)).drop("_key", *theirs.values())


SESSION_COLUMNS = tuple(
    dict.fromkeys(
        [
            "hand_id",
            "site",
            "player",
            "started",
            "file",
            "line",
            "net",
            "showdown",
            "unit",
            "unit_name",
            "aggressive",
            "calls",
            "folds",
            "won",
            *RATE_COLUMNS,
            *MONEY,
        ]
    )
)


def sessions(
    players: pl.LazyFrame,
    allin: pl.LazyFrame,
    *,
    player: str | None = None,
    idle_minutes: int = 60,
    day_starts_at: int = 6,
    filters: Filters | None = None,
) -> pl.DataFrame:
    """One row per player session: a run of hands with no gap longer than ``idle_minutes``,
    inside one night (a night runs from ``day_starts_at`` o'clock to the same hour next day,
    so play that crosses midnight stays one night). Hands without a time form one session
    per file, in file order.
    """
    rows, allin = counted(players, allin, filters, player)
    rows = rows.select(SESSION_COLUMNS).with_columns(
        (pl.col("started") - timedelta(hours=day_starts_at)).dt.date().alias("night")
    )
    # the cut reads only its few columns (and gives each session its times and first file);
    # the sums are made by polars over the same rows (a scan keeps its order), the session
    # numbers set beside them
    keys = ["site", "player", "session", *MONEY]
    cut = rows.select("site", "player", "started", "night", "file", *MONEY).collect()
    numbers = _session_numbers(cut, idle_minutes)
    times = (
        pl.concat([cut, numbers], how="horizontal")
        .group_by("_group")
        .agg(
            *(pl.col(key).first() for key in keys),  # one group: one of each
            pl.col("night").first(),  # one night a session
            pl.col("started").min().alias("start"),
            pl.col("started").max().alias("end"),
            pl.col("file").get(pl.col("order").arg_min()),  # the file of the session's first hand
        )
    )
    rows = pl.concat([rows, numbers.lazy().select("session", "_group")], how="horizontal")
    sums = _grouped(_prepare(rows), ["_group"])
    frame = times.lazy().join(sums, on="_group", how="inner").drop("_group")
    if filters is not None and filters.min_hands:
        frame = frame.filter(filters.groups())
    session_of = rows.select("hand_id", "site", "player", "session")
    luck = _luck(_join_exact(allin, session_of, ["hand_id", "site", "player"]), keys)
    return _finish(frame, luck, keys).sort("site", "player", "session", nulls_last=True).collect()
