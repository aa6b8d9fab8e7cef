"""Exact frequencies: every hand enumerated and evaluated, matched to the published counts
(``../shared/reference/hand-frequencies.json``), royal flushes included (SD-CATEGORY,
SD-STRAIGHT-OVER-TRIPS, SD-TRIPS-OVER-STRAIGHT, SD-FLUSH-OVER-FULL, HE-RANKING)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from analyzer.evaluator import ORDER, Ranking
from analyzer.frequencies import Frequencies, Frequency, check_deck, exact_frequencies

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "hand-frequencies.json"


def published(deck: int, cards: int) -> dict[str, Any]:
    table: dict[str, Any] = json.loads(REFERENCE.read_text())[f"deck{deck}"][str(cards)]
    return table


@cache
def enumerated(ranking: Ranking, cards: int) -> Frequencies:
    """Each enumeration once per test run."""
    return exact_frequencies(ranking=ranking, cards=cards)


@pytest.mark.parametrize(
    ("deck", "cards", "ranking"),
    [
        (36, 5, Ranking.STRAIGHT_OVER_TRIPS),
        (36, 5, Ranking.TRIPS_OVER_STRAIGHT),
        (36, 7, Ranking.STRAIGHT_OVER_TRIPS),
        (36, 7, Ranking.TRIPS_OVER_STRAIGHT),
        (52, 5, Ranking.STANDARD),
    ],
)
def test_enumerated_counts_match_the_published_table(deck: int, cards: int, ranking: Ranking) -> None:
    expected = published(deck, cards)
    freq = enumerated(ranking, cards)
    assert freq.deck == deck
    assert freq.total == expected["total"]
    assert {row.name: row.count for row in freq.categories} == expected[ranking.value]
    assert freq.royal.count == expected["royal"]
    assert [row.name for row in freq.categories] == [c.value for c in reversed(ORDER[ranking])]


def test_sd_trips_over_straight_moves_30360_seven_card_hands_from_straight_to_trips() -> None:
    """SD-TRIPS-OVER-STRAIGHT: hands holding both a straight and trips (and nothing better) change sides."""
    sot = enumerated(Ranking.STRAIGHT_OVER_TRIPS, 7)
    tos = enumerated(Ranking.TRIPS_OVER_STRAIGHT, 7)
    moved = sot.count("straight") - tos.count("straight")
    assert moved == tos.count("three of a kind") - sot.count("three of a kind") == 30360


def test_six_card_hands_are_counted_too() -> None:
    freq = exact_frequencies(ranking="straight-over-trips", cards=6)
    assert freq.total == 1_947_792 == sum(row.count for row in freq.categories)


def test_frequency_probability_one_in_and_odds_against() -> None:
    row = Frequency("flush", 480, 376_992)
    assert row.probability == 480 / 376_992
    assert row.one_in == 785.4 and row.odds_against == 784.4
    never = Frequency("straight flush", 0, 10)
    assert never.one_in is None and never.odds_against is None and never.probability == 0.0


def test_rows_put_the_royal_flush_after_the_straight_flush() -> None:
    freq = enumerated(Ranking.STRAIGHT_OVER_TRIPS, 5)
    assert [row.name for row in freq.rows()][:3] == ["straight flush", "royal flush", "four of a kind"]
    assert freq.count("royal flush") == 4 and freq.deck == 36
    with pytest.raises(ValueError, match=r"category: expected one of straight flush, .*, got 'wheel'"):
        freq.count("wheel")


@pytest.mark.parametrize(
    ("deck", "ranking", "message"),
    [
        (36, "standard", "deck: ranking standard is for the 52-card deck, got deck 36"),
        (52, "trips-over-straight", "deck: ranking trips-over-straight is for the 36-card deck, got deck 52"),
        (40, None, "deck: expected 36 or 52, got 40"),
        (
            None,
            "shortdeck",
            "ranking: expected one of straight-over-trips, trips-over-straight, standard, got 'shortdeck'",
        ),
    ],
)
def test_deck_and_ranking_must_fit(deck: int | None, ranking: str | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_deck(deck, ranking)


def test_cards_must_be_five_to_seven() -> None:
    with pytest.raises(ValueError, match="cards: expected 5, 6 or 7, got 4"):
        exact_frequencies(ranking="standard", cards=4)
