"""Property tests: the fast paths agree with the reference evaluator on random hands of
5, 6 and 7 cards, both decks, every ranking (SD-BEST-FIVE, SD-KICKERS, SD-TIE)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from analyzer.cards import Card
from analyzer.evaluator import Ranking, evaluate, reference, strength_of, strengths

RANKINGS = tuple(Ranking)


def deck(ranking: Ranking) -> list[Card]:
    low = 2 if ranking is Ranking.STANDARD else 6
    return [Card(rank, suit) for rank in range(low, 15) for suit in range(4)]


@st.composite
def hands(draw: st.DrawFn, ranking: Ranking | None = None, size: int | None = None) -> tuple[Ranking, tuple[Card, ...]]:
    """A ranking and 5 to 7 distinct cards of its deck; half of them lean to one suit (flushes)."""
    ranking = ranking or draw(st.sampled_from(RANKINGS))
    size = size or draw(st.sampled_from((5, 6, 7)))
    cards = deck(ranking)
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        suited = [c for c in cards if c.suit == suit]
        n = draw(st.integers(5, size))
        chosen = draw(st.lists(st.sampled_from(suited), min_size=n, max_size=n, unique=True))
        rest = [c for c in cards if c.suit != suit]
        chosen += draw(st.lists(st.sampled_from(rest), min_size=size - n, max_size=size - n, unique=True))
    else:
        chosen = draw(st.lists(st.sampled_from(cards), min_size=size, max_size=size, unique=True))
    order = draw(st.permutations(chosen))
    return ranking, tuple(order)


def cards_of(text: str) -> tuple[Card, ...]:
    from analyzer.cards import clean

    return clean(text)


@settings(max_examples=400, deadline=None)
@given(hands())
@example((Ranking.STRAIGHT_OVER_TRIPS, cards_of("Ah 6h 7h 8h 9h Th Jh")))
@example((Ranking.STANDARD, cards_of("Ah 2h 3h 4h 5h 6h Kh")))
@example((Ranking.STANDARD, cards_of("Ac Ad Ah As Kc Kd Kh")))
@example((Ranking.TRIPS_OVER_STRAIGHT, cards_of("Ac Ad Ah 6s 7c 8d 9h")))
def test_fast_one_hand_and_evaluate_agree_with_the_reference(case: tuple[Ranking, tuple[Card, ...]]) -> None:
    ranking, hand = case
    expected = reference.best_five(hand, ranking)
    assert strength_of([c.index for c in hand], ranking) == expected[0]
    value = evaluate(hand, ranking)
    assert (value.strength, value.category, value.cards) == expected


@st.composite
def batches(draw: st.DrawFn) -> tuple[Ranking, list[tuple[Card, ...]]]:
    """A ranking and 1 to 40 hands of one size."""
    ranking = draw(st.sampled_from(RANKINGS))
    size = draw(st.sampled_from((5, 6, 7)))
    return ranking, [hand for _, hand in draw(st.lists(hands(ranking, size), min_size=1, max_size=40))]


@settings(max_examples=60, deadline=None)
@given(batches(), st.sampled_from((np.uint8, np.int16, np.int64)))
def test_batch_agrees_with_the_reference_row_by_row(
    case: tuple[Ranking, list[tuple[Card, ...]]], dtype: type[np.integer]
) -> None:
    ranking, rows = case
    array = np.array([[c.index for c in hand] for hand in rows], dtype=dtype)
    expected = [reference.best_five(hand, ranking)[0] for hand in rows]
    result = strengths(array, ranking)
    assert result.dtype == np.int32
    assert result.tolist() == expected


def test_batch_takes_lists_and_empty_arrays() -> None:
    assert strengths([[48, 49, 50, 51, 44]], "standard").tolist() == [
        strength_of([48, 49, 50, 51, 44], Ranking.STANDARD)
    ]
    assert strengths(np.empty((0, 7), dtype=np.uint8), "straight-over-trips").shape == (0,)


@pytest.mark.parametrize(
    ("hands_", "ranking", "message"),
    [
        (
            np.zeros((3, 4), dtype=np.uint8),
            "standard",
            r"expected an \(N, k\) array with k = 5, 6 or 7, got shape \(3, 4\)",
        ),
        (np.zeros(5, dtype=np.uint8), "standard", r"got shape \(5,\)"),
        (np.zeros((1, 5)), "standard", "expected integer card indices, got dtype float64"),
        (
            np.array([[16, 17, 18, 19, 3]]),
            "straight-over-trips",
            r"expected card indices 16..51 \(the 36-card deck\), found 3",
        ),
        (np.array([[0, 1, 2, 3, 52]]), "standard", r"expected card indices 0..51 \(the 52-card deck\), found 52"),
        (np.array([[0, 1, 2, 3, 4]]), "short", "ranking: expected one of"),
    ],
)
def test_batch_refuses_bad_input_with_one_line(hands_: np.ndarray, ranking: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        strengths(hands_, ranking)
