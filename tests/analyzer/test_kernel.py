"""The C evaluator kernel (``analyzer/evaluator/_kernel.c``) against the numpy paths it replaces.

Both paths are tested on their own: the numpy batch and the numpy run-out enumeration are
called directly (they are the reference and the fallback where nothing is compiled), and the
kernel is called directly where it is built. Where the hot path was compiled (``make``) the
kernel must have been built too; in a pure install (``SIXPLUS_PURE=1``) its tests are skipped
with that reason, and the package runs the numpy paths, which every other test then checks.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from analyzer import compiled
from analyzer.cards import clean
from analyzer.equity import equity, pot_tallies
from analyzer.equity.runouts import hand_strengths, tally
from analyzer.equity.tables import tables_for
from analyzer.evaluator import Ranking, fast, kernel, strengths
from analyzer.evaluator.batch import numpy_strengths
from analyzer.evaluator.combos import hand_blocks
from analyzer.evaluator.tables import rank_multisets

SHORT = (Ranking.STRAIGHT_OVER_TRIPS, Ranking.TRIPS_OVER_STRAIGHT)


def _needs_kernel() -> None:
    if not kernel.AVAILABLE:
        assert not compiled.compiled(), "the hot path is compiled but the evaluator kernel is not: rebuild (make)"
        pytest.skip("the C evaluator kernel is not built here (a pure install): the numpy paths run")


def random_hands(n: int, low_index: int, cards: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (rng.random((n, 52 - low_index)).argpartition(cards, axis=1)[:, :cards] + low_index).astype(np.uint8)


@pytest.mark.parametrize("ranking", SHORT)
def test_kernel_batch_equals_numpy_on_every_seven_card_short_deck_hand(ranking: Ranking) -> None:
    _needs_kernel()
    total = 0
    for block in hand_blocks(36, 7):
        result = kernel.batch(block, ranking)
        assert not isinstance(result, int)
        assert np.array_equal(result, numpy_strengths(block, ranking))
        total += len(block)
    assert total == 8_347_680


def test_kernel_batch_equals_numpy_on_every_five_card_hand_of_52() -> None:
    _needs_kernel()
    total = 0
    for block in hand_blocks(52, 5):
        result = kernel.batch(block, Ranking.STANDARD)
        assert not isinstance(result, int)
        assert np.array_equal(result, numpy_strengths(block, Ranking.STANDARD))
        total += len(block)
    assert total == 2_598_960


def _every_multiset_without_a_flush(ranking: Ranking, size: int) -> np.ndarray:
    """One hand for each multiset of ``size`` ranks of the ranking's deck (at most four of a
    rank), its suits dealt round the four in turn so that no suit holds five."""
    rows = []
    for got, groups in rank_multisets(ranking):
        if got != size:
            continue
        row, turn = [], 0
        for rank, count in groups:
            for _ in range(count):
                row.append((rank - 2) * 4 + turn % 4)
                turn += 1
        rows.append(row)
    return np.array(rows, dtype=np.uint8)


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("ranking", [*SHORT, Ranking.STANDARD])
def test_kernel_packed_table_holds_every_rank_multiset(ranking: Ranking, size: int) -> None:
    """The kernel packs each non-flush table by row displacement (a perfect hash of the
    multiset keys); every multiset of the deck reads back the reference's strength, so the
    52-card 7-card table is checked whole although its 133,784,560 hands are not dealt here."""
    _needs_kernel()
    hands = _every_multiset_without_a_flush(ranking, size)
    expected = {5: (6_175, 1_278), 6: (18_395, 2_922), 7: (49_205, 6_030)}[size]
    assert len(hands) == (expected[0] if ranking is Ranking.STANDARD else expected[1])
    result = kernel.batch(hands, ranking)
    assert not isinstance(result, int)
    assert np.array_equal(result, numpy_strengths(hands, ranking))
    assert kernel.strength_of is not None
    for row, value in zip(hands[::97].tolist(), result[::97].tolist(), strict=True):
        assert kernel.strength_of(row, ranking) == value == fast.strength_of(row, ranking)


@pytest.mark.parametrize("cards", [5, 6, 7])
@pytest.mark.parametrize("ranking", [*SHORT, Ranking.STANDARD])
def test_kernel_batch_equals_numpy_on_random_hands(ranking: Ranking, cards: int) -> None:
    _needs_kernel()
    low = 0 if ranking is Ranking.STANDARD else 16
    hands = random_hands(200_000 if ranking is Ranking.STANDARD else 50_000, low, cards, seed=cards)
    result = kernel.batch(hands, ranking)
    assert not isinstance(result, int)
    assert np.array_equal(result, numpy_strengths(hands, ranking))


def test_kernel_one_hand_equals_the_python_one_hand_path() -> None:
    _needs_kernel()
    assert kernel.strength_of is not None  # the package's strength_of switches to it: test_evaluator_one_hand.py
    for ranking in Ranking:
        low = 0 if ranking is Ranking.STANDARD else 16
        for cards in (5, 6, 7):
            for row in random_hands(5000, low, cards, seed=7).tolist():
                assert kernel.strength_of(row, ranking) == fast.strength_of(row, ranking)
                assert kernel.strength_of(tuple(row), ranking) == fast.strength_of(row, ranking)
    # a ranking given by its name finds the same tables
    row = [c.index for c in clean("9s 8s 7d 6h Ac Kd Kh")]
    assert kernel.strength_of(row, "standard") == fast.strength_of(row, Ranking.STANDARD)  # type: ignore[arg-type]


def test_kernel_one_hand_refuses_what_the_python_path_refuses() -> None:
    _needs_kernel()
    assert kernel.strength_of is not None
    with pytest.raises(ValueError, match="cards: expected 5 to 7 cards, got 4"):
        kernel.strength_of([16, 17, 18, 19], Ranking.STRAIGHT_OVER_TRIPS)
    with pytest.raises(KeyError):  # the two of clubs is not in the short deck
        kernel.strength_of([0, 17, 18, 19, 20], Ranking.STRAIGHT_OVER_TRIPS)
    with pytest.raises(KeyError):
        fast.strength_of([0, 17, 18, 19, 20], Ranking.STRAIGHT_OVER_TRIPS)
    with pytest.raises(IndexError):
        kernel.strength_of([16, 17, 18, 19, 52], Ranking.STRAIGHT_OVER_TRIPS)
    with pytest.raises(ValueError):
        kernel.strength_of([16, 17, 18, 19, 20], "short")  # type: ignore[arg-type]


def test_kernel_batch_names_a_card_outside_the_deck_as_numpy_does() -> None:
    _needs_kernel()
    hands = np.array([[16, 17, 18, 19, 20], [16, 17, 18, 19, 3]], dtype=np.uint8)
    assert kernel.batch(hands, Ranking.STRAIGHT_OVER_TRIPS) == 1
    for path in (strengths, numpy_strengths):
        with pytest.raises(ValueError, match=r"expected card indices 16..51 \(the 36-card deck\), found 3"):
            path(hands, Ranking.STRAIGHT_OVER_TRIPS)


def test_strengths_without_the_kernel_takes_the_numpy_path(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = random_hands(20_000, 16, 7, seed=3)
    expected = numpy_strengths(hands, Ranking.STRAIGHT_OVER_TRIPS)
    assert np.array_equal(strengths(hands, Ranking.STRAIGHT_OVER_TRIPS), expected)
    assert np.array_equal(strengths(hands.astype(np.int64), Ranking.STRAIGHT_OVER_TRIPS), expected)
    monkeypatch.setattr(kernel, "AVAILABLE", False)
    assert np.array_equal(strengths(hands, Ranking.STRAIGHT_OVER_TRIPS), expected)


CASES = [
    (Ranking.STRAIGHT_OVER_TRIPS, ["Ah Kh", "Qs Qd"], "", ""),
    (Ranking.TRIPS_OVER_STRAIGHT, ["9s 8s", "Ac Ad", "7h 7d"], "", "6c"),
    (Ranking.STRAIGHT_OVER_TRIPS, ["Ah Kh", "Qs Qd", "Jc Tc", "9d 9h"], "Qh 9s 6c", ""),
    (Ranking.STRAIGHT_OVER_TRIPS, ["Ah Kh", "Qs Qd"], "Qh 9h 6c Ts", "Jh"),
    (Ranking.STRAIGHT_OVER_TRIPS, ["Ah Kh", "Qs Qd"], "Qh 9h 6c Ts Js", ""),
    (Ranking.STANDARD, ["2c 2d", "As Ks"], "Ts", "3c 4c"),
    (Ranking.STANDARD, ["Ah Kh", "Qs Qd", "7c 2d"], "9h 8h 2c", ""),
]


@pytest.mark.parametrize(("ranking", "hands", "board", "dead"), CASES)
def test_kernel_tally_equals_the_numpy_enumeration(ranking: Ranking, hands: list[str], board: str, dead: str) -> None:
    """Every pot of every subset of the hands: the same wins and ties (by how many share)."""
    _needs_kernel()
    holes = [[c.index for c in clean(h)] for h in hands]
    board_idx = [c.index for c in clean(board)]
    used = {c for h in holes for c in h} | set(board_idx) | {c.index for c in clean(dead)}
    remaining = [c for c in tables_for(ranking).deck if c not in used]
    pots = [list(p) for size in range(2, len(hands) + 1) for p in combinations(range(len(hands)), size)]
    values = hand_strengths(tables_for(ranking), holes, board_idx, remaining)
    counts = kernel.tally(ranking, holes, board_idx, remaining, pots)
    for p, pot in enumerate(pots):
        expected = tally(values[pot])
        for place, h in enumerate(pot):
            assert counts[p, h, 0] == expected.wins[place]
            assert tuple(counts[p, h, 1 : len(pot)]) == expected.ties[place]
            assert not counts[p, h, len(pot) :].any()


def _random_deal(seed: int) -> tuple[Ranking, list[list[int]], list[int], list[int]]:
    """A seeded deal: a ranking, 2 to 6 hands (suited, paired, sharing suits as chance has it),
    a board of 0 to 4 cards and 0 to 3 dead cards."""
    rng = np.random.default_rng(seed)
    ranking = (Ranking.STRAIGHT_OVER_TRIPS, Ranking.TRIPS_OVER_STRAIGHT, Ranking.STANDARD)[seed % 3]
    deck = list(tables_for(ranking).deck)
    n, board, dead = int(rng.integers(2, 7)), int(rng.integers(0, 5)), int(rng.integers(0, 4))
    if ranking is Ranking.STANDARD and board == 0:
        board = 1  # 52-card preflop by numpy is slow: the fixed cases above have it
    cards = [deck[i] for i in rng.permutation(len(deck))[: 2 * n + board + dead]]
    return ranking, [cards[2 * h : 2 * h + 2] for h in range(n)], cards[2 * n : 2 * n + board], cards[2 * n + board :]


@pytest.mark.parametrize("seed", range(24))
def test_kernel_tally_by_ranks_and_flush_suits_equals_every_runout_on_random_deals(seed: int) -> None:
    """The kernel counts run-outs by rank multisets and corrects only the boards where a suit
    makes a flush; the numpy path lists every run-out: every pot of every subset agrees."""
    _needs_kernel()
    ranking, holes, board, dead = _random_deal(seed)
    used = {c for h in holes for c in h} | set(board) | set(dead)
    remaining = [c for c in tables_for(ranking).deck if c not in used]
    pots = [list(p) for size in range(2, len(holes) + 1) for p in combinations(range(len(holes)), size)][:32]
    values = hand_strengths(tables_for(ranking), holes, board, remaining)
    counts = kernel.tally(ranking, holes, board, remaining, pots)
    for p, pot in enumerate(pots):
        expected = tally(values[pot])
        for place, h in enumerate(pot):
            assert counts[p, h, 0] == expected.wins[place]
            assert tuple(counts[p, h, 1 : len(pot)]) == expected.ties[place]


def test_equity_without_the_kernel_takes_the_numpy_path(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = [[c.index for c in clean(h)] for h in ("Ah Kh", "Qs Qd", "Jc Tc")]
    ranking = Ranking.STRAIGHT_OVER_TRIPS
    board = [c.index for c in clean("Qh 9s")]
    pots = [[0, 1, 2], [1, 2]]
    with_kernel = pot_tallies(hands, board=board, dead=[], ranking=ranking, pots=pots)
    monkeypatch.setattr(kernel, "AVAILABLE", False)
    assert pot_tallies(hands, board=board, dead=[], ranking=ranking, pots=pots) == with_kernel
    result = equity(["Ah Kh", "Qs Qd"], ranking=ranking)  # poker-equity counts the same
    assert ([h.wins for h in result.hands], [h.tie_count for h in result.hands]) == ([108_298, 91_071], [2007, 2007])
