"""Statistics over the store with polars (lazy): per player, position, rule set and stake, session.

Players are (site, name): every grouping starts with the site, and a namesake of another
site is another player unless the filters link them (:mod:`analyzer.stats.filters`, whose
:class:`~analyzer.stats.filters.Filters` every query takes).

Every rate comes as done and chances (``vpip`` of ``vpip_chances``) so the sample shows;
:func:`rate` makes the percentage. Money is summed in minor units per currency, so the
currency and its decimals are always part of the group. A win rate counts in big blinds
per 100 hands, or for ante games in antes (``unit_name``); a group that mixes both has no
win rate. Hands the audit could not read (verdict ``unreadable``) have no ledger and are
left out.

The all-in adjusted result replaces, hand by hand, what a player took from the pots
decided all-in by their exact expectation (see :mod:`analyzer.stats.allin`):
``adjusted_net = net - luck`` with ``luck = won - expected`` over those pots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import polars as pl

from analyzer.i18n import _
from analyzer.stats.filters import Filters
from analyzer.store.schema import ALLIN_SESSION, PRESUM_KEYS, PRESUM_SUMS, SESSION_KEYS

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
    ("wwsf", "wwsf_chances", "wwsf", "saw_flop"),  # won when saw flop: won > 0 of saw_flop
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
#: the columns of the pre-summed table the rates read
_RATE_SUMS = tuple(dict.fromkeys(c for _, _, done, chance in RATES for c in (done, chance)))
#: why a group has no win rate
MIXED_UNITS = "mixed"


def rate(done: int, chances: int) -> float | None:
    """A percentage, or ``None`` with no chances.

    >>> rate(3, 12), rate(0, 0)
    (25.0, None)
    """
    return 100.0 * done / chances if chances else None


#: the columns :func:`presum` sums, as the ``presum`` table names them (``wwsf``: won money
#: of ``saw_flop``, :data:`RATES`)
SUM_COLUMNS = PRESUM_SUMS
#: the columns of a pre-summed row that are its keys (``started``: the clock hour)
PRESUM_KEY_COLUMNS = tuple(name for name, _type in PRESUM_KEYS)
#: the keys of ``presum_session`` (the pre-summed keys less the position)
SESSION_KEY_COLUMNS = tuple(name for name, _type in SESSION_KEYS)
#: the keys of ``allin_session``
LUCK_KEY_COLUMNS = tuple(name for name in ALLIN_SESSION.names if name in SESSION_KEY_COLUMNS)


def presum(rows: pl.LazyFrame, every: str = "1d", keys: Sequence[str] = PRESUM_KEY_COLUMNS) -> pl.LazyFrame:
    """The ``players`` rows summed: one row a player and each of the filters' keys in one
    day (``every``: ``1h`` for the sessions, shorter for a shorter idle time) of one file,
    with the hands' first and last start and the counts every statistic adds up. Hands the
    audit could not read are left out. Every statistic is a sum of these rows, so it is the
    same whether the rows were summed at import (the store's ``presum``, ``presum_hour`` and
    ``presum_session`` tables, written with every part) or here; this is the one place the
    counts are defined. ``keys``: some of :data:`PRESUM_KEY_COLUMNS` (``presum_session``'s,
    without the position), ``started`` among them.
    """
    net = pl.col("net")
    readable = rows.filter(pl.col("verdict") != "unreadable").with_columns(
        pl.col("started").alias("_at"), pl.col("started").dt.truncate(every)
    )
    sums = [
        pl.len().cast(pl.Int64).alias("hands"),
        net.sum(),
        (net * pl.col("showdown")).sum().alias("showdown_net"),
        (pl.col("saw_flop") & (pl.col("won") > 0)).sum().cast(pl.Int64).alias("wwsf"),
    ]
    sums += [pl.col(c).sum().cast(pl.Int64) for c in SUM_COLUMNS if c not in ("hands", "net", "showdown_net", "wwsf")]
    return (
        readable.group_by(list(keys), maintain_order=True)
        .agg(pl.col("_at").min().alias("first"), pl.col("_at").max().alias("last"), *sums)
        .select(*keys, "first", "last", *SUM_COLUMNS)
    )


def presum_luck(allin: pl.LazyFrame, every: str = "1h", keys: Sequence[str] = LUCK_KEY_COLUMNS) -> pl.LazyFrame:
    """The ``allin_ev`` rows summed by the keys of ``allin_session`` (or ``keys``: those of
    ``allin_hour``, with the position; the hour: ``every``): how many, and their luck (won less
    expected) in minor units and in units (each row's luck over its unit, summed). The
    sessions' all-in luck is a sum of these rows (the store's ``allin_session`` and
    ``allin_hour`` tables, written with every part of ``allin_ev``, or summed here)."""
    luck = pl.col("won") - pl.col("expected")
    return (
        allin.with_columns(pl.col("started").dt.truncate(every))
        .group_by(list(keys), maintain_order=True)
        .agg(
            pl.len().cast(pl.Int64).alias("allin_hands"),
            luck.sum().alias("luck"),
            (luck / pl.col("unit")).sum().alias("luck_units"),
        )
    )


def summed(frame: pl.LazyFrame) -> pl.LazyFrame:
    """The pre-summed rows of ``frame``: the ``presum`` table as it is, the ``players`` rows
    summed (:func:`presum`)."""
    return presum(frame) if is_rows(frame) else frame


def is_rows(frame: pl.LazyFrame) -> bool:
    """Whether ``frame`` is the ``players`` rows (a hand's id in each) rather than ``presum``."""
    return "hand_id" in frame.collect_schema().names()


def _grouped(
    frame: pl.LazyFrame, keys: list[str], *, by: list[str] | None = None, head: Sequence[pl.Expr] = ()
) -> pl.LazyFrame:
    """The pre-summed rows aggregated by ``keys``: the columns in the order the queries have
    always given them. A win rate's units are the net over each row's unit (one unit a row).
    ``by`` groups instead of ``keys`` (one value of each key a group: an integer standing
    for them), ``head``'s aggregations come after the keys."""
    out = [
        pl.col("hands").sum().cast(pl.UInt32),
        pl.col("net").sum(),
        (pl.col("net") / pl.col("unit")).sum().alias("net_units"),
        (pl.col("unit_name") == "ante").min().alias("_all_ante"),
        (pl.col("unit_name") == "ante").max().alias("_any_ante"),
        pl.col("showdown_net").sum(),
        pl.col("aggressive").sum(),
        pl.col("calls").sum(),
        pl.col("folds").sum(),
    ]
    # each column summed once (a group-by pays per aggregation: some rates share a column)
    out += [pl.col(column).sum().alias(f"_sum_{column}") for column in _RATE_SUMS]
    firsts = [pl.col(k).first() for k in keys if by is not None and k not in by]
    names = [e.meta.output_name() for e in head]
    named = [*(by or []), *keys, *names, "hands", "net", "net_units", "_all_ante", "_any_ante", "showdown_net"]
    grouped = frame.group_by(by or keys).agg(*firsts, *head, *out)
    return grouped.select(*dict.fromkeys(named), "aggressive", "calls", "folds", *_rate_counts())


def _rate_counts() -> list[pl.Expr]:
    """Each rate's done and chances, named, from the sums of :func:`_grouped`."""
    out = []
    for name, chances, done_col, chance_col in RATES:
        out.append(pl.col(f"_sum_{done_col}").alias(name))
        out.append(pl.col(f"_sum_{chance_col}").alias(chances))
    return out


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
    """The pre-summed rows a statistic counts (``players``: the ``presum`` table, or the
    ``players`` rows, summed here): readable hands, the filters' rows, players identified
    (links applied), one player's when ``player`` is given; ``allin`` alike."""
    return _counted_rows(players, filters, player), _counted_allin(allin, filters, player)


def _counted_rows(players: pl.LazyFrame, filters: Filters | None, player: str | None) -> pl.LazyFrame:
    rows = (filters or Filters()).apply(summed(players))
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

    ``players`` is the store's ``presum`` table (or its ``players`` rows: the same numbers,
    slower), ``allin`` its ``allin_ev`` table. A group
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
    """:func:`summary`'s aggregation over some of the ``presum`` (or ``players``) rows (a part of the store):
    partial results add up (:data:`COMBINE`) to the aggregation over all of them. The
    filters' row conditions apply here; their minimum hands applies when finishing."""
    return _grouped(_counted_rows(players, filters, player), summary_keys(by))


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


#: the span of the store's pre-summed rows: sessions cut at a longer idle time read them
PRESUM_SPAN = timedelta(hours=1)


def _span(idle_minutes: int) -> str:
    """A span that no session cut falls inside (a gap inside it is shorter than any cut)
    and that a night's start (a whole hour) never splits."""
    if idle_minutes >= 60:
        return "1h"
    return "1m" if idle_minutes >= 1 else "1us"


def _codes(column: pl.Series) -> npt.NDArray[np.uint64]:
    """Integers (below 2**32) equal exactly where the strings are (null: a code of its own)."""
    codes = column.cast(pl.Categorical).to_physical().cast(pl.UInt64).fill_null(2**32 - 1)
    return codes.to_numpy()


_NEVER = np.iinfo(np.int64).max


def _times(column: pl.Series) -> npt.NDArray[np.int64]:
    """Microseconds since 1970 (null: after every time)."""
    times: npt.NDArray[np.int64] = column.dt.cast_time_unit("us").to_physical().fill_null(_NEVER).to_numpy()
    return times


def _session_groups(rows: pl.DataFrame, idle_minutes: int) -> tuple[Any, ...]:
    """Each pre-summed row's session number (from 1 for each player), one integer for its
    (site, player, session) (``_sid``) and one for its player, the rows in their order; the
    timed blocks (``_player``, ``_span`` in microseconds, ``_sid``) and the row numbers of
    each session's first row.

    A player's rows are taken by their span (a stable sort on integers: rows without a time
    after the timed ones, in the store's order); a block is one player's rows of one span
    (timed) or of one run of a file (untimed). A session starts at a player's first block,
    after a gap longer than ``idle_minutes`` between one block's last hand and the next one's
    first, when the night changes, and among hands without a time at each new file (no cut
    falls inside a block: its span is never longer than the idle time, nor split by a night).
    Linear in the rows after the sort: no window per player.
    """
    players = (_codes(rows["site"]) << np.uint64(32)) | _codes(rows["player"])
    span = _times(rows["started"])
    player = players
    order = np.lexsort((span, player))
    player, span = player[order], span[order]
    file = _codes(rows["file"])[order]
    first, last = _times(rows["first"])[order], _times(rows["last"])[order]
    night = rows["night"].to_physical().fill_null(-1).to_numpy()[order]
    untimed = span == _NEVER
    # the blocks: a new one at each player, span, and (untimed) file
    cut = np.ones(len(order), dtype=bool)
    cut[1:] = (player[1:] != player[:-1]) | (span[1:] != span[:-1]) | (untimed[1:] & (file[1:] != file[:-1]))
    starts = np.flatnonzero(cut)
    block = np.cumsum(cut) - 1
    b_first = np.minimum.reduceat(first, starts) if len(starts) else first
    b_last = np.maximum.reduceat(np.where(untimed, 0, last), starts) if len(starts) else last
    b_player, b_night, b_file, timed = player[starts], night[starts], file[starts], ~untimed[starts]
    new = np.ones(len(starts), dtype=bool)  # a player's first block
    new[1:] = b_player[1:] != b_player[:-1]
    own = new.copy()
    if len(starts) > 1:
        was_timed, now_timed = timed[:-1], timed[1:]
        gap = b_first[1:] - b_last[:-1] > idle_minutes * 60_000_000
        new[1:] |= now_timed & (~was_timed | gap | (b_night[1:] != b_night[:-1]))
        new[1:] |= ~now_timed & (was_timed | (b_file[1:] != b_file[:-1]))
    count = np.cumsum(new)
    # numbered from 1 for each player: the running count less its value at the player's first block
    numbers = count - np.maximum.accumulate(np.where(own, count, 0)) + 1
    session = np.empty(len(order), dtype=np.int64)
    session[order] = numbers[block]
    sid = np.empty(len(order), dtype=np.int64)
    sid[order] = count[block]
    # the timed blocks (player, span, session), and each session's first row
    spans = pl.DataFrame(
        {"_player": b_player[timed], "_span": span[starts][timed], "_sid": count[timed].astype(np.int64)}
    )
    heads = order[starts[new]]
    return session, sid, players, spans, heads


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
    per run of one file, in the store's order. ``start`` and ``end`` are its first and last
    hand's times, ``file`` its first hand's file (the first in the store's order at one time).

    ``players`` is the store's ``presum_session`` table, or its ``presum_hour`` table (sessions
    chosen by position), both by the hour (``idle_minutes`` of 60 or more), or its ``players``
    rows (any idle time); ``allin`` its ``allin_session`` table (by the hour), ``allin_hour``
    (by the hour and position) or its ``allin_ev`` rows. :func:`session_tables` chooses them.
    The pre-summed rows of one player and one span (an hour, or a minute for a shorter idle
    time: no cut falls inside one) are a block; the sessions are cut between blocks, by their
    first and last hands' times.
    """
    every = _span(idle_minutes)
    by_position = filters is not None and bool(filters.positions)
    names = players.collect_schema().names()
    if "hand_id" in names:
        players = presum(players, every)
    elif "first" not in names:
        raise ValueError(
            "players: expected the players rows or the presum_session or presum_hour table (sessions need their hours)"
        )
    elif idle_minutes < 60:
        raise ValueError(
            f"idle_minutes: the pre-summed table cuts sessions at 60 minutes or more, got {idle_minutes}; "
            "pass the players rows for a shorter idle time"
        )
    elif by_position and "position" not in names:
        raise ValueError("filters: sessions chosen by position read the presum_hour table (presum_session has none)")
    luck_names = allin.collect_schema().names()
    if "luck" in luck_names and (every != "1h" or (by_position and "position" not in luck_names)):
        raise ValueError(
            "allin: the allin_session table is summed by the hour and not by position, allin_hour by the hour; "
            "pass allin_hour for a choice of positions, the allin_ev rows for a shorter idle time"
        )
    counted_rows, allin = counted(players, allin, filters, player)
    shift = timedelta(hours=day_starts_at)
    rows = counted_rows.with_columns((pl.col("first") - shift).dt.date().alias("night")).collect()
    session, sid, player_codes, spans, heads = _session_groups(rows, idle_minutes)
    # one integer a (site, player, session, currency, decimals): grouping on it is much
    # cheaper than on strings
    decimals = rows["decimals"].cast(pl.Int64).fill_null(-129).to_numpy() + 129  # 0 to 256
    money = (_codes(rows["currency"]).astype(np.int64) << 9) | decimals
    kinds = np.sort(pl.Series(money).unique().to_numpy())
    group = sid * len(kinds) + np.searchsorted(kinds, money)
    rows = rows.with_columns(
        pl.Series("session", session),
        pl.Series("_group", group),
        pl.Series("_sid", sid),
        pl.Series("_player", player_codes),
    )
    keys = ["site", "player", "session", *MONEY]
    head = [
        pl.col("night").first(),  # one night a session
        pl.col("first").min().alias("start"),
        pl.col("last").max().alias("end"),
        # the file of the session's first hand (the first row of the earliest: the store's order)
        pl.col("file").get(pl.col("first").fill_null(datetime.max).arg_min()),
    ]
    frame = _grouped(rows.lazy(), keys, by=["_group"], head=head).drop("_group")
    if filters is not None and filters.min_hands:
        frame = frame.filter(filters.groups())
    luck = _session_luck(allin, rows, spans, heads, every=every, keys=keys)
    return _finish(frame, luck, keys).sort(keys, nulls_last=True).collect()


def _session_luck(
    allin: pl.LazyFrame, rows: pl.DataFrame, spans: pl.DataFrame, heads: Any, *, every: str, keys: list[str]
) -> pl.LazyFrame:
    """The all-in luck of each session: an ``allin_ev`` row's session is its player's in its
    span (timed: ``spans``), or in the first run of its file (untimed). The player is looked
    up as the integer the cut used (``_player``) by a 64-bit hash of its strings among the
    few distinct players (by the strings themselves if two of them share a hash); the sums
    are made by the session's integer (``_sid``), named from each session's first row."""
    _, one = np.unique(rows["_player"].to_numpy(), return_index=True)
    players = rows.select("site", "player", "_player")[one].with_columns(_PAIR)
    by_hash = players["_pair"].n_unique() == players.height
    if "luck" in allin.collect_schema().names():  # allin_session or allin_hour: summed by the hour
        amounts = [pl.col("allin_hands"), pl.col("luck"), pl.col("luck_units")]
    else:
        luck = pl.col("won") - pl.col("expected")
        amounts = [
            pl.lit(1, pl.Int64).alias("allin_hands"),
            luck.alias("luck"),
            (luck / pl.col("unit")).alias("luck_units"),
        ]
    found = allin.select(
        *((_PAIR,) if by_hash else ()),
        "site",
        "player",
        pl.col("started").dt.truncate(every).dt.cast_time_unit("us").to_physical().alias("_span"),
        "file",
        *MONEY,
        *amounts,
    )
    if by_hash:
        found = found.join(players.lazy().select("_pair", "_player"), on="_pair", how="inner")
    else:
        found = found.join(players.lazy().drop("_pair"), on=["site", "player"], how="inner", nulls_equal=True)
    # untimed: the first run of each file (such rows are few)
    untimed = rows.filter(pl.col("started").is_null()).select("_player", "file", "_sid")
    untimed = untimed.unique(["_player", "file"], keep="first", maintain_order=True)
    on_time = found.filter(pl.col("_span").is_not_null()).join(spans.lazy(), on=["_player", "_span"], how="inner")
    no_time = found.filter(pl.col("_span").is_null()).join(
        untimed.lazy(), on=["_player", "file"], how="inner", nulls_equal=True
    )
    columns = ["_sid", *MONEY, "allin_hands", "luck", "luck_units"]
    sums = (
        pl.concat([on_time.select(columns), no_time.select(columns)])
        .group_by("_sid", *MONEY)
        .agg(pl.col("allin_hands").sum().cast(pl.UInt32), pl.col("luck").sum(), pl.col("luck_units").sum())
    )
    names = rows.select("_sid", "site", "player", "session")[heads].lazy()
    return sums.join(names, on="_sid", how="inner").select(*keys, "allin_hands", "luck", "luck_units")


#: a player's (site, name) as one 64-bit hash
_PAIR = pl.struct("site", "player").hash().alias("_pair")


def session_tables(
    scan: Callable[[str], pl.LazyFrame], *, idle_minutes: int = 60, filters: Filters | None = None
) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    """The store's tables :func:`sessions` reads for these options (``scan``: :meth:`Store.scan
    <analyzer.store.store.Store.scan>`): ``presum_session`` and ``allin_session``; for sessions
    chosen by position ``presum_hour`` and ``allin_hour``; for an idle time under an hour the
    ``players`` and ``allin_ev`` rows."""
    if idle_minutes < 60:
        return scan("players"), scan("allin_ev")
    if filters is not None and filters.positions:
        return scan("presum_hour"), scan("allin_hour")
    return scan("presum_session"), scan("allin_session")
