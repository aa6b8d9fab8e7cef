"""Observed frequencies from the store against the exact probabilities.

For each ranking the store holds hands of, four comparisons:

* the best-five category of every dealt hand whose hole cards are known and whose board
  ran out to five cards, against the exact 7-card distribution (enumerated by
  :func:`analyzer.frequencies.exact_frequencies`);
* the same at showdown only;
* events: pocket pairs dealt, sets (or better) flopped holding a pair, flushes made, and
  on the short deck A-6-7-8-9 straights made.

Each line has its count, its 95% interval (Wilson) and the exact probability; each
comparison has a chi-square test (categories expected fewer than 5 times are pooled; the
p-value comes from the regularized upper incomplete gamma function, computed here). Below
:data:`MIN_SAMPLE` hands a comparison carries a plain caution instead of a verdict.

Read the showdown lines with care: players fold weak hands before a showdown, so those
are expected to differ; and where only shown cards are known, dealt-hand counts lean the
same way. A fair test needs every dealt hand known (a simulation, or a site that reveals
all hands).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import polars as pl

from analyzer.evaluator import ORDER, Category, Ranking, strengths
from analyzer.evaluator.categories import CATEGORY_SHIFT, POSITION
from analyzer.evaluator.combos import hand_blocks
from analyzer.frequencies import exact_frequencies
from analyzer.i18n import N_, Msg, msg

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal
MIN_SAMPLE = 100  # hands below which a comparison says so instead of judging
MIN_EXPECTED = 5.0  # categories expected fewer times are pooled for the chi-square test


@dataclass(frozen=True, slots=True)
class Line:
    """One observed frequency: ``count`` of ``total``, and the exact probability."""

    name: str
    count: int
    total: int
    expected: Fraction

    @property
    def rate(self) -> float | None:
        return self.count / self.total if self.total else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.count, self.total)

    @property
    def p_value(self) -> float | None:
        """Chi-square test (one degree of freedom) of this count against the exact probability."""
        q = float(self.expected)
        if min(q, 1 - q) * self.total < MIN_EXPECTED:
            return None  # too few expected for a chi-square test
        return chi_square([self.count, self.total - self.count], [float(self.expected), 1 - float(self.expected)])[2]


@dataclass(frozen=True, slots=True)
class Comparison:
    title: str
    ranking: Ranking
    total: int  # hands the lines count over (events: each line has its own total)
    lines: tuple[Line, ...]
    statistic: float | None  # chi-square over the lines as one distribution (None for events)
    degrees: int
    p_value: float | None
    caution: Msg | None  # too small a sample to judge
    note: Msg | None = None  # why the observed may differ from the exact without anything wrong


SHOWDOWN_NOTE = msg("players fold weak hands before a showdown, so showdown hands are expected to be stronger")
SHOWN_NOTE = N_("only {known} of {dealt} dealt hands have known hole cards: those shown lean toward strong hands")


def wilson(count: int, total: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of a proportion (95% by default).

    >>> low, high = wilson(10, 100)
    >>> round(low, 4), round(high, 4)
    (0.0552, 0.1744)
    >>> wilson(0, 0) is None
    True
    """
    if total <= 0:
        return None
    p = count / total
    z2 = z * z
    centre = (p + z2 / (2 * total)) / (1 + z2 / total)
    half = z * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == total else min(1.0, centre + half)
    return low, high


def chi_square(observed: list[int], probabilities: list[float]) -> tuple[float, int, float]:
    """Pearson's goodness of fit: (statistic, degrees of freedom, p-value).

    Bins expected fewer than five times are pooled with each other (and, if still short,
    with the smallest other bin) first.

    >>> stat, df, p = chi_square([18, 22, 20, 40], [0.2, 0.2, 0.2, 0.4])
    >>> round(stat, 3), df, round(p, 4)
    (0.4, 3, 0.9402)
    """
    total = sum(observed)
    bins = sorted(zip((total * q for q in probabilities), observed), reverse=True)
    pooled: list[list[float]] = []
    for expected, count in bins:
        if pooled and (expected < MIN_EXPECTED or pooled[-1][0] < MIN_EXPECTED):
            pooled[-1][0] += expected
            pooled[-1][1] += count
        else:
            pooled.append([expected, float(count)])
    if len(pooled) > 1 and pooled[-1][0] < MIN_EXPECTED:
        last = pooled.pop()
        pooled[-1][0] += last[0]
        pooled[-1][1] += last[1]
    kept = [(e, o) for e, o in pooled if e > 0]
    degrees = len(kept) - 1
    if degrees < 1:
        return 0.0, 0, 1.0
    statistic = sum((o - e) ** 2 / e for e, o in kept)
    return statistic, degrees, upper_gamma(degrees / 2, statistic / 2)


def upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x): the chi-square tail with
    ``2a`` degrees of freedom at ``2x`` (series below ``a + 1``, continued fraction above).

    >>> round(upper_gamma(0.5, 3.841458820694124 / 2), 6)  # the 5% point of chi-square, 1 df
    0.05
    >>> round(upper_gamma(2.0, 0.0), 6)
    1.0
    """
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # series for P(a, x)
        term = total = 1.0 / a
        n = a
        for _ in range(1000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Lentz's continued fraction for Q(a, x)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


@cache
def seven_card_probabilities(ranking: Ranking) -> dict[str, Fraction]:
    """The exact probability of each best-five category of 7 cards (every hand enumerated)."""
    freq = exact_frequencies(ranking=ranking, cards=7)
    return {row.name: Fraction(row.count, freq.total) for row in freq.categories}


@cache
def wheel_straight_probability(ranking: Ranking) -> Fraction:
    """The exact chance that 7 short-deck cards make A-6-7-8-9 as their best hand (enumerated)."""
    wheel = POSITION[ranking][Category.STRAIGHT] << CATEGORY_SHIFT | 9 << 16
    hits = total = 0
    for block in hand_blocks(ranking.deck_size, 7):
        hits += int(np.count_nonzero(strengths(block, ranking) == wheel))
        total += len(block)
    return Fraction(hits, total)


def pocket_pair_probability(deck: int) -> Fraction:
    """Two hole cards of one rank.

    >>> pocket_pair_probability(36), pocket_pair_probability(52)
    (Fraction(3, 35), Fraction(1, 17))
    """
    ranks = deck // 4
    return Fraction(ranks * comb(4, 2), comb(deck, 2))


def set_on_flop_probability(deck: int) -> Fraction:
    """Holding a pocket pair, at least one card of its rank on the flop (a set, or quads).

    >>> set_on_flop_probability(36), set_on_flop_probability(52)
    (Fraction(32, 187), Fraction(144, 1225))
    """
    unseen = deck - 2
    return 1 - Fraction(comb(unseen - 2, 3), comb(unseen, 3))


def _caution(total: int) -> Msg | None:
    if total >= MIN_SAMPLE:
        return None
    return msg("only {total} hands: too few to judge (a test needs at least {least})", total=total, least=MIN_SAMPLE)


def _categories(title: str, ranking: Ranking, counts: dict[str, int], note: Msg | None) -> Comparison:
    exact = seven_card_probabilities(ranking)
    names = [c.value for c in reversed(ORDER[ranking])]
    total = sum(counts.values())
    lines = tuple(Line(n, counts.get(n, 0), total, exact[n]) for n in names)
    statistic = p_value = None
    degrees = 0
    caution = _caution(total)
    if total and caution is None:
        statistic, degrees, p_value = chi_square([ln.count for ln in lines], [float(ln.expected) for ln in lines])
    return Comparison(title, ranking, total, lines, statistic, degrees, p_value, caution, note)


def compare(players: pl.LazyFrame) -> tuple[Comparison, ...]:
    """Every comparison the store's ``players`` table allows, per ranking (best known first).

    The counting is done by polars on the lazy table (a few grouped counts), so a store of
    millions of hands is never brought into memory row by row.
    """
    return compare_counts(pl.collect_all(counts(players)))


#: the columns each of :func:`counts`'s frames is grouped by (every other column is a count)
COUNT_KEYS = (("ranking",), ("ranking",), ("ranking", "category"), ("ranking", "category"))


def counts(players: pl.LazyFrame) -> list[pl.LazyFrame]:
    """The grouped counts :func:`compare` needs, over some or all of the ``players`` rows:
    counts of parts of the store add up to the counts of the whole (a cluster's way)."""
    readable = players.filter(pl.col("verdict") != "unreadable")
    known = readable.filter(pl.col("cards").is_not_null())
    top = pl.col("strength").cast(pl.Int64) // (1 << 16) % 16  # a straight's top card
    full = pl.col("strength").is_not_null()
    return [
        readable.group_by("ranking").len(),
        known.group_by("ranking").agg(
            pl.len().alias("known"),
            pl.col("pocket_pair").is_not_null().sum().alias("pair_chances"),
            pl.col("pocket_pair").cast(pl.Int64).sum().alias("pairs"),
            pl.col("flop_set").is_not_null().sum().alias("set_chances"),
            pl.col("flop_set").cast(pl.Int64).sum().alias("sets"),
            full.sum().alias("full"),
            (full & (pl.col("category") == "straight") & (top == 9)).sum().alias("wheels"),
        ),
        known.filter(full).group_by("ranking", "category").len(),
        known.filter(full & pl.col("showdown")).group_by("ranking", "category").len(),
    ]


def compare_counts(frames: list[pl.DataFrame]) -> tuple[Comparison, ...]:
    """:func:`compare` from the (added) frames of :func:`counts`."""
    dealt_by_ranking = dict(frames[0].iter_rows())
    per = {row["ranking"]: row for row in frames[1].iter_rows(named=True)}
    dealt: dict[str, dict[str, int]] = {}
    for name, category, n in frames[2].iter_rows():
        dealt.setdefault(name, {})[category] = n
    shown: dict[str, dict[str, int]] = {}
    for name, category, n in frames[3].iter_rows():
        shown.setdefault(name, {})[category] = n
    out: list[Comparison] = []
    for name in sorted(per):
        ranking = Ranking(name)
        row = per[name]
        partly = row["known"] < dealt_by_ranking[name]
        note = msg(SHOWN_NOTE, known=row["known"], dealt=dealt_by_ranking[name]) if partly else None
        made = dealt.get(name, {})
        out.append(_categories(N_("Best hand of every dealt hand known, board complete"), ranking, made, note))
        out.append(_categories(N_("Best hand at showdown"), ranking, shown.get(name, {}), SHOWDOWN_NOTE))
        out.append(_events(ranking, row, made, note))
    return tuple(out)


def _events(ranking: Ranking, row: dict[str, int], dealt: dict[str, int], note: Msg | None) -> Comparison:
    deck = ranking.deck_size
    exact = seven_card_probabilities(ranking)
    lines = [
        Line(N_("pocket pair dealt"), row["pairs"] or 0, row["pair_chances"], pocket_pair_probability(deck)),
        Line(
            N_("set or better flopped (with a pair)"),
            row["sets"] or 0,
            row["set_chances"],
            set_on_flop_probability(deck),
        ),
        Line(N_("flush made (7 cards)"), dealt.get("flush", 0), row["full"], exact["flush"]),
    ]
    if deck == 36:
        lines.append(
            Line(N_("A-6-7-8-9 straight made"), row["wheels"], row["full"], wheel_straight_probability(ranking))
        )
    chances = row["pair_chances"]
    return Comparison(N_("Events"), ranking, chances, tuple(lines), None, 0, None, _caution(chances), note)
