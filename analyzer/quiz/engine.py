"""The quiz engine: make a question from a seed, read and check an answer, run a session.

Everything a page or the terminal needs::

    >>> from analyzer.ruleset import load_rules
    >>> q = generate(Kind.OUTS, rules=load_rules("shortdeck"), level=1, seed=7)[0]
    >>> check(q, q.answer).correct
    True
    >>> quiz = Quiz(rules=load_rules("shortdeck"), seed=7)
    >>> first = quiz.next()
    >>> verdict = quiz.answer(first, first.answer)
    >>> quiz.score.right, quiz.score.streak
    (1, 1)

A seed gives the same questions on every run: question ``i`` of a session is made from
``(seed, i)``, and so is the kind it is of (drawn with the score's weights, so a session
follows the player's answers, and the same answers give the same session).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from analyzer.errors import AnalyzerError
from analyzer.quiz.deal import rng_for
from analyzer.quiz.kinds import best_five, betting, low_straight, name_hand, omaha, outs, side_pots, who_wins
from analyzer.quiz.model import KINDS, LEVELS, Answer, Form, Kind, Question, Verdict
from analyzer.quiz.scoring import Score, weights
from analyzer.quiz.spec import Generator, NotApplicable, Spec
from analyzer.ruleset import RuleSet

GENERATORS: dict[Kind, Generator] = {
    Kind.LOW_STRAIGHT: low_straight.generate,
    Kind.BEST_FIVE: best_five.generate,
    Kind.WHO_WINS: who_wins.generate,
    Kind.NAME_HAND: name_hand.generate,
    Kind.OUTS: outs.generate,
    Kind.SIDE_POTS: side_pots.generate,
    Kind.BETTING: betting.generate,
    Kind.OMAHA_HIGH: omaha.generate_high,
    Kind.OMAHA_LOW: omaha.generate_low,
}

#: the kinds that deal two hole cards and make a hand of any five (Hold'em and short deck)
HOLDEM_KINDS = frozenset({Kind.LOW_STRAIGHT, Kind.BEST_FIVE, Kind.WHO_WINS, Kind.NAME_HAND, Kind.OUTS, Kind.SIDE_POTS})


class AnswerError(AnalyzerError):
    """A reply that cannot be read for its question (not a wrong answer: an unreadable one)."""

    def __init__(self, *, qid: str, expected: str, found: str) -> None:
        self.qid = qid
        self.expected = expected
        self.found = found
        super().__init__(f"question {qid}: answer: expected {expected}, found {found!r}")


def kinds_for(rules: RuleSet) -> tuple[Kind, ...]:
    """The kinds that can be asked under a rule set: betting needs antes or blinds; the card
    kinds follow how a hand is made (two hole cards and any five, or Omaha's two plus three);
    the low only in a hi/lo game."""
    return tuple(k for k in KINDS if _applicable(k, rules))


def _applicable(kind: Kind, rules: RuleSet) -> bool:
    if kind is Kind.BETTING:
        return betting.applicable(rules)
    if kind in HOLDEM_KINDS:
        return not rules.is_omaha
    if kind is Kind.OMAHA_HIGH:
        return rules.is_omaha
    return rules.is_omaha and rules.is_high_low


def generate(kind: Kind, *, rules: RuleSet, level: int, seed: int | str, index: int = 0) -> tuple[Question, ...]:
    """The question(s) of a kind for a seed: usually one; a hand asked under both rankings is two.

    Raises :class:`~analyzer.quiz.spec.NotApplicable` for a kind the rule set cannot ask.
    """
    if level not in LEVELS:
        raise ValueError(f"level: expected one of {', '.join(map(str, LEVELS))}, got {level!r}")
    if kind is not Kind.BETTING and not _applicable(kind, rules):  # betting says why itself
        raise NotApplicable(f"{kind.value} questions cannot be asked under {rules.name}")
    spec = Spec(rules, level, qid=f"{kind.value}/{rules.name}/{level}/{seed}/{index}", origin=f"seed {seed} #{index}")
    return GENERATORS[kind](rng_for(kind.value, rules.name, level, seed, index), spec)


def check(question: Question, reply: Answer) -> Verdict:
    """Right or wrong, with the right answer and the explanation."""
    if question.form in (Form.CHOICE, Form.PICK):
        right = reply.keys == question.answer.keys or reply.keys in question.also_right
    else:
        right = reply.numbers == question.answer.numbers
    return Verdict(right, question.answer, question.explanation)


_SPLIT = re.compile(r"[\s,;/]+")
#: what a player may type for a rank key: 10 for T, and German B(ube), D(ame)
_RANK_ALIASES = {"10": "T", "D": "Q", "B": "J"}


def read_answer(question: Question, text: str) -> Answer:
    """A typed reply for a question: ``b``; ``a c d e g`` (or ``acdeg``); ``12``; ``60 40 0``.

    >>> from analyzer.quiz.model import Choice, Form
    >>> from analyzer.quiz.words import Msg
    >>> from analyzer.evaluator.categories import Ranking
    >>> q = Question("q", Kind.BEST_FIVE, 1, Ranking.STANDARD, Msg("x"), Form.PICK, Answer(), Msg("x"),
    ...              choices=tuple(Choice(k, Msg("x")) for k in "abcdefg"), pick_count=5)
    >>> sorted(read_answer(q, "A, c d e G").keys)
    ['a', 'c', 'd', 'e', 'g']
    >>> read_answer(q, "a b")
    Traceback (most recent call last):
    ...
    analyzer.quiz.engine.AnswerError: question q: answer: expected 5 of a, b, c, d, e, f, g, found 'a b'
    """
    raw = text.strip()
    if question.form in (Form.NUMBER, Form.NUMBERS):
        want = 1 if question.form is Form.NUMBER else len(question.choices)
        tokens = [x for x in _SPLIT.split(raw) if x]
        if len(tokens) != want or not all(x.isdigit() for x in tokens):
            what = "a whole number" if want == 1 else f"{want} whole numbers"
            raise AnswerError(qid=question.qid, expected=what, found=raw)
        return Answer(numbers=tuple(int(x) for x in tokens))
    keys = {c.key.upper(): c.key for c in question.choices}
    tokens = [x for x in _SPLIT.split(raw.upper()) if x]
    if len(tokens) == 1 and tokens[0] not in keys and tokens[0] not in _RANK_ALIASES:
        tokens = list(tokens[0])  # "acdeg"
    picked = []
    for token in tokens:
        token = token if token in keys else _RANK_ALIASES.get(token, token)
        if token not in keys:
            raise AnswerError(qid=question.qid, expected="one of " + ", ".join(keys.values()), found=raw)
        picked.append(keys[token])
    names = ", ".join(keys.values())
    if question.form is Form.CHOICE and len(picked) != 1:
        raise AnswerError(qid=question.qid, expected="one of " + names, found=raw)
    if question.form is Form.PICK:
        if question.pick_count and len(set(picked)) != question.pick_count:
            raise AnswerError(qid=question.qid, expected=f"{question.pick_count} of {names}", found=raw)
        if not picked:
            raise AnswerError(qid=question.qid, expected="one or more of " + names, found=raw)
    return Answer(frozenset(picked))


class Quiz:
    """A session: asks questions, keeps the score, and asks more of the kinds a player gets wrong.

    ``level`` fixes the difficulty; without it each kind starts at level 1 and moves with
    the player's answers (see :class:`~analyzer.quiz.scoring.Score`). Questions given to
    :meth:`queue` (the player's own hands) come first.
    """

    def __init__(
        self,
        *,
        rules: RuleSet,
        seed: int | str,
        kinds: Sequence[Kind] | None = None,
        level: int | None = None,
        score: Score | None = None,
    ) -> None:
        allowed = kinds_for(rules)
        chosen = tuple(kinds) if kinds else allowed
        for kind in chosen:
            if kind not in allowed:
                raise NotApplicable(f"{kind.value} questions cannot be asked under {rules.name}")
        if level is not None and level not in LEVELS:
            raise ValueError(f"level: expected one of {', '.join(map(str, LEVELS))}, got {level!r}")
        self.rules = rules
        self.seed = seed
        self.kinds = chosen
        self.level = level
        self.score = score or Score()
        self.index = 0
        self._waiting: list[Question] = []

    def queue(self, questions: Iterable[Question]) -> None:
        """Questions to ask before any new one (own hands, the twin of a hand under the other ranking)."""
        self._waiting.extend(questions)

    def next(self, *, level: int | None = None) -> Question:
        """The next question: a waiting one, else a new one of a kind drawn with the score's weights
        (``level`` overrides the session's level for this one question)."""
        if self._waiting:
            return self._waiting.pop(0)
        index = self.index
        self.index += 1
        w = weights(self.score, self.kinds)
        kind = rng_for("kind", self.seed, index).choices(self.kinds, [w[k] for k in self.kinds])[0]
        level = level or self.level or self.score.of(kind).level
        first, *rest = generate(kind, rules=self.rules, level=level, seed=self.seed, index=index)
        self._waiting.extend(rest)
        return first

    def answer(self, question: Question, reply: Answer) -> Verdict:
        verdict = check(question, reply)
        self.score = self.score.after(question.kind, verdict.correct)
        return verdict
