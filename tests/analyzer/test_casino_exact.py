"""Exact enumeration of 6+ Poker draws: complete small cases against brute force, sums, symmetry."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from analyzer.cards import SHORT_DECK, Card, clean
from analyzer.casino import tables
from analyzer.casino.exact import CLASSES, Counts, _colex_t, _drops, classes_of, colex, count_deals
from analyzer.casino.odds import quotes, state_of
from analyzer.casino.outcomes import load_outcomes
from analyzer.evaluator import Ranking, strength_of
from analyzer.evaluator.categories import ORDER

RK = Ranking.TRIPS_OVER_STRAIGHT
DECK = [c.index for c in SHORT_DECK.cards]
REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "hand-frequencies.json"


def idx(text: str) -> list[int]:
    return [c.index for c in clean(text)]


def brute(player: list[int], board: list[int], deck: list[int]) -> Counts:
    """Every Player hand (if none given), board completion and Dealer hand, one at a time."""
    cells = [0] * (3 * CLASSES * CLASSES)
    rest = sorted(set(deck) - set(player) - set(board))
    for mine in [tuple(player)] if player else combinations(rest, 2):
        left = [c for c in rest if c not in mine]
        for completion in combinations(left, 5 - len(board)):
            common = [*board, *completion]
            p = strength_of([*mine, *common], RK)
            pc = int(classes_of([p], RK)[0])
            for theirs in combinations([c for c in left if c not in completion], 2):
                s = strength_of([*theirs, *common], RK)
                result = 0 if p > s else 1 if p < s else 2
                cells[(result * CLASSES + pc) * CLASSES + int(classes_of([s], RK)[0])] += 1
    return Counts(tuple(cells))


def colex_rank(subset: tuple[int, ...]) -> int:
    return sum(comb(c, i + 1) for i, c in enumerate(sorted(subset)))


def test_colex_rows_are_in_rank_order() -> None:
    rows = colex(9, 4).tolist()
    assert len(rows) == comb(9, 4) and [colex_rank(tuple(r)) for r in rows] == list(range(len(rows)))


def test_dropping_one_or_two_positions_gives_the_colex_rank_of_what_is_left() -> None:
    cols = _colex_t(10, 5)
    z, x, y = _drops(cols)
    for r, row in enumerate(cols.T.tolist()):
        for t in range(5):
            assert z[t, r] == colex_rank(tuple(row[:t] + row[t + 1 :]))
        for j in range(5):
            for i in range(j):
                left = tuple(c for k, c in enumerate(row) if k not in (i, j))
                assert x[i, r] + y[j, r] == colex_rank(left)


@pytest.mark.parametrize(
    ("player", "board"),
    [("As Kd", "Ah 7h 6h Qs Tc"), ("9h 8h", "Th Jh 6c 6d"), ("Ad Ac", "Ah Kh Qh Jh Th"), ("7s 6s", "8s 9s Ts Js")],
)
def test_counts_match_brute_force_on_the_full_deck_at_rounds_four_and_five(player: str, board: str) -> None:
    """C-ODDS: the fast enumeration counts every (river, Dealer hand) exactly as one by one."""
    fast = count_deals(player=idx(player), board=idx(board), deck=DECK, ranking=RK)
    assert fast == brute(idx(player), idx(board), DECK)
    assert fast.total == (406 if len(board.split()) == 5 else 30 * 406)


SMALL = idx("As Ks Qs Js Ts 9s Ah Kh Qh Jh Th 9h 8c")  # 13 cards: flushes, straights, pairs


def test_counts_match_brute_force_at_rounds_two_and_three_on_a_small_deck() -> None:
    """Complete small cases: every board and Dealer hand of a 13-card deck."""
    assert count_deals(player=idx("As Kh"), board=(), deck=SMALL, ranking=RK) == brute(idx("As Kh"), [], SMALL)
    flop = idx("Qs Jh 9s")
    assert count_deals(player=idx("As Kh"), board=flop, deck=SMALL, ranking=RK) == brute(idx("As Kh"), flop, SMALL)


def test_round_one_on_a_small_deck_is_brute_force_and_symmetric() -> None:
    """Before the deal the Player and the Dealer are dealt alike: every (Player class, Dealer class)
    cell the Player wins, the Dealer wins mirrored, exactly; splits are mirror images of themselves."""
    deck = idx("As Ks Qs Js Ts 9s Ah Kh Qh Jh Th")
    counts = count_deals(player=(), board=(), deck=deck, ranking=RK)
    assert counts == brute([], [], deck) and counts.total == comb(11, 2) * comb(9, 2) * comb(7, 5)
    a = counts.array()
    assert (a[0] == a[1].T).all() and (a[2] == a[2].T).all()


def test_probabilities_of_player_dealer_and_split_sum_to_one_at_every_round() -> None:
    outcomes = load_outcomes()
    for player, board in (
        ("", ""),
        ("As Kd", ""),
        ("As Kd", "Ah 7h 6h"),
        ("As Kd", "Ah 7h 6h Qs"),
        ("As Kd", "Ah 7h 6h Qs Tc"),
    ):
        odds = quotes(state_of(player, board), outcomes, RK)
        assert sum(q.probability for q in odds.quotes if q.outcome in ("player", "dealer", "split")) == 1
        winning = [q for q in odds.quotes if q.outcome.startswith("winning-")]
        assert sum(q.probability for q in winning) == 1  # the winning hand has exactly one category
        assert all(0 <= q.probability <= 1 for q in odds.quotes)


def test_before_the_deal_player_and_dealer_are_equal() -> None:
    """Symmetry before the deal, on the shipped table of all 71,172,319,680 deals."""
    counts = tables.round_one(RK)
    a = counts.array()
    assert counts.total == 630 * comb(34, 2) * comb(32, 5) == 71_172_319_680
    assert (a[0] == a[1].T).all() and (a[2] == a[2].T).all()
    odds = quotes(state_of(), load_outcomes(), RK)
    by_id = {q.outcome: q.probability for q in odds.quotes}
    assert by_id["player"] == by_id["dealer"] == Fraction(2762849759, 5931026640)
    assert by_id["player-flush-or-better"] == by_id["dealer-flush-or-better"]
    assert by_id["player-three-of-a-kind-or-better"] == by_id["dealer-three-of-a-kind-or-better"]


def test_the_shipped_tables_give_the_published_seven_card_frequencies() -> None:
    """Each 7-card Player hand appears C(7,2) x C(29,2) times in round 1, so the Player's class counts are
    the reference 7-card frequencies (../shared/reference) times 21 x 406."""
    reference = json.loads(REFERENCE.read_text())["deck36"]["7"]
    player_classes = tables.round_one(RK).array().sum(axis=(0, 2))
    expected = [reference[RK.value][c.value] for c in ORDER[RK]]
    expected[8] -= reference["royal"]  # class 8 is the straight flush without the royal
    assert [int(n) // (21 * 406) for n in player_classes] == [*expected, reference["royal"]]
    assert all(int(n) % (21 * 406) == 0 for n in player_classes)


def test_every_shipped_round_two_class_holds_every_dealer_hand_and_board() -> None:
    names = [name for name, _, _ in tables.classes()]
    assert len(names) == 81 and sum(w for _, _, w in tables.classes()) == 630
    for name in names:
        assert tables.round_two(name, RK).total == comb(34, 2) * comb(32, 5)


def test_round_two_depends_only_on_the_hand_class() -> None:
    assert tables.hand_class(Card.parse("Kd"), Card.parse("As")) == "AKo"
    assert tables.hand_class(Card.parse("6h"), Card.parse("7h")) == "76s"
    first = quotes(state_of("As Kd"), load_outcomes(), RK)
    second = quotes(state_of("Kh Ac"), load_outcomes(), RK)
    assert [q.probability for q in first.quotes] == [q.probability for q in second.quotes]


def test_impossible_states_are_refused() -> None:
    with pytest.raises(ValueError, match="expected distinct cards"):
        count_deals(player=idx("As Kd"), board=idx("As 7h 6h"), deck=DECK, ranking=RK)
    with pytest.raises(ValueError, match="a board without Player cards"):
        count_deals(player=(), board=idx("Ah 7h 6h"), deck=DECK, ranking=RK)


def test_classes_mark_the_royal_flush_apart() -> None:
    strengths = [strength_of(idx(h), RK) for h in ("As Ks Qs Js Ts", "Ks Qs Js Ts 9s", "6s 6h 6d 9c As")]
    assert classes_of(np.array(strengths), RK).tolist() == [9, 8, 4]


@pytest.mark.parametrize(("player", "flop"), [("As Ks", "Qs Js 7s"), ("As Ad", "Kc Kh 7c"), ("9c 8d", "6s 6h 7s")])
def test_the_suit_swap_shortcut_counts_what_the_full_enumeration_counts(player: str, flop: str) -> None:
    """Round 3 on the full deck, counted once per swapped pair of subsets and once over all of them."""
    fast = count_deals(player=idx(player), board=idx(flop), deck=DECK, ranking=RK)
    full = count_deals(player=idx(player), board=idx(flop), deck=DECK, ranking=RK, symmetry=False)
    assert fast == full and fast.total == comb(31, 2) * comb(29, 2)
