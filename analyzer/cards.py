"""Cards and decks: the 36-card short deck (6 to A) and the 52-card deck.

Text is parsed once, here, at the edge (:meth:`Card.parse`, :func:`clean`); inside the
analyzer a card is a frozen :class:`Card` whose :attr:`Card.index` (0..51) is what the
evaluator's tables use.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeAlias

from analyzer.errors import CardNotInDeck
from parsers.cardtext import RANKS, SUITS, UNKNOWN, split_cards

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RANK_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card: ``rank`` 2..14 (ace 14), ``suit`` 0..3 for clubs, diamonds, hearts, spades.

    >>> Card.parse("10♥")
    Card('Th')
    >>> Card.parse("Th").pretty
    'T♥'
    >>> Card.parse("Qx")
    Traceback (most recent call last):
    ...
    parsers.errors.CardError: <input>, col 1: input: expected a card like As, 10h, T♥ or ??, found 'Qx'
    """

    rank: int
    suit: int

    @classmethod
    def parse(cls, text: str) -> Card:
        cards = split_cards(text)
        if len(cards) != 1 or cards[0] == UNKNOWN:
            from parsers.errors import CardError

            raise CardError(text, 1, expected="one known card like As, 10h or T♥")
        return cls.from_text(cards[0])

    @classmethod
    def from_text(cls, canonical: str) -> Card:
        """From canonical text (``"As"``), as the record stores it."""
        return _BY_TEXT[canonical]

    @classmethod
    def from_index(cls, index: int) -> Card:
        return _ALL[index]

    @property
    def index(self) -> int:
        return (self.rank - 2) * 4 + self.suit

    @property
    def text(self) -> str:
        return RANKS[self.rank - 2] + SUITS[self.suit]

    @property
    def pretty(self) -> str:
        return RANKS[self.rank - 2] + SUIT_SYMBOLS[SUITS[self.suit]]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"


_ALL: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(2, 15) for suit in range(4))
_BY_TEXT: dict[str, Card] = {c.text: c for c in _ALL}

CardsLike: TypeAlias = "str | Card | Iterable[str | Card]"


def clean(cards: CardsLike) -> tuple[Card, ...]:
    """Anything card-like (text in any notation, cards, or a mix) to a tuple of cards.

    >>> clean("AsKd 10♥")
    (Card('As'), Card('Kd'), Card('Th'))
    """
    if isinstance(cards, Card):
        return (cards,)
    if isinstance(cards, str):
        return tuple(Card.from_text(c) for c in split_cards(cards) if c != UNKNOWN)
    out: list[Card] = []
    for item in cards:
        out.extend(clean(item))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck: 36 cards (6 to A) or 52."""

    size: int

    @property
    def lowest_rank(self) -> int:
        return 6 if self.size == 36 else 2

    @property
    def cards(self) -> tuple[Card, ...]:
        low = self.lowest_rank
        return tuple(c for c in _ALL if c.rank >= low)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and card.rank >= self.lowest_rank

    def check(self, cards: Iterable[Card]) -> None:
        """Raise :class:`CardNotInDeck` for the first card this deck does not hold.

        >>> SHORT_DECK.check(clean("As 5d"))
        Traceback (most recent call last):
        ...
        analyzer.errors.CardNotInDeck: card 5d at position 2: expected a card of the 36-card deck, found 5d
        """
        for position, card in enumerate(cards, start=1):
            if card not in self:
                raise CardNotInDeck(card.text, self.size, position)


SHORT_DECK = Deck(36)
FULL_DECK = Deck(52)


def deck_of(size: int) -> Deck:
    if size == 36:
        return SHORT_DECK
    if size == 52:
        return FULL_DECK
    raise ValueError(f"deck size: expected 36 or 52, found {size}")


def pretty(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in cards)
