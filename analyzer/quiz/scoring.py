"""The score: right answers, streaks, a level per kind, and weights that ask more of what
a player gets wrong.

:class:`Score` is a frozen value; ``score.after(kind, correct)`` is the next one.

>>> s = Score().after(Kind.OUTS, False).after(Kind.OUTS, True).after(Kind.OUTS, True)
>>> (s.asked, s.right, s.streak, s.best_streak)
(3, 2, 2, 2)
>>> s.of(Kind.OUTS).level
2
>>> weights(Score().after(Kind.OUTS, False), (Kind.OUTS, Kind.BEST_FIVE))
{<Kind.OUTS: 'outs'>: 3.0, <Kind.BEST_FIVE: 'best-five'>: 1.0}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from analyzer.quiz.model import LEVELS, Kind

#: right answers in a row (in one kind) that move the player up a level
LEVEL_UP = 2
#: the least weight a kind keeps, however well the player does, and the most it gets, however
#: badly (so that one kind never crowds out the others)
MIN_WEIGHT = 0.5
MAX_WEIGHT = 3.0


@dataclass(frozen=True, slots=True)
class KindScore:
    kind: Kind
    asked: int = 0
    right: int = 0
    streak: int = 0  # right in a row in this kind since the last level change
    level: int = LEVELS[0]

    @property
    def wrong(self) -> int:
        return self.asked - self.right


@dataclass(frozen=True, slots=True)
class Score:
    asked: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0
    kinds: tuple[KindScore, ...] = ()

    @property
    def wrong(self) -> int:
        return self.asked - self.right

    def of(self, kind: Kind) -> KindScore:
        for k in self.kinds:
            if k.kind is kind:
                return k
        return KindScore(kind)

    def after(self, kind: Kind, correct: bool) -> Score:
        """The score after one more answer: a right one raises the streak, a wrong one ends it;
        two right in a row in a kind go up a level, a wrong one goes down one."""
        k = self.of(kind)
        if correct:
            streak = k.streak + 1
            level = k.level
            if streak >= LEVEL_UP and k.level < LEVELS[-1]:
                level, streak = k.level + 1, 0
            k = replace(k, asked=k.asked + 1, right=k.right + 1, streak=streak, level=level)
        else:
            k = replace(k, asked=k.asked + 1, streak=0, level=max(LEVELS[0], k.level - 1))
        streak = self.streak + 1 if correct else 0
        kinds = (*tuple(x for x in self.kinds if x.kind is not kind), k)
        return Score(
            asked=self.asked + 1,
            right=self.right + (1 if correct else 0),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            kinds=tuple(sorted(kinds, key=lambda x: list(Kind).index(x.kind))),
        )


def weight(k: KindScore) -> float:
    """More weight to a kind answered wrong, less to one answered right, within
    ``MIN_WEIGHT`` and ``MAX_WEIGHT``.

    >>> weight(KindScore(Kind.OUTS, asked=3, right=0)), weight(KindScore(Kind.OUTS, asked=3, right=3))
    (3.0, 0.5)
    """
    return min(MAX_WEIGHT, max(MIN_WEIGHT, (1 + 2 * k.wrong) / (1 + k.right)))


def weights(score: Score, kinds: Sequence[Kind]) -> dict[Kind, float]:
    return {kind: weight(score.of(kind)) for kind in kinds}
