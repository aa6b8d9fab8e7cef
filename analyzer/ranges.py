"""Starting-hand ranges in the usual notation, for both decks, and equity against them.

A range is a comma-separated list of tokens:

- ``QQ`` a pair, ``QQ+`` that pair and every higher one, ``99-66`` (or ``66-99``) a run of pairs;
- ``AK`` both suits and offsuit, ``AKs`` suited only, ``AKo`` offsuit only;
- ``A9s+`` the same top card with every kicker from 9 up to one below it, ``A9s-A6s`` a run
  of kickers, ``KTo+``, ``T9`` ...;
- ``AsKd`` one exact combination;
- ``random`` (or ``any``) every two cards of the deck.

On 36 cards (6 to A) a token naming a rank below 6 is an error, as is any token the grammar
does not know; the error names the token. Combinations that hold a dead card (the board,
cards seen) are left out.

    >>> len(parse_range("QQ+", deck=36).combos), len(parse_range("AK", deck=36).combos)
    (18, 16)
    >>> len(parse_range("random", deck=36).combos), len(parse_range("random", deck=52).combos)
    (630, 1326)
    >>> parse_range("QQ+, 55", deck=36)
    Traceback (most recent call last):
    ...
    analyzer.ranges.RangeError: range: token '55': expected ranks the 36-card deck holds (6 to A)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb, sqrt

from analyzer.cards import Card, clean, deck_of
from analyzer.equity import EquityError, deals_tally, shares
from analyzer.errors import AnalyzerError
from analyzer.evaluator import Ranking, kernel, parse_ranking, strengths
from analyzer.i18n import Fixed, Msg, msg, nmsg

RANK_CHARS = "23456789TJQKA"
Combo = tuple[Card, Card]


class RangeError(AnalyzerError):
    """A range token the notation does not allow: names the token and what was expected."""

    def __init__(self, *, token: str, expected: str) -> None:
        self.token = token
        self.expected = expected
        super().__init__(f"range: token {token!r}: expected {expected}")


@dataclass(frozen=True, slots=True)
class Range:
    text: str
    deck: int
    combos: tuple[Combo, ...]

    def without(self, dead: Iterable[Card]) -> Range:
        """The range less every combination that holds a dead card."""
        out = set(dead)
        return Range(self.text, self.deck, tuple(c for c in self.combos if c[0] not in out and c[1] not in out))


_PAIR = re.compile(r"^([2-9TJQKA])\1(\+)?$")
_PAIR_RUN = re.compile(r"^([2-9TJQKA])\1-([2-9TJQKA])\2$")
_TWO = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so])?(\+)?$")
_TWO_RUN = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so])?-([2-9TJQKA])([2-9TJQKA])([so])?$")
_EXACT = re.compile(r"^([2-9TJQKA][cdhs])([2-9TJQKA][cdhs])$")


def _rank(ch: str) -> int:
    return RANK_CHARS.index(ch) + 2


def _pairs(rank: int, cards: Sequence[Card]) -> list[Combo]:
    of = [c for c in cards if c.rank == rank]
    return [(a, b) for a, b in combinations(of, 2)]


def _two(high: int, low: int, kind: str | None, cards: Sequence[Card]) -> list[Combo]:
    highs = [c for c in cards if c.rank == high]
    lows = [c for c in cards if c.rank == low]
    out: list[Combo] = []
    for a in highs:
        for b in lows:
            suited = a.suit == b.suit
            if (kind == "s" and not suited) or (kind == "o" and suited):
                continue
            out.append((a, b))
    return out


@lru_cache(maxsize=128)
def parse_range(text: str, *, deck: int = 36) -> Range:
    """Every combination a range names, each once, for a deck of 36 or 52 cards (kept for the
    next call with the same text: a Range is immutable, and ``random`` takes milliseconds)."""
    cards = deck_of(deck).cards
    low = 6 if deck == 36 else 2
    found: dict[frozenset[Card], Combo] = {}
    tokens = [t.strip() for t in text.replace(";", ",").split(",")]
    if not any(tokens):
        raise RangeError(token=text, expected="one or more hands like QQ+, AKs, A9s-A6s, T9o or random")
    for raw in tokens:
        if not raw:
            continue
        combos = _token(_normal(raw.replace(" ", "")), raw, cards, low, deck)
        for combo in combos:
            found.setdefault(frozenset(combo), combo)
    ordered = sorted(found.values(), key=lambda c: (-max(c).rank, -min(c).rank, c[0].suit, c[1].suit))
    return Range(text, deck, tuple(ordered))


_EXACT_ANY_CASE = re.compile(r"^[2-9tjqka][cdhs][2-9tjqka][cdhs]$", re.IGNORECASE)


def _normal(token: str) -> str:
    """Ranks upper case, ``s``/``o`` lower case; an exact pair of cards as ``AsKd``."""
    if _EXACT_ANY_CASE.match(token):
        return token[0].upper() + token[1].lower() + token[2].upper() + token[3].lower()
    return "".join(ch.lower() if ch in "SOso" else ch.upper() for ch in token)


def _token(token: str, raw: str, cards: Sequence[Card], low: int, deck: int) -> list[Combo]:
    if token.lower() in ("random", "any", "xx"):
        return [(a, b) for a, b in combinations(cards, 2)]
    ranks_ok = f"ranks the {deck}-card deck holds ({RANK_CHARS[low - 2]} to A)"

    def check(*ranks: int) -> None:
        if any(r < low for r in ranks):
            raise RangeError(token=raw, expected=ranks_ok)

    if m := _EXACT.match(token):
        first, second = Card.parse(m.group(1)), Card.parse(m.group(2))
        check(first.rank, second.rank)
        if first == second:
            raise RangeError(token=raw, expected="two different cards")
        return [(first, second)]
    if m := _PAIR.match(token):
        rank = _rank(m.group(1))
        check(rank)
        top = 14 if m.group(2) else rank
        return [c for r in range(rank, top + 1) for c in _pairs(r, cards)]
    if m := _PAIR_RUN.match(token):
        a, b = sorted((_rank(m.group(1)), _rank(m.group(2))))
        check(a)
        return [c for r in range(a, b + 1) for c in _pairs(r, cards)]
    if m := _TWO.match(token):
        high, kick = _rank(m.group(1)), _rank(m.group(2))
        if high < kick:
            high, kick = kick, high
        check(kick)
        if m.group(4):  # A9s+: kickers from 9 up to one below the top card
            return [c for k in range(kick, high) for c in _two(high, k, m.group(3), cards)]
        return _two(high, kick, m.group(3), cards)
    if m := _TWO_RUN.match(token):
        h1, k1, s1, h2, k2, s2 = m.groups()
        if h1 != h2 or s1 != s2:
            raise RangeError(token=raw, expected="a run with the same top card and suitedness, like A9s-A6s")
        high = _rank(h1)
        a, b = sorted((_rank(k1), _rank(k2)))
        check(a)
        if b >= high:
            raise RangeError(token=raw, expected="kickers below the top card")
        return [c for k in range(a, b + 1) for c in _two(high, k, s1, cards)]
    raise RangeError(token=raw, expected="a hand like QQ, QQ+, 99-66, AK, AKs, AKo, A9s+, A9s-A6s, AsKd or random")


@dataclass(frozen=True, slots=True)
class RangeEquity:
    """Each range's share of the pot: exact (every matchup and run-out) or sampled."""

    ranges: tuple[Range, ...]
    shares: tuple[Fraction, ...]
    exact: bool
    matchups: int  # combinations of the ranges without a shared card (exact), or samples drawn
    error: float  # sampled: the half-width of the 95 % interval of each share; exact: 0

    @property
    def method(self) -> str:
        if self.exact:
            return f"exact enumeration of {self.matchups} matchup{'s' * (self.matchups != 1)}, every run-out"
        return f"Monte Carlo, {self.matchups} deals, ±{self.error:.4f} (95 %)"

    @property
    def said(self) -> Msg:
        """:attr:`method` in the reader's language (the text output; ``--json`` keeps the English)."""
        if self.exact:
            return nmsg(
                "exact enumeration of {n} matchup, every run-out",
                "exact enumeration of {n} matchups, every run-out",
                self.matchups,
                n=str(self.matchups),  # digits as the English line writes them
            )
        return msg(
            "Monte Carlo, {n} deals, ±{error} ({level})",
            n=str(self.matchups),
            error=Fixed(f"{self.error:.4f}"),
            level="95 %",  # not in the template: Babel would read "% )" as a placeholder
        )


#: run-outs the exact path may enumerate before it samples instead (numpy: every run-out dealt)
EXACT_BUDGET = 50_000_000
#: the same where the C kernel counts them (by rank multisets: about 1 ms a 52-card preflop matchup)
KERNEL_BUDGET = 2_000_000_000


def range_equity(
    ranges: Sequence[str | Range],
    *,
    board: str = "",
    dead: str = "",
    ranking: Ranking | str = Ranking.STRAIGHT_OVER_TRIPS,
    samples: int = 20_000,
    seed: int = 1,
    budget: int | None = None,
) -> RangeEquity:
    """Equity of two or more ranges: exact where every matchup's run-outs fit ``budget``
    (:data:`KERNEL_BUDGET` where the C kernel runs, else :data:`EXACT_BUDGET`), else a seeded
    Monte Carlo over matchups and run-outs, with its error bar."""
    if budget is None:
        budget = KERNEL_BUDGET if kernel.AVAILABLE else EXACT_BUDGET
    rk = parse_ranking(ranking)
    deck = rk.deck_size
    board_cards, dead_cards = clean(board), clean(dead)
    deck_of(deck).check([*board_cards, *dead_cards])
    out = set(board_cards) | set(dead_cards)
    parsed = [(r if isinstance(r, Range) else parse_range(r, deck=deck)).without(out) for r in ranges]
    if len(parsed) < 2:
        raise EquityError(expected="two or more ranges", found=str(len(parsed)))
    for r in parsed:
        if not r.combos:
            raise EquityError(expected="a range with a hand left once the dead cards are out", found=r.text)
    left = deck - len(out)
    runouts = comb(left - 2 * len(parsed), 5 - len(board_cards))
    product = 1
    for r in parsed:
        product *= len(r.combos)
    if product * runouts <= budget:
        return _exact(parsed, board_cards, dead_cards, rk)
    return _sampled(parsed, board_cards, dead_cards, rk, samples, seed)


def _exact(parsed: list[Range], board: tuple[Card, ...], dead: tuple[Card, ...], rk: Ranking) -> RangeEquity:
    """Every deal the ranges can hold at once (each combination of theirs sharing no card), each
    with every run-out, counted together (:func:`analyzer.equity.deals_tally`: one call of the C
    kernel for all of them where it is built); each deal weighs the same."""
    ranges = [[(1 << a.index | 1 << z.index, [a.index, z.index]) for a, z in r.combos] for r in parsed]
    deals: list[list[list[int]]] = []

    def walk(i: int, chosen: list[list[int]], used: int) -> None:
        if i == len(ranges):
            deals.append(chosen)
            return
        for mask, hand in ranges[i]:
            if not used & mask:
                walk(i + 1, [*chosen, hand], used | mask)

    walk(0, [], 0)
    if not deals:
        raise EquityError(expected="hands the ranges can hold at once", found="every combination shares a card")
    summed = deals_tally(deals, board=[c.index for c in board], dead=[c.index for c in dead], ranking=rk)
    return RangeEquity(tuple(parsed), shares(summed), True, len(deals), 0.0)


def _sampled(
    parsed: list[Range], board: tuple[Card, ...], dead: tuple[Card, ...], rk: Ranking, samples: int, seed: int
) -> RangeEquity:
    """A seeded Monte Carlo, drawn in numpy batches: each range's combination uniformly, a deal
    whose combinations share a card drawn again (so each deal is as likely as in play), the
    run-out uniformly from the cards left; every showdown valued in one batch
    (:func:`analyzer.evaluator.strengths`: the C kernel where it is built)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    out = set(board) | set(dead)
    deck = np.array([c.index for c in deck_of(rk.deck_size).cards if c not in out], dtype=np.int64)
    combos = [np.array([[a.index, z.index] for a, z in r.combos], dtype=np.int64) for r in parsed]
    n, k = len(parsed), 5 - len(board)
    hands: list[np.ndarray] = []  # drawn deals: (deals, n, 2) card indices
    drawn = tries = 0
    while drawn < samples and tries < samples * 50:
        batch = min(max(2 * (samples - drawn), 1024), samples * 50 - tries)
        tries += batch
        chosen = np.stack([c[rng.integers(len(c), size=batch)] for c in combos], axis=1)  # (batch, n, 2)
        flat = chosen.reshape(batch, 2 * n)
        ordered = np.sort(flat, axis=1)
        ok = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)  # no card twice in the deal
        keep = chosen[ok][: samples - drawn]
        hands.append(keep)
        drawn += len(keep)
    if not drawn:
        raise EquityError(expected="hands the ranges can hold at once", found="every combination shares a card")
    deals = np.concatenate(hands)
    # the run-out: card after card uniformly from the deck, a card the deal already holds drawn again
    taken = np.bitwise_or.reduce(np.left_shift(np.uint64(1), deals.reshape(drawn, 2 * n).astype(np.uint64)), axis=1)
    runout = np.empty((drawn, k), dtype=np.int64)
    for j in range(k):
        todo = np.arange(drawn)
        while len(todo):
            card = deck[rng.integers(len(deck), size=len(todo))]
            clash = (taken[todo] >> card.astype(np.uint64)) & np.uint64(1) != 0
            done = todo[~clash]
            runout[done, j] = card[~clash]
            taken[done] |= np.left_shift(np.uint64(1), card[~clash].astype(np.uint64))
            todo = todo[clash]
    full = np.concatenate([np.broadcast_to(np.array([c.index for c in board], dtype=np.int64), (drawn, len(board))),
                           runout], axis=1)  # fmt: skip
    sevens = np.concatenate([deals, np.broadcast_to(full[:, None, :], (drawn, n, 5))], axis=2)
    values = strengths(np.ascontiguousarray(sevens.reshape(drawn * n, 7), dtype=np.uint8), rk).reshape(drawn, n)
    best = values == values.max(axis=1, keepdims=True)
    share = best / best.sum(axis=1, keepdims=True)
    means = share.mean(axis=0)
    spread = float(np.sqrt(np.maximum(0.0, (share * share).mean(axis=0) - means * means)).max())
    return RangeEquity(
        tuple(parsed),
        tuple(Fraction(float(m)).limit_denominator(10**9) for m in means),
        False,
        drawn,
        1.96 * spread / sqrt(drawn),
    )
