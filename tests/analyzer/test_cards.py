"""Cards in every notation real files use (SD-DECK, HE-DECK)."""

from __future__ import annotations

import pytest

from analyzer.cards import FULL_DECK, SHORT_DECK, Card, clean
from analyzer.errors import CardNotInDeck
from parsers.cardtext import split_cards
from parsers.errors import CardError


@pytest.mark.parametrize("token", ["As", "AS", "as", "A♠", "a♠", "A♠\ufe0f"])
def test_ace_of_spades_in_every_notation(token: str) -> None:
    assert Card.parse(token) == Card(14, 3)


@pytest.mark.parametrize("token", ["Th", "TH", "th", "10h", "10H", "T♥", "10♥"])
def test_ten_of_hearts_in_every_notation(token: str) -> None:
    assert Card.parse(token).text == "Th"


def test_concatenated_phh_cards_and_unknown_cards() -> None:
    assert split_cards("AsKd????") == ("As", "Kd", "??", "??")
    assert split_cards("10♥J♣") == ("Th", "Jc")


def test_bad_token_names_the_token_and_its_position() -> None:
    with pytest.raises(CardError) as info:
        split_cards("As Kd 1x Qh")
    assert info.value.token == "1x"
    assert info.value.position == 7
    assert str(info.value) == "<input>, col 7: input: expected a card like As, 10h, T♥ or ??, found '1x'"


def test_canonical_and_pretty_forms() -> None:
    cards = clean("10♥ as 6D")
    assert " ".join(c.text for c in cards) == "Th As 6d"
    assert " ".join(c.pretty for c in cards) == "T♥ A♠ 6♦"


def test_sd_deck_has_36_cards_six_to_ace() -> None:
    """SD-DECK: 36 cards, 6 to Ace in four suits."""
    cards = SHORT_DECK.cards
    assert len(cards) == 36
    assert {c.rank for c in cards} == set(range(6, 15))
    assert len(FULL_DECK.cards) == 52


def test_sd_deck_rejects_a_five() -> None:
    """SD-DECK: all 2s-5s removed; a 5 in a short-deck hand is an error naming the card."""
    with pytest.raises(CardNotInDeck, match="card 5c at position 2"):
        SHORT_DECK.check(clean("Ah 5c"))
