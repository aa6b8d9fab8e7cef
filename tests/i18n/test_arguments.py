"""Arguments of a message are rendered in the reader's language, never formatted to English
before it: hand words, lows, street names, percentages, amounts."""

from __future__ import annotations

import random

import pytest

from analyzer.cards import FULL_DECK, SHORT_DECK
from analyzer.evaluator import Ranking, evaluate, words_of
from analyzer.i18n import render
from analyzer.i18n.hands import hand_words, low_words
from analyzer.replay import words


@pytest.mark.parametrize(
    ("deck", "ranking"),
    [(SHORT_DECK, "straight-over-trips"), (SHORT_DECK, "trips-over-straight"), (FULL_DECK, "standard")],
)
def test_hand_words_in_english_are_the_evaluators_words_in_lower_case(deck: object, ranking: str) -> None:
    """The English of a hand inside a sentence stays exactly what the audit always wrote."""
    rng = random.Random(7)
    cards = list(deck.cards)  # type: ignore[attr-defined]
    seen = set()
    for _ in range(3000):
        value = evaluate(rng.sample(cards, 7), ranking)
        seen.add(value.category)
        assert (
            render(hand_words(value.strength, value.ranking), "en") == words_of(value.strength, value.ranking).lower()
        )
    assert len(seen) >= 8


def test_a_hand_that_went_to_a_worse_hand_is_worded_in_german_and_spanish() -> None:
    """went_to_worse names both hands in the reader's language (seed 001: Drilling, Straße)."""
    rk = Ranking.TRIPS_OVER_STRAIGHT
    trips = evaluate("8c 8d 8h Ks Qd", rk).strength
    straight = evaluate("Jc Td 9h 8s 7d", rk).strength
    text = words.went_to_worse("the main pot", "1,200", "Femi", hand_words(straight, rk), hand_words(trips, rk))
    assert render(text, "en") == (
        "the main pot (1,200) went to Femi, whose straight, jack high loses to three of a kind, eights"
    )
    assert "Straße bis zum Buben" in render(text, "de") and "Drilling, Achten" in render(text, "de")
    assert "escalera a la jota" in render(text, "es") and "trío de ochos" in render(text, "es")


def test_a_low_is_said_with_the_languages_word() -> None:
    assert [render(low_words(0x86421), lang) for lang in ("en", "de", "es")] == [
        "low 8-6-4-2-A",
        "Low 8-6-4-2-A",
        "low 8-6-4-2-A",
    ]
    assert [render(low_words(None), lang) for lang in ("en", "de", "es")] == ["no low", "kein Low", "sin low"]


def test_street_names_in_a_problem_are_the_languages() -> None:
    """The engine passes a street's value; the sentence shows it in the reader's language."""
    problem = words.street_missing("flop")
    assert render(problem.message, "en") == "the flop betting is missing: two players could still bet"
    assert render(problem.message, "de") == "die Setzrunde (Flop) fehlt: zwei Spieler hätten noch setzen können"
