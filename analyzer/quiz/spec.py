"""What a question kind's generator is given: the rule set, the level, and names for the question."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from analyzer.evaluator.categories import Ranking
from analyzer.quiz.model import Choice, Question
from analyzer.quiz.words import named, t
from analyzer.ruleset import RuleSet


class NotApplicable(ValueError):
    """A kind that cannot be asked under a rule set (betting questions at a table with no forced bets)."""


@dataclass(frozen=True, slots=True)
class Spec:
    rules: RuleSet
    level: int
    qid: str
    origin: str

    @property
    def ranking(self) -> Ranking:
        return self.rules.ranking

    @property
    def is_short(self) -> bool:
        return self.rules.deck == 36


Generator = Callable[[random.Random, Spec], tuple[Question, ...]]

EMPTY = named("empty")


def name_choice(key: str, player: str) -> Choice:
    return Choice(key, t("name", name=player), player)


def low_rule(spec: Spec) -> str:
    """The rule id of the low straight for the deck in use."""
    return "SD-LOW-STRAIGHT" if spec.is_short else "HE-DECK"


def retry(what: str, attempts: int = 500) -> range:
    """Attempts for a seeded construction; running out is a bug, never a silent fallback."""
    return range(attempts)


def gave_up(what: str, spec: Spec) -> RuntimeError:
    return RuntimeError(f"quiz {spec.qid}: could not build {what} under {spec.rules.name} in 500 attempts")
