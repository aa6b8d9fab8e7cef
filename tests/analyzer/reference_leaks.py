"""The leak finder as it was before the pre-summed table, over the ``players`` rows: the
reference of tests/analyzer/test_stats_presum.py (kept only here, as the test's oracle)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from statistics import NormalDist
from typing import Literal

import numpy as np
import polars as pl

from analyzer.i18n import _
from analyzer.observed import wilson
from analyzer.stats.filters import Filters

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
    ("wwsf", "_wwsf", "saw_flop", "WWSF"),
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
GUIDE_SOURCE = "published six-max hold'em guides (named in analyzer/stats/leaks.py)"
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


def _rows(players: pl.LazyFrame, filters: Filters | None) -> pl.LazyFrame:
    rows = (filters or Filters()).apply(players.filter(pl.col("verdict") != "unreadable"))
    return rows.with_columns((pl.col("saw_flop") & (pl.col("won") > 0)).alias("_wwsf"), table_size())


def find_leaks(
    players: pl.LazyFrame,
    *,
    player: str,
    filters: Filters | None = None,
    level: float = 0.95,
    min_chances: int = 30,
    min_players: int = 5,
    examples: int = 20,
) -> tuple[Check, ...]:
    """Every rate of ``player`` (each site's, unless linked) checked, flags first."""
    if not 0.5 < level < 1:
        raise ValueError(f"level: expected a confidence between 0.5 and 1, got {level}")
    z = NormalDist().inv_cdf((1 + level) / 2)
    rows = _rows(players, filters)
    keys = ["site", "player", "rules", "size"]
    columns = list(dict.fromkeys(c for _, done_col, chance_col, _label in STATS for c in (done_col, chance_col)))
    # each column summed once (a group-by pays per aggregation: some rates share a column)
    sums = [pl.col(c).sum().cast(pl.Int64).alias(f"_sum_{c}") for c in columns]
    counts = []
    for name, done_col, chance_col, _label in STATS:
        counts += [pl.col(f"_sum_{done_col}").alias(name), pl.col(f"_sum_{chance_col}").alias(f"{name}_n")]
    table = rows.group_by(keys).agg(sums).select(*keys, *counts).collect()
    mine = table.filter(pl.col("player") == player).sort(keys, nulls_last=True)
    # the player's own rows, read once: the hands behind the flags come from them
    own = rows.filter(pl.col("player") == player).select("hand_id", "started", *keys, *columns).collect()
    own = own.sort("started", "hand_id", nulls_last=True)
    checks: list[Check] = []
    for row in mine.iter_rows(named=True):
        others = table.filter(
            (pl.col("rules").eq_missing(row["rules"]))
            & (pl.col("size") == row["size"])
            & ~((pl.col("player") == player) & pl.col("site").eq_missing(row["site"]))
        )
        here = own.filter(
            pl.col("site").eq_missing(row["site"])
            & pl.col("rules").eq_missing(row["rules"])
            & (pl.col("size") == row["size"])
        )
        for name, done_column, chance_column, label in STATS:
            done, chances = int(row[name] or 0), int(row[f"{name}_n"] or 0)
            reference, missing = _reference(name, row["rules"], row["size"], others, min_chances, min_players)
            found = wilson(done, chances, z)
            interval = (100 * found[0], 100 * found[1]) if found else None
            verdict, why = _verdict(interval, reference, missing, level)
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
            )
            if check.flagged:
                want = verdict == "high"
                ids = here.filter(pl.col(chance_column) & (pl.col(done_column) == want))["hand_id"]
                check = replace(check, hands=tuple(ids.head(examples).to_list()), hands_total=ids.len())
            checks.append(check)
    return tuple(sorted(checks, key=lambda c: not c.flagged))


def _reference(
    name: str, rules: str | None, size: str, others: pl.DataFrame, min_chances: int, min_players: int
) -> tuple[Reference | None, str]:
    """The range a rate is set against, or None and why there is none."""
    if rules == GUIDE_RULES and size == GUIDE_SIZE and name in GUIDE:
        low, high = GUIDE[name]
        return Reference(low, high, GUIDE_SOURCE), ""
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
