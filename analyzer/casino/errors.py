"""Typed errors of the casino game. Each prints as one line that says what and where."""

from __future__ import annotations

from analyzer.errors import AnalyzerError
from parsers.errors import T_


class OutcomeFileError(AnalyzerError):
    """An outcome file with a missing, unknown or badly typed key (like a rule set file)."""

    def __init__(self, *, source: str, key: str, expected: str, found: str) -> None:
        self.source = source
        self.key = key
        self.expected = expected
        self.found = found
        super().__init__(f"{source}: outcome key {key!r}: expected {expected}, found {found}")


class CasinoStateError(AnalyzerError):
    """Cards that are not a state of the game (a board without Player cards, too many cards)."""

    def __init__(self, *, expected: str, found: str) -> None:
        self.expected = expected
        self.found = found
        super().__init__(T_("casino: expected {expected}, found {found}", expected=expected, found=found))
