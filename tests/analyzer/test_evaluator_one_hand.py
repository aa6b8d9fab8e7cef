"""The package's one-hand ``strength_of``: the typed Python tables for a ranking's first hands,
then the C kernel where it is built; the same strengths before, across and after the switch,
and a one-hand evaluation never loads the kernel (its 52-card tables cost 0.2 s of CPU)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import analyzer.evaluator as evaluator
from analyzer.cards import Card
from analyzer.evaluator import Ranking, fast, kernel
from analyzer.evaluator.reference import best_five
from analyzer.evaluator.tables import lowest_rank

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ranking", list(Ranking))
def test_the_one_hand_strength_is_the_typed_tables_before_and_after_the_kernel_takes_over(
    ranking: Ranking, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(evaluator, "_left", {ranking: 500})
    monkeypatch.setattr(evaluator, "_one", {})
    deck = list(range((lowest_rank(ranking) - 2) * 4, 52))
    rng = random.Random(f"one-hand {ranking.value}")
    hands = [rng.sample(deck, rng.choice((5, 6, 7))) for _ in range(3000)]
    got = [evaluator.strength_of(hand, ranking) for hand in hands]
    assert got == [fast.strength_of(hand, ranking) for hand in hands]
    assert evaluator._left == {ranking: 0}
    assert (ranking in evaluator._one) == kernel.AVAILABLE  # the kernel took over after 500 hands
    assert evaluator.strength_of(hands[0], ranking.value) == got[0]  # a ranking's name works alike
    for hand in hands[:50]:  # and the plain oracle agrees
        assert evaluator.strength_of(hand, ranking) == best_five(tuple(Card.from_index(i) for i in hand), ranking)[0]


def test_a_few_hands_leave_the_kernel_unloaded() -> None:
    """A one-hand audit's start-up: a 52-card and a short-deck strength without the kernel."""
    code = (
        "import sys\n"
        "from analyzer.evaluator import Ranking, strength_of\n"
        "strength_of([48, 44, 40, 36, 32, 0, 5], Ranking.STANDARD)\n"
        "strength_of([48, 44, 40, 36, 32, 20, 17], Ranking.STRAIGHT_OVER_TRIPS)\n"
        "print('analyzer.evaluator.kernel' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_caller_asking_for_several_hands_at_once_counts_them_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """``strength_function(ranking, hands)``: the function ``strength_of`` would use for those
    hands, the hands counted against the kernel's take-over as ``strength_of`` counts one."""
    ranking = Ranking.STANDARD
    monkeypatch.setattr(evaluator, "_left", {ranking: 5})
    monkeypatch.setattr(evaluator, "_one", {})
    assert evaluator.strength_function(ranking, 3) is fast.strength_of
    assert evaluator._left == {ranking: 2}
    assert evaluator.strength_function(ranking, 3) is fast.strength_of  # the typed tables' last hands
    assert evaluator._left == {ranking: 0}
    assert (ranking in evaluator._one) == kernel.AVAILABLE
    hand = [48, 44, 40, 36, 32, 0, 5]
    assert evaluator.strength_function(ranking, 1)(hand, ranking) == fast.strength_of(hand, ranking)
