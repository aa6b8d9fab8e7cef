"""Typed errors of the analyzer. Each prints as one line that says what and where."""

from __future__ import annotations

from collections.abc import Iterable

from parsers.errors import T_, HandHistoryError


class AnalyzerError(HandHistoryError):
    """Base of the analyzer's errors."""


class RuleSetError(AnalyzerError):
    """A rule set file with a missing, unknown or badly typed key."""

    def __init__(self, *, source: str, key: str, expected: str, found: str) -> None:
        self.source = source
        self.key = key
        self.expected = expected
        self.found = found
        super().__init__(
            T_(
                "{source}: rule set key {key}: expected {expected}, found {found}",
                source=source,
                key=repr(key),
                expected=expected,
                found=found,
            )
        )


def one_of(options: Iterable[str]) -> str:
    """What a rule-set key of a closed set expects: ``one of a, b, c`` (the names as written)."""
    return T_("one of {options}", options=", ".join(options))


class CardNotInDeck(AnalyzerError):
    """A card that the deck in use does not hold (a 5 in a short-deck hand)."""

    def __init__(self, card: str, deck_size: int, position: int = 0) -> None:
        self.card = card
        self.deck_size = deck_size
        self.position = position
        where = f" at position {position}" if position else ""
        super().__init__(f"card {card}{where}: expected a card of the {deck_size}-card deck, found {card}")


class RuleViolation(AnalyzerError):
    """An action that breaks the rule set. Carries the hand, the action index and the rule."""

    def __init__(self, *, hand_id: str, action_index: int | None, rule: str, expected: str, found: str) -> None:
        self.hand_id = hand_id
        self.action_index = action_index
        self.rule = rule
        self.expected = expected
        self.found = found
        at = f", action {action_index}" if action_index is not None else ""
        super().__init__(f"hand {hand_id}{at}: {rule}: expected {expected}, found {found}")
