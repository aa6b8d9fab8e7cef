"""Exact outcome counts of a 6+ Poker draw by complete enumeration (C-ODDS).

Every betting outcome is a predicate of three things only: who won (Player, Dealer, split),
the Player's best class and the Dealer's best class (the ranking's categories, plus the
royal flush of §2.4.10). So one enumeration serves every outcome: it counts how many of the
equally likely deals still possible end in each cell of a ``3 x 10 x 10`` table, and an
outcome's probability is the sum of its cells over the total (:mod:`analyzer.casino.odds`).

How the enumeration stays fast: with the Player's cards, the known board and the dead cards
(burned, §5.2) taken out, ``R`` cards remain; the deal still to come is ``k`` board cards
and the Dealer's two, ``m = k + 2`` cards of ``R``. Each ``m``-subset of ``R`` is one Dealer
7-card hand (board + subset) and is evaluated once; its ``C(m, 2)`` splits into (Dealer pair,
board completion) look the Player's strength up by the completion's colex rank. Round 2
(k = 5, 34 cards left) evaluates C(34,7) = 5,379,616 distinct 7-card hands instead of the
112,971,936 (Dealer hand, board) pairs, and counts the pairs with array arithmetic.

The flush tie rule (C-FLUSH-TIE: two flushes, the higher pocket card used wins) needs no
special case here: two flushes on one board share their suit (a five-card board cannot
hold three cards of two suits), and then the rule and the strength comparison agree
(:func:`analyzer.casino.judge.flush_tie` says why; a test checks it by enumeration).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt

from analyzer.evaluator import Ranking, strengths
from analyzer.evaluator.categories import CATEGORY_SHIFT

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]

#: results in table order
RESULTS = ("player", "dealer", "split")
#: classes 0..8 are the ranking's categories from worst to best; 9 is the royal flush
ROYAL = 9
CLASSES = 10
CELLS = len(RESULTS) * CLASSES * CLASSES
_BINOM = np.array([[comb(n, k) for k in range(9)] for n in range(53)], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class Counts:
    """Deals per cell: ``cells[(result * 10 + player_class) * 10 + dealer_class]``, all equally likely."""

    cells: tuple[int, ...]

    @classmethod
    def of(cls, array: npt.ArrayLike) -> Counts:
        flat = np.asarray(array, dtype=np.int64).reshape(CELLS)
        return cls(tuple(int(x) for x in flat))

    @property
    def total(self) -> int:
        return sum(self.cells)

    def array(self) -> I64:
        """The table as a ``(3, 10, 10)`` array."""
        return np.array(self.cells, dtype=np.int64).reshape(len(RESULTS), CLASSES, CLASSES)

    def probability(self, mask: npt.NDArray[np.bool_]) -> Fraction:
        """The exact probability of the cells where ``mask`` (3 x 10 x 10) holds."""
        return Fraction(int(self.array()[mask].sum()), self.total)

    def __add__(self, other: Counts) -> Counts:
        return Counts(tuple(a + b for a, b in zip(self.cells, other.cells)))

    def scaled(self, factor: int) -> Counts:
        return Counts(tuple(a * factor for a in self.cells))


def classes_of(values: npt.ArrayLike, ranking: Ranking) -> I32:
    """The class (0..9) of each strength: its category position, 9 for a royal flush.

    >>> from analyzer.evaluator import evaluate
    >>> royal = evaluate("As Ks Qs Js Ts", "trips-over-straight").strength
    >>> trips = evaluate("6s 6h 6d 9c As", "trips-over-straight").strength
    >>> classes_of(np.array([royal, trips]), Ranking.TRIPS_OVER_STRAIGHT).tolist()
    [9, 4]
    """
    s = np.asarray(values).astype(np.int32)
    cls = s >> CATEGORY_SHIFT
    royal = (cls == 8) & (((s >> 16) & 15) == 14)
    return np.where(royal, ROYAL, cls).astype(np.int32)


def colex(n: int, k: int) -> npt.NDArray[np.int8]:
    """Every ``k``-subset of ``range(n)`` (sorted rows) in colex order: row ``r`` has rank ``r``.

    >>> colex(4, 2).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
    >>> colex(3, 0).shape
    (1, 0)
    """
    return _colex_t(n, k).T


def _colex_t(n: int, k: int) -> npt.NDArray[np.int8]:
    """:func:`colex` by columns: shape ``(k, C(n, k))``, each position a contiguous row."""
    out = np.zeros((k, comb(n, k)), dtype=np.int8)
    if k == 0:
        return out
    prev = np.arange(n, dtype=np.int8)[None, :]
    for size in range(1, k):
        cur = np.empty((size + 1, comb(n, size + 1)), dtype=np.int8)
        offset = 0
        for last in range(size, n):
            count = comb(last, size)
            cur[:size, offset : offset + count] = prev[:, :count]
            cur[size, offset : offset + count] = last
            offset += count
        prev = cur
    return prev


_BINOM_COLUMNS = tuple(np.ascontiguousarray(_BINOM[:, t], dtype=np.int32) for t in range(_BINOM.shape[1]))


def _binom(c: npt.NDArray[np.intp], t: int) -> I32:
    """``C(c, t)`` elementwise, 0 for ``t < 0``."""
    if t < 0:
        return np.zeros(c.shape, dtype=np.int32)
    return _BINOM_COLUMNS[t].take(c)


def _drops(cols: npt.NDArray[np.int8]) -> tuple[I32, I32, I32]:
    """Colex ranks of each subset (given by columns, ``(w, N)``) with positions dropped:

    * ``z[t]``: without position ``t``;
    * ``x[i] + y[j]`` (i < j): without positions ``i`` and ``j``.

    The rank of a sorted subset is ``sum C(c_u, u + 1)``; dropping positions before ``u``
    moves ``c_u`` down one or two places, so each term is one of three binomials.
    """
    w, size = cols.shape
    z = np.empty((w, size), dtype=np.int32)
    x = np.empty((w, size), dtype=np.int32)
    y = np.empty((w, size), dtype=np.int32)
    c = cols.astype(np.intp)
    stay = [_binom(c[t], t + 1) for t in range(w)]  # no position before t dropped
    once = [_binom(c[t], t) for t in range(w)]  # one dropped before t
    twice = [_binom(c[t], t - 1) for t in range(w)]  # two dropped before t
    keep = np.zeros(size, dtype=np.int32)  # sum of stay[u] for u < t
    one = np.zeros(size, dtype=np.int32)  # sum of once[u] for u < t
    for t in range(w):
        np.subtract(keep, one, out=x[t])
        x[t] -= once[t]  # keep[i] - one[i + 1]
        z[t] = keep
        y[t] = one
        keep += stay[t]
        one += once[t]
    after_one = np.zeros(size, dtype=np.int32)  # sum of once[u] for u > t
    after_two = np.zeros(size, dtype=np.int32)  # sum of twice[u] for u > t
    for t in reversed(range(w)):
        z[t] += after_one
        y[t] += after_two
        after_one += once[t]
        after_two += twice[t]
    return z, x, y


_FIELD = 6  # bits per class in a packed class count (a count is at most 2 * C(7, 2) = 42 < 64)
_FIELD_MASK = (1 << _FIELD) - 1


def count_deals(
    *,
    player: Sequence[int],
    board: Sequence[int],
    dead: Sequence[int] = (),
    deck: Sequence[int],
    ranking: Ranking,
    chunk: int = 1 << 15,
    symmetry: bool = True,
) -> Counts:
    """Count every deal still possible, by (result, Player class, Dealer class).

    ``player`` (two card indices, or none before the deal), ``board`` (0, 3, 4 or 5 known
    cards) and ``dead`` are taken out of ``deck``; the Dealer's two cards are always unknown.
    Before the deal (no Player cards) every Player hand is enumerated too.

    How: the ``m = k + 2`` cards still to come (k board cards and the Dealer's pair) are an
    ``m``-subset of the ``R`` cards left, taken in colex order as a prefix (an ``(m-1)``-subset)
    and a last card. Per subset: one Dealer evaluation; per split into (Dealer pair, board
    completion): the Player's strength by the completion's rank, compared into two small
    counters (Player lower, equal). The Player's class per split is a linear sum and comes
    from "down-set" sums (completions -> (k+1)-subsets -> m-subsets) of packed class counts.

    With ``symmetry``, a swap of two suits that leaves the known cards in place (the two suits
    the Player's AsKd does not hold, say) maps deals to deals of the same result and classes:
    only one subset of each swapped pair is counted, twice.
    """
    known = [*player, *board, *dead]
    if len(set(known)) != len(known) or not set(known) <= set(deck):
        raise ValueError(f"cards: expected distinct cards of the deck, got {known}")
    if len(board) > 5 or len(player) not in (0, 2):
        raise ValueError(f"cards: expected 0 or 2 Player cards and at most 5 board cards, got {player} {board}")
    rest = np.array(sorted(set(deck) - set(known)), dtype=np.int8)
    if not player:
        if board:
            raise ValueError("cards: a board without Player cards is not a state of the game")
        total = Counts.of(np.zeros(CELLS))
        for a, b in colex(len(rest), 2).tolist():
            pair = (int(rest[a]), int(rest[b]))
            total = total + count_deals(
                player=pair, board=(), dead=dead, deck=deck, ranking=ranking, chunk=chunk, symmetry=symmetry
            )
        return total
    k = 5 - len(board)
    if len(rest) < k + 2:
        raise ValueError(f"cards: {len(rest)} cards left, {k + 2} still to deal")
    swap = _suit_swap(rest, (player, board, dead)) if symmetry else None
    return _Enumeration(
        np.array([*player, *board], dtype=np.int8), np.array(board, dtype=np.int8), rest, k, ranking
    ).run(chunk, swap)


def _suit_swap(rest: npt.NDArray[np.int8], groups: tuple[Sequence[int], ...]) -> npt.NDArray[np.int64] | None:
    """Where each of ``rest`` goes when two suits trade places, for the first swap that maps every
    group of known cards onto itself (and so ``rest`` onto itself); ``None`` when no swap does."""
    for a in range(4):
        for b in range(a + 1, 4):

            def swapped(card: int, a: int = a, b: int = b) -> int:
                suit = card % 4
                return card - suit + (b if suit == a else a if suit == b else suit)

            if all({swapped(c) for c in group} == set(group) for group in groups):
                position = {int(card): i for i, card in enumerate(rest)}
                if all(swapped(int(c)) in position for c in rest):
                    return np.array([position[swapped(int(c))] for c in rest], dtype=np.int64)
    return None


class _Enumeration:
    """The arrays of one enumeration (see :func:`count_deals`) and its running totals."""

    def __init__(
        self,
        player_known: npt.NDArray[np.int8],
        board: npt.NDArray[np.int8],
        rest: npt.NDArray[np.int8],
        k: int,
        ranking: Ranking,
    ) -> None:
        self.board, self.rest, self.k, self.ranking = board, rest, k, ranking
        n, w = len(rest), k + 1  # w: the prefix width (m - 1)
        self.n, self.w = n, w
        # level k: every board completion, the Player's strength and packed class
        completions = _colex_t(n, k)
        hands = np.empty((completions.shape[1], 7), dtype=np.int8)
        hands[:, : len(player_known)] = player_known
        for t in range(k):
            hands[:, len(player_known) + t] = rest[completions[t]]
        self.p = strengths(hands, ranking).astype(np.int32)
        g_k = np.left_shift(np.int64(1), _FIELD * classes_of(self.p, ranking).astype(np.int64))
        # level k + 1: the prefixes and their summed class counts (by chunks: no big temporaries)
        self.prefixes = _colex_t(n, w)
        size = self.prefixes.shape[1]
        self.g_w = np.empty(size, dtype=np.int64)
        for start in range(0, size, 1 << 16):
            z, _, _ = _drops(self.prefixes[:, start : start + (1 << 16)])
            self.g_w[start : start + (1 << 16)] = g_k[z].sum(axis=0)
        self.drop_two = [(i, j) for j in range(w) for i in range(j)]
        self.lower = np.zeros((CLASSES, CLASSES), dtype=np.int64)  # [player class, dealer class]
        self.less = np.zeros(CLASSES, dtype=np.int64)  # by Dealer class: splits with the Player lower
        self.equal = np.zeros(CLASSES, dtype=np.int64)

    def run(self, chunk: int, swap: npt.NDArray[np.int64] | None) -> Counts:
        n, w = self.n, self.w
        if swap is not None:
            bits = np.left_shift(np.int64(1), np.arange(n, dtype=np.int64))
            code = np.zeros(self.prefixes.shape[1], dtype=np.int64)  # the prefix as a bit set
            code_swapped = np.zeros_like(code)  # and its image under the swap
            for t in range(w):
                code += bits.take(self.prefixes[t])
                code_swapped += bits[swap].take(self.prefixes[t])
        for last in range(w, n):
            size = comb(last, w)
            for start in range(0, size, chunk):
                end = min(size, start + chunk)
                if swap is None:
                    self._rows(slice(start, end), last, 1)
                    continue
                mine = code[start:end] + bits[last]
                theirs = code_swapped[start:end] + bits[swap[last]]
                self._rows(start + np.flatnonzero(mine < theirs), last, 2)  # one of a swapped pair
                self._rows(start + np.flatnonzero(mine == theirs), last, 1)  # a subset the swap keeps
        return _assemble(self.lower, self.less, self.equal)

    def _rows(self, rows: slice | npt.NDArray[np.intp], last: int, weight: int) -> None:
        """Add the subsets made of the prefixes ``rows`` and the card ``last``, each ``weight`` times."""
        k, w, board, p = self.k, self.w, self.board, self.p
        cols = self.prefixes[:, rows]
        count = cols.shape[1]
        if count == 0:
            return
        z_rows, x_rows, y_rows = _drops(cols)
        p_top = p[comb(last, k) :]  # completions whose top card is `last`
        g_top = self.g_w[comb(last, w) :]
        dealer = np.empty((count, 7), dtype=np.int8)
        dealer[:, : len(board)] = board
        for t in range(w):
            dealer[:, len(board) + t] = self.rest[cols[t]]
        dealer[:, 6] = self.rest[last]
        s = strengths(dealer, self.ranking).astype(np.int32)
        d_cls = classes_of(s, self.ranking)
        n_less = np.zeros(count, dtype=np.int8)
        n_equal = np.zeros(count, dtype=np.int8)
        rank, pr, hit = np.empty(count, np.int32), np.empty(count, np.int32), np.empty(count, np.bool_)
        for i in range(w):  # the Dealer pair holds the last card
            p.take(z_rows[i], out=pr)
            n_less += np.less(pr, s, out=hit)
            n_equal += np.equal(pr, s, out=hit)
        for i, j in self.drop_two:
            p_top.take(np.add(x_rows[i], y_rows[j], out=rank), out=pr)
            n_less += np.less(pr, s, out=hit)
            n_equal += np.equal(pr, s, out=hit)
        packed = self.g_w[rows].copy()
        for t in range(w):
            packed += g_top[z_rows[t]]
        packed >>= 1  # each completion was reached through two (k+1)-subsets
        for a in range(CLASSES):
            field = (packed >> (_FIELD * a)) & _FIELD_MASK
            self.lower[a] += weight * np.bincount(d_cls, weights=field, minlength=CLASSES).astype(np.int64)
        self.less += weight * np.bincount(d_cls, weights=n_less, minlength=CLASSES).astype(np.int64)
        self.equal += weight * np.bincount(d_cls, weights=n_equal, minlength=CLASSES).astype(np.int64)


def _assemble(joint: I64, less: I64, equal: I64) -> Counts:
    """Cells from the (Player class, Dealer class) counts and, per Dealer class, the splits
    where the Player is lower or equal: a higher class always wins (classes follow strength)."""
    cells = np.zeros((len(RESULTS), CLASSES, CLASSES), dtype=np.int64)
    for b in range(CLASSES):
        for a in range(CLASSES):
            if a != b:
                cells[0 if a > b else 1, a, b] = joint[a, b]
        dealer_wins = less[b] - joint[:b, b].sum()
        cells[1, b, b] = dealer_wins
        cells[2, b, b] = equal[b]
        cells[0, b, b] = joint[b, b] - dealer_wins - equal[b]
    return Counts.of(cells)
