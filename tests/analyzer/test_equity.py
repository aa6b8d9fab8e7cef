"""Exact equity: against a plain enumeration written here, and against poker-equity (PyPI).

SD-STRAIGHT-OVER-TRIPS, SD-TRIPS-OVER-STRAIGHT, SD-FLUSH-OVER-FULL, SD-LOW-STRAIGHT and
SD-TIE decide short-deck showdowns; HE-RANKING the 52-card ones.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import numpy as np
import poker_equity as pe
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cards import FULL_DECK, SHORT_DECK, Card, clean
from analyzer.equity import EquityError, equity
from analyzer.equity.tables import strengths_of_sums, tables_for
from analyzer.errors import CardNotInDeck
from analyzer.evaluator import Ranking
from analyzer.evaluator.reference import best_five

SOT, TOS, STD = Ranking.STRAIGHT_OVER_TRIPS, Ranking.TRIPS_OVER_STRAIGHT, Ranking.STANDARD


def plain_equity(
    hands: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...], ranking: Ranking
) -> tuple[int, list[int], list[Counter[int]]]:
    """Every run-out, one at a time, each hand judged by the reference evaluator."""
    deck = SHORT_DECK if ranking is not STD else FULL_DECK
    used = {c for h in hands for c in h} | set(board) | set(dead)
    rest = [c for c in deck.cards if c not in used]
    runouts, wins, ties = 0, [0] * len(hands), [Counter[int]() for _ in hands]
    for more in combinations(rest, 5 - len(board)):
        full = board + more
        values = [best_five(h + full, ranking)[0] for h in hands]
        top = max(values)
        sharing = values.count(top)
        runouts += 1
        for i, v in enumerate(values):
            if v == top:
                if sharing == 1:
                    wins[i] += 1
                else:
                    ties[i][sharing] += 1
    return runouts, wins, ties


def deal(rng: random.Random, deck_size: int, players: int, board: int, dead: int) -> tuple[list[str], str, str]:
    deck = [c.text for c in (SHORT_DECK if deck_size == 36 else FULL_DECK).cards]
    rng.shuffle(deck)
    hands = [deck[2 * i] + deck[2 * i + 1] for i in range(players)]
    at = 2 * players
    return hands, " ".join(deck[at : at + board]), " ".join(deck[at + board : at + board + dead])


CASES = [
    (SOT, 2, 3, 0),
    (SOT, 3, 3, 1),
    (SOT, 4, 4, 2),
    (SOT, 2, 5, 0),
    (TOS, 2, 3, 0),
    (TOS, 3, 3, 2),
    (TOS, 2, 4, 0),
    (STD, 2, 3, 0),
    (STD, 3, 4, 3),
]


@pytest.mark.parametrize(("ranking", "players", "board", "dead"), CASES)
def test_equity_matches_a_plain_enumeration_sd_straight_over_trips_and_trips_over_straight(
    ranking: Ranking, players: int, board: int, dead: int
) -> None:
    rng = random.Random(f"{ranking}-{players}-{board}-{dead}")
    for _ in range(3):
        hands, board_text, dead_text = deal(rng, ranking.deck_size, players, board, dead)
        result = equity(hands, board=board_text, dead=dead_text, ranking=ranking)
        runouts, wins, ties = plain_equity([clean(h) for h in hands], clean(board_text), clean(dead_text), ranking)
        assert result.runouts == runouts
        assert [h.wins for h in result.hands] == wins
        assert [h.ties for h in result.hands] == [tuple(t[k] for k in range(2, players + 1)) for t in ties]
        expected_shares = [
            (Fraction(w) + sum((Fraction(n, k) for k, n in t.items()), Fraction(0))) / runouts
            for w, t in zip(wins, ties)
        ]
        assert [h.share for h in result.hands] == expected_shares
        assert sum(h.share for h in result.hands) == 1


def _pe_counts(hands: list[str], board: str = "", dead: str = "") -> tuple[int, list[int], list[int]]:
    r = pe.exact_from_text("short_deck", hands, board, dead)
    assert r is not None and r["exact"]
    return int(r["samples"]), [int(x) for x in r["win_count"]], [int(x) for x in r["tie_count"]]


PREFLOP = [
    (["AhKh", "QsQd"], ""),
    (["AsKd", "6c6d"], "Jh"),
    (["9s8s", "AcAd"], ""),
    (["7h6h", "TcTd", "AsKc"], ""),
]


@pytest.mark.parametrize(("hands", "dead"), PREFLOP)
def test_preflop_short_deck_matches_poker_equity_sd_straight_over_trips(hands: list[str], dead: str) -> None:
    """poker-equity's short deck ranks a straight over trips and a flush over a full house."""
    result = equity(hands, dead=dead, ranking=SOT)
    runouts, wins, ties = _pe_counts(hands, dead=dead)
    assert result.runouts == runouts
    assert [h.wins for h in result.hands] == wins
    assert [h.tie_count for h in result.hands] == ties


def test_flop_and_turn_short_deck_match_poker_equity_with_dead_cards() -> None:
    rng = random.Random(7)
    for board in (3, 4):
        for players in (2, 3, 5):
            hands, board_text, dead_text = deal(rng, 36, players, board, 2)
            result = equity(hands, board=board_text, dead=dead_text, ranking=SOT)
            runouts, wins, ties = _pe_counts(hands, board_text, dead_text)
            assert (result.runouts, [h.wins for h in result.hands]) == (runouts, wins)
            assert [h.tie_count for h in result.hands] == ties


def test_aks_against_qq_differs_between_the_short_deck_rankings_sd_trips_over_straight() -> None:
    over_trips = equity(["AsKs", "QhQd"], ranking=SOT)
    over_straight = equity(["AsKs", "QhQd"], ranking=TOS)
    assert over_trips.runouts == over_straight.runouts == 201_376
    assert over_trips.hands[0].share == Fraction(31229, 57536)
    assert over_straight.hands[0].share == Fraction(207185, 402752)
    # the queens make trips more often than the ace-king makes a straight: they gain
    assert over_straight.hands[1].share > over_trips.hands[1].share


def test_wheel_straight_beats_trips_on_the_river_only_under_straight_over_trips_sd_low_straight() -> None:
    hands, board = ["Ah6c", "QsQd"], "7d 8h 9s Qc Kd"
    assert [h.share for h in equity(hands, board=board, ranking=SOT).hands] == [1, 0]
    assert [h.share for h in equity(hands, board=board, ranking=TOS).hands] == [0, 1]


def test_board_that_plays_is_a_split_pot_counted_as_ties_sd_tie() -> None:
    result = equity(["6c7d", "6h7s", "6d7c"], board="As Ks Qs Js Ts", ranking=SOT)
    assert result.runouts == 1
    assert [(h.wins, h.ties) for h in result.hands] == [(0, (0, 1))] * 3
    assert [h.share for h in result.hands] == [Fraction(1, 3)] * 3


def test_52_card_preflop_matches_poker_equity_he_ranking() -> None:
    result = equity(["AhKh", "QsQd"], ranking=STD)
    r = pe.exact_from_text("holdem", ["AhKh", "QsQd"])
    assert r is not None
    assert result.runouts == r["samples"] == 1_712_304
    assert [h.wins for h in result.hands] == [int(x) for x in r["win_count"]]
    assert [h.tie_count for h in result.hands] == [int(x) for x in r["tie_count"]]


@pytest.mark.parametrize("ranking", [SOT, TOS, STD])
def test_seven_card_sums_agree_with_the_reference_evaluator(ranking: Ranking) -> None:
    tables = tables_for(ranking)
    rng = random.Random(str(ranking))
    deck = list(tables.deck)
    hands = np.array([rng.sample(deck, 7) for _ in range(1500)], dtype=np.int64)
    values = strengths_of_sums(tables, tables.key[hands].sum(axis=1), tables.bits[hands].sum(axis=1))
    for row, value in zip(hands.tolist(), values.tolist()):
        assert value == best_five(tuple(Card.from_index(i) for i in row), ranking)[0]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), board=st.sampled_from([3, 4, 5]))
def test_equities_add_up_to_exactly_one_and_follow_the_seats(seed: int, players: int, board: int) -> None:
    rng = random.Random(seed)
    hands, board_text, _ = deal(rng, 36, players, board, 0)
    result = equity(hands, board=board_text, ranking=SOT)
    assert sum(h.share for h in result.hands) == 1
    swapped = equity(hands[::-1], board=board_text, ranking=SOT)
    assert [h.share for h in swapped.hands] == [h.share for h in result.hands][::-1]
    assert all(h.wins + h.tie_count <= result.runouts for h in result.hands)


def test_errors_say_what_was_expected_and_found() -> None:
    with pytest.raises(EquityError, match="expected every card once, found As twice"):
        equity(["AsAh", "AsKd"], ranking=SOT)
    with pytest.raises(EquityError, match="expected two or more hands, found 1"):
        equity(["AsAh"], ranking=SOT)
    with pytest.raises(EquityError, match="expected two hole cards a hand, found As Ah Kd"):
        equity(["AsAhKd", "QsQd"], ranking=SOT)
    with pytest.raises(EquityError, match="expected a board of at most 5 cards, found 6 cards"):
        equity(["AsAh", "QsQd"], board="6c 7c 8c 9c Tc Jc", ranking=SOT)
    with pytest.raises(CardNotInDeck, match="expected a card of the 36-card deck, found 5d"):
        equity(["AsAh", "5d5c"], ranking=SOT)


def test_many_hands_leave_too_few_cards_for_the_board() -> None:
    hands = [r + "c" + r + "d" for r in "6789TJQK"]
    dead = "Ac Ad Ah As 6h 6s 7h 7s 8h 8s 9h 9s Th Ts Jh Js"
    with pytest.raises(EquityError, match="expected 5 cards left to deal, found 4"):
        equity(hands, dead=dead, ranking=SOT)


def test_combination_sums_follow_lexicographic_order() -> None:
    from analyzer.equity.runouts import combination_sums

    values = np.array([1, 10, 100, 1000, 10000], dtype=np.int64)
    expected = [sum(c) for c in combinations(values.tolist(), 3)]
    assert combination_sums(values, 3).tolist() == expected
