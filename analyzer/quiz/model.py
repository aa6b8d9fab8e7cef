"""The quiz's records: a question, its choices, its answer, and the verdict on a reply.

A question is one frozen value. Its texts are :class:`~analyzer.quiz.words.Msg` values in
no language yet; the board and the hands are there as cards, for a page to draw. The
answer has one of four forms:

* ``choice``: one key of ``choices``;
* ``pick``: a set of keys (best five: five cards; who wins: every winner, several when
  they split; ranks: every rank that does it). Exactly one set is right;
* ``number``: one whole number;
* ``numbers``: one whole number for each choice, in order (side pots: each player's chips).

No question has two right answers unless its prompt says so: then ``also_right`` lists
the other sets that are just as good (a best five with a pair inside a straight).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from analyzer.cards import Card
from analyzer.evaluator.categories import Ranking
from analyzer.quiz.words import Msg
from parsers.record import HandRecord


class Kind(StrEnum):
    LOW_STRAIGHT = "low-straight"
    BEST_FIVE = "best-five"
    WHO_WINS = "who-wins"
    NAME_HAND = "name-hand"
    OUTS = "outs"
    SIDE_POTS = "side-pots"
    BETTING = "betting"
    OMAHA_HIGH = "omaha-high"
    OMAHA_LOW = "omaha-low"


KINDS: tuple[Kind, ...] = tuple(Kind)
LEVELS: tuple[int, ...] = (1, 2, 3)


class Form(StrEnum):
    CHOICE = "choice"
    PICK = "pick"
    NUMBER = "number"
    NUMBERS = "numbers"


@dataclass(frozen=True, slots=True)
class Choice:
    """One option: ``key`` is what a player types or clicks; ``value`` is machine-readable
    (a card ``"As"``, a player, a rank ``"T"``, a fraction ``"8/29"``)."""

    key: str
    label: Msg
    value: str = ""


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's cards as the question shows them."""

    player: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Answer:
    """A right answer, or a player's reply: ``keys`` for choice and pick, ``numbers`` else."""

    keys: frozenset[str] = frozenset()
    numbers: tuple[int, ...] = ()

    @property
    def sorted_keys(self) -> tuple[str, ...]:
        return tuple(sorted(self.keys))


@dataclass(frozen=True, slots=True)
class Question:
    """One question. ``setup`` are lines of context (stacks, actions) shown before the prompt;
    ``rule_ids`` are the rules (RULES.md) it teaches; ``origin`` says where it came from
    (``seed 7 #3`` or ``hand 2491``)."""

    qid: str
    kind: Kind
    level: int
    ranking: Ranking
    prompt: Msg
    form: Form
    answer: Answer
    explanation: Msg
    choices: tuple[Choice, ...] = ()
    setup: tuple[Msg, ...] = ()
    board: tuple[Card, ...] = ()
    hands: tuple[Hand, ...] = ()
    rule_ids: tuple[str, ...] = ()
    origin: str = ""
    pick_count: int = 0  # pick: how many to pick (0: one or more)
    also_right: tuple[frozenset[str], ...] = ()  # pick: other sets just as right (the prompt says so)
    record: HandRecord | None = None  # betting: the hand so far, for a page to replay

    def choice(self, key: str) -> Choice:
        for c in self.choices:
            if c.key == key:
                return c
        raise KeyError(key)

    def texts(self) -> tuple[Msg, ...]:
        """Every text of the question (for checking that each language has them all)."""
        return (self.prompt, self.explanation, *self.setup, *(c.label for c in self.choices))


@dataclass(frozen=True, slots=True)
class Verdict:
    """The verdict on a reply: right or not, the right answer and why."""

    correct: bool
    expected: Answer
    explanation: Msg
