"""What a replay gives: the table after each event, each player's chips, pots and settlement.

What the engine (:mod:`analyzer.replay.engine`) gives in either mode: stopping at the first
finding (a clean hand) or collecting every finding, the same ``Replay`` for a clean hand.
"""

from __future__ import annotations

import msgspec

from analyzer.cards import deck_of
from analyzer.i18n.message import Msg
from analyzer.replay.findings import Problem
from analyzer.replay.pots import Pot
from analyzer.replay.showdown import Settlement
from parsers.record import Street

BOARD_SIZE = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


class Step(msgspec.Struct, frozen=True, gc=False):
    """The table after one event, for the replayer."""

    index: int
    street: Street
    player: str
    text: Msg  # what happened, in no language yet: the page renders it
    stacks: tuple[tuple[str, int], ...]
    bets: tuple[tuple[str, int], ...]
    pot: int
    folded: tuple[str, ...]
    problems: tuple[Problem, ...]


class PlayerResult(msgspec.Struct, frozen=True, gc=False):
    name: str
    seat: int
    start: int
    posted: int
    invested: tuple[int, int, int, int]
    total: int  # put in, less what came back
    returned: int
    folded: bool


class Replay(msgspec.Struct, frozen=True):
    """Everything the engine found and computed for one hand."""

    problems: tuple[Problem, ...]
    players: tuple[PlayerResult, ...]
    pots: tuple[Pot, ...]
    settlement: Settlement
    showdown: bool  # two or more players were still in at the end
    last_street: Street
    last_aggressor: str | None
    steps: tuple[Step, ...]

    @property
    def total_pot(self) -> int:
        return sum(p.amount for p in self.pots)


CARD_INDEX = {c.text: c.index for c in deck_of(52).cards}


#: the canonical card texts of each deck size
VALID_CARDS = {size: frozenset(c.text for c in deck_of(size).cards) for size in (36, 52)}
