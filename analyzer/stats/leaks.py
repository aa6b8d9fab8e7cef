"""A leak finder that knows its sample: a player's rates against reference ranges, flagged
only when the rate's confidence interval lies wholly outside the range.

For each game (rule set) and table size (players dealt in: heads-up, 3-4, 5-6, 7+) the
player played, every rate of :data:`STATS` is set against a reference range:

* **No-limit hold'em (rule set ``holdem``) at 5-6 players:** the ranges poker-tracker guides
  give a winning six-max regular, where such a guide gives one (read on 2 Dec 2026):
  VPIP 18-32, PFR 15-28, 3-bet 6-10, fold to 3-bet 55-65, steal 25-35, fold to steal 60-75
  (https://toolsgambling.com/poker/hud-stats, its TAG to LAG "optimal ranges"); flop c-bet
  55-80 and fold to flop c-bet 45-65 (pokerbug.blogspot.com, "I Cbet, You Cbet", Nov 2012);
  WTSD 25-35 and W$SD 50-60 (the ranges commonly quoted with PokerTracker's WTSD/W$SD).
  They are rules of thumb, not measurements; our definitions follow PokerTracker's
  (:mod:`analyzer.stats.facts`), but the guides' may differ in detail.
* **Everything else** (short deck, whose published numbers are too few to lean on; other
  table sizes; the stats above without a guide's range): the **store's population** — the
  10th to 90th percentile of the rates of the other players of the same game and table
  size with at least ``min_chances`` chances each, when at least ``min_players`` such
  players exist; otherwise no reference, and the check says so. A population range says
  "unlike the players you play with", not "wrong".

A rate is flagged when its Wilson interval at ``level`` (95% by default) excludes the whole
range: above it (``high``) or below it (``low``). With some twenty rates checked, a
player who plays like the reference may still see about one flag in twenty by chance at
95%; each flag lists the hands behind it (the chances taken for ``high``, the chances not
taken for ``low``) so it can be checked hand by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import reduce
from statistics import NormalDist
from typing import Literal

import numpy as np
import polars as pl

from analyzer.i18n import N_, _
from analyzer.observed import wilson
from analyzer.stats.filters import Filters
from analyzer.stats.query import summed

#: (name, done column, chance column, label) of each rate checked
STATS: tuple[tuple[str, str, str, str], ...] = (
    ("vpip", "vpip", "vpip_chance", "VPIP"),
    ("pfr", "pfr", "vpip_chance", "PFR"),
    ("three_bet", "three_bet", "three_bet_chance", "3-bet"),
    ("four_bet", "four_bet", "four_bet_chance", "4-bet"),
    ("fold_three_bet", "fold_three_bet", "fold_three_bet_chance", "fold to 3-bet"),
    ("limp", "limp", "limp_chance", "limp"),
    ("steal", "steal", "steal_chance", "steal"),
    ("fold_steal", "fold_steal", "fold_steal_chance", "fold to steal"),
    ("cbet_flop", "cbet_flop", "cbet_flop_chance", "c-bet flop"),
    ("fold_cbet_flop", "fold_cbet_flop", "fold_cbet_flop_chance", "fold to flop c-bet"),
    ("cbet_turn", "cbet_turn", "cbet_turn_chance", "c-bet turn"),
    ("fold_cbet_turn", "fold_cbet_turn", "fold_cbet_turn_chance", "fold to turn c-bet"),
    ("check_raise", "check_raise", "check_raise_chance", "check-raise"),
    ("wtsd", "showdown", "saw_flop", "WTSD"),
    ("wsd", "won_at_showdown", "showdown", "W$SD"),
    ("wwsf", "wwsf", "saw_flop", "WWSF"),
)
GUIDE_RULES = "holdem"
GUIDE_SIZE = "5-6"
#: percent ranges of the guides named in the module's words (hold'em, 5-6 players)
GUIDE: dict[str, tuple[float, float]] = {
    "vpip": (18.0, 32.0),
    "pfr": (15.0, 28.0),
    "three_bet": (6.0, 10.0),
    "fold_three_bet": (55.0, 65.0),
    "steal": (25.0, 35.0),
    "fold_steal": (60.0, 75.0),
    "cbet_flop": (55.0, 80.0),
    "fold_cbet_flop": (45.0, 65.0),
    "wtsd": (25.0, 35.0),
    "wsd": (50.0, 60.0),
}
GUIDE_SOURCE = N_("published six-max hold'em guides (named in analyzer/stats/leaks.py)")
SIZES = ("heads-up", "3-4", "5-6", "7+")

Verdict = Literal["high", "low", "within", "no reference", "no chances"]


@dataclass(frozen=True, slots=True)
class Reference:
    low: float  # percent
    high: float
    source: str  # where the range comes from, in words


@dataclass(frozen=True, slots=True)
class Check:
    """One rate of one player in one game and table size, against its reference."""

    site: str | None
    player: str
    rules: str | None
    size: str  # players dealt in: heads-up, 3-4, 5-6, 7+, or unknown
    stat: str
    label: str
    done: int
    chances: int
    interval: tuple[float, float] | None  # percent, at the report's level
    reference: Reference | None
    verdict: Verdict
    why: str  # the verdict in words (why no reference, how far outside)
    hands: tuple[str, ...] = ()  # the hands behind a flag (at most ``examples``)
    hands_total: int = 0  # how many there are in all

    @property
    def rate(self) -> float | None:
        return 100.0 * self.done / self.chances if self.chances else None

    @property
    def flagged(self) -> bool:
        return self.verdict in ("high", "low")


def table_size() -> pl.Expr:
    """The table-size bucket of a row (``players`` dealt in)."""
    n = pl.col("players")
    return (
        pl.when(n <= 2)
        .then(pl.lit("heads-up"))
        .when(n <= 4)
        .then(pl.lit("3-4"))
        .when(n <= 6)
        .then(pl.lit("5-6"))
        .when(n >= 7)
        .then(pl.lit("7+"))
        .otherwise(pl.lit("unknown"))
        .alias("size")
    )


def _size_is(size: str) -> pl.Expr:
    """Rows of a table-size bucket of :func:`table_size`, over the stored ``players`` column
    (a condition the Parquet reader can apply as it reads)."""
    n = pl.col("players")
    bounds = {"heads-up": (None, 2), "3-4": (3, 4), "5-6": (5, 6), "7+": (7, None)}
    if size not in bounds:
        return n.is_null()
    low, high = bounds[size]
    terms = [n >= low] if low is not None else []
    terms += [n <= high] if high is not None else []
    return reduce(lambda a, b: a & b, terms)


def _done(column: str) -> pl.Expr:
    """A done column of :data:`STATS` over the ``players`` rows (``wwsf``: won money of ``saw_flop``)."""
    return pl.col("saw_flop") & (pl.col("won") > 0) if column == "wwsf" else pl.col(column)


#: the span of a pre-summed row is at most a day: the hands of a row of day ``d`` start before ``d + 1 day``
_DAY = timedelta(days=1)


def find_leaks(
    players: pl.LazyFrame,
    *,
    player: str,
    filters: Filters | None = None,
    level: float = 0.95,
    min_chances: int = 30,
    min_players: int = 5,
    examples: int = 20,
    presummed: pl.LazyFrame | None = None,
) -> tuple[Check, ...]:
    """Every rate of ``player`` (each site's, unless linked) checked, flags first.

    ``players`` is the store's ``players`` rows; the counts come from ``presummed``, the
    store's ``presum`` table, when given (the same numbers, read from some 100 times fewer
    rows), else from the rows summed here. A flag's hands: how many there are is its counts
    (a fact is done only where it was a chance: the chances taken, or the chances less
    them); the first ``examples`` of them by time are read from ``players``, only the rows
    of each flag up to the day its pre-summed counts reach ``examples``."""
    if not 0.5 < level < 1:
        raise ValueError(f"level: expected a confidence between 0.5 and 1, got {level}")
    z = NormalDist().inv_cdf((1 + level) / 2)
    keys = ["site", "player", "rules", "size"]
    columns = list(dict.fromkeys(c for _, done_col, chance_col, _label in STATS for c in (done_col, chance_col)))
    # each column summed once (a group-by pays per aggregation: some rates share a column)
    sums = [pl.col(c).sum().cast(pl.Int64).alias(f"_sum_{c}") for c in columns]
    counts = []
    for name, done_col, chance_col, _label in STATS:
        counts += [pl.col(f"_sum_{done_col}").alias(name), pl.col(f"_sum_{chance_col}").alias(f"{name}_n")]
    counted = (
        (filters or Filters()).apply(summed(players if presummed is None else presummed)).with_columns(table_size())
    )
    table, days = pl.collect_all(
        [
            counted.group_by(keys).agg(sums).select(*keys, *counts),
            # the player's counts by day: how far back the first hands behind a flag lie
            counted.filter(pl.col("player") == player)
            .group_by(*keys, "started")
            .agg(pl.col(c).sum().cast(pl.Int64) for c in columns),
        ]
    )
    mine = table.filter(pl.col("player") == player).sort(keys, nulls_last=True)
    checks: list[Check] = []
    flags: list[tuple[int, pl.Expr]] = []  # (index in checks, the rows behind the flag up to its last day needed)
    for row in mine.iter_rows(named=True):
        others = table.filter(
            (pl.col("rules").eq_missing(row["rules"]))
            & (pl.col("size") == row["size"])
            & ~((pl.col("player") == player) & pl.col("site").eq_missing(row["site"]))
        )
        for name, done_column, chance_column, label in STATS:
            done, chances = int(row[name] or 0), int(row[f"{name}_n"] or 0)
            reference, missing = _reference(name, row["rules"], row["size"], others, min_chances, min_players)
            found = wilson(done, chances, z)
            interval = (100 * found[0], 100 * found[1]) if found else None
            verdict, why = _verdict(interval, reference, missing, level)
            high = verdict == "high"
            check = Check(
                row["site"],
                player,
                row["rules"],
                row["size"],
                name,
                label,
                done,
                chances,
                interval,
                reference,
                verdict,
                why,
                hands_total=(done if high else chances - done) if verdict in ("high", "low") else 0,
            )
            if check.flagged and examples > 0:
                here = pl.col("site").eq_missing(row["site"]) & pl.col("rules").eq_missing(row["rules"])
                last = _last_day(
                    days.filter(here & (pl.col("size") == row["size"])), done_column, chance_column, high, examples
                )
                taken = _done(done_column).fill_null(not high)
                where = (
                    here & _size_is(row["size"]) & pl.col(chance_column).fill_null(False) & (taken if high else ~taken)
                )
                if last is not None:
                    where = where & (pl.col("started") < last + _DAY)
                flags.append((len(checks), where))
            checks.append(check)
    if flags:
        own = (filters or Filters()).apply(players.filter(pl.col("verdict") != "unreadable"))
        rows = (
            own.filter((pl.col("player") == player) & reduce(lambda a, b: a | b, (w for _, w in flags)))
            .select("hand_id", "started", *(w.alias(f"_flag{i}") for i, (_, w) in enumerate(flags)))
            .collect()
        )
        for i, (at, _where) in enumerate(flags):
            first = rows.filter(pl.col(f"_flag{i}")).sort("started", "hand_id", nulls_last=True).head(examples)
            checks[at] = replace(checks[at], hands=tuple(first["hand_id"].to_list()))
    return tuple(sorted(checks, key=lambda c: not c.flagged))


def _last_day(days: pl.DataFrame, done: str, chance: str, high: bool, examples: int) -> datetime | None:
    """The day by which the player's pre-summed rows (``days``: one group's counts by day) hold
    ``examples`` hands behind a flag (chances taken for ``high``, not taken else), or None when
    all its days do not (every row of the group is read, those without a time too)."""
    behind = pl.col(done) if high else pl.col(chance) - pl.col(done)
    timed = days.filter(pl.col("started").is_not_null()).sort("started")
    reached = timed.filter(behind.cum_sum() >= examples)
    return None if reached.height == 0 else reached["started"][0]


def _reference(
    name: str, rules: str | None, size: str, others: pl.DataFrame, min_chances: int, min_players: int
) -> tuple[Reference | None, str]:
    """The range a rate is set against, or None and why there is none."""
    if rules == GUIDE_RULES and size == GUIDE_SIZE and name in GUIDE:
        low, high = GUIDE[name]
        return Reference(low, high, _(GUIDE_SOURCE)), ""
    sample = others.filter(pl.col(f"{name}_n") >= min_chances)
    if sample.height < min_players:
        return None, _(
            "no reference: {found} other player(s) of {rules} at {size} with {chances}+ chances in the store "
            "(need {need})"
        ).format(found=sample.height, rules=rules, size=size, chances=min_chances, need=min_players)
    rates = 100.0 * sample[name].to_numpy() / sample[f"{name}_n"].to_numpy()
    low, high = np.percentile(rates, [10, 90])
    source = _("the store's {n} other players of {rules} at {size} (10th-90th percentile)").format(
        n=sample.height, rules=rules, size=size
    )
    return Reference(float(low), float(high), source), ""


def _verdict(
    interval: tuple[float, float] | None, reference: Reference | None, missing: str, level: float
) -> tuple[Verdict, str]:
    if interval is None:
        return "no chances", _("no chances in these hands")
    if reference is None:
        return "no reference", missing
    low, high = interval
    words = {"at": f"{level:.0%}", "low": low, "high": high, "ref_low": reference.low, "ref_high": reference.high}
    if low > reference.high:
        return "high", _("above {ref_low:.1f}-{ref_high:.1f}% ({at} interval {low:.1f}-{high:.1f}%)").format(**words)
    if high < reference.low:
        return "low", _("below {ref_low:.1f}-{ref_high:.1f}% ({at} interval {low:.1f}-{high:.1f}%)").format(**words)
    return "within", _("{at} interval {low:.1f}-{high:.1f}% meets {ref_low:.1f}-{ref_high:.1f}%").format(**words)
