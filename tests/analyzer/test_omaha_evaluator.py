"""Omaha high and ace-to-five low: the fast evaluator against the slow oracle, exhaustively on
sub-decks and on random deals; the rules of making a hand named in each test."""

from __future__ import annotations

from itertools import combinations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cards import Card, clean
from analyzer.evaluator import Ranking, words_of
from analyzer.evaluator.lowball import low_ranks, low_words, omaha_low
from analyzer.evaluator.omaha import best_high_cards, omaha_high
from analyzer.evaluator.omaha_batch import NO_LOW_KEY, omaha_high_batch, omaha_low_batch
from analyzer.evaluator.omaha_reference import reference_high, reference_low


def _idx(text: str) -> list[int]:
    return [c.index for c in clean(text)]


def _ref_low(hole: list[int], board: list[int]) -> tuple[int, ...] | None:
    return reference_low([Card.from_index(i) for i in hole], [Card.from_index(i) for i in board])


def _ref_high(hole: list[int], board: list[int]) -> int:
    return reference_high([Card.from_index(i) for i in hole], [Card.from_index(i) for i in board])


def _exhaustive(sub_deck: str) -> int:
    cards = _idx(sub_deck)
    holes: list[list[int]] = []
    boards: list[list[int]] = []
    for hole in combinations(cards, 4):
        rest = [c for c in cards if c not in hole]
        for board in combinations(rest, 5):
            h, b = list(hole), list(board)
            high = omaha_high(h, b)
            assert high == _ref_high(h, b), (h, b)
            low = omaha_low(h, b)
            ref = _ref_low(h, b)
            assert (None if low is None else low_ranks(low)) == ref, (h, b)
            holes.append(h)
            boards.append(b)
    batch_high = omaha_high_batch(np.array(holes), np.array(boards))
    batch_low = omaha_low_batch(np.array(holes), np.array(boards))
    for i, (h, b) in enumerate(zip(holes, boards, strict=True)):
        assert int(batch_high[i]) == omaha_high(h, b)
        low = omaha_low(h, b)
        assert int(batch_low[i]) == (NO_LOW_KEY if low is None else low)
    return len(holes)


def test_omaha_evaluator_equals_the_oracle_on_every_deal_of_a_flush_and_straight_sub_deck() -> None:
    """Every 4-card hand and 5-card board of ten cards rich in spades and connectors."""
    assert _exhaustive("As Ks Qs Js Ts 9h 9d 2s 3s Kh") == 1260


def test_omaha_evaluator_equals_the_oracle_on_every_deal_of_a_low_sub_deck() -> None:
    """Every deal of ten low cards with pairs and an ace: lows, counterfeits and no-lows."""
    assert _exhaustive("Ah Ad 2c 2d 3h 4s 5c 6d 8h 9s") == 1260


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)), st.sampled_from([4, 5, 6]))
def test_omaha_evaluator_equals_the_oracle_on_random_deals(deck: list[int], h: int) -> None:
    hole, board = deck[:h], deck[h : h + 5]
    assert omaha_high(hole, board) == _ref_high(hole, board)
    low = omaha_low(hole, board)
    assert (None if low is None else low_ranks(low)) == _ref_low(hole, board)
    assert int(omaha_high_batch(np.array([hole]), np.array([board]))[0]) == omaha_high(hole, board)
    assert int(omaha_low_batch(np.array([hole]), np.array([board]))[0]) == (NO_LOW_KEY if low is None else low)


def test_exactly_two_hole_cards_play_so_four_board_spades_and_one_in_hand_is_no_flush() -> None:
    """Omaha (002 Variants): exactly two hole cards with three from the board."""
    board = _idx("Ts 9s 2s 3s Kh")
    assert words_of(omaha_high(_idx("As Kd 7d 7c"), board), Ranking.STANDARD) == "One pair, kings"
    assert words_of(omaha_high(_idx("As 4s Qd Jd"), board), Ranking.STANDARD) == "Flush, ace high"


def test_exactly_three_board_cards_play_so_a_board_straight_is_not_a_straight() -> None:
    board = _idx("Ts 9h 8d 7c 6s")
    assert words_of(omaha_high(_idx("Ac Ad Kh Kc"), board), Ranking.STANDARD) == "One pair, aces"


def test_four_of_a_pair_in_hand_counts_only_two_so_quads_need_a_board_pair() -> None:
    assert words_of(omaha_high(_idx("Ac Ad Ah As"), _idx("2c 7d 9h Jc Ks")), Ranking.STANDARD) == "One pair, aces"


def test_the_best_high_cards_are_two_hole_and_three_board_cards() -> None:
    hole, board = _idx("As 4s Qd Jd"), _idx("Ts 9s 2s 3s Kh")
    strength, used = best_high_cards(hole, board)
    assert strength == omaha_high(hole, board)
    assert len(set(used) & set(hole)) == 2 and len(set(used) & set(board)) == 3


def test_low_eight_or_better_two_from_hand_three_from_board() -> None:
    board = _idx("4c 6s 8h Qd Jd")
    assert low_words(omaha_low(_idx("Ah 2h Kd Kc"), board)) == "8-6-4-2-A"
    assert omaha_low(_idx("Ah Kh Kd Qc"), board) is None  # one low card in the hand: no low
    assert omaha_low(_idx("Ah 2h 3d 4c"), _idx("9c 9s 8h Qd Jd")) is None  # two low cards on board: no low


def test_a_counterfeited_low_takes_the_next_hole_card() -> None:
    """A-2 with a 2 on board: the 2 is counterfeited and the hand plays A-3."""
    assert low_words(omaha_low(_idx("Ah 2h 3d Kc"), _idx("2c 5s 7h Qd Jd"))) == "7-5-3-2-A"


def test_the_wheel_is_the_best_low_and_straights_do_not_count_against_it() -> None:
    low = omaha_low(_idx("Ah 2h Kd Kc"), _idx("3c 4s 5h Qd Jd"))
    assert low_words(low) == "5-4-3-2-A"
    assert low is not None and low < (omaha_low(_idx("Ah 3h Kd Kc"), _idx("2c 4s 6h Qd Jd")) or 0)
